package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The O(n log n) energy statistic equals the O(n²) sum over every pair, for every split, on random
 * inputs of many sizes, with ties, and after the values and ranks were shuffled together.
 */
class EnergyStatisticTest {

    /** Distinct ranks of {@code v[0, n)} (ties in index order). */
    private static int[] ranks(double[] v) {
        Integer[] idx = new Integer[v.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Double.compare(v[a], v[b]));
        int[] r = new int[v.length];
        for (int k = 0; k < idx.length; k++) {
            r[idx[k]] = k;
        }
        return r;
    }

    private static void assertSameAsNaive(double[] v, EnergyStatistic e) {
        int n = v.length;
        double[] q = new double[n + 1];
        e.qAll(v, ranks(v), 0, n, q);
        for (int t = 1; t < n; t++) {
            double naive = EnergyOracle.q(v, 0, n, t);
            assertThat(q[t]).as("n=%d tau=%d", n, t).isCloseTo(naive, within(1e-9 * (1 + Math.abs(naive))));
        }
    }

    @Test
    void shouldGiveScipysQForEverySplitOfAFixedSeries() {
        double[] v = {0.3, -1.2, 0.8, 0.1, -0.4, 5.2, 4.7, 6.1, 5.5, 4.9, 5.8};
        // SciPy 1.10.1 / numpy 1.24.2: Q(t) = 2/n cdist(x, y).sum() - 2m/(n(t-1)) pdist(x).sum()
        // - 2t/(n(m-1)) pdist(y).sum() with the cityblock metric, t = 1..10
        double[] expected = {3.0343434343434326, 6.418181818181819, 9.677922077922076, 15.963636363636365,
            25.32727272727273, 16.85454545454546, 12.630303030303034, 7.340259740259739, 3.6454545454545464,
            2.8929292929292934};
        double[] q = new double[v.length + 1];

        new EnergyStatistic().qAll(v, ranks(v), 0, v.length, q);

        for (int t = 1; t < v.length; t++) {
            assertThat(q[t]).as("tau=%d", t).isCloseTo(expected[t - 1], within(1e-12));
        }
    }

    @Test
    void shouldEqualTheSumOverEveryPairForEverySplitOfRandomSeries() {
        Random rnd = new Random(11);
        EnergyStatistic e = new EnergyStatistic();
        for (int trial = 0; trial < 300; trial++) {
            int n = 2 + rnd.nextInt(120);
            double[] v = new double[n];
            boolean step = rnd.nextBoolean();
            for (int i = 0; i < n; i++) {
                v[i] = rnd.nextGaussian() * (1 + rnd.nextInt(5)) + (step && i > n / 3 ? 4 : 0);
            }
            assertSameAsNaive(v, e);
        }
    }

    @Test
    void shouldEqualTheSumOverEveryPairWhenValuesTie() {
        Random rnd = new Random(5);
        EnergyStatistic e = new EnergyStatistic();
        for (int trial = 0; trial < 100; trial++) {
            int n = 2 + rnd.nextInt(60);
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = rnd.nextInt(4) - 1.5; // many equal values
            }
            assertSameAsNaive(v, e);
        }
    }

    @Test
    void shouldUseTheSegmentOffsetAndRanksShuffledWithTheValues() {
        Random rnd = new Random(3);
        double[] v = new double[70];
        for (int i = 0; i < v.length; i++) {
            v[i] = rnd.nextGaussian();
        }
        int off = 10;
        int n = 50;
        double[] seg = Arrays.copyOfRange(v, off, off + n);
        int[] segRanks = ranks(seg);
        int[] r = new int[v.length];
        System.arraycopy(segRanks, 0, r, off, n);
        // shuffle values and ranks together, as a permutation test does
        Permutations.shuffle(v, r, off, off + n, new java.util.SplittableRandom(4));
        double[] q = new double[n + 1];
        new EnergyStatistic().qAll(v, r, off, n, q);
        for (int t = 1; t < n; t++) {
            assertThat(q[t]).isCloseTo(EnergyOracle.q(v, off, n, t), within(1e-9));
        }
    }

    @Test
    void shouldGiveTheSameBitsWithTheDistancesOfTheUnshuffledSegmentAsWhenComputedPerPermutation() {
        Random rnd = new Random(17);
        EnergyStatistic plain = new EnergyStatistic();
        EnergyStatistic reused = new EnergyStatistic();
        for (int trial = 0; trial < 200; trial++) {
            int off = rnd.nextInt(20);
            int n = 2 + rnd.nextInt(100);
            double[] v = new double[off + n + rnd.nextInt(20)];
            for (int i = 0; i < v.length; i++) {
                // some ties (rounded values) and a step in half of the trials
                double x = rnd.nextGaussian() * 3 + (trial % 2 == 0 && i > off + n / 2 ? 5 : 0);
                v[i] = trial % 3 == 0 ? Math.rint(x) : x;
            }
            int[] r = new int[v.length];
            System.arraycopy(ranks(Arrays.copyOfRange(v, off, off + n)), 0, r, off, n);
            int dOff = rnd.nextInt(5);
            double[] d = new double[dOff + n];
            reused.distances(v, r, off, n, d, dOff);
            java.util.SplittableRandom shuffles = new java.util.SplittableRandom(trial);
            for (int perm = 0; perm < 5; perm++) {
                double[] expected = new double[n + 1];
                double[] actual = new double[n + 1];
                plain.qAll(v, r, off, n, expected);
                reused.qAll(v, r, off, n, d, dOff, actual);
                for (int t = 1; t < n; t++) {
                    assertThat(Double.doubleToLongBits(actual[t])).as("n=%d tau=%d perm=%d", n, t, perm)
                            .isEqualTo(Double.doubleToLongBits(expected[t]));
                }
                Permutations.shuffle(v, r, off, off + n, shuffles);
            }
        }
    }

    @Test
    void shouldFindTheMaximumOverEverySplitAndEndAsTheNaiveSearchDoes() {
        Random rnd = new Random(8);
        EnergyStatistic e = new EnergyStatistic();
        for (int trial = 0; trial < 60; trial++) {
            int n = 4 + rnd.nextInt(60);
            int minSide = 1 + rnd.nextInt(Math.max(1, n / 4));
            int off = rnd.nextInt(5);
            double[] v = new double[off + n];
            for (int i = 0; i < v.length; i++) {
                v[i] = rnd.nextGaussian() + (i > n / 2 ? 2 : 0);
            }
            double naive = Double.NEGATIVE_INFINITY;
            for (int kappa = 2 * minSide; kappa <= n; kappa++) {
                for (int t = minSide; t <= kappa - minSide; t++) {
                    naive = Math.max(naive, EnergyOracle.q(v, off, kappa, t));
                }
            }
            assertThat(e.maxOverSplitsAndEnds(v, off, n, minSide)).as("n=%d min=%d", n, minSide)
                    .isCloseTo(naive, within(1e-9 * (1 + Math.abs(naive))));
        }
    }

    @Test
    void shouldPeakAtAStep() {
        double[] v = new double[40];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i < 25 ? 0 : 10) + (i % 3) * 0.1;
        }
        double[] q = new double[v.length + 1];
        new EnergyStatistic().qAll(v, ranks(v), 0, v.length, q);
        int best = 1;
        for (int t = 2; t < v.length; t++) {
            if (q[t] > q[best]) {
                best = t;
            }
        }
        assertThat(best).isEqualTo(25);
    }
}
