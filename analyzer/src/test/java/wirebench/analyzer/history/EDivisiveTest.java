package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Change points of synthetic series with known changes: steps are found at the right run (within
 * one), the direction and size of the change are right, pure noise gives (almost) nothing, and
 * the same seed gives the same answer.
 */
class EDivisiveTest {
    private static final EDivisive.Params P01 = new EDivisive.Params(50, 0.01, 0.0, 199, 1);

    /** {@code n} values around {@code level(i)} with Gaussian noise of {@code noise} (relative). */
    private static double[] series(int n, long seed, double noise, java.util.function.IntToDoubleFunction level) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = level.applyAsDouble(i) * (1 + noise * r.nextGaussian());
        }
        return x;
    }

    @Test
    void shouldFindATwentyPercentStepAtRunThirtyOfSixtyUnderFivePercentNoise() {
        for (long seed = 1; seed <= 10; seed++) {
            double[] x = series(60, seed, 0.05, i -> i < 30 ? 100 : 120);
            List<EDivisive.Change> cps = new EDivisive(EDivisive.Params.defaults()).detect(x, 7);
            assertThat(cps).as("seed " + seed).hasSize(1);
            EDivisive.Change c = cps.get(0);
            assertThat(c.index()).as("seed " + seed).isBetween(29, 31);
            assertThat(c.pValue()).isLessThanOrEqualTo(0.001);
            assertThat(c.deltaPct()).isBetween(12.0, 28.0);
            assertThat(c.medianBefore()).isBetween(95.0, 105.0);
        }
    }

    @Test
    void shouldPlaceTheChangeWhereScipysLargestQIs() {
        double[] v = {0.3, -1.2, 0.8, 0.1, -0.4, 5.2, 4.7, 6.1, 5.5, 4.9, 5.8};
        // SciPy 1.10.1 / numpy 1.24.2: argmax over t of Q(t) (cdist/pdist cityblock, EnergyStatisticTest) is
        // t=5: the first value after the change is index 5; medians numpy: median(v[:5]) = 0.1, median(v[5:]) = 5.35
        List<EDivisive.Change> cps = new EDivisive(new EDivisive.Params(50, 0.05, 0.0, 199, 1)).detect(v, 7);

        assertThat(cps).hasSize(1);
        assertThat(cps.get(0).index()).isEqualTo(5);
        assertThat(cps.get(0).medianBefore()).isEqualTo(0.1);
        assertThat(cps.get(0).medianAfter()).isCloseTo(5.35, org.assertj.core.api.Assertions.within(1e-12));
    }

    @Test
    void shouldFindTwoStepsEachAtItsRun() {
        for (long seed = 1; seed <= 10; seed++) {
            double[] x = series(90, seed, 0.05, i -> i < 30 ? 100 : i < 60 ? 120 : 95);
            List<EDivisive.Change> cps = new EDivisive(EDivisive.Params.defaults()).detect(x, 7);
            assertThat(cps).as("seed " + seed).hasSize(2);
            assertThat(cps.get(0).index()).as("seed " + seed).isBetween(29, 31);
            assertThat(cps.get(1).index()).as("seed " + seed).isBetween(59, 61);
            assertThat(cps.get(0).deltaPct()).isPositive();
            assertThat(cps.get(1).deltaPct()).isNegative();
        }
    }

    @Test
    void shouldFindASlowRampAsARiseInsideTheRamp() {
        // flat at 100 for 40 runs, then +1% per run for 40 runs, then flat at 140 for 40 runs
        for (long seed = 1; seed <= 5; seed++) {
            double[] x = series(120, seed, 0.02, i -> i < 40 ? 100 : i < 80 ? 100 + (i - 40) : 140);
            List<EDivisive.Change> cps = new EDivisive(EDivisive.Params.defaults()).detect(x, 7);
            System.out.println("ramp seed " + seed + ": " + cps);
            assertThat(cps).as("seed " + seed).isNotEmpty();
            assertThat(cps).allSatisfy(c -> assertThat(c.index()).isBetween(40, 81));
            assertThat(cps).allSatisfy(c -> assertThat(c.deltaPct()).isPositive());
        }
    }

    @Test
    void shouldFindAtMostOneFalseChangeInTwoHundredRunsOfPureNoiseAtOnePercent() {
        int total = 0;
        for (long seed = 1; seed <= 20; seed++) {
            double[] x = series(200, 1000 + seed, 0.05, i -> 100);
            List<EDivisive.Change> cps = new EDivisive(P01).detect(x, 7);
            assertThat(cps).as("seed " + seed).hasSizeLessThanOrEqualTo(1);
            total += cps.size();
        }
        // at most one false change per series, and rarely even that
        assertThat(total).isLessThanOrEqualTo(3);
    }

    @Test
    void shouldGiveTheSameChangePointsForTheSameSeed() {
        double[] x = series(150, 3, 0.08, i -> i < 70 ? 100 : 108);
        List<EDivisive.Change> a = new EDivisive(P01).detect(x, 42);
        List<EDivisive.Change> b = new EDivisive(P01).detect(x, 42);
        assertThat(a).isEqualTo(b);
    }

    @Test
    void shouldNotReportAChangeSmallerThanTheMinimumMagnitude() {
        double[] x = series(60, 5, 0.01, i -> i < 30 ? 100 : 104);
        assertThat(new EDivisive(EDivisive.Params.defaults()).detect(x, 1)).hasSize(1);
        assertThat(new EDivisive(new EDivisive.Params(50, 0.001, 0.05, 199, 1)).detect(x, 1)).isEmpty();
    }
}
