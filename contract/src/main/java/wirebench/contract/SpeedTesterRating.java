package wirebench.contract;

/**
 * SpeedTester's verdict (RPC, docs/rpc.md), one rule for the runner that prints it and the analyzer that
 * checks and fills it in, on a figure of milliseconds per call, with the original's thresholds and
 * its strict {@code <} tests in this order: below 0.1 SUPERB, below 0.3 TOP, below 0.5 OK, below
 * 1.0 ACCEPTABLE, below 5.0 LOUSY, else DEAD HORSE. So exactly 0.1 is TOP and exactly 1.0 LOUSY.
 */
public enum SpeedTesterRating {
    SUPERB("SUPERB", 0.1),
    TOP("TOP", 0.3),
    OK("OK", 0.5),
    ACCEPTABLE("ACCEPTABLE", 1.0),
    LOUSY("LOUSY", 5.0),
    DEAD_HORSE("DEAD HORSE", Double.POSITIVE_INFINITY);

    private final String text;
    private final double belowMsPerCall;

    SpeedTesterRating(String text, double belowMsPerCall) {
        this.text = text;
        this.belowMsPerCall = belowMsPerCall;
    }

    /** The rating of {@code msPerCall} (NaN is DEAD HORSE, as in the original). */
    public static SpeedTesterRating of(double msPerCall) {
        for (SpeedTesterRating r : values()) {
            if (msPerCall < r.belowMsPerCall) {
                return r;
            }
        }
        return DEAD_HORSE;
    }

    /** The word the original prints ({@code DEAD HORSE} with a blank). */
    public String text() {
        return text;
    }

    /** The exclusive upper bound in ms per call (infinite for DEAD HORSE). */
    public double belowMsPerCall() {
        return belowMsPerCall;
    }
}
