package wirebench.analyzer.compare;

import java.util.Set;

/** Which way is better for a measure, read from its name (units are part of every name). */
public enum Metric {
    LOWER_IS_BETTER, HIGHER_IS_BETTER, NEUTRAL;

    private static final Set<String> HIGHER = Set.of("samples_per_s", "mbps", "data_mbps", "wire_mbps",
            "calls_per_s", "packets_per_s", "saved_pct", "saved_bytes", "ave_samples_per_s", "ave_mbps");
    private static final Set<String> NEUTRAL_NAMES = Set.of("size_bytes", "samples", "total_samples", "sent",
            "received", "raw_bytes", "calls", "threads", "count", "payload_bytes", "rcvbuf_bytes",
            "rcvbuf_granted_bytes", "total", "vcsw_per_s", "ivcsw_per_s");

    /** The direction of {@code column}. */
    public static Metric of(String column) {
        if (NEUTRAL_NAMES.contains(column)) {
            return NEUTRAL;
        }
        if (HIGHER.contains(column) || column.endsWith("_per_s") || column.endsWith("mbps")) {
            return HIGHER_IS_BETTER;
        }
        if (column.endsWith("_us") || column.endsWith("_ms") || column.endsWith("_ns") || column.equals("lost")
                || column.endsWith("lost_pct") || column.endsWith("loss_pct") || column.endsWith("ms_per_call")
                || column.endsWith("_pct") && column.contains("cpu") || column.equals("duplicates")
                || column.equals("reordered") || column.equals("wire_bytes")) {
            return LOWER_IS_BETTER;
        }
        return NEUTRAL;
    }
}
