package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Seeded simulations of the single-run throughput method ({@link SliceBootstrap}) on rate series
 * shaped like the demo's: the throughput test of {@code ./wirebench demo} runs 2 s a size and the
 * runner cuts it into slices of 32 ms (62 of them; {@code --quick}: 1 s, 16 ms slices); each
 * slice's rate scatters around the run's rate with an AR(1) correlation between neighbouring
 * slices (phi 0.5: a slow spell spans several slices) and a dip to half the rate in 2% of the
 * slices (a pause). The verdict is "unchanged" when the p-value is at least 0.05. Measured when
 * written: halves of one run unchanged in 95 of 100 (98 at phi 0.3 or 0), a 10% drop found in 98.
 * Phi 0.5 is the pessimistic end of two demo runs on the development machine (lag-1 autocorrelation
 * of the slice rates -0.30 to 0.48 over four sizes).
 */
class SliceBootstrapSimulationTest {
    private static final double ALPHA = 0.05;
    private static final int DEMO_SLICES = 62;
    private static final double SLICE_US = 32_000;

    /** One steady run of {@code n} slice rates around {@code perS} (coefficient of variation {@code cv}). */
    static double[] rates(SplittableRandom rnd, int n, double phi, double cv, double perS) {
        double[] v = new double[n];
        double x = rnd.nextGaussian();
        for (int i = 0; i < n; i++) {
            x = phi * x + Math.sqrt(1 - phi * phi) * rnd.nextGaussian();
            v[i] = perS * Math.max(0, 1 + cv * x) * (rnd.nextDouble() < 0.02 ? 0.5 : 1);
        }
        return v;
    }

    static SliceBootstrap.Slices slices(double[] rates, int from, int to) {
        double[] w = new double[to - from];
        Arrays.fill(w, SLICE_US);
        return new SliceBootstrap.Slices(Arrays.copyOfRange(rates, from, to), w);
    }

    @Test
    void shouldSayUnchangedInAtLeast95Of100WhenHalvesOfOneSteadyRunAreCompared() {
        int unchanged = 0;
        int refused = 0;
        for (int seed = 1; seed <= 100; seed++) {
            double[] v = rates(new SplittableRandom(seed), DEMO_SLICES, 0.5, 0.05, 1e6);
            IntervalBootstrap.Outcome o = SliceBootstrap.compare(slices(v, 0, DEMO_SLICES / 2),
                    slices(v, DEMO_SLICES / 2, DEMO_SLICES), seed);
            if (o.pValue() == null) {
                refused++;
            } else if (o.pValue() >= ALPHA) {
                unchanged++;
            }
        }
        assertThat(unchanged).as("unchanged (%d not testable)", refused).isGreaterThanOrEqualTo(95);
    }

    /** How many of 100 simulations find a 10% drop between two runs of {@code n} slices. */
    static int power(int n, double cv) {
        int found = 0;
        for (int seed = 1; seed <= 100; seed++) {
            double[] a = rates(new SplittableRandom(seed), n, 0.5, cv, 1e6);
            double[] b = rates(new SplittableRandom(1000 + seed), n, 0.5, cv, 0.9e6);
            IntervalBootstrap.Outcome o = SliceBootstrap.compare(slices(a, 0, n), slices(b, 0, n), seed);
            if (o.pValue() != null && o.pValue() < ALPHA && o.candidate() < o.baseline()) {
                found++;
            }
        }
        return found;
    }

    @Test
    void shouldFindATenPercentDropWhenTwoDemoSizedRunsDiffer() {
        assertThat(power(DEMO_SLICES, 0.05)).isGreaterThanOrEqualTo(95);
    }

    @Test
    void shouldMergeSlicesWhenTheirRatesDriftTogether() {
        // a slow oscillation: neighbouring slices alike, far ones not (lag-1 correlation near 1)
        double[] v = new double[64];
        for (int i = 0; i < v.length; i++) {
            v[i] = 1e6 * (1 + 0.3 * Math.sin(i / 6.0));
        }
        SliceBootstrap.Slices merged = SliceBootstrap.decorrelate(slices(v, 0, v.length));
        assertThat(merged.size()).isLessThan(64);
        // merging keeps every sample: the weighted mean rate over all time is unchanged
        double all = Arrays.stream(v).average().orElseThrow();
        assertThat(merged.rate(BlockBootstrap.once(merged.size()))).isCloseTo(all, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(Arrays.stream(merged.weights()).sum()).isEqualTo(64 * SLICE_US);
    }

    @Test
    void shouldSayNotTestableWhenFewerThanEightSlicesRemain() {
        double[] v = rates(new SplittableRandom(3), 6, 0.5, 0.05, 1e6);
        IntervalBootstrap.Outcome o = SliceBootstrap.compare(slices(v, 0, 6), slices(v, 0, 6), 1);
        assertThat(o.pValue()).isNull();
        assertThat(o.why()).endsWith("slices, fewer than 8");
    }

    @Test
    void shouldGiveTheSameVerdictWhenRunTwiceWithTheSameSeed() {
        double[] a = rates(new SplittableRandom(7), DEMO_SLICES, 0.5, 0.05, 1e6);
        double[] b = rates(new SplittableRandom(8), DEMO_SLICES, 0.5, 0.05, 0.97e6);
        IntervalBootstrap.Outcome o1 = SliceBootstrap.compare(slices(a, 0, DEMO_SLICES), slices(b, 0, DEMO_SLICES), 42);
        IntervalBootstrap.Outcome o2 = SliceBootstrap.compare(slices(a, 0, DEMO_SLICES), slices(b, 0, DEMO_SLICES), 42);
        assertThat(o1.pValue()).isEqualTo(o2.pValue());
        assertThat(o1.deltaCiPct()).containsExactly(o2.deltaCiPct());
    }
}
