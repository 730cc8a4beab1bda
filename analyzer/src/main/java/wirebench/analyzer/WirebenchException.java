package wirebench.analyzer;

/**
 * The one family of user-facing errors: the message is printed as is (one line, no stack trace
 * unless {@code -v}) and the process exits with {@link #exitCode()}.
 */
public class WirebenchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Exit code for bad input or configuration (unreadable file, bad field). */
    public static final int BAD_INPUT = 3;
    /** Exit code for a command line that cannot be used. */
    public static final int USAGE = 2;

    private final int exitCode;

    public WirebenchException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public WirebenchException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** Bad input: {@code FILE:LINE: what was expected, what was found}; exit code 3. */
    public static WirebenchException badInput(String message) {
        return new WirebenchException(BAD_INPUT, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
