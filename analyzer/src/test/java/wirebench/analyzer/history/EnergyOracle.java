package wirebench.analyzer.history;

/**
 * The energy statistic by its definition (Matteson and James 2014), summing every pair: O(n²), the
 * reference the fast {@link EnergyStatistic} is checked against. Written apart from the production
 * code (it shares no formula with it), so a mistake in one does not hide in the other.
 */
final class EnergyOracle {
    private EnergyOracle() {
    }

    /** Q of the split of {@code v[off, off+n)} into X = its first {@code t} values and Y = the rest. */
    static double q(double[] v, int off, int n, int t) {
        int m = n - t;
        double between = 0;
        for (int i = 0; i < t; i++) {
            for (int j = t; j < n; j++) {
                between += Math.abs(v[off + i] - v[off + j]);
            }
        }
        double withinX = 0;
        for (int i = 0; i < t; i++) {
            for (int k = i + 1; k < t; k++) {
                withinX += Math.abs(v[off + i] - v[off + k]);
            }
        }
        double withinY = 0;
        for (int j = t; j < n; j++) {
            for (int l = j + 1; l < n; l++) {
                withinY += Math.abs(v[off + j] - v[off + l]);
            }
        }
        // Q = t m / n (2/(t m) between - 2/(t (t-1)) withinX - 2/(m (m-1)) withinY), a within term
        // left out when its side holds one value
        double e = 2.0 / ((double) t * m) * between;
        if (t > 1) {
            e -= 2.0 / ((double) t * (t - 1)) * withinX;
        }
        if (m > 1) {
            e -= 2.0 / ((double) m * (m - 1)) * withinY;
        }
        return (double) t * m / n * e;
    }
}
