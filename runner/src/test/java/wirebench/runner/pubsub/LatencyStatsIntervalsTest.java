package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LatencyStatsIntervalsTest {

    /**
     * Expected counts worked by hand from the rule (50 samples an interval, pairs merged at 64):
     * 2000 -> 40 x 50; 3210 -> 64 x 50 merged to 32 x 100, then 10 (added to the last);
     * 5000 -> 32 x 100 + 18 x 100 = 50 x 100; 100 -> 2 x 50; 30 -> 1 x 30.
     */
    @ParameterizedTest
    @CsvSource({"2000, 40, 50", "3210, 32, 100", "5000, 50, 100", "100, 2, 50", "30, 1, 30"})
    void shouldKeepEqualCountIntervalsSummingToTheTestWhenSamplesAreRecorded(int samples, int intervals,
            long perInterval) {
        LatencyStats s = new LatencyStats();
        for (int i = 0; i < samples; i++) {
            s.record(1000 + i);
        }
        List<Histogram> hs = s.intervals();
        assertThat(hs).hasSize(intervals);
        long total = 0;
        long lastMax = 0;
        for (int i = 0; i < hs.size(); i++) {
            Histogram h = hs.get(i);
            total += h.getTotalCount();
            if (i < hs.size() - 1) {
                assertThat(h.getTotalCount()).isEqualTo(perInterval);
            }
            // time order: each interval's values follow the previous interval's
            assertThat(h.getMinValue()).isGreaterThan(lastMax);
            lastMax = h.getMaxValue();
        }
        assertThat(total).isEqualTo(samples).isEqualTo(s.histogram.getTotalCount());
    }
}
