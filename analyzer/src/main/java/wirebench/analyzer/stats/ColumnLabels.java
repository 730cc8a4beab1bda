package wirebench.analyzer.stats;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.RpcColumns;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;

/**
 * How a column is shown to people: Perftest's header text ("Ave (μs)") and the number of decimals
 * Perftest prints. Machine outputs (CSV, JSON) use the column names and full precision instead.
 * A fixed table, built once when the class loads and never changed after: the label of a column
 * does not depend on which parser ran before.
 */
public final class ColumnLabels {

    /**
     * How one column is shown.
     *
     * @param column   the column name
     * @param text     the header people read
     * @param decimals fixed decimals, or null: integers as integers, others up to 3 decimals
     */
    record Label(String column, String text, Integer decimals) {
    }

    /** Every suite's columns (Perftest's, the compression table's, SpeedTester's RPC columns). */
    private static final List<Label> SHARED = List.of(
            new Label(Columns.SIZE_BYTES, "Sample Size (Bytes)", null),
            new Label(Columns.AVE_US, "Ave (μs)", null),
            new Label(Columns.STD_US, "Std (μs)", 1),
            new Label(Columns.MIN_US, "Min (μs)", null),
            new Label(Columns.MAX_US, "Max (μs)", null),
            new Label(Columns.P50_US, "50% (μs)", null),
            new Label(Columns.P90_US, "90% (μs)", null),
            new Label(Columns.P99_US, "99% (μs)", null),
            new Label(Columns.P9999_US, "99.99% (μs)", null),
            new Label(Columns.P999999_US, "99.9999% (μs)", null),
            new Label(Columns.CPU_PCT, "CPU (%)", 2),
            new Label(Columns.SERIALIZE_US, "Serialization (μs)", 3),
            new Label(Columns.DESERIALIZE_US, "Deserialization (μs)", 3),
            new Label(Columns.LATENCY_US, "Latency (μs)", null),
            new Label(Columns.TOTAL_SAMPLES, "Total Samples", null),
            new Label(Columns.SAMPLES_PER_S, "Avg Samples/s", null),
            new Label(Columns.AVE_SAMPLES_PER_S, "Avg Samples/s (running)", null),
            new Label(Columns.MBPS, "Avg Mbps", 1),
            new Label(Columns.AVE_MBPS, "Avg Mbps (running)", 1),
            new Label(Columns.LOST, "Lost Samples", null),
            new Label(Columns.LOST_PCT, "Lost Samples (%)", 2),
            new Label("samples", "Samples", null),
            new Label("batching", "Batching", null),
            new Label("none_mbit", "NONE Compression (Mb)", 2),
            new Label("saved_mbit", "Diff Saved Mb", 2),
            new Label("saved_pct", "Diff Saved %", 2),
            new Label(RpcColumns.CASE_NO, "#", null),
            new Label(RpcColumns.LABEL, "Case", null),
            new Label(RpcColumns.THREADS, "Threads", null),
            new Label(RpcColumns.CALLS, "Calls", null),
            new Label(RpcColumns.ORIG_TIME_MS, "Time (ms)", null),
            // 4 decimals show every figure of 1000 and 10000 calls exactly (0.0816, 5.0E-4 as 0.0005)
            new Label(RpcColumns.ORIG_MS_PER_CALL, "ms/call", 4),
            new Label(RpcColumns.RATING, "Rating", null),
            new Label(RpcColumns.TIME_MS, "Time (ms, precise)", 3),
            new Label(RpcColumns.MS_PER_CALL, "ms/call (precise)", 6),
            new Label(RpcColumns.CALLS_PER_S, "Calls/s", 1),
            new Label(RpcColumns.P999_US, "99.9% (μs)", null),
            // ddsperf's per-second lines summarised (docs/ddsperf.md): medians of per-interval figures
            new Label("interval_p50_us", "Interval 50% median (μs)", null),
            new Label("interval_p90_us", "Interval 90% median (μs)", null),
            new Label("interval_p99_us", "Interval 99% median (μs)", null),
            new Label("interval_" + Columns.SAMPLES_PER_S, "Interval Samples/s median", 0),
            new Label("duration_s", "Seconds", 3),
            new Label("role", "Role", null),
            new Label("cpu_core_pct", "CPU (% of a core)", 1),
            new Label("cpu_user_core_pct", "User (%)", 1),
            new Label("cpu_system_core_pct", "System (%)", 1),
            new Label("max_rss_mb", "Peak RSS (MB)", 1),
            new Label("vcsw_per_s", "Voluntary switches/s", 0),
            new Label("ivcsw_per_s", "Involuntary switches/s", 0),
            new Label("written_per_s", "Written/s", 0),
            new Label("write_max_us", "Longest write (μs)", null));

    /** The UDP suite's columns (docs/udp.md): seed 002's headers and speed_test's precision. */
    private static final List<Label> UDP = List.of(
            new Label("client_scheduler", "Client Scheduler", null),
            new Label("connected", "Connected", null),
            new Label("payload_bytes", "Payload (Bytes)", null),
            new Label("server_scheduler", "Server Scheduler", null),
            new Label("rcvbuf_bytes", "RcvBuf (Bytes)", null),
            new Label("method", "Method", null),
            new Label("rate_per_s", "Rate (/s)", null),
            new Label("lost_pct", "Loss %", 3),
            new Label("data_mbps", "Data (Mbps)", 1),
            new Label("wire_mbps", "Wire (Mbps)", 1),
            new Label("sent", "Sent", null),
            new Label("received", "Received", null),
            new Label("duplicates", "Duplicates", null),
            new Label("reordered", "Reordered", null),
            new Label("duration_s", "Seconds", 3),
            new Label("received_bytes", "Bytes Received", null),
            new Label("packets_per_s", "Packets/s", 0),
            new Label("data_header_ratio", "Data/Header", 2),
            new Label("jitter_ms", "Jitter (ms)", 3),
            new Label("rcvbuf_granted_bytes", "RcvBuf Granted (Bytes)", null),
            new Label("partial", "Partial", null));

    private static final Map<String, Label> BY_COLUMN = index(SHARED);
    /** Labels that one kind of table uses instead of the shared ones (UDP's "Loss %"). */
    private static final Map<Kind, Map<String, Label>> BY_KIND = Map.of(Kind.UDP, index(UDP));
    /** The savings table's column of an algorithm: {@code lz4_mbit} is "LZ4 Compression (Mb)". */
    private static final String ALGORITHM_MBIT = "_mbit";

    private ColumnLabels() {
    }

    private static Map<String, Label> index(List<Label> labels) {
        Map<String, Label> m = new HashMap<>();
        labels.forEach(l -> m.put(l.column(), l));
        return Map.copyOf(m);
    }

    private static Label find(Kind kind, String column) {
        Label l = kind == null ? null : BY_KIND.getOrDefault(kind, Map.of()).get(column);
        if (l == null) {
            l = BY_COLUMN.get(column);
        }
        if (l == null && kind == Kind.COMPRESSION_SAVINGS && column.endsWith(ALGORITHM_MBIT)) {
            String algorithm = column.substring(0, column.length() - ALGORITHM_MBIT.length()).toUpperCase(Locale.ROOT);
            l = new Label(column, algorithm + " Compression (Mb)", 2);
        }
        return l;
    }

    /** The label of {@code column} in a table of {@code kind}. */
    public static String label(Kind kind, String column) {
        Label l = find(kind, column);
        return l != null ? l.text() : column;
    }

    /** The value as people read it in a table of {@code kind}; {@code null} is shown as {@code -}. */
    public static String display(Kind kind, String column, Object value) {
        if (value == null) {
            return "-";
        }
        if (value instanceof String) {
            return (String) value;
        }
        double d = (Double) value;
        Label l = find(kind, column);
        if (l != null && l.decimals() != null) {
            return Numbers.fixed(d, l.decimals());
        }
        return Numbers.upTo(d, 3);
    }

    /** The label of {@code column} in any table. */
    public static String label(String column) {
        return label(null, column);
    }

    /** The value as people read it in any table; {@code null} is shown as {@code -}. */
    public static String display(String column, Object value) {
        return display(null, column, value);
    }
}
