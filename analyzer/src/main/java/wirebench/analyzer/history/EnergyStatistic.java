package wirebench.analyzer.history;

/**
 * The E-divisive energy statistic of one-dimensional values for every split of a segment at once,
 * in O(n log n) instead of the O(n²) of summing every pair.
 *
 * <p>For a segment {@code v[0, n)} and a split {@code τ} (X = {@code v[0, τ)}, Y =
 * {@code v[τ, n)}, sizes {@code t = τ} and {@code m = n - τ}):
 * {@code Q(τ) = 2/n Σ|X-Y| - 2m/(n(t-1)) Σ_{i<k}|X_i-X_k| - 2t/(n(m-1)) Σ_{j<l}|Y_j-Y_l|}
 * (a within term is left out when its side holds one value). With {@code W(a, b)} the sum of
 * {@code |v_i - v_k|} over {@code a <= i < k < b}, the three sums are {@code W(0, τ)},
 * {@code W(τ, n)} and {@code W(0, n) - W(0, τ) - W(τ, n)}. The prefix sums {@code W(0, τ)} grow
 * by {@code Σ_{i<τ}|v_i - v_τ| = v_τ c - s + (S - s) - v_τ (τ - c)} where {@code c} and
 * {@code s} are the count and sum of the earlier values below {@code v_τ} and {@code S} the sum
 * of all earlier values: a Fenwick tree over the values' ranks answers that in O(log n). The
 * between sum follows from each value's distance to all others, {@code D_i} (O(n) from the values
 * in rank order): {@code Σ_{i<τ} D_i = 2 W(0, τ) + Σ|X-Y|}.
 *
 * <p>Ranks are invariant under permutation, so a permutation test ranks a segment once and
 * shuffles values and ranks together. Values are centred (the caller passes them minus a
 * central value) to keep the differences of sums accurate. Not thread-safe: one instance per thread.
 */
final class EnergyStatistic {
    private int[] count = new int[0];
    private double[] sum = new double[0];
    private double[] prefix = new double[0];
    private double[] sorted = new double[0];
    private double[] cross = new double[0];
    private double[] dist = new double[0];
    /** Within sums of every pair of bounds (maxOverSplitsAndEnds). */
    private double[] table = new double[0];
    private double[] recip = new double[0];

    /**
     * Fills {@code q[τ]} with Q(τ) for {@code 1 <= τ < n} of the segment {@code v[off, off+n)}.
     *
     * @param v    values (centred)
     * @param rank {@code rank[off+i]}: the rank of {@code v[off+i]} within the segment, distinct,
     *             in {@code [0, n)}, ordered as the values (ties in any order)
     * @param q    receives {@code Q(τ)} at index {@code τ}, length at least {@code n}
     */
    void qAll(double[] v, int[] rank, int off, int n, double[] q) {
        ensure(n);
        distances(v, rank, off, n, dist, 0);
        qAll(v, rank, off, n, dist, 0, q);
    }

    /**
     * {@code d[dOff + r]}: the sum of {@code |v_r - v_k|} over the segment {@code v[off, off+n)} for
     * its value of rank {@code r}. It depends on the segment's values only, not on their order: a
     * permutation test computes it once per segment and passes it to every
     * {@link #qAll(double[], int[], int, int, double[], int, double[])} of the shuffled segment.
     */
    void distances(double[] v, int[] rank, int off, int n, double[] d, int dOff) {
        ensure(n);
        // from the values in rank order and their running sums (no sort: the ranks place them)
        for (int i = 0; i < n; i++) {
            sorted[rank[off + i]] = v[off + i];
        }
        double totalSum = 0;
        for (int r = 0; r < n; r++) {
            totalSum += sorted[r];
        }
        double below = 0;
        for (int r = 0; r < n; r++) {
            double x = sorted[r];
            d[dOff + r] = x * r - below + (totalSum - below - x) - x * (n - 1 - r);
            below += x;
        }
    }

    /**
     * {@link #qAll(double[], int[], int, int, double[])} with the segment's {@link #distances} given
     * ({@code d[dOff + r]} for rank {@code r}): the same values to the bit.
     */
    void qAll(double[] v, int[] rank, int off, int n, double[] d, int dOff, double[] q) {
        ensure(n);
        // prefix[τ] = W(0, τ) with a Fenwick tree; cross[τ] = Σ_{i<τ} dist = 2 W(0, τ) + Σ|X-Y|
        clearTree(n);
        double total = 0;
        double distBefore = 0;
        prefix[0] = 0;
        cross[0] = 0;
        for (int t = 0; t < n; t++) {
            double x = v[off + t];
            int r = rank[off + t];
            int c = 0;
            double sBelow = 0;
            for (int i = r; i > 0; i -= i & -i) {
                c += count[i];
                sBelow += sum[i];
            }
            prefix[t + 1] = prefix[t] + x * c - sBelow + (total - sBelow) - x * (t - c);
            for (int i = r + 1; i <= n; i += i & -i) {
                count[i]++;
                sum[i] += x;
            }
            total += x;
            distBefore += d[dOff + r];
            cross[t + 1] = distBefore;
        }
        double all = prefix[n];
        double[] inv = reciprocals(n);
        double twoOverN = 2.0 * inv[n];
        for (int t = 1; t < n; t++) {
            int m = n - t;
            double sxx = prefix[t];
            double sxy = cross[t] - 2 * sxx;
            double syy = all - sxx - sxy;
            q[t] = twoOverN * (sxy - m * inv[t - 1] * sxx - t * inv[m - 1] * syy);
        }
    }
    /**
     * The maximum of Q over every split {@code τ} and every end {@code κ} of {@code v[off, off+n)}
     * (the segment {@code v[off, off+κ)} split at {@code τ}), each side at least {@code minSide}
     * values: Matteson and James' statistic, O(n²) from a table of within sums (one per
     * {@code (i, j)} pair of bounds); {@code -∞} when no split has sides that long.
     */
    double maxOverSplitsAndEnds(double[] v, int off, int n, int minSide) {
        int stride = n + 1;
        if (table.length < stride * stride) {
            table = new double[stride * stride];
        }
        double[] w = table;
        // w[i * stride + j] = W(i, j) for i < j
        for (int j = 1; j <= n; j++) {
            double vj = v[off + j - 1];
            double c = 0;
            w[(j - 1) * stride + j] = 0;
            for (int i = j - 2; i >= 0; i--) {
                c += Math.abs(v[off + i] - vj);
                w[i * stride + j] = w[i * stride + j - 1] + c;
            }
        }
        double[] inv = reciprocals(n);
        double best = Double.NEGATIVE_INFINITY;
        // q(...) unrolled with products of reciprocals instead of divisions (inv[0] = 0 drops the
        // within term of a one-value side, as q does); τ outer so its within term is computed once
        for (int t = minSide; t <= n - minSide; t++) {
            double sxx = w[t];
            double xTerm = sxx * inv[t - 1];
            int row = t * stride;
            for (int kappa = t + minSide; kappa <= n; kappa++) {
                int m = kappa - t;
                double syy = w[row + kappa];
                double qt = 2.0 * inv[kappa] * (w[kappa] - sxx - syy - m * xTerm - t * inv[m - 1] * syy);
                if (qt > best) {
                    best = qt;
                }
            }
        }
        return best;
    }

    /** {@code inv[k] = 1/k} for {@code 1 <= k <= n}, {@code inv[0] = 0} (reused table). */
    private double[] reciprocals(int n) {
        if (recip.length < n + 1) {
            recip = new double[n + 1];
            for (int k = 1; k <= n; k++) {
                recip[k] = 1.0 / k;
            }
        }
        return recip;
    }

    /** Q of split {@code t} of a segment of {@code n} values from its three pair sums. */
    static double q(double all, double sxx, double syy, int t, int n, double invN) {
        int m = n - t;
        double sxy = all - sxx - syy;
        double v = 2.0 * invN * sxy;
        if (t > 1) {
            v -= 2.0 * m * invN / (t - 1) * sxx;
        }
        if (m > 1) {
            v -= 2.0 * t * invN / (m - 1) * syy;
        }
        return v;
    }

    private void ensure(int n) {
        if (prefix.length < n + 1) {
            int cap = Math.max(n + 1, 2 * prefix.length);
            count = new int[cap + 1];
            sum = new double[cap + 1];
            prefix = new double[cap + 1];
            sorted = new double[cap + 1];
            cross = new double[cap + 1];
            dist = new double[cap + 1];
        }
    }

    private void clearTree(int n) {
        java.util.Arrays.fill(count, 0, n + 1, 0);
        java.util.Arrays.fill(sum, 0, n + 1, 0.0);
    }
}
