package wirebench.runner.pubsub;

import java.io.PrintWriter;

/**
 * Perftest 4.x C++ JSON ({@code PerftestJSONPrinter}) exactly as it reaches stdout: without the
 * {@code {"perftest":[{ ... ]}} wrapper (C++ never prints it, PERFTEST-FORMATS.md 2.4), so the text
 * starts with {@code \t\t\t"length":} and ends with {@code \t\t}} and no newline.
 */
final class PerftestJsonPrinter extends PerftestPrinter {
    private static final String INTERVAL_INDENT = "\t\t\t\t\t";
    private static final String INTERVAL_CLOSE = "\n\t\t\t\t}";
    private static final String SUMMARY_INDENT = "\t\t\t\t";
    /** Closes the summary and the size's object. */
    private static final String SUMMARY_CLOSE = "\n\t\t\t}\n\t\t}";

    private boolean started;
    private boolean firstInterval;

    PerftestJsonPrinter(PrintWriter out, boolean intervals, boolean headers, boolean cpu) {
        super(out, intervals, headers, cpu);
    }

    @Override
    void header(int sizeBytes) {
        if (started) {
            out.print(",\n\t\t{\n");
        } else {
            started = true;
        }
        out.print(f("\t\t\t\"length\":%d,\n", sizeBytes));
        if (intervals) {
            out.print("\t\t\t\"intervals\":[\n");
            firstInterval = true;
        }
        out.flush();
    }

    private void intervalSeparator() {
        if (firstInterval) {
            firstInterval = false;
        } else {
            out.print(",");
        }
    }

    /** Closes the intervals array with {@code intervalsEnd} (when there is one), then opens the summary. */
    private void openSummary(String intervalsEnd) {
        if (intervals) {
            out.print(intervalsEnd);
        }
        out.print("\t\t\t\"summary\":{\n");
    }

    /** Ends an object: its CPU member with {@code -cpu} at {@code indent}, then {@code close}; flushed. */
    private void endObject(String indent, double cpuPct, String close) {
        if (cpu) {
            out.print(f(",\n" + indent + "\"CPU\": %1.2f", cpuPct));
        }
        out.print(close);
        out.flush();
    }

    @Override
    synchronized void latencyInterval(int sizeBytes, long latencyUs, double aveUs, double stdUs, long minUs,
            long maxUs, double cpuPct) {
        intervalSeparator();
        out.print(f("\n\t\t\t\t{\n\t\t\t\t\t\"latency\": %d,\n\t\t\t\t\t\"latency_ave\": %1.2f,\n"
                + "\t\t\t\t\t\"latency_std\": %1.2f,\n\t\t\t\t\t\"latency_min\": %d,\n\t\t\t\t\t\"latency_max\": %d",
                latencyUs, aveUs, stdUs, minUs, maxUs));
        endObject(INTERVAL_INDENT, cpuPct, INTERVAL_CLOSE);
    }

    @Override
    synchronized void latencySummary(LatencySummary s) {
        openSummary("\n\t\t\t],\n");
        out.print(f("\t\t\t\t\"latency_ave\": %1.2f,\n\t\t\t\t\"latency_std\": %1.2f,\n"
                + "\t\t\t\t\"latency_min\": %d,\n\t\t\t\t\"latency_max\": %d,\n\t\t\t\t\"latency_50\": %d,\n"
                + "\t\t\t\t\"latency_90\": %d,\n\t\t\t\t\"latency_99\": %d,\n\t\t\t\t\"latency_99.99\": %d,\n"
                + "\t\t\t\t\"latency_99.9999\": %d", s.aveUs(), s.stdUs(), s.minUs(), s.maxUs(), s.p50Us(), s.p90Us(),
                s.p99Us(), s.p9999Us(), s.p999999Us()));
        endObject(SUMMARY_INDENT, s.cpuPct(), SUMMARY_CLOSE);
    }

    @Override
    synchronized void throughputInterval(ThroughputInterval t) {
        intervalSeparator();
        out.print(f("\n\t\t\t\t{\n\t\t\t\t\t\"length\": %d,\n\t\t\t\t\t\"packets\": %d,\n\t\t\t\t\t\"packets/s\": %d,\n"
                + "\t\t\t\t\t\"packets/s_ave\": %1.2f,\n\t\t\t\t\t\"mbps\": %1.1f,\n\t\t\t\t\t\"mbps_ave\": %1.1f,\n"
                + "\t\t\t\t\t\"lost\": %d,\n\t\t\t\t\t\"lost_percent\": %1.2f", t.sizeBytes(), t.packets(),
                t.packetsPerS(), t.avePacketsPerS(), t.mbps(), t.aveMbps(), t.lost(), t.lostPct()));
        endObject(INTERVAL_INDENT, t.cpuPct(), INTERVAL_CLOSE);
    }

    @Override
    synchronized void throughputSummary(ThroughputSummary t) {
        openSummary("\t\t\t],\n"); // Perftest closes the throughput intervals without a line break first
        out.print(f("\t\t\t\t\"packets\": %d,\n\t\t\t\t\"packets/sAve\": %d,\n"
                + "\t\t\t\t\"mbpsAve\": %1.1f,\n\t\t\t\t\"lost\": %d,\n\t\t\t\t\"lostPercent\": %1.2f", t.packets(),
                t.packetsPerS(), t.mbps(), t.lost(), t.lostPct()));
        endObject(SUMMARY_INDENT, t.cpuPct(), SUMMARY_CLOSE);
    }
}
