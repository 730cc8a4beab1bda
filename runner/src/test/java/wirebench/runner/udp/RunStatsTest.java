package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RunStatsTest {

    @Test
    void shouldCountDuplicatesAndReorderingWhenSequenceNumbersRepeatOrGoBack() {
        RunStats s = new RunStats();
        long[] seqs = {0, 1, 3, 2, 3, 5, 4, 4};
        for (int i = 0; i < seqs.length; i++) {
            s.onData(i * 1000L, 64, seqs[i], Long.MIN_VALUE);
        }
        assertThat(s.datagrams()).isEqualTo(8);
        assertThat(s.received()).isEqualTo(6);
        assertThat(s.duplicates()).isEqualTo(2);
        assertThat(s.reordered()).isEqualTo(2);
        assertThat(s.sequenceSpan()).isEqualTo(6);
        assertThat(s.bytes()).isEqualTo(8 * 64);
    }

    @Test
    void shouldComputeRfc3550JitterWhenTransitTimesVary() {
        RunStats s = new RunStats();
        // transit times 100, 300, 200 us: D = 200 us then 100 us; J = 200/16 = 12.5 us, then J += (100 - 12.5)/16
        s.onData(100_000, 64, 0, 0);
        s.onData(1_300_000, 64, 1, 1_000_000);
        s.onData(2_200_000, 64, 2, 2_000_000);
        double j1 = 200_000 / 16.0;
        double j2 = j1 + (100_000 - j1) / 16.0;
        assertThat(s.jitterMs()).isCloseTo(j2 / 1e6, within(1e-12));
    }

    @Test
    void shouldReportNoJitterAndNoDuplicateCountWhenDatagramsCarryNoHeader() {
        RunStats s = new RunStats();
        s.onData(0, 4, -1, Long.MIN_VALUE);
        s.onData(10, 4, -1, Long.MIN_VALUE);
        assertThat(s.received()).isEqualTo(2);
        assertThat(s.jitterMs()).isNaN();
        assertThat(s.duplicates()).isEqualTo(-1);
    }
}
