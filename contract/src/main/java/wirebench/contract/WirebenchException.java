package wirebench.contract;

/**
 * The one family of user-facing errors of every wirebench command: the message is printed as is
 * (one line, no stack trace unless {@code -v}) and the process exits with {@link #exitCode()}.
 * The exit codes are the ones {@code wirebench --help} lists.
 */
public class WirebenchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Exit code of an internal error or a failed benchmark (peer missing, timeout, network error). */
    public static final int RUN_FAILED = 1;
    /** Exit code of a command line that cannot be used. */
    public static final int USAGE = 2;
    /** Exit code of bad input or configuration (unreadable file, bad field, output that cannot be written). */
    public static final int BAD_INPUT = 3;
    /** Exit code of {@code compare} when a gate found a regression. */
    public static final int REGRESSION = 4;
    /**
     * Exit code of a run that ended early because a peer vanished (a subscriber's publisher lost):
     * the rows measured until then are written, marked partial ({@link EndReason}).
     */
    public static final int PARTIAL = 5;

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
