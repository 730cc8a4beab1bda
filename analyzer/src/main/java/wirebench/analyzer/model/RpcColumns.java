package wirebench.analyzer.model;

import java.util.List;

import wirebench.contract.Columns;

/**
 * The columns of RPC tables (SpeedTester model, docs/rpc.md). The original's figures are
 * {@code orig_time_ms} (whole milliseconds, truncated), {@code orig_ms_per_call} (computed from
 * those whole milliseconds) and {@code rating}; wirebench's precise figures come from nanoseconds
 * and an HdrHistogram of each call's duration.
 */
public final class RpcColumns {
    private RpcColumns() {
    }

    public static final String THREADS = "threads";
    public static final String CLIENT = "client";
    public static final String CASE = "case";
    public static final String CASE_NO = "case_no";
    public static final String LABEL = "label";
    public static final String CALLS = "calls";
    public static final String ORIG_TIME_MS = "orig_time_ms";
    public static final String ORIG_MS_PER_CALL = "orig_ms_per_call";
    public static final String RATING = "rating";
    public static final String TIME_MS = "time_ms";
    public static final String MS_PER_CALL = "ms_per_call";
    public static final String CALLS_PER_S = "calls_per_s";
    public static final String P999_US = "p999_us";

    /** What the original prints, in its order. */
    public static final List<String> ORIGINAL = List.of(CASE_NO, LABEL, CALLS, ORIG_TIME_MS, ORIG_MS_PER_CALL, RATING);

    /** The table shown for wirebench's rpc.csv: the original's figures, then the precise ones. */
    public static final List<String> WIREBENCH = List.of(CASE_NO, LABEL, CALLS, ORIG_TIME_MS, ORIG_MS_PER_CALL,
            RATING, MS_PER_CALL, CALLS_PER_S, "samples", Columns.AVE_US, Columns.MIN_US, Columns.P50_US,
            Columns.P90_US, Columns.P99_US, P999_US, Columns.P9999_US, Columns.MAX_US);
}
