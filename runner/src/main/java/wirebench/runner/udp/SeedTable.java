package wirebench.runner.udp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import wirebench.contract.Numbers;

/**
 * Seed 002's results table: Client Scheduler, Connected Mode, Payload, Server Scheduler, RcvBuf,
 * Loss %, Data, Wire (plus Method, which the seed's table leaves implicit), built from udp.csv rows
 * (column name to field text).
 */
final class SeedTable {
    private SeedTable() {
    }

    static final List<String> HEADER = List.of("Client Scheduler", "Connected Mode", "Payload", "Server Scheduler",
            "RcvBuf", "Method", "Loss %", "Data", "Wire");

    static List<String> cells(Map<String, String> row) {
        List<String> c = new ArrayList<>();
        c.add(row.getOrDefault("client_scheduler", ""));
        c.add("yes".equals(row.get("connected")) ? "Yes" : "no".equals(row.get("connected")) ? "No" : "?");
        c.add(row.getOrDefault("payload_bytes", ""));
        c.add(row.getOrDefault("server_scheduler", ""));
        c.add(rcvbuf(row.getOrDefault("rcvbuf_bytes", "")));
        c.add(row.getOrDefault("method", "").toUpperCase(java.util.Locale.ROOT));
        c.add(decimals(row.get("lost_pct"), 3) + ("1".equals(row.get("partial")) ? " (partial)" : ""));
        c.add(decimals(row.get("data_mbps"), 1) + " Mbps");
        c.add(decimals(row.get("wire_mbps"), 1) + " Mbps");
        return c;
    }

    /** 262144 as {@code 256Kb}, 2097152 as {@code 2 Mb}: the seed's spelling (KiB/MiB). */
    static String rcvbuf(String bytes) {
        try {
            long b = Long.parseLong(bytes);
            if (b >= 1024 * 1024 && b % (1024 * 1024) == 0) {
                return b / (1024 * 1024) + " Mb";
            }
            if (b >= 1024 && b % 1024 == 0) {
                return b / 1024 + "Kb";
            }
            return bytes;
        } catch (NumberFormatException e) {
            return bytes;
        }
    }

    private static String decimals(String v, int d) {
        if (v == null || v.isEmpty()) {
            return "-";
        }
        return Numbers.fixed(Double.parseDouble(v), d);
    }

    /** Tab-separated, as the seed prints it. */
    static String tsv(List<Map<String, String>> rows) {
        StringBuilder sb = new StringBuilder(String.join("\t", HEADER)).append('\n');
        for (Map<String, String> r : rows) {
            sb.append(String.join("\t", cells(r))).append('\n');
        }
        return sb.toString();
    }

    /** A Markdown table. */
    static String markdown(List<Map<String, String>> rows) {
        StringBuilder sb = new StringBuilder("| ").append(String.join(" | ", HEADER)).append(" |\n|");
        HEADER.forEach(h -> sb.append(" --- |"));
        sb.append('\n');
        for (Map<String, String> r : rows) {
            sb.append("| ").append(String.join(" | ", cells(r))).append(" |\n");
        }
        return sb.toString();
    }
}
