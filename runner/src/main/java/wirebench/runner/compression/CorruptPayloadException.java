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

    /** The library's own decompression failure {@code e}, named after {@code codec}. */
    static CorruptPayloadException failed(String codec, RuntimeException e) {
        return new CorruptPayloadException(codec + ": " + e.getMessage(), e);
    }

    /** Throws unless the {@code codec} decompressed exactly the {@code rawLen} bytes announced ({@code n} it did). */
    static void checkLength(String codec, int n, int rawLen) {
        if (n != rawLen) {
            throw new CorruptPayloadException(codec + ": decompressed " + n + " bytes, expected " + rawLen);
        }
    }
}
