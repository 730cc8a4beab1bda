package wirebench.analyzer.stats;

import java.util.HashMap;
import java.util.Map;

import wirebench.analyzer.model.Kind;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;

/**
 * How a column is shown to people: Perftest's header text ("Ave (μs)") and the number of decimals
 * Perftest prints. Machine outputs (CSV, JSON) use the column names and full precision instead.
 */
public final class ColumnLabels {
    private static final Map<String, String> LABELS = new HashMap<>();
    /** Fixed decimals for a column; absent = integers as integers, others up to 3 decimals. */
    private static final Map<String, Integer> DECIMALS = new HashMap<>();

    static {
        LABELS.put(Columns.SIZE_BYTES, "Sample Size (Bytes)");
        LABELS.put(Columns.AVE_US, "Ave (μs)");
        LABELS.put(Columns.STD_US, "Std (μs)");
        LABELS.put(Columns.MIN_US, "Min (μs)");
        LABELS.put(Columns.MAX_US, "Max (μs)");
        LABELS.put(Columns.P50_US, "50% (μs)");
        LABELS.put(Columns.P90_US, "90% (μs)");
        LABELS.put(Columns.P99_US, "99% (μs)");
        LABELS.put(Columns.P9999_US, "99.99% (μs)");
        LABELS.put(Columns.P999999_US, "99.9999% (μs)");
        LABELS.put(Columns.CPU_PCT, "CPU (%)");
        LABELS.put(Columns.SERIALIZE_US, "Serialization (μs)");
        LABELS.put(Columns.DESERIALIZE_US, "Deserialization (μs)");
        LABELS.put(Columns.LATENCY_US, "Latency (μs)");
        LABELS.put(Columns.TOTAL_SAMPLES, "Total Samples");
        LABELS.put(Columns.SAMPLES_PER_S, "Avg Samples/s");
        LABELS.put(Columns.AVE_SAMPLES_PER_S, "Avg Samples/s (running)");
        LABELS.put(Columns.MBPS, "Avg Mbps");
        LABELS.put(Columns.AVE_MBPS, "Avg Mbps (running)");
        LABELS.put(Columns.LOST, "Lost Samples");
        LABELS.put(Columns.LOST_PCT, "Lost Samples (%)");
        LABELS.put("samples", "Samples");
        LABELS.put("batching", "Batching");
        LABELS.put("none_mbit", "NONE Compression (Mb)");
        LABELS.put("saved_mbit", "Diff Saved Mb");
        LABELS.put("saved_pct", "Diff Saved %");
        DECIMALS.put("none_mbit", 2);
        DECIMALS.put("saved_mbit", 2);
        DECIMALS.put("saved_pct", 2);

        DECIMALS.put(Columns.STD_US, 1);
        DECIMALS.put(Columns.MBPS, 1);
        DECIMALS.put(Columns.AVE_MBPS, 1);
        DECIMALS.put(Columns.LOST_PCT, 2);
        DECIMALS.put(Columns.CPU_PCT, 2);
        DECIMALS.put(Columns.SERIALIZE_US, 3);
        DECIMALS.put(Columns.DESERIALIZE_US, 3);
    }

    /** Labels and decimals that one kind of table uses instead of the shared ones (UDP's "Loss %"). */
    private static final Map<Kind, Map<String, String>> KIND_LABELS = new HashMap<>();
    private static final Map<Kind, Map<String, Integer>> KIND_DECIMALS = new HashMap<>();

    private ColumnLabels() {
    }

    /** Registers how a column is shown in tables of {@code kind} only. */
    public static synchronized void register(Kind kind, String column, String label, Integer decimals) {
        KIND_LABELS.computeIfAbsent(kind, k -> new HashMap<>()).put(column, label);
        if (decimals != null) {
            KIND_DECIMALS.computeIfAbsent(kind, k -> new HashMap<>()).put(column, decimals);
        }
    }

    /** The label of {@code column} in a table of {@code kind}. */
    public static synchronized String label(Kind kind, String column) {
        String l = KIND_LABELS.getOrDefault(kind, Map.of()).get(column);
        return l != null ? l : label(column);
    }

    /** The value as people read it in a table of {@code kind}. */
    public static synchronized String display(Kind kind, String column, Object value) {
        Integer dec = KIND_DECIMALS.getOrDefault(kind, Map.of()).get(column);
        if (dec != null && value instanceof Double) {
            return Numbers.fixed((Double) value, dec);
        }
        return display(column, value);
    }

    /** Registers how another suite's column is shown (UDP, RPC, ...). */
    public static synchronized void register(String column, String label, Integer decimals) {
        LABELS.put(column, label);
        if (decimals != null) {
            DECIMALS.put(column, decimals);
        }
    }

    public static synchronized String label(String column) {
        return LABELS.getOrDefault(column, column);
    }

    /** The value as people read it; {@code null} is shown as {@code -}. */
    public static synchronized String display(String column, Object value) {
        if (value == null) {
            return "-";
        }
        if (value instanceof String) {
            return (String) value;
        }
        double d = (Double) value;
        Integer dec = DECIMALS.get(column);
        if (dec != null) {
            return Numbers.fixed(d, dec);
        }
        return Numbers.upTo(d, 3);
    }
}
