package wirebench.analyzer.stats;

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
        ColumnLabels.register("client_scheduler", "Client Scheduler", null);
        ColumnLabels.register("connected", "Connected", null);
        ColumnLabels.register("payload_bytes", "Payload (Bytes)", null);
        ColumnLabels.register("server_scheduler", "Server Scheduler", null);
        ColumnLabels.register("rcvbuf_bytes", "RcvBuf (Bytes)", null);
        ColumnLabels.register("method", "Method", null);
        ColumnLabels.register("rate_per_s", "Rate (/s)", null);
        ColumnLabels.register("lost_pct", "Loss %", 3);
        ColumnLabels.register("data_mbps", "Data (Mbps)", 1);
        ColumnLabels.register("wire_mbps", "Wire (Mbps)", 1);
        ColumnLabels.register("sent", "Sent", null);
        ColumnLabels.register("received", "Received", null);
        ColumnLabels.register("duplicates", "Duplicates", null);
        ColumnLabels.register("reordered", "Reordered", null);
        ColumnLabels.register("duration_s", "Seconds", 3);
        ColumnLabels.register("received_bytes", "Bytes Received", null);
        ColumnLabels.register("packets_per_s", "Packets/s", 0);
        ColumnLabels.register("data_header_ratio", "Data/Header", 2);
        ColumnLabels.register("jitter_ms", "Jitter (ms)", 3);
        ColumnLabels.register("rcvbuf_granted_bytes", "RcvBuf Granted (Bytes)", null);
        ColumnLabels.register("partial", "Partial", null);
    }
}
