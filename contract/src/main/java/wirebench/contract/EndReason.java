package wirebench.contract;

/**
 * The values of the {@link Columns#END_REASON} column and of run.json's {@code end_reason}: why a
 * measurement ended. Only {@link #COMPLETED} is a whole test; every other value marks a partial
 * row (docs/results-format.md): what was measured until then, kept rather than lost.
 */
public final class EndReason {
    /** The test ran to its end (every publisher's FINISHED arrived). */
    public static final String COMPLETED = "completed";
    /** A subscriber heard nothing from its publishers for -discoveryTimeout seconds in the middle of a size. */
    public static final String PUBLISHER_LOST = "publisher_lost";
    /** The process was stopped (SIGTERM, Ctrl-C) in the middle of a size. */
    public static final String INTERRUPTED = "interrupted";

    private EndReason() {
    }

    /** Whether {@code reason} marks a partial row; missing (null, blank: an older file) is completed. */
    public static boolean partial(String reason) {
        return reason != null && !reason.isBlank() && !COMPLETED.equals(reason.strip());
    }

    /** For messages: {@code publisher_lost} reads "publisher lost". */
    public static String describe(String reason) {
        return reason == null ? COMPLETED : reason.strip().replace('_', ' ');
    }
}
