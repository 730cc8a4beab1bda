package wirebench.runner.pubsub;

import org.HdrHistogram.Histogram;

/**
 * One-way latencies of one data size: running sums for Perftest's ave/std/min/max and an
 * HdrHistogram (values in ns, 3 significant decimal digits) for the percentiles. One-way = RTT / 2.
 */
final class LatencyStats {
    /** HdrHistogram precision: 3 significant digits (0.1% value resolution). */
    static final int SIGNIFICANT_DIGITS = 3;
    private static final long HIGHEST_NS = 3_600_000_000_000L;

    final Histogram histogram = new Histogram(1, HIGHEST_NS, SIGNIFICANT_DIGITS);
    private long count;
    private double sumNs;
    private double sumSquaresNs;
    private long minNs = Long.MAX_VALUE;
    private long maxNs;
    long lastNs;
    final long startEpochMs = System.currentTimeMillis();

    private long negative;

    /**
     * Records one one-way latency. A negative one (an echoed timestamp later than this clock: a
     * corrupt pong) is not a latency: it is counted ({@link #negative()}) and not recorded, never
     * clamped into the statistics. Returns whether the value was recorded.
     */
    boolean record(long oneWayNs) {
        if (oneWayNs < 0) {
            negative++;
            return false;
        }
        long v = Math.min(oneWayNs, HIGHEST_NS);
        histogram.recordValue(v);
        count++;
        sumNs += v;
        sumSquaresNs += (double) v * v;
        minNs = Math.min(minNs, v);
        maxNs = Math.max(maxNs, v);
        lastNs = v;
        return true;
    }

    /** How many negative latencies were refused. */
    long negative() {
        return negative;
    }

    long count() {
        return count;
    }

    double aveUs() {
        return count == 0 ? 0 : sumNs / count / 1000.0;
    }

    /** Population standard deviation (divide by n), as Perftest computes it. */
    double stdUs() {
        if (count == 0) {
            return 0;
        }
        double ave = sumNs / count;
        return Math.sqrt(Math.max(0, sumSquaresNs / count - ave * ave)) / 1000.0;
    }

    double minUs() {
        return count == 0 ? 0 : minNs / 1000.0;
    }

    double maxUs() {
        return maxNs / 1000.0;
    }

    /**
     * HdrHistogram's value at {@code percentile} (0..100), in us, capped at the exact maximum (the
     * histogram reports the highest value equivalent to the sample, which may exceed it by < 0.1%).
     */
    double percentileUs(double percentile) {
        return count == 0 ? 0 : Math.min(histogram.getValueAtPercentile(percentile), maxNs) / 1000.0;
    }
}
