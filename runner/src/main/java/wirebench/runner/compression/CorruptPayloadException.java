package wirebench.runner.compression;

/** A compressed payload that does not decompress to the size its header announced. */
public final class CorruptPayloadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptPayloadException(String message) {
        super(message);
    }

    public CorruptPayloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
