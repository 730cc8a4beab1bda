package wirebench.runner.pubsub;

import java.io.PrintWriter;

/**
 * Perftest 4.x C++ JSON ({@code PerftestJSONPrinter}) exactly as it reaches stdout: without the
 * {@code {"perftest":[{ ... ]}} wrapper (C++ never prints it, PERFTEST-FORMATS.md 2.4), so the text
 * starts with {@code \t\t\t"length":} and ends with {@code \t\t}} and no newline.
 */
final class PerftestJsonPrinter extends PerftestPrinter {
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

    @Override
    synchronized void latencyInterval(int sizeBytes, long latencyUs, double aveUs, double stdUs, long minUs,
            long maxUs, double cpuPct) {
        intervalSeparator();
        out.print(f("\n\t\t\t\t{\n\t\t\t\t\t\"latency\": %d,\n\t\t\t\t\t\"latency_ave\": %1.2f,\n"
                + "\t\t\t\t\t\"latency_std\": %1.2f,\n\t\t\t\t\t\"latency_min\": %d,\n\t\t\t\t\t\"latency_max\": %d",
                latencyUs, aveUs, stdUs, minUs, maxUs));
        if (cpu) {
            out.print(f(",\n\t\t\t\t\t\"CPU\": %1.2f", cpuPct));
        }
        out.print("\n\t\t\t\t}");
        out.flush();
    }

    @Override
    synchronized void latencySummary(LatencySummary s) {
        if (intervals) {
            out.print("\n\t\t\t],\n");
        }
        out.print(f("\t\t\t\"summary\":{\n\t\t\t\t\"latency_ave\": %1.2f,\n\t\t\t\t\"latency_std\": %1.2f,\n"
                + "\t\t\t\t\"latency_min\": %d,\n\t\t\t\t\"latency_max\": %d,\n\t\t\t\t\"latency_50\": %d,\n"
                + "\t\t\t\t\"latency_90\": %d,\n\t\t\t\t\"latency_99\": %d,\n\t\t\t\t\"latency_99.99\": %d,\n"
                + "\t\t\t\t\"latency_99.9999\": %d", s.aveUs(), s.stdUs(), s.minUs(), s.maxUs(), s.p50Us(), s.p90Us(),
                s.p99Us(), s.p9999Us(), s.p999999Us()));
        if (cpu) {
            out.print(f(",\n\t\t\t\t\"CPU\": %1.2f", s.cpuPct()));
        }
        out.print("\n\t\t\t}\n\t\t}");
        out.flush();
    }

    @Override
    synchronized void throughputInterval(ThroughputInterval t) {
        intervalSeparator();
        out.print(f("\n\t\t\t\t{\n\t\t\t\t\t\"length\": %d,\n\t\t\t\t\t\"packets\": %d,\n\t\t\t\t\t\"packets/s\": %d,\n"
                + "\t\t\t\t\t\"packets/s_ave\": %1.2f,\n\t\t\t\t\t\"mbps\": %1.1f,\n\t\t\t\t\t\"mbps_ave\": %1.1f,\n"
                + "\t\t\t\t\t\"lost\": %d,\n\t\t\t\t\t\"lost_percent\": %1.2f", t.sizeBytes(), t.packets(),
                t.packetsPerS(), t.avePacketsPerS(), t.mbps(), t.aveMbps(), t.lost(), t.lostPct()));
        if (cpu) {
            out.print(f(",\n\t\t\t\t\t\"CPU\": %1.2f", t.cpuPct()));
        }
        out.print("\n\t\t\t\t}");
        out.flush();
    }

    @Override
    synchronized void throughputSummary(ThroughputSummary t) {
        if (intervals) {
            out.print("\t\t\t],\n");
        }
        out.print(f("\t\t\t\"summary\":{\n\t\t\t\t\"packets\": %d,\n\t\t\t\t\"packets/sAve\": %d,\n"
                + "\t\t\t\t\"mbpsAve\": %1.1f,\n\t\t\t\t\"lost\": %d,\n\t\t\t\t\"lostPercent\": %1.2f", t.packets(),
                t.packetsPerS(), t.mbps(), t.lost(), t.lostPct()));
        if (cpu) {
            out.print(f(",\n\t\t\t\t\"CPU\": %1.2f", t.cpuPct()));
        }
        out.print("\n\t\t\t}\n\t\t}");
        out.flush();
    }
}
