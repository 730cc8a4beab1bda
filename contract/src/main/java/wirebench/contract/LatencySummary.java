package wirebench.contract;

import org.HdrHistogram.Histogram;

/**
 * Perftest's latency figures of one series of samples, kept as the samples arrive: exact count,
 * mean, population standard deviation (divide by n, as Perftest computes it), min and max from
 * running sums; percentiles from an HdrHistogram, capped at the exact maximum (the histogram
 * reports the highest value equivalent to a sample, which may exceed it by its precision). Memory
 * is the histogram's, whatever the number of samples. Values are in the unit the caller records
 * (the runner's ns, a Perftest latency file's us); every figure is 0 while no sample is recorded.
 * One rule for the runner's latency rows and the analyzer's reading of {@code -latencyFile} output.
 */
public final class LatencySummary {
    private final Histogram histogram;
    private long count;
    private double sum;
    private double sumSquares;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    /** Over {@code histogram} (its range and precision are the caller's choice). */
    public LatencySummary(Histogram histogram) {
        this.histogram = histogram;
    }

    /** Adds one sample (within the histogram's range). */
    public void record(long value) {
        histogram.recordValue(value);
        count++;
        sum += value;
        sumSquares += (double) value * value;
        min = Math.min(min, value);
        max = Math.max(max, value);
    }

    public long count() {
        return count;
    }

    public double mean() {
        return count == 0 ? 0 : sum / count;
    }

    /** Population standard deviation (divide by n). */
    public double std() {
        if (count == 0) {
            return 0;
        }
        double mean = sum / count;
        return Math.sqrt(Math.max(0, sumSquares / count - mean * mean));
    }

    public long min() {
        return count == 0 ? 0 : min;
    }

    public long max() {
        return count == 0 ? 0 : max;
    }

    /** HdrHistogram's value at {@code percentile} (0..100), capped at the exact maximum. */
    public long percentile(double percentile) {
        return count == 0 ? 0 : Math.min(histogram.getValueAtPercentile(percentile), max);
    }

    /** The histogram itself (for interval logs). */
    public Histogram histogram() {
        return histogram;
    }
}
