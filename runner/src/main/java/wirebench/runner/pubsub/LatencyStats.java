package wirebench.runner.pubsub;

import org.HdrHistogram.Histogram;

import wirebench.contract.LatencySummary;

/**
 * One-way latencies of one data size in ns ({@link LatencySummary} over an HdrHistogram of 3
 * significant decimal digits), shown in us. One-way = RTT / 2.
 */
final class LatencyStats {
    /** HdrHistogram precision: 3 significant digits (0.1% value resolution). */
    static final int SIGNIFICANT_DIGITS = 3;
    private static final long HIGHEST_NS = 3_600_000_000_000L;

    final Histogram histogram = new Histogram(1, HIGHEST_NS, SIGNIFICANT_DIGITS);
    private final LatencySummary summary = new LatencySummary(histogram);
    long lastNs;
    final long startEpochMs = System.currentTimeMillis();

    void record(long oneWayNs) {
        long v = Math.max(1, Math.min(oneWayNs, HIGHEST_NS));
        summary.record(v);
        lastNs = v;
    }

    long count() {
        return summary.count();
    }

    double aveUs() {
        return summary.mean() / 1000.0;
    }

    /** Population standard deviation (divide by n), as Perftest computes it. */
    double stdUs() {
        return summary.std() / 1000.0;
    }

    double minUs() {
        return summary.min() / 1000.0;
    }

    double maxUs() {
        return summary.max() / 1000.0;
    }

    /** The value at {@code percentile} (0..100) in us, capped at the exact maximum. */
    double percentileUs(double percentile) {
        return summary.percentile(percentile) / 1000.0;
    }
}
