package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

/**
 * Recording a latency allocates nothing once the stats are made: the interval histograms are made
 * with them and reused after each merge. Before, every interval was a new histogram that grew as it
 * filled (about 8 MB/s of garbage in a quiet latency test, a young collection inside the measured
 * window every 1.5 s). Counted with the JVM's per-thread allocation counter, not timed.
 */
class LatencyStatsAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void shouldAllocateNothingWhileRecordingAQuarterMillionLatencies() {
        LatencyStats s = new LatencyStats();
        record(s, 1_000); // the classes and the counter itself once, outside the count
        long before = THREADS.getCurrentThreadAllocatedBytes();

        record(s, 250_000); // about 23 merges of the intervals

        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated).as("bytes allocated while recording 250 000 latencies").isLessThan(1024);
        assertThat(s.count()).isEqualTo(251_000);
    }

    @Test
    void shouldHandTheMergedHalfBackForTheNextIntervals() {
        LatencyStats s = new LatencyStats();
        assertThat(s.spareCount()).isEqualTo(LatencyStats.MAX_INTERVALS);

        // 64 full intervals of 50: the 64th merges them into 32 of 100, 32 go back to the spares
        record(s, LatencyStats.MAX_INTERVALS * LatencyStats.FIRST_INTERVAL_SAMPLES);

        assertThat(s.spareCount()).isEqualTo(LatencyStats.MAX_INTERVALS / 2);
        assertThat(s.intervals()).hasSize(LatencyStats.MAX_INTERVALS / 2)
                .allSatisfy(h -> assertThat(h.getTotalCount()).isEqualTo(2L * LatencyStats.FIRST_INTERVAL_SAMPLES));
    }

    @Test
    void shouldKeepASlowSampleWhenItsIntervalIsMergedIntoTheOtherWay() {
        LatencyStats s = new LatencyStats();
        // the second interval holds a sample past the histograms' first range (it grows for it):
        // the merge adds the first into the second, which must keep both intervals' samples and times
        for (int i = 0; i < LatencyStats.MAX_INTERVALS * LatencyStats.FIRST_INTERVAL_SAMPLES; i++) {
            s.record(i == LatencyStats.FIRST_INTERVAL_SAMPLES + 7 ? 50_000_000L : 5_000L);
        }

        var first = s.intervals().get(0);
        assertThat(first.getTotalCount()).isEqualTo(2L * LatencyStats.FIRST_INTERVAL_SAMPLES);
        assertThat(first.getMaxValue()).isEqualTo(first.highestEquivalentValue(50_000_000L));
        assertThat(first.getStartTimeStamp()).isEqualTo(s.startEpochMs);
        assertThat(first.getEndTimeStamp()).isGreaterThanOrEqualTo(first.getStartTimeStamp());
        assertThat(s.intervals().stream().mapToLong(h -> h.getTotalCount()).sum()).isEqualTo(s.count());
    }

    private static void record(LatencyStats s, int n) {
        for (int i = 0; i < n; i++) {
            s.record(4_000 + (i % 1_000)); // 4-5 us, within the histograms' first range
        }
    }
}
