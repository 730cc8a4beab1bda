package wirebench.analyzer.parse;

import java.util.List;

/** The UDP suite's column order for tables (docs/udp.md): seed 002's layout first. */
final class UdpColumns {
    private UdpColumns() {
    }

    /** Seed 002's Benchmark-1 columns, in its order. */
    static final List<String> SEED_LAYOUT = List.of("client_scheduler", "connected", "payload_bytes",
            "server_scheduler", "rcvbuf_bytes", "lost_pct", "data_mbps", "wire_mbps");

    /** Shown after the seed's columns (the rest of udp.csv stays in the file). */
    static final List<String> EXTRA = List.of("method", "rate_per_s", "sent", "received", "duplicates", "reordered",
            "packets_per_s", "jitter_ms", "rcvbuf_granted_bytes", "partial");

    /** speed_test's own figures (from its output), after the seed's columns. */
    static final List<String> SPEED_TEST_EXTRA = List.of("received", "duration_s", "received_bytes",
            "data_header_ratio");
}
