package wirebench.analyzer.model;

import java.util.Locale;

/** What a table measures. The lower-case name is the {@code kind} written in JSON output. */
public enum Kind {
    /** One-way latency summary per sample size (Perftest publisher side). */
    LATENCY,
    /** Throughput summary per sample size (Perftest subscriber side). */
    THROUGHPUT,
    /** Per-pong latency interval rows (a time series). */
    LATENCY_INTERVAL,
    /** Per-second throughput interval rows (a time series). */
    THROUGHPUT_INTERVAL,
    /** UDP receive benchmark (speed_test model). */
    UDP,
    /** speed_test's progress lines ({@code N packets received}, about once a second): run, interval, cumulative count. */
    UDP_INTERVAL,
    /** RPC request/response benchmark (SpeedTester model). */
    RPC,
    /** Bytes on the wire with and without compression. */
    COMPRESSION,
    /** Bandwidth saved by compression per batching level (RTI's "Compression Bandwidth Savings" table). */
    COMPRESSION_SAVINGS,
    /** CPU, memory and context switches of each process of a run (ddsperf's rss/CPU lines). */
    RESOURCES;

    /** The name used in files and JSON: {@code latency}, {@code throughput_interval}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Kind fromId(String id) {
        return valueOf(id.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
