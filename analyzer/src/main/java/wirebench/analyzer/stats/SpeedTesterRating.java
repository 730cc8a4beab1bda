package wirebench.analyzer.stats;

import wirebench.analyzer.model.RpcColumns;

/**
 * SpeedTester's rating of milliseconds per call, strict {@code <} in this order: below 0.1 SUPERB,
 * below 0.3 TOP, below 0.5 OK, below 1.0 ACCEPTABLE, below 5.0 LOUSY, else DEAD HORSE (so exactly
 * 0.1 is TOP and exactly 1.0 LOUSY). Also registers how RPC columns are shown.
 */
public final class SpeedTesterRating {
    private static final double[] BELOW = {0.1, 0.3, 0.5, 1.0, 5.0};
    private static final String[] WORDS = {"SUPERB", "TOP", "OK", "ACCEPTABLE", "LOUSY"};

    static {
        ColumnLabels.register(RpcColumns.CASE_NO, "#", null);
        ColumnLabels.register(RpcColumns.LABEL, "Case", null);
        ColumnLabels.register(RpcColumns.THREADS, "Threads", null);
        ColumnLabels.register(RpcColumns.CALLS, "Calls", null);
        ColumnLabels.register(RpcColumns.ORIG_TIME_MS, "Time (ms)", null);
        // 4 decimals show every figure of 1000 and 10000 calls exactly (0.0816, 5.0E-4 as 0.0005)
        ColumnLabels.register(RpcColumns.ORIG_MS_PER_CALL, "ms/call", 4);
        ColumnLabels.register(RpcColumns.RATING, "Rating", null);
        ColumnLabels.register(RpcColumns.TIME_MS, "Time (ms, precise)", 3);
        ColumnLabels.register(RpcColumns.MS_PER_CALL, "ms/call (precise)", 6);
        ColumnLabels.register(RpcColumns.CALLS_PER_S, "Calls/s", 1);
        ColumnLabels.register(RpcColumns.P999_US, "99.9% (μs)", null);
    }

    private SpeedTesterRating() {
    }

    /** Makes sure the RPC column labels are registered (idempotent). */
    public static void registerLabels() {
        // the static initialiser did it
    }

    /** The rating word for {@code msPerCall}; NaN is DEAD HORSE, as in the original. */
    public static String of(double msPerCall) {
        for (int i = 0; i < BELOW.length; i++) {
            if (msPerCall < BELOW[i]) {
                return WORDS[i];
            }
        }
        return "DEAD HORSE";
    }
}
