package wirebench.runner.pubsub;

import java.io.PrintWriter;

import wirebench.contract.WirebenchException;

/**
 * Perftest 4.x stdout (PERFTEST-FORMATS.md section 2): the publisher prints latency, the subscriber
 * throughput. Latency values are whole microseconds except ave/std; the unit label is U+03BC.
 * Implementations are thread-safe (both roles may share one stdout) and flush after every call.
 */
abstract class PerftestPrinter {
    static final String US = "\u03bcs";

    protected final PrintWriter out;
    protected final boolean intervals;
    protected final boolean headers;
    protected final boolean cpu;
    /** The publisher's latency intervals are not printed while set: a latency test's warm-up. */
    boolean muted;

    PerftestPrinter(PrintWriter out, boolean intervals, boolean headers, boolean cpu) {
        this.out = out;
        this.intervals = intervals;
        this.headers = headers;
        this.cpu = cpu;
    }

    /** The printer for {@code -outputFormat}. */
    static PerftestPrinter of(String format, PrintWriter out, boolean intervals, boolean headers, boolean cpu) {
        switch (format.toLowerCase(java.util.Locale.ROOT)) {
            case "csv":
                return new PerftestCsvPrinter(out, intervals, headers, cpu);
            case "json":
                return new PerftestJsonPrinter(out, intervals, headers, cpu);
            case "legacy":
                return new PerftestLegacyPrinter(out, intervals, headers, cpu);
            case "legacy2":
                return new PerftestLegacy2Printer(out, intervals, headers, cpu);
            default:
                throw new WirebenchException(WirebenchException.USAGE,
                        "-outputFormat: expected csv, json, legacy (Perftest 3.1+ text) or legacy2 (2.x text), got '"
                                + format + "'");
        }
    }

    /** One latency summary, in us. */
    record LatencySummary(int sizeBytes, double aveUs, double stdUs, long minUs, long maxUs, long p50Us, long p90Us,
            long p99Us, long p9999Us, long p999999Us, double cpuPct) {

        /**
         * The summary of {@code stats}: min, max and percentiles rounded to whole us the way the
         * printers round ave ({@code %.0f}, half up), so all samples at 10.6 us print 11 everywhere.
         */
        static LatencySummary of(int sizeBytes, LatencyStats stats, double cpuPct) {
            return new LatencySummary(sizeBytes, stats.aveUs(), stats.stdUs(), Math.round(stats.minUs()),
                    Math.round(stats.maxUs()), Math.round(stats.percentileUs(50)), Math.round(stats.percentileUs(90)),
                    Math.round(stats.percentileUs(99)), Math.round(stats.percentileUs(99.99)),
                    Math.round(stats.percentileUs(99.9999)), cpuPct);
        }
    }

    /** One throughput interval. */
    record ThroughputInterval(int sizeBytes, long packets, long packetsPerS, double avePacketsPerS, double mbps,
            double aveMbps, long lost, double lostPct, double cpuPct) {
    }

    /** One throughput summary. */
    record ThroughputSummary(int sizeBytes, long packets, long packetsPerS, double mbps, long lost, double lostPct,
            double cpuPct) {
    }

    /** What opens a size, in both tests unless a layout tells them apart; default nothing. */
    void header(int sizeBytes) {
    }

    synchronized void latencyHeader(int sizeBytes) {
        header(sizeBytes);
    }

    abstract void latencyInterval(int sizeBytes, long latencyUs, double aveUs, double stdUs, long minUs, long maxUs,
            double cpuPct);

    abstract void latencySummary(LatencySummary s);

    synchronized void throughputHeader(int sizeBytes) {
        header(sizeBytes);
    }

    abstract void throughputInterval(ThroughputInterval t);

    abstract void throughputSummary(ThroughputSummary t);

    static String f(String format, Object... args) {
        return String.format(java.util.Locale.ROOT, format, args);
    }
}
