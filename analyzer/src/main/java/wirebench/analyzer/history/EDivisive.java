package wirebench.analyzer.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Change points of one series with E-divisive means (Matteson and James, "A Nonparametric
 * Approach for Multiple Change Point Analysis of Multivariate Data", 2014) in the windowed form of
 * Apache Otava (Fleming et al., "Hunter: Using Change Point Detection to Hunt for Performance
 * Regressions", ICPE 2023), our own implementation.
 *
 * <ol>
 * <li><b>Split.</b> Windows of {@code window} values slide over the series by half a window
 * (restarting at the newest change found). In each window, E-divisive bisects: the candidate is
 * the split {@code τ} (and end {@code κ}) maximising the energy statistic
 * {@code Q = 2/(n+m) Σ|X-Y| - 2m/((n+m)(n-1)) Σ|X-X'| - 2n/((n+m)(m-1)) Σ|Y-Y'|} over every
 * segment between the changes found so far; it is kept when a permutation test (values shuffled
 * within each segment, the maximum recomputed) gives a p-value at most the first-pass threshold
 * (10 times {@code pValue} below 0.05, as Otava). These are the weak change points.</li>
 * <li><b>Merge.</b> Each weak change point is tested again on its neighbourhood (the values
 * between its neighbours, at most {@code window} on each side): its Q at the fixed split against
 * the permutation distribution of the maximum Q over all splits and ends of the shuffled
 * neighbourhood, which accounts for the split having been chosen (a conservative test). The weakest point (highest p-value above
 * {@code pValue}, else the smallest magnitude below {@code minMagnitude}) is removed and its
 * neighbours are tested again, until every point passes.</li>
 * </ol>
 *
 * <p>Permutation tests stop early (Besag and Clifford) once enough shuffled statistics reach the
 * observed one to rule out significance; the p-value of a finished test is
 * {@code (exceedances + 1) / (permutations + 1)}. Random numbers come from a seeded generator:
 * the same series and seed give the same change points.
 */
public final class EDivisive {

    /**
     * Parameters (Otava's names in brackets).
     *
     * @param window       values per sliding window, at least 4 [window]
     * @param pValue       significance threshold of a change point [max_pvalue]
     * @param minMagnitude minimum relative change, e.g. 0.05 for 5% [min_magnitude]
     * @param permutations permutations per test (raised when too few to reach {@code pValue})
     * @param seed         seed of the permutations' random numbers
     */
    public record Params(int window, double pValue, double minMagnitude, int permutations, long seed) {
        public Params {
            if (window < 4) {
                throw new IllegalArgumentException("window must be at least 4, got " + window);
            }
            if (!(pValue > 0 && pValue < 1)) {
                throw new IllegalArgumentException("p-value threshold must be in (0, 1), got " + pValue);
            }
            if (minMagnitude < 0) {
                throw new IllegalArgumentException("minimum magnitude must be >= 0, got " + minMagnitude);
            }
            if (permutations < 1) {
                throw new IllegalArgumentException("permutations must be >= 1, got " + permutations);
            }
        }

        /** Otava's defaults: window 50, p 0.001, no minimum magnitude; 199 permutations, seed 1. */
        public static Params defaults() {
            return new Params(50, 0.001, 0.0, 199, 1);
        }
    }

    /**
     * A change point.
     *
     * @param index        the first value after the change (0-based)
     * @param pValue       permutation p-value of the merge test
     * @param medianBefore median of the values from the previous change point to this one
     * @param medianAfter  median of the values from this one to the next change point
     */
    public record Change(int index, double pValue, double medianBefore, double medianAfter) {
        /** {@code (after / before - 1) * 100}, or NaN when the median before is 0. */
        public double deltaPct() {
            return medianBefore == 0 ? Double.NaN : (medianAfter / medianBefore - 1) * 100;
        }

        /** The larger of the forward and backward relative change (Otava's magnitude). */
        double magnitude() {
            double f = medianBefore == 0 ? 0 : Math.abs(medianAfter / medianBefore - 1);
            double b = medianAfter == 0 ? 0 : Math.abs(medianBefore / medianAfter - 1);
            return Math.max(f, b);
        }
    }

    private final Params params;
    /** Reused within-sums table (this class is not thread-safe: one instance per thread). */
    private double[] scratch = new double[0];
    /** Reused table of reciprocals. */
    private double[] recip = new double[0];

    public EDivisive(Params params) {
        this.params = params;
    }

    /** The change points of {@code x} in index order; {@code seriesSeed} is mixed into the seed. */
    public List<Change> detect(double[] x, long seriesSeed) {
        SplittableRandom rng = new SplittableRandom(params.seed() * 0x9E3779B97F4A7C15L ^ seriesSeed);
        List<Integer> weak = split(x, rng);
        return merge(x, weak, rng);
    }

    /** The first-pass threshold, as Otava: 10x below 0.05, 2x below 0.5. */
    double firstPassP() {
        double p = params.pValue();
        return p < 0.05 ? p * 10 : p < 0.5 ? p * 2 : p;
    }

    List<Integer> split(double[] x, SplittableRandom rng) {
        int n = x.length;
        int w = params.window();
        int step = Math.max(1, w / 2);
        double alpha = firstPassP();
        int perms = permutationsFor(alpha);
        TreeSet<Integer> weak = new TreeSet<>();
        int start = 0;
        while (start < n) {
            int end = Math.min(start + w, n);
            int last = 0;
            if (end - start >= 4) {
                double[] y = Arrays.copyOfRange(x, start, end);
                for (int cp : windowChanges(y, alpha, perms, rng)) {
                    weak.add(cp + start);
                    last = Math.max(last, cp + start);
                }
            }
            if (end == n) {
                break;
            }
            start = Math.max(last, start + step);
        }
        return new ArrayList<>(weak);
    }

    /** E-divisive within one window: relative indices of its significant change points. */
    private List<Integer> windowChanges(double[] y, double alpha, int perms, SplittableRandom rng) {
        List<Integer> cps = new ArrayList<>();
        double[] z = new double[y.length];
        while (true) {
            int[] bounds = bounds(cps, y.length);
            double[] best = bestOverSegments(y, bounds);
            if (best == null) {
                return cps;
            }
            double observed = best[1];
            int exceed = 0;
            int limit = (int) Math.floor(alpha * (perms + 1)) - 1;
            boolean significant = true;
            for (int k = 0; k < perms; k++) {
                System.arraycopy(y, 0, z, 0, y.length);
                for (int b = 0; b + 1 < bounds.length; b++) {
                    shuffle(z, bounds[b], bounds[b + 1], rng);
                }
                double[] pb = bestOverSegments(z, bounds);
                if (pb != null && pb[1] >= observed) {
                    exceed++;
                    if (exceed > limit) {
                        significant = false;
                        break;
                    }
                }
            }
            if (!significant) {
                return cps;
            }
            cps.add((int) best[0]);
            cps.sort(null);
        }
    }

    private static int[] bounds(List<Integer> cps, int n) {
        int[] b = new int[cps.size() + 2];
        b[0] = 0;
        for (int i = 0; i < cps.size(); i++) {
            b[i + 1] = cps.get(i);
        }
        b[b.length - 1] = n;
        return b;
    }

    /** {index, Q} of the best split over all segments, or null when no segment can be split. */
    private double[] bestOverSegments(double[] z, int[] bounds) {
        double[] best = null;
        for (int b = 0; b + 1 < bounds.length; b++) {
            double[] s = bestSplit(z, bounds[b], bounds[b + 1]);
            if (s != null && (best == null || s[1] > best[1])) {
                best = s;
            }
        }
        return best;
    }

    /**
     * The split of {@code z[a, b)} maximising Q over {@code τ} and the end {@code κ}: {absolute index of τ, Q}; null when the segment has fewer than 2 values.
     */
    double[] bestSplit(double[] z, int a, int b) {
        int len = b - a;
        if (len < 2) {
            return null;
        }
        double[] w = within(z, a, len);
        double[] inv = reciprocals(len);
        int stride = len + 1;
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int tau = 1; tau < len; tau++) {
            double sxx = w[tau];
            double xTerm = sxx * inv[tau - 1];
            int row = tau * stride;
            for (int kappa = tau + 1; kappa <= len; kappa++) {
                // q(...) with the divisions replaced by products of reciprocals (inv[0] = 0 drops the
                // within term of a one-value side, as q does)
                int m = kappa - tau;
                double syy = w[row + kappa];
                double q = 2.0 * inv[kappa] * (w[kappa] - sxx - syy - m * xTerm - tau * inv[m - 1] * syy);
                if (q > bestQ) {
                    bestQ = q;
                    bestTau = tau;
                }
            }
        }
        return new double[] {a + bestTau, bestQ};
    }

    /** Q of the split {@code τ} with end {@code κ}, from the within-sums table. */
    private static double q(double wAll, double syy, int tau, int kappa, double sxx) {
        int n = tau;
        int m = kappa - tau;
        double sxy = wAll - sxx - syy;
        double total = kappa;
        double v = 2.0 / total * sxy;
        if (n > 1) {
            v -= 2.0 * m / (total * (n - 1)) * sxx;
        }
        if (m > 1) {
            v -= 2.0 * n / (total * (m - 1)) * syy;
        }
        return v;
    }

    /** {@code inv[k] = 1/k} for 1 <= k <= len, {@code inv[0] = 0} (reused table). */
    private double[] reciprocals(int len) {
        if (recip.length < len + 1) {
            recip = new double[len + 1];
            for (int k = 1; k <= len; k++) {
                recip[k] = 1.0 / k;
            }
        }
        return recip;
    }

    /**
     * {@code w[i * (len + 1) + j]}: the sum of |z_k - z_l| over a+i <= k < l < a+j, for i < j
     * (the scratch table, valid until the next call).
     */
    private double[] within(double[] z, int a, int len) {
        int stride = len + 1;
        if (scratch.length < stride * stride) {
            scratch = new double[stride * stride];
        }
        double[] w = scratch;
        for (int j = 1; j <= len; j++) {
            double zj = z[a + j - 1];
            double c = 0;
            w[(j - 1) * stride + j] = 0;
            for (int i = j - 2; i >= 0; i--) {
                c += Math.abs(z[a + i] - zj);
                w[i * stride + j] = w[i * stride + j - 1] + c;
            }
        }
        return w;
    }

    List<Change> merge(double[] x, List<Integer> weak, SplittableRandom rng) {
        List<Integer> cps = new ArrayList<>(weak);
        List<Double> p = new ArrayList<>();
        for (int i = 0; i < cps.size(); i++) {
            p.add(test(x, cps, i, rng));
        }
        while (!cps.isEmpty()) {
            int weakest = 0;
            for (int i = 1; i < p.size(); i++) {
                if (p.get(i) > p.get(weakest)) {
                    weakest = i;
                }
            }
            if (p.get(weakest) <= params.pValue()) {
                if (params.minMagnitude() <= 0) {
                    break;
                }
                // medians only when a magnitude is needed: sorting long segments is the costly part
                weakest = 0;
                double smallest = Double.POSITIVE_INFINITY;
                for (int i = 0; i < cps.size(); i++) {
                    double m = change(x, cps, i, p.get(i)).magnitude();
                    if (m < smallest) {
                        smallest = m;
                        weakest = i;
                    }
                }
                if (smallest >= params.minMagnitude()) {
                    break;
                }
            }
            cps.remove(weakest);
            p.remove(weakest);
            if (weakest - 1 >= 0) {
                p.set(weakest - 1, test(x, cps, weakest - 1, rng));
            }
            if (weakest < cps.size()) {
                p.set(weakest, test(x, cps, weakest, rng));
            }
        }
        List<Change> out = new ArrayList<>();
        for (int i = 0; i < cps.size(); i++) {
            out.add(change(x, cps, i, p.get(i)));
        }
        return out;
    }

    /** Change point {@code i} of {@code cps} with the medians of its neighbouring segments. */
    private static Change change(double[] x, List<Integer> cps, int i, double pValue) {
        int cp = cps.get(i);
        int prev = i == 0 ? 0 : cps.get(i - 1);
        int next = i + 1 < cps.size() ? cps.get(i + 1) : x.length;
        return new Change(cp, pValue, median(x, prev, cp), median(x, cp, next));
    }

    /** The merge test's p-value of change point {@code i} of {@code cps} against its neighbours. */
    private double test(double[] x, List<Integer> cps, int i, SplittableRandom rng) {
        int cp = cps.get(i);
        int prev = i == 0 ? 0 : cps.get(i - 1);
        int next = i + 1 < cps.size() ? cps.get(i + 1) : x.length;
        int lo = Math.max(prev, cp - params.window());
        int hi = Math.min(next, cp + params.window());
        double[] y = Arrays.copyOfRange(x, lo, hi);
        int tau = cp - lo;
        double p = 1.0;
        if (tau >= 1 && tau < y.length) {
            double[] w = within(y, 0, y.length);
            int stride = y.length + 1;
            double observed = q(w[y.length], w[tau * stride + y.length], tau, y.length, w[tau]);
            int perms = permutationsFor(params.pValue());
            int limit = (int) Math.floor(params.pValue() * (perms + 1)) - 1;
            double[] z = new double[y.length];
            int exceed = 0;
            int done = 0;
            boolean stopped = false;
            for (int k = 0; k < perms; k++) {
                System.arraycopy(y, 0, z, 0, y.length);
                shuffle(z, 0, z.length, rng);
                done++;
                if (bestSplit(z, 0, z.length)[1] >= observed) {
                    exceed++;
                    if (exceed > limit) {
                        stopped = true;
                        break;
                    }
                }
            }
            p = stopped ? Math.min(1.0, (double) exceed / done) : (exceed + 1.0) / (perms + 1.0);
        }
        return p;
    }

    /** Enough permutations that a p-value of {@code alpha} can be reached with one exceedance. */
    int permutationsFor(double alpha) {
        return Math.max(params.permutations(), (int) Math.ceil(2 / alpha) - 1);
    }

    private static void shuffle(double[] z, int from, int to, SplittableRandom rng) {
        for (int i = to - 1; i > from; i--) {
            int j = from + rng.nextInt(i - from + 1);
            double t = z[i];
            z[i] = z[j];
            z[j] = t;
        }
    }

    /** The median of {@code x[from, to)} (mean of the middle two for an even count). */
    static double median(double[] x, int from, int to) {
        double[] c = Arrays.copyOfRange(x, from, to);
        Arrays.sort(c);
        int n = c.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    }
}
