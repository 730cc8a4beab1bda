package wirebench.contract;

import java.util.List;

/**
 * The column names of the results contract (docs/results-format.md). Units are part of every
 * measure's name. Optional columns appear only when the source carries them.
 */
public final class Columns {
    private Columns() {
    }

    public static final String SIZE_BYTES = "size_bytes";
    public static final String AVE_US = "ave_us";
    public static final String STD_US = "std_us";
    public static final String MIN_US = "min_us";
    public static final String MAX_US = "max_us";
    public static final String P50_US = "p50_us";
    public static final String P90_US = "p90_us";
    public static final String P99_US = "p99_us";
    /** p99.9; optional (the runner writes it since this version, Perftest never). */
    public static final String P999_US = "p999_us";
    public static final String P9999_US = "p9999_us";
    public static final String P999999_US = "p999999_us";
    public static final String CPU_PCT = "cpu_pct";
    public static final String SERIALIZE_US = "serialize_us";
    public static final String DESERIALIZE_US = "deserialize_us";
    public static final String LATENCY_US = "latency_us";

    public static final String TOTAL_SAMPLES = "total_samples";
    public static final String SAMPLES_PER_S = "samples_per_s";
    public static final String AVE_SAMPLES_PER_S = "ave_samples_per_s";
    public static final String MBPS = "mbps";
    public static final String AVE_MBPS = "ave_mbps";
    public static final String LOST = "lost";
    public static final String LOST_PCT = "lost_pct";

    /**
     * Why the measurement of a row ended (text, not a measure): {@link EndReason#COMPLETED} for a
     * whole test, anything else marks a partial row holding what was measured until then. The last
     * column of the runner's {@code pubsub-latency} and {@code pubsub-throughput} rows; files written
     * before it existed lack it and read as completed.
     */
    public static final String END_REASON = "end_reason";

    /** Latency summary: Perftest's "Detailed Statistics" columns, in order. */
    public static final List<String> LATENCY = List.of(SIZE_BYTES, AVE_US, STD_US, MIN_US, MAX_US,
            P50_US, P90_US, P99_US, P9999_US, P999999_US);
    /** Optional latency summary columns, in the order they are appended. */
    public static final List<String> LATENCY_OPTIONAL = List.of(CPU_PCT, SERIALIZE_US, DESERIALIZE_US);

    /** Throughput summary columns, in order. */
    public static final List<String> THROUGHPUT = List.of(SIZE_BYTES, TOTAL_SAMPLES, SAMPLES_PER_S, MBPS,
            LOST, LOST_PCT);
    public static final List<String> THROUGHPUT_OPTIONAL = List.of(CPU_PCT);

    /** Latency interval row: this pong's one-way latency and the running statistics of the size. */
    public static final List<String> LATENCY_INTERVAL = List.of(SIZE_BYTES, LATENCY_US, AVE_US, STD_US,
            MIN_US, MAX_US);

    /**
     * Throughput interval row: cumulative samples and lost, the last interval's rates and their
     * running means.
     */
    public static final List<String> THROUGHPUT_INTERVAL = List.of(SIZE_BYTES, TOTAL_SAMPLES, SAMPLES_PER_S,
            AVE_SAMPLES_PER_S, MBPS, AVE_MBPS, LOST, LOST_PCT);

    /** The percentile measured by a latency column, as a fraction (0.99 for p99_us), or NaN. */
    public static double percentileOf(String column) {
        switch (column) {
            case P50_US: return 0.50;
            case P90_US: return 0.90;
            case P99_US: return 0.99;
            case P999_US: return 0.999;
            case P9999_US: return 0.9999;
            case P999999_US: return 0.999999;
            default: return Double.NaN;
        }
    }
}
