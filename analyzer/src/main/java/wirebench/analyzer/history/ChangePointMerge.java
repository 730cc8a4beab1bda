package wirebench.analyzer.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import wirebench.analyzer.stats.Median;

/**
 * The second phase of {@link EDivisive}: each weak change point is tested again on its
 * neighbourhood (the values between its neighbours, at most a window on each side): its Q at the
 * fixed split against the permutation distribution of the maximum Q over all splits and ends of
 * the shuffled neighbourhood, which accounts for the split having been chosen (a conservative
 * test). The weakest point (highest p-value above the threshold, else the smallest magnitude below
 * the minimum) is removed and its neighbours are tested again, until every point passes. Not
 * thread-safe (reused buffers): one instance per thread.
 */
final class ChangePointMerge {
    private final EDivisive.Params params;
    private final EnergyStatistic energy = new EnergyStatistic();
    private final SegmentRanks ranks = new SegmentRanks();
    private double[] qBuf = new double[0];

    ChangePointMerge(EDivisive.Params params) {
        this.params = params;
    }

    /** The change points of {@code x} left of {@code weak} (index order), with p-values and medians. */
    List<EDivisive.Change> merge(double[] x, List<Integer> weak, SplittableRandom rng) {
        List<Integer> cps = new ArrayList<>(weak);
        List<Double> p = new ArrayList<>();
        // the neighbourhood each p-value was computed on: a test depends on nothing but the point and
        // its neighbourhood, so a neighbour is tested again only when a removal widened it
        List<int[]> tested = new ArrayList<>();
        for (int i = 0; i < cps.size(); i++) {
            int[] hood = neighbourhood(x.length, cps, i);
            tested.add(hood);
            p.add(test(x, cps.get(i), hood, rng));
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
            tested.remove(weakest);
            for (int i = weakest - 1; i <= weakest; i++) {
                if (i >= 0 && i < cps.size()) {
                    int[] hood = neighbourhood(x.length, cps, i);
                    if (!Arrays.equals(hood, tested.get(i))) {
                        tested.set(i, hood);
                        p.set(i, test(x, cps.get(i), hood, rng));
                    }
                }
            }
        }
        List<EDivisive.Change> out = new ArrayList<>();
        for (int i = 0; i < cps.size(); i++) {
            out.add(change(x, cps, i, p.get(i)));
        }
        return out;
    }

    /**
     * {lo, hi}: the neighbourhood of change point {@code i} of {@code cps}, the values between its
     * neighbours, at most a window on each side.
     */
    private int[] neighbourhood(int n, List<Integer> cps, int i) {
        int cp = cps.get(i);
        int prev = i == 0 ? 0 : cps.get(i - 1);
        int next = i + 1 < cps.size() ? cps.get(i + 1) : n;
        return new int[] {Math.max(prev, cp - params.window()), Math.min(next, cp + params.window())};
    }

    /** Change point {@code i} of {@code cps} with the medians of its neighbouring segments. */
    private static EDivisive.Change change(double[] x, List<Integer> cps, int i, double pValue) {
        int cp = cps.get(i);
        int prev = i == 0 ? 0 : cps.get(i - 1);
        int next = i + 1 < cps.size() ? cps.get(i + 1) : x.length;
        return new EDivisive.Change(cp, pValue, Median.of(x, prev, cp), Median.of(x, cp, next));
    }

    /** The merge test's p-value of change point {@code cp} on its neighbourhood {@code x[hood[0], hood[1])}. */
    private double test(double[] x, int cp, int[] hood, SplittableRandom rng) {
        int lo = hood[0];
        int hi = hood[1];
        int len = hi - lo;
        int tau = cp - lo;
        int min = Math.max(1, params.minSegment());
        if (tau < min || len - tau < min) {
            return 1.0; // a side shorter than the minimum segment: not a change point
        }
        if (qBuf.length < len + 1) {
            qBuf = new double[len + 1];
        }
        double[] v = SegmentRanks.centred(x, lo, hi);
        int[] r = new int[len];
        ranks.rank(v, 0, len, r);
        energy.qAll(v, r, 0, len, qBuf);
        double observed = qBuf[tau];
        int perms = Permutations.permutationsFor(params.permutations(), params.pValue());
        int limit = Permutations.exceedancesAllowed(params.pValue(), perms);
        int exceed = 0;
        int done = 0;
        boolean stopped = false;
        for (int k = 0; k < perms; k++) {
            Permutations.shuffle(v, r, 0, len, rng);
            done++;
            if (energy.maxOverSplitsAndEnds(v, 0, len, min) >= observed) {
                exceed++;
                if (exceed > limit) {
                    stopped = true;
                    break;
                }
            }
        }
        return stopped ? Math.min(1.0, (double) exceed / done) : (exceed + 1.0) / (perms + 1.0);
    }
}
