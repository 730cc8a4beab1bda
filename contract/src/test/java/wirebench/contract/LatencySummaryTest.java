package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Perftest's figures of one series. Expected values from NumPy 1.24.2: mean and population std
 * ({@code numpy.std}, ddof=0) of [10, 20, 30, 40, 100000].
 */
class LatencySummaryTest {

    @Test
    void shouldGiveExactMeanStdMinMaxAndCappedPercentilesWhenSamplesAreRecorded() {
        LatencySummary s = new LatencySummary(new Histogram(1, 3_600_000_000_000L, 3));
        for (long v : new long[] {10, 20, 30, 40, 100_000}) {
            s.record(v);
        }

        assertThat(s.count()).isEqualTo(5);
        assertThat(s.mean()).isEqualTo(20020.0);
        assertThat(s.std()).isCloseTo(39990.00125031256, within(1e-6));
        assertThat(s.min()).isEqualTo(10);
        assertThat(s.max()).isEqualTo(100_000);
        assertThat(s.percentile(50)).isEqualTo(30);
        assertThat(s.histogram().getValueAtPercentile(100)).as("the bucket's top, above the sample").isGreaterThan(100_000);
        assertThat(s.percentile(100)).as("capped at the exact maximum").isEqualTo(100_000);
    }

    @Test
    void shouldBeZeroEverywhereWhenNothingWasRecorded() {
        LatencySummary s = new LatencySummary(new Histogram(3));

        assertThat(s.count()).isZero();
        assertThat(new double[] {s.mean(), s.std(), s.min(), s.max(), s.percentile(99)}).containsOnly(0.0);
    }
}
