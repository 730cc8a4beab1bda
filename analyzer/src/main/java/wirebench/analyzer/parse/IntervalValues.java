package wirebench.analyzer.parse;

import java.util.Arrays;

import org.HdrHistogram.Histogram;

/**
 * One figure printed once per interval (ddsperf's per-second p50, a per-second rate), summarised
 * over a run without averaging it: its median, minimum and maximum over the intervals. Memory is
 * bounded: the values themselves are kept up to {@value #EXACT} intervals (the median is then
 * exact: the middle value, or the mean of the two middle ones); past that the median comes from an
 * HdrHistogram of the values (3 significant digits, {@code getValueAtPercentile(50)}). Minimum and
 * maximum are always exact.
 */
final class IntervalValues {
    /** Intervals whose values are kept (a run of 68 minutes at one line a second). */
    static final int EXACT = 4096;

    /** Units per value in the histogram (1000: microseconds kept as nanoseconds). */
    private final double scale;
    private double[] values = new double[64];
    private final Histogram histogram = new Histogram(3);
    private long n;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;

    /** @param scale histogram units per value (printed µs with 3 decimals: 1000, whole ns) */
    IntervalValues(double scale) {
        this.scale = scale;
    }

    void add(double v) {
        if (n < EXACT) {
            if (n == values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            values[(int) n] = v;
        } else {
            values = null;
        }
        n++;
        histogram.recordValue(Math.round(v * scale));
        min = Math.min(min, v);
        max = Math.max(max, v);
    }

    long count() {
        return n;
    }

    double min() {
        return min;
    }

    double max() {
        return max;
    }

    /** The median over the intervals (see the class comment); NaN without any. */
    double median() {
        if (n == 0) {
            return Double.NaN;
        }
        if (values == null) {
            return histogram.getValueAtPercentile(50) / scale;
        }
        double[] sorted = Arrays.copyOf(values, (int) n);
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
