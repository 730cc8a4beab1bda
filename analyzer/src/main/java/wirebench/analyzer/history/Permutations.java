package wirebench.analyzer.history;

import java.util.SplittableRandom;

/**
 * The permutation tests' bookkeeping shared by the two phases of {@link EDivisive}: how many
 * permutations a threshold needs, when early stopping (Besag and Clifford) may settle a test, and
 * the shuffle of values with their ranks.
 */
final class Permutations {
    private Permutations() {
    }

    /**
     * At least the permutations asked for, and at least enough that the smallest p-value,
     * {@code 1 / (permutations + 1)}, reaches {@code alpha}: 1/α - 1 (99 at 0.01, 999 at 0.001).
     */
    static int permutationsFor(int asked, double alpha) {
        return Math.max(asked, (int) Math.ceil(1 / alpha - 1e-9) - 1);
    }

    /**
     * The most permuted statistics at or above the observed one that still give
     * {@code (exceedances + 1) / (permutations + 1) <= alpha}; one more settles the test as not
     * significant (0 at the minimum permutations: the first exceedance ends the test).
     */
    static int exceedancesAllowed(double alpha, int perms) {
        return (int) Math.floor(alpha * (perms + 1) + 1e-9) - 1;
    }

    /** Shuffles {@code v[from, to)} and its ranks {@code r[from, to)} together (Fisher-Yates). */
    static void shuffle(double[] v, int[] r, int from, int to, SplittableRandom rng) {
        for (int i = to - 1; i > from; i--) {
            int j = from + rng.nextInt(i - from + 1);
            double t = v[i];
            v[i] = v[j];
            v[j] = t;
            int u = r[i];
            r[i] = r[j];
            r[j] = u;
        }
    }
}
