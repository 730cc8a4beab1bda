package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Seeded simulations of the single-run method ({@link IntervalBootstrap}) on latency series shaped
 * like the demo's: a log-normal latency around 20 us whose log follows an AR(1) process (each
 * sample correlated with the one before, phi 0.6, as ping-pong round trips are), 0.5% spikes of 3x,
 * cut into intervals of 50 samples as the runner writes them (LatencyStats). The verdict is
 * "unchanged" when the p-value is at least 0.05.
 */
class IntervalBootstrapSimulationTest {
    private static final double ALPHA = 0.05;
    private static final int DEMO_SAMPLES = 2000; // ./wirebench demo --quick: -numIter 2000 per size
    private static final int INTERVAL = 50;
    private static final double[] LEVELS = {50, 90, 99};

    /** One steady run of {@code n} samples (ns), in time order. */
    static long[] run(SplittableRandom rnd, int n, double phi, double scale) {
        long[] v = new long[n];
        double x = rnd.nextGaussian();
        for (int i = 0; i < n; i++) {
            x = phi * x + Math.sqrt(1 - phi * phi) * rnd.nextGaussian();
            double us = 20 * Math.exp(0.15 * x) * (rnd.nextDouble() < 0.005 ? 3 : 1);
            v[i] = Math.round(us * 1000 * scale);
        }
        return v;
    }

    /** Samples {@code from..to} cut into intervals of {@link #INTERVAL} samples. */
    static List<Histogram> intervals(long[] v, int from, int to) {
        return intervals(v, from, to, INTERVAL);
    }

    static List<Histogram> intervals(long[] v, int from, int to, int interval) {
        List<Histogram> out = new ArrayList<>();
        for (int i = from; i < to; i += interval) {
            Histogram h = new Histogram(3);
            h.setAutoResize(true);
            for (int j = i; j < Math.min(to, i + interval); j++) {
                h.recordValue(v[j]);
            }
            out.add(h);
        }
        return out;
    }

    @Test
    void shouldSayUnchangedInAtLeast95Of100WhenHalvesOfOneSteadyRunAreCompared() {
        IntervalBootstrap method = new IntervalBootstrap(LEVELS);
        int[] unchanged = new int[LEVELS.length + 1];
        for (int seed = 1; seed <= 100; seed++) {
            long[] v = run(new SplittableRandom(seed), DEMO_SAMPLES, 0.6, 1.0);
            IntervalBootstrap.Result r = method.compare(intervals(v, 0, DEMO_SAMPLES / 2),
                    intervals(v, DEMO_SAMPLES / 2, DEMO_SAMPLES), seed);
            for (int j = 0; j < unchanged.length; j++) {
                Double p = r.outcomes().get(j).pValue();
                assertThat(p).as("seed %d statistic %d tested", seed, j).isNotNull();
                if (p >= ALPHA) {
                    unchanged[j]++;
                }
            }
        }
        // p50, p90, p99, mean
        for (int u : unchanged) {
            assertThat(u).isGreaterThanOrEqualTo(95);
        }
    }

    /** How many of 100 simulations find a 10% rise, per statistic (p50, p90, p99, mean). */
    static int[] power(int samples, int interval) {
        IntervalBootstrap method = new IntervalBootstrap(LEVELS);
        int[] found = new int[LEVELS.length + 1];
        for (int seed = 1; seed <= 100; seed++) {
            long[] a = run(new SplittableRandom(seed), samples, 0.6, 1.0);
            long[] b = run(new SplittableRandom(1000 + seed), samples, 0.6, 1.1);
            IntervalBootstrap.Result r = method.compare(intervals(a, 0, samples, interval),
                    intervals(b, 0, samples, interval), seed);
            for (int j = 0; j < found.length; j++) {
                IntervalBootstrap.Outcome o = r.outcomes().get(j);
                if (o.pValue() != null && o.pValue() < ALPHA && o.candidate() > o.baseline()) {
                    found[j]++;
                }
            }
        }
        return found;
    }

    @Test
    void shouldFindATenPercentShiftWhenTwoDemoSizedRunsDiffer() {
        // demo --quick: 2000 samples a size (40 intervals of 50); demo: 5000 (50 intervals of 100)
        int[] quick = power(DEMO_SAMPLES, INTERVAL);
        int[] full = power(5000, 100);
        // measured when written: quick [100, 100, 59, 100], full [100, 100, 87, 100] (p50, p90, p99, mean)
        assertThat(quick[0]).isGreaterThanOrEqualTo(95);
        assertThat(quick[1]).isGreaterThanOrEqualTo(95);
        assertThat(quick[3]).isGreaterThanOrEqualTo(95);
        assertThat(full[0]).isGreaterThanOrEqualTo(95);
        assertThat(full[1]).isGreaterThanOrEqualTo(95);
        // p99 rests on the 50 samples beyond it: found in most, not all, simulations
        assertThat(full[2]).isGreaterThanOrEqualTo(80);
        assertThat(full[3]).isGreaterThanOrEqualTo(95);
    }

    @Test
    void shouldMergeIntervalsWhenTheirMediansDriftTogether() {
        // a slow oscillation: neighbouring intervals alike, far ones not (lag-1 correlation near 1)
        long[] v = new long[4000];
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.round(20_000 * (1 + 0.3 * Math.sin(i / 400.0)));
        }
        List<Histogram> blocks = IntervalBootstrap.decorrelate(intervals(v, 0, v.length));
        assertThat(blocks.size()).isLessThan(80);
        long total = blocks.stream().mapToLong(Histogram::getTotalCount).sum();
        assertThat(total).isEqualTo(4000);
    }

    @Test
    void shouldGiveTheSameVerdictWhenRunTwiceWithTheSameSeed() {
        IntervalBootstrap method = new IntervalBootstrap(LEVELS);
        long[] a = run(new SplittableRandom(7), DEMO_SAMPLES, 0.6, 1.0);
        long[] b = run(new SplittableRandom(8), DEMO_SAMPLES, 0.6, 1.05);
        IntervalBootstrap.Result r1 = method.compare(intervals(a, 0, 2000), intervals(b, 0, 2000), 42);
        IntervalBootstrap.Result r2 = method.compare(intervals(a, 0, 2000), intervals(b, 0, 2000), 42);
        for (int j = 0; j < r1.outcomes().size(); j++) {
            assertThat(r1.outcomes().get(j).pValue()).isEqualTo(r2.outcomes().get(j).pValue());
            assertThat(r1.outcomes().get(j).deltaCiPct()).containsExactly(r2.outcomes().get(j).deltaCiPct());
        }
    }
}
