package wirebench.runner.pubsub;

import java.io.PrintWriter;

/** Perftest 4.x legacy text ({@code PerftestLegacyPrinter}); the 2.x layout overrides the lines. */
class PerftestLegacyPrinter extends PerftestPrinter {

    PerftestLegacyPrinter(PrintWriter out, boolean intervals, boolean headers, boolean cpu) {
        super(out, intervals, headers, cpu);
    }

    /** The CPU column appended to a line with {@code -cpu}. */
    String cpuSuffix(double pct) {
        return cpu ? f(" CPU %1.2f (%%)", pct) : "";
    }

    /** One line: the text, the CPU column with {@code -cpu}, a newline; flushed. */
    final void line(String text, double cpuPct) {
        out.print(text + cpuSuffix(cpuPct) + "\n");
        out.flush();
    }

    /** The width of the throughput summary's lost count (Perftest 2.x prints it unpadded). */
    String summaryLostField() {
        return "%5d";
    }

    @Override
    void header(int sizeBytes) {
        if (headers && intervals) {
            out.print(f("\n\n********** New data length is %d\n", sizeBytes));
            out.flush();
        }
    }

    @Override
    synchronized void latencyInterval(int sizeBytes, long latencyUs, double aveUs, double stdUs, long minUs,
            long maxUs, double cpuPct) {
        line(f("One-Way Latency: %6d " + US + " Ave %6.0f " + US + " Std %6.1f " + US + " Min %6d " + US + " Max %6d "
                + US, latencyUs, aveUs, stdUs, minUs, maxUs), cpuPct);
    }

    @Override
    synchronized void latencySummary(LatencySummary s) {
        line(f("Length: %5d Latency: Ave %6.0f " + US + " Std %6.1f " + US + " Min %6d " + US + " Max %6d " + US
                + " 50%% %6d " + US + " 90%% %6d " + US + " 99%% %6d " + US + " 99.99%% %6d " + US + " 99.9999%% %6d " + US,
                s.sizeBytes(), s.aveUs(), s.stdUs(), s.minUs(), s.maxUs(), s.p50Us(), s.p90Us(), s.p99Us(), s.p9999Us(),
                s.p999999Us()), s.cpuPct());
    }

    @Override
    synchronized void throughputInterval(ThroughputInterval t) {
        line(f("Packets: %8d  Packets/s: %7d  Packets/s(ave): %7.0f  Mbps: %7.1f  Mbps(ave): %7.1f  Lost: %5d "
                + "(%1.2f%%)", t.packets(), t.packetsPerS(), t.avePacketsPerS(), t.mbps(), t.aveMbps(), t.lost(),
                t.lostPct()), t.cpuPct());
    }

    @Override
    synchronized void throughputSummary(ThroughputSummary t) {
        line(f("Length: %5d  Packets: %8d  Packets/s(ave): %7d  Mbps(ave): %7.1f  Lost: " + summaryLostField()
                + " (%1.2f%%)", t.sizeBytes(), t.packets(), t.packetsPerS(), t.mbps(), t.lost(), t.lostPct()), t.cpuPct());
    }
}
