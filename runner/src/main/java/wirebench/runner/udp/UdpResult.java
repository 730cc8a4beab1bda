package wirebench.runner.udp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.contract.Numbers;
import wirebench.runner.results.RateSlices;

/**
 * One finished run as the server saw it: the test point (its key) and its measures.
 *
 * @param method               how the server received
 * @param start                the client's START (payload, connected, client scheduler, rate); null when
 *                             START never arrived (then the payload is taken from the DATA seen)
 * @param payloadBytes         DATA payload size
 * @param serverScheduler      the receive thread's requested policy and whether it took effect
 * @param rcvbufRequestedBytes SO_RCVBUF asked for, 0 = system default
 * @param rcvbufGrantedBytes   SO_RCVBUF the kernel accepted (as the JDK reports it)
 * @param endReceived          false when the run ended by the idle timeout (a partial result)
 * @param jitterMs             RFC 3550 jitter, NaN when the payload carries no send time
 * @param duplicates           -1 when not measurable (payload too short for a sequence number)
 */
record UdpResult(ReceiveMethod method, Datagrams.Start start, int payloadBytes, Scheduler serverScheduler,
        int serverPriority, boolean serverSchedulerApplied, int rcvbufRequestedBytes, int rcvbufGrantedBytes,
        Measures measures, boolean endReceived, double jitterMs, long duplicates, long reordered,
        List<RateSlices.Slice> slices) {

    /** A result without rate slices. */
    UdpResult(ReceiveMethod method, Datagrams.Start start, int payloadBytes, Scheduler serverScheduler,
            int serverPriority, boolean serverSchedulerApplied, int rcvbufRequestedBytes, int rcvbufGrantedBytes,
            Measures measures, boolean endReceived, double jitterMs, long duplicates, long reordered) {
        this(method, start, payloadBytes, serverScheduler, serverPriority, serverSchedulerApplied, rcvbufRequestedBytes,
                rcvbufGrantedBytes, measures, endReceived, jitterMs, duplicates, reordered, List.of());
    }

    /** The udp.csv key columns, in order (docs/udp.md). */
    static final List<String> KEYS = List.of("client_scheduler", "connected", "payload_bytes", "server_scheduler",
            "rcvbuf_bytes", "method", "rate_per_s");
    /** The udp.csv measure columns, in order (docs/udp.md). */
    static final List<String> MEASURES = List.of("lost_pct", "data_mbps", "wire_mbps", "sent", "received", "lost",
            "duplicates", "reordered", "duration_s", "received_bytes", "packets_per_s", "data_header_ratio",
            "jitter_ms", "rcvbuf_granted_bytes", "client_scheduler_applied", "server_scheduler_applied", "partial");

    /** The udp-intervals.csv measure columns: one row per rate slice (docs/udp.md). */
    static final List<String> SLICE_MEASURES = List.of("start_us", "duration_us", "datagrams", "packets_per_s",
            "data_mbps", "wire_mbps");

    static String schedulerKey(Scheduler s, int priority) {
        return priority == 0 ? s.label() : s.label() + ":" + priority;
    }

    /** The row for udp.csv. */
    Map<String, Object> csvRow() {
        Measures m = measures;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("client_scheduler", start == null ? "unknown" : schedulerKey(start.clientScheduler(),
                start.clientPriority()));
        r.put("connected", start == null ? "unknown" : start.connected() ? "yes" : "no");
        r.put("payload_bytes", Integer.toString(payloadBytes));
        r.put("server_scheduler", schedulerKey(serverScheduler, serverPriority));
        r.put("rcvbuf_bytes", rcvbufRequestedBytes == 0 ? "default" : Integer.toString(rcvbufRequestedBytes));
        r.put("method", method.id());
        r.put("rate_per_s", start == null ? "unknown" : start.ratePerS() == 0 ? "max" : Long.toString(start.ratePerS()));
        r.put("lost_pct", nan(m.lostPct()));
        r.put("data_mbps", nan(m.dataMbps()));
        r.put("wire_mbps", nan(m.wireMbps()));
        r.put("sent", m.sent() < 0 ? null : m.sent());
        r.put("received", m.received());
        r.put("lost", m.lost() < 0 ? null : m.lost());
        r.put("duplicates", duplicates < 0 ? null : duplicates);
        r.put("reordered", reordered < 0 ? null : reordered);
        r.put("duration_s", m.durationS());
        r.put("received_bytes", m.bytes());
        r.put("packets_per_s", nan(m.packetsPerS()));
        r.put("data_header_ratio", nan(m.dataHeaderRatio()));
        r.put("jitter_ms", nan(jitterMs));
        r.put("rcvbuf_granted_bytes", rcvbufGrantedBytes);
        r.put("client_scheduler_applied", start == null ? null : start.clientSchedulerApplied() ? 1 : 0);
        r.put("server_scheduler_applied", serverSchedulerApplied ? 1 : 0);
        r.put("partial", endReceived ? 0 : 1);
        return r;
    }

    /**
     * The rows for udp-intervals.csv: the key columns of {@link #csvRow}, then per slice its start
     * after the first DATA, its length, the datagrams in it and their rates (as the summary's).
     */
    List<Map<String, Object>> sliceRows() {
        Map<String, Object> keys = csvRow();
        keys.keySet().retainAll(KEYS);
        List<Map<String, Object>> out = new ArrayList<>();
        for (RateSlices.Slice sl : slices) {
            Map<String, Object> r = new LinkedHashMap<>(keys);
            double s = sl.durationNs() / 1e9;
            r.put("start_us", sl.startNs() / 1000.0);
            r.put("duration_us", sl.durationNs() / 1000.0);
            r.put("datagrams", sl.samples());
            r.put("packets_per_s", sl.samples() / s);
            r.put("data_mbps", sl.samples() * (double) payloadBytes * 8 / s / 1e6);
            r.put("wire_mbps", sl.samples() * (double) (payloadBytes + Measures.HEADER_BYTES) * 8 / s / 1e6);
            out.add(r);
        }
        return out;
    }

    private static Double nan(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /**
     * The console lines: speed_test's three (same words, same number formats, without its colours
     * and {@code (function file:line)} suffixes), then wirebench's additions.
     */
    List<String> consoleLines(int idleTimeoutMs) {
        Measures m = measures;
        List<String> out = new ArrayList<>();
        out.add("info: " + m.datagrams() + " packet received within " + Numbers.fixed(m.durationS(), 3) + " seconds");
        out.add("info: Total Byte Received: " + m.bytes());
        out.add("debug: Bandwith: DATA: " + fixed(m.dataMbps(), 2) + " Mbps, WIRE: " + fixed(m.wireMbps(), 2)
                + " Mbps, Data/Header Ratio: " + fixed(m.dataHeaderRatio(), 2) + ", Packet Loss: %"
                + fixed(m.lostPct(), 6));
        out.add("info: method " + method.id() + ", payload " + payloadBytes + " B, sent " + (m.sent() < 0 ? "unknown"
                : m.sent()) + ", received " + m.received() + ", lost " + (m.lost() < 0 ? "unknown" : m.lost())
                + ", duplicates " + count(duplicates) + ", reordered " + count(reordered) + ", "
                + fixed(m.packetsPerS(), 0) + " packets/s, jitter " + (Double.isFinite(jitterMs)
                        ? Numbers.fixed(jitterMs, 3) + " ms" : "n/a (payload < " + Datagrams.FULL_HEADER_BYTES + " B)"));
        if (!endReceived) {
            out.add("warn: PARTIAL RESULT: no END arrived; the run ended after " + idleTimeoutMs
                    + " ms without datagrams. The figures cover what arrived until the last DATA datagram"
                    + (m.sent() < 0 ? "; the number sent is unknown (START was lost too)" : ""));
        }
        return out;
    }

    private static String count(long v) {
        return v < 0 ? "n/a" : Long.toString(v);
    }

    private static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? Numbers.fixed(v, decimals) : "nan";
    }
}
