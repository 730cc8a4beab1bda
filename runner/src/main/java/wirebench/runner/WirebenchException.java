package wirebench.runner;

/**
 * The one family of user-facing errors of the runner: the message is printed as is (one line, no
 * stack trace unless {@code -v}) and the process exits with {@link #exitCode()}.
 */
public class WirebenchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Exit code of a failed benchmark (peer missing, timeout, network error). */
    public static final int RUN_FAILED = 1;
    /** Exit code of a command line that cannot be used. */
    public static final int USAGE = 2;
    /** Exit code of bad input or configuration. */
    public static final int BAD_INPUT = 3;

    private final int exitCode;

    public WirebenchException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public WirebenchException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static WirebenchException badInput(String message) {
        return new WirebenchException(BAD_INPUT, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
