package wirebench.analyzer.stats;

import wirebench.analyzer.model.Kind;

/**
 * How the UDP suite's columns (docs/udp.md) are shown: seed 002's headers (Client Scheduler,
 * Connected, Payload, Server Scheduler, RcvBuf, Loss %, Data, Wire) and speed_test's precision.
 */
public final class UdpColumnLabels {
    private static boolean registered;

    private UdpColumnLabels() {
    }

    /** Registers the labels with {@link ColumnLabels}; idempotent. */
    public static synchronized void register() {
        if (registered) {
            return;
        }
        registered = true;
        ColumnLabels.register(Kind.UDP, "client_scheduler", "Client Scheduler", null);
        ColumnLabels.register(Kind.UDP, "connected", "Connected", null);
        ColumnLabels.register(Kind.UDP, "payload_bytes", "Payload (Bytes)", null);
        ColumnLabels.register(Kind.UDP, "server_scheduler", "Server Scheduler", null);
        ColumnLabels.register(Kind.UDP, "rcvbuf_bytes", "RcvBuf (Bytes)", null);
        ColumnLabels.register(Kind.UDP, "method", "Method", null);
        ColumnLabels.register(Kind.UDP, "rate_per_s", "Rate (/s)", null);
        ColumnLabels.register(Kind.UDP, "lost_pct", "Loss %", 3);
        ColumnLabels.register(Kind.UDP, "data_mbps", "Data (Mbps)", 1);
        ColumnLabels.register(Kind.UDP, "wire_mbps", "Wire (Mbps)", 1);
        ColumnLabels.register(Kind.UDP, "sent", "Sent", null);
        ColumnLabels.register(Kind.UDP, "received", "Received", null);
        ColumnLabels.register(Kind.UDP, "duplicates", "Duplicates", null);
        ColumnLabels.register(Kind.UDP, "reordered", "Reordered", null);
        ColumnLabels.register(Kind.UDP, "duration_s", "Seconds", 3);
        ColumnLabels.register(Kind.UDP, "received_bytes", "Bytes Received", null);
        ColumnLabels.register(Kind.UDP, "packets_per_s", "Packets/s", 0);
        ColumnLabels.register(Kind.UDP, "data_header_ratio", "Data/Header", 2);
        ColumnLabels.register(Kind.UDP, "jitter_ms", "Jitter (ms)", 3);
        ColumnLabels.register(Kind.UDP, "rcvbuf_granted_bytes", "RcvBuf Granted (Bytes)", null);
        ColumnLabels.register(Kind.UDP, "partial", "Partial", null);
    }
}
