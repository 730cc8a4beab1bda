package wirebench.analyzer.history;

import java.util.Arrays;

/**
 * Segments of a series prepared for {@link EnergyStatistic}: centred on their mean (so that the
 * differences of sums stay accurate) and ranked. The buffers are reused: one instance per thread.
 */
final class SegmentRanks {
    private double[] sortBuf = new double[0];
    private int[] usedBuf = new int[0];

    /** {@code x[from, to)} minus its mean, as a new array. */
    static double[] centred(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        double centre = s / (to - from);
        double[] y = new double[to - from];
        for (int i = 0; i < y.length; i++) {
            y[i] = x[from + i] - centre;
        }
        return y;
    }

    /** {@code r[i]}: the rank of {@code v[i]} among {@code v[from, to)}, distinct (ties in index order). */
    void rank(double[] v, int from, int to, int[] r) {
        int len = to - from;
        if (sortBuf.length < len) {
            sortBuf = new double[len];
            usedBuf = new int[len];
        }
        System.arraycopy(v, from, sortBuf, 0, len);
        Arrays.sort(sortBuf, 0, len);
        Arrays.fill(usedBuf, 0, len, 0);
        for (int i = from; i < to; i++) {
            int lo = lowerBound(sortBuf, len, v[i]);
            r[i] = lo + usedBuf[lo]++;
        }
    }

    private static int lowerBound(double[] sorted, int len, double key) {
        int lo = 0;
        int hi = len;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
