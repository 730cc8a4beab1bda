package wirebench.analyzer.history;

import java.util.ArrayList;
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
 * neighbourhood, which accounts for the split having been chosen (a conservative test). The
 * weakest point (highest p-value above {@code pValue}, else the smallest magnitude below
 * {@code minMagnitude}) is removed and its neighbours are tested again, until every point passes
 * ({@link ChangePointMerge}).</li>
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
     * @param minSegment   values at least on each side of a change point (1: any split)
     */
    public record Params(int window, double pValue, double minMagnitude, int permutations, long seed,
            int minSegment) {
        /** The default minimum segment: see docs/history.md (false changes in long noise). */
        public static final int DEFAULT_MIN_SEGMENT = 3;

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
            if (minSegment < 1 || 2 * minSegment > window) {
                throw new IllegalArgumentException("minimum segment must be in [1, window/2], got " + minSegment);
            }
        }

        /** Parameters with the default minimum segment. */
        public Params(int window, double pValue, double minMagnitude, int permutations, long seed) {
            this(window, pValue, minMagnitude, permutations, seed, DEFAULT_MIN_SEGMENT);
        }

        /**
         * Otava's defaults (window 50, p 0.001, no minimum magnitude); 99 permutations (raised to
         * 1/p - 1 per test), seed 1, minimum segment {@value #DEFAULT_MIN_SEGMENT}.
         */
        public static Params defaults() {
            return new Params(50, 0.001, 0.0, 99, 1);
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
    /** The second phase, with its own buffers. */
    private final ChangePointMerge merge;
    /** The statistic's buffers (this class is not thread-safe: one instance per thread). */
    private final EnergyStatistic energy = new EnergyStatistic();
    /** Q of every split of the segment last evaluated. */
    private double[] qBuf = new double[0];
    private final SegmentRanks ranks = new SegmentRanks();
    /** The distances of each segment of the window (EnergyStatistic.distances), at the segment's offset. */
    private double[] distBuf = new double[0];
    /** Q of the split last returned by bestOverSegments. */
    private double bestQ;

    public EDivisive(Params params) {
        this.params = params;
        this.merge = new ChangePointMerge(params);
    }

    /** The change points of {@code x} in index order; {@code seriesSeed} is mixed into the seed. */
    public List<Change> detect(double[] x, long seriesSeed) {
        SplittableRandom rng = new SplittableRandom(params.seed() * 0x9E3779B97F4A7C15L ^ seriesSeed);
        List<Integer> weak = split(x, rng);
        return merge.merge(x, weak, rng);
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
            if (end - start >= 2 * minSegment()) {
                for (int cp : windowChanges(x, start, end, alpha, perms, rng)) {
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

    /** Values on each side of a split (at least 2: a one-value side has no within term). */
    private int minSegment() {
        return Math.max(1, params.minSegment());
    }

    /**
     * E-divisive within the window {@code x[from, to)}: relative indices of its significant change
     * points.
     */
    private List<Integer> windowChanges(double[] x, int from, int to, double alpha, int perms,
            SplittableRandom rng) {
        int len = to - from;
        ensure(len);
        double[] y = SegmentRanks.centred(x, from, to);
        List<Integer> cps = new ArrayList<>();
        int[] yr = new int[len];
        double[] zv = new double[len];
        int[] zr = new int[len];
        while (true) {
            int[] bounds = bounds(cps, len);
            for (int b = 0; b + 1 < bounds.length; b++) {
                ranks.rank(y, bounds[b], bounds[b + 1], yr);
                // a segment's distances do not change when it is shuffled: once for every permutation
                energy.distances(y, yr, bounds[b], bounds[b + 1] - bounds[b], distBuf, bounds[b]);
            }
            int best = bestOverSegments(y, yr, bounds);
            if (best < 0) {
                return cps;
            }
            double observed = bestQ;
            System.arraycopy(y, 0, zv, 0, len);
            System.arraycopy(yr, 0, zr, 0, len);
            int exceed = 0;
            int limit = Permutations.exceedancesAllowed(alpha, perms);
            boolean significant = true;
            for (int k = 0; k < perms; k++) {
                for (int b = 0; b + 1 < bounds.length; b++) {
                    Permutations.shuffle(zv, zr, bounds[b], bounds[b + 1], rng);
                }
                if (bestOverSegments(zv, zr, bounds) >= 0 && bestQ >= observed) {
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
            cps.add(best);
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

    /**
     * The index of the best split over all segments (each side at least the minimum segment), its
     * Q in {@link #bestQ}; -1 when no segment can be split.
     */
    private int bestOverSegments(double[] v, int[] r, int[] bounds) {
        int best = -1;
        for (int b = 0; b + 1 < bounds.length; b++) {
            int a = bounds[b];
            int tau = bestSplit(v, r, a, bounds[b + 1] - a);
            if (tau > 0 && (best < 0 || qBuf[tau] > bestQ)) {
                best = a + tau;
                bestQ = qBuf[tau];
            }
        }
        return best;
    }

    /**
     * The split {@code τ} (relative, each side at least the minimum segment) of {@code v[a, a+len)}
     * maximising Q with the segment's end as {@code κ}; its Q is {@code qBuf[τ]}. 0 when the
     * segment is too short to split. The segment's distances are in {@link #distBuf} (at {@code a}).
     */
    private int bestSplit(double[] v, int[] r, int a, int len) {
        int min = minSegment();
        if (len < 2 * min) {
            return 0;
        }
        energy.qAll(v, r, a, len, distBuf, a, qBuf);
        int best = min;
        for (int t = min + 1; t <= len - min; t++) {
            if (qBuf[t] > qBuf[best]) {
                best = t;
            }
        }
        return best;
    }

    /** Grows the reused buffers to segments of {@code len} values. */
    private void ensure(int len) {
        if (qBuf.length < len + 1) {
            qBuf = new double[len + 1];
            distBuf = new double[len];
        }
    }

    /** The permutations a test at {@code alpha} runs ({@link Permutations#permutationsFor}). */
    int permutationsFor(double alpha) {
        return Permutations.permutationsFor(params.permutations(), alpha);
    }
}
