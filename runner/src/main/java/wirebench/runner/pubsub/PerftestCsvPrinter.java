package wirebench.runner.pubsub;

import java.io.PrintWriter;

/** Perftest 4.x CSV ({@code PerftestCSVPrinter}): fixed-width right-aligned fields. */
final class PerftestCsvPrinter extends PerftestPrinter {
    private boolean latencySummaryHeaders = true;
    private boolean throughputSummaryHeaders = true;

    PerftestCsvPrinter(PrintWriter out, boolean intervals, boolean headers, boolean cpu) {
        super(out, intervals, headers, cpu);
    }

    private String cpuCol(double pct) {
        return cpu ? f(",%8.2f", pct) : "";
    }

    private String cpuHead() {
        return cpu ? ", CPU (%)" : "";
    }

    /**
     * A summary's column header when one is {@code pending}: after a titled blank line with intervals,
     * and then before every summary; without intervals once. Returns whether one is pending next time.
     */
    private boolean summaryHeader(boolean pending, String title, String columns) {
        if (!pending || !headers) {
            return pending;
        }
        if (intervals) {
            out.print("\n" + title + ":\n");
        }
        out.print(columns + cpuHead() + "\n");
        return intervals;
    }

    @Override
    synchronized void latencyHeader(int sizeBytes) {
        if (headers && intervals) {
            out.print(f("\nIntervals One-Way Latency for %d Bytes:\n", sizeBytes));
            out.print("Length (Bytes), Latency (" + US + "), Ave (" + US + "), Std (" + US + "), Min (" + US
                    + "), Max (" + US + ")" + cpuHead() + "\n");
            out.flush();
        }
    }

    @Override
    synchronized void latencyInterval(int sizeBytes, long latencyUs, double aveUs, double stdUs, long minUs,
            long maxUs, double cpuPct) {
        out.print(f("%14d,%13d,%9.0f,%9.1f,%9d,%9d", sizeBytes, latencyUs, aveUs, stdUs, minUs, maxUs) + cpuCol(cpuPct)
                + "\n");
        out.flush();
    }

    @Override
    synchronized void latencySummary(LatencySummary s) {
        latencySummaryHeaders = summaryHeader(latencySummaryHeaders, "One-way Latency Summary",
                "Sample Size (Bytes), Ave (" + US + "), Std (" + US + "), Min (" + US + "), Max (" + US + "), 50% (" + US
                        + "), 90% (" + US + "), 99% (" + US + "), 99.99% (" + US + "), 99.9999% (" + US + ")");
        out.print(f("%19d,%9.0f,%9.1f,%9d,%9d,%9d,%9d,%9d,%12d,%14d", s.sizeBytes(), s.aveUs(), s.stdUs(), s.minUs(),
                s.maxUs(), s.p50Us(), s.p90Us(), s.p99Us(), s.p9999Us(), s.p999999Us()) + cpuCol(s.cpuPct()) + "\n");
        out.flush();
    }

    @Override
    synchronized void throughputHeader(int sizeBytes) {
        if (headers && intervals) {
            out.print(f("\nInterval Throughput for %d Bytes:\n", sizeBytes));
            out.print("Length (Bytes), Total Samples,  Samples/s, Avg Samples/s,     Mbps,  Avg Mbps, Lost Samples,"
                    + " Lost Samples (%)" + cpuHead() + "\n");
            out.flush();
        }
    }

    @Override
    synchronized void throughputInterval(ThroughputInterval t) {
        out.print(f("%14d,%14d,%11d,%14.0f,%9.1f,%10.1f, %12d, %16.2f", t.sizeBytes(), t.packets(), t.packetsPerS(),
                t.avePacketsPerS(), t.mbps(), t.aveMbps(), t.lost(), t.lostPct()) + cpuCol(t.cpuPct()) + "\n");
        out.flush();
    }

    @Override
    synchronized void throughputSummary(ThroughputSummary t) {
        throughputSummaryHeaders = summaryHeader(throughputSummaryHeaders, "Throughput Summary",
                "Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples, Lost Samples (%)");
        // Perftest prints samples/s with %14.0llu: a zero prints as 14 blanks
        String pps = t.packetsPerS() == 0 ? " ".repeat(14) : f("%14d", t.packetsPerS());
        out.print(f("%19d,%14d,", t.sizeBytes(), t.packets()) + pps + f(",%12.1f, %12d, %16.2f", t.mbps(), t.lost(),
                t.lostPct()) + cpuCol(t.cpuPct()) + "\n");
        out.flush();
    }
}
