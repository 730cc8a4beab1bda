package wirebench.runner.pubsub;

import java.io.PrintWriter;

/**
 * Perftest 2.x text ({@code -outputFormat legacy2}): the raw {@code printf} lines of Perftest 2.0-2.3
 * (PERFTEST-FORMATS.md section 2.6) as seed 001's example output shows them: two spaces between
 * fields, {@code us} as the unit, no 99.9999% trailing CPU string unless {@code -cpu}, and the
 * throughput summary's {@code Lost: N (P%)} of that example. Headers and intervals as in 2.x.
 */
final class PerftestLegacy2Printer extends PerftestLegacyPrinter {

    PerftestLegacy2Printer(PrintWriter out, boolean intervals, boolean headers, boolean cpu) {
        super(out, intervals, headers, cpu);
    }

    @Override
    String cpuSuffix(double pct) {
        return cpu ? f(" CPU: %1.2f%%", pct) : "";
    }

    @Override
    synchronized void latencyInterval(int sizeBytes, long latencyUs, double aveUs, double stdUs, long minUs,
            long maxUs, double cpuPct) {
        line(f("One way Latency: %6d us  Ave %6.0f us  Std %6.1f us  Min %6d us  Max %6d", latencyUs, aveUs,
                stdUs, minUs, maxUs), cpuPct);
    }

    @Override
    synchronized void latencySummary(LatencySummary s) {
        line(f("Length: %5d  Latency: Ave %6.0f us  Std %6.1f us  Min %6d us  Max %6d us  50%% %6d us  90%% %6d us"
                + "  99%% %6d us  99.99%% %6d us  99.9999%% %6d us", s.sizeBytes(), s.aveUs(), s.stdUs(), s.minUs(),
                s.maxUs(), s.p50Us(), s.p90Us(), s.p99Us(), s.p9999Us(), s.p999999Us()), s.cpuPct());
    }

    @Override
    synchronized void throughputInterval(ThroughputInterval t) {
        line(f("Packets: %8d  Packets/s: %7d  Packets/s(ave): %7.0f  Mbps: %7.1f  Mbps(ave): %7.1f  Lost: %d",
                t.packets(), t.packetsPerS(), t.avePacketsPerS(), t.mbps(), t.aveMbps(), t.lost()), t.cpuPct());
    }

    @Override
    String summaryLostField() {
        return "%d";
    }
}
