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

    @Test
    void shouldCountASequenceNumberBeyondWhatThePublisherCanHaveSentAsAStrayWhenForged() {
        long s1 = 1_000_000_000L;
        ThroughputStats s = new ThroughputStats(64, 0, 0);
        assertThat(s.onSample(0, 0, s1)).isTrue();
        assertThat(s.onSample(0, 1_999_961_606_661L, s1 + 1000)).as("forged: 1 us later, 2e12 ahead").isFalse();
        assertThat(s.onSample(0, Long.MAX_VALUE, s1 + 2000)).isFalse();
        assertThat(s.onSample(0, -5, s1 + 2000)).as("negative").isFalse();
        assertThat(s.onSample(0, 1, s1 + 3000)).isTrue();
        assertThat(s.onSample(7, 1L << 40, s1 + 3000)).as("a forged first sample of an unknown publisher").isFalse();

        assertThat(s.packets).isEqualTo(2);
        assertThat(s.lost).isZero();
        assertThat(s.straySamples).isEqualTo(4);
    }

    @Test
    void shouldAcceptAGapThePublisherCanHaveSentWhenTimeHasPassed() {
        ThroughputStats s = new ThroughputStats(64, 0, 0);
        s.onSample(0, 0, 0);
        long gap = ThroughputStats.SEQ_SLACK + 1_000_000; // needs more than 1 ms at the maximum rate
        assertThat(s.onSample(0, gap + 1, 100_000)).as("100 us later: too far").isFalse();
        assertThat(s.onSample(0, gap + 1, 10_000_000)).as("10 ms later: possible").isTrue();
        assertThat(s.lost).isEqualTo(gap);
    }

    @Test
    void shouldNeverReportMoreLossThanWasSentWhenFinishedArrives() {
        ThroughputStats s = new ThroughputStats(64, 0, 0);
        s.onSample(0, 0, 1_000);
        s.onSample(0, 900, 2_000_000); // plausible gap: 899 counted lost for now
        s.onSample(0, 1, 2_000_000);
        s.onSample(0, 2, 2_000_000);
        assertThat(s.lost).isEqualTo(899);

        assertThat(s.onFinished(0, 2, 3_000_000)).isTrue(); // the publisher sent 0..2 only: 900 was forged

        assertThat(s.lost).as("sent 3, received 4 (one forged): nothing can have been lost").isZero();
        assertThat(s.onFinished(1, 1L << 50, 3_000_000)).as("a forged FINISHED").isFalse();
        assertThat(s.lost).isZero();
    }
}
