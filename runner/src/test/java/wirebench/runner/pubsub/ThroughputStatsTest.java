package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Perftest's loss and rate arithmetic (PERFTEST-FORMATS.md section 3), with an injected clock. */
class ThroughputStatsTest {

    @Test
    void shouldCountGapsPerPublisherWhenSequencesSkip() {
        ThroughputStats s = new ThroughputStats(100, 0);
        s.onSample(0, 5); // 0-4 lost before it (Perftest would only initialise here)
        s.onSample(0, 6);
        s.onSample(0, 9); // 7, 8 lost
        s.onSample(1, 0);
        s.onSample(1, 2); // 1 lost
        s.onSample(0, 3); // lower: resynchronises, no loss
        s.onSample(0, 4);

        assertThat(s.packets).isEqualTo(7);
        assertThat(s.bytes).isEqualTo(700);
        assertThat(s.lost).isEqualTo(8);
        assertThat(s.lostPct()).isCloseTo(800.0 / 15, org.assertj.core.data.Offset.offset(1e-4));
    }

    @Test
    void shouldAddTheTrailingGapWhenFinishedNamesALaterSequence() {
        ThroughputStats s = new ThroughputStats(32, 0);
        s.onSample(0, 0);
        s.onSample(0, 1);
        s.onFinished(0, 4); // 2, 3, 4 never arrived
        s.onFinished(0, 4); // a repeated FINISHED adds nothing

        assertThat(s.lost).isEqualTo(3);
    }

    @Test
    void shouldCountEverySampleAsLostWhenNothingArrivedFromAPublisher() {
        ThroughputStats s = new ThroughputStats(32, 0);
        s.onSample(0, 0);
        s.onFinished(0, 0);
        s.onFinished(1, 9); // publisher 1 sent 0-9, none arrived
        s.onFinished(2, -1); // publisher 2 sent nothing

        assertThat(s.packets).isEqualTo(1);
        assertThat(s.lost).isEqualTo(10);
    }

    @Test
    void shouldComputeIntegerRatesAndIncrementalMeansWhenIntervalsClose() {
        ThroughputStats s = new ThroughputStats(1000, 0);
        for (int i = 0; i < 1000; i++) {
            s.onSample(0, i);
        }
        assertThat(s.interval(1_000_000_000L)).isTrue();
        assertThat(s.lastPacketsPerS).isEqualTo(1000);
        assertThat(s.lastMbps).isEqualTo(8.0);
        for (int i = 1000; i < 4000; i++) {
            s.onSample(0, i);
        }
        assertThat(s.interval(2_000_000_000L)).isTrue();
        assertThat(s.lastPacketsPerS).isEqualTo(3000);
        assertThat(s.avePacketsPerS).isEqualTo(2000.0);
        assertThat(s.interval(3_000_000_000L)).as("an interval without samples is skipped").isFalse();
        assertThat(s.summaryPacketsPerS(4_000_000_000L)).isEqualTo(1000);
        assertThat(s.summaryMbps(4_000_000_000L)).isEqualTo(8.0);
    }
}
