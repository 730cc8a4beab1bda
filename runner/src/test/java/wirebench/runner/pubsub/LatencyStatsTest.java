package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

/** LatencyStats and the latency summary built from it: values from outside the code under test. */
class LatencyStatsTest {

    @Test
    void shouldGiveNumpysInvertedCdfPercentilesForOneToAThousandNs() {
        LatencyStats s = new LatencyStats();
        for (int v = 1; v <= 1000; v++) {
            s.record(v);
        }
        // numpy 1.24.2: np.percentile(np.arange(1, 1001), [50, 75.05, 90, 99, 99.95], method='inverted_cdf')
        // -> [500, 751, 900, 990, 1000] (values below 2048 ns are exact at 3 significant digits)
        assertThat(s.percentileUs(50)).isEqualTo(0.5);
        assertThat(s.percentileUs(75.05)).isEqualTo(0.751);
        assertThat(s.percentileUs(90)).isEqualTo(0.9);
        assertThat(s.percentileUs(99)).isEqualTo(0.99);
        assertThat(s.percentileUs(99.95)).isEqualTo(1.0);
        // mean 500.5 ns; population std 288.67499 ns (numpy 1.24.2: np.std(np.arange(1, 1001)) = 288.6749902572095)
        assertThat(s.aveUs()).isCloseTo(0.5005, within(1e-12));
        assertThat(s.stdUs()).isCloseTo(0.2886749902572095, within(1e-9));
        assertThat(s.minUs()).isEqualTo(0.001);
        assertThat(s.maxUs()).isEqualTo(1.0);
    }

    @Test
    void shouldCountANegativeLatencyAndKeepItOutOfTheStatistics() {
        LatencyStats s = new LatencyStats();
        s.record(5_000);

        boolean recorded = s.record(-3_000);

        assertThat(recorded).isFalse();
        assertThat(s.negative()).isEqualTo(1);
        assertThat(s.count()).isEqualTo(1);
        assertThat(s.minUs()).isEqualTo(5.0);
        assertThat(s.histogram.getTotalCount()).isEqualTo(1);
    }

    @Test
    void shouldRoundMinMaxAndPercentilesLikeTheAverageWhenEverySampleIs10Point6Us() {
        LatencyStats s = new LatencyStats();
        for (int i = 0; i < 100; i++) {
            s.record(10_600);
        }
        StringWriter out = new StringWriter();

        PerftestPrinter.of("csv", new PrintWriter(out), false, false, false)
                .latencySummary(PerftestPrinter.LatencySummary.of(64, s, Double.NaN));

        // 10.6 rounds half up to 11 in every column (Ave through %9.0f, the others as whole us)
        assertThat(out.toString().replace(" ", "")).isEqualTo("64,11,0.0,11,11,11,11,11,11,11\n");
    }
}
