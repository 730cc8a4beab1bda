package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import org.agrona.concurrent.NanoClock;
import org.junit.jupiter.api.Test;

/**
 * The publisher's pace on a controlled clock: every sample released at or after its due time, the
 * count released in a span of simulated time is the rate times the span, sleep mode parks instead of
 * spinning through long waits, and an unpaced run never waits. No wall clock is read.
 */
class PacerTest {

    /** A clock that moves only when told, and by {@code stepNs} on every read (a spinning reader advances it). */
    private static final class StepClock implements NanoClock {
        long nowNs;
        final long stepNs;
        long reads;

        StepClock(long startNs, long stepNs) {
            this.nowNs = startNs;
            this.stepNs = stepNs;
        }

        @Override
        public long nanoTime() {
            reads++;
            long t = nowNs;
            nowNs += stepNs;
            return t;
        }
    }

    @Test
    void shouldReleaseRateTimesSpanSamplesNoneEarlyWhenSpinning() {
        StepClock clock = new StepClock(1_000_000_000L, 100); // a read costs 100 ns of simulated time
        Pacer p = new Pacer(clock, ns -> {
            throw new AssertionError("spin mode must not park");
        }, 500, false);
        long start = clock.nanoTime();
        long end = start + 2_000_000_000L; // 2 simulated seconds
        long released = 0;
        for (long seq = 0; ; seq++) {
            long due = p.dueNs(start, seq);
            if (due - end >= 0) {
                break;
            }
            p.awaitNs(due);
            long at = clock.nowNs;
            assertThat(at).as("sample %d released at its due time or later", seq).isGreaterThanOrEqualTo(due);
            assertThat(at - due).as("and at most two clock reads late").isLessThanOrEqualTo(200);
            released++;
        }
        assertThat(released).isEqualTo(1000); // 500 per s x 2 s
    }

    @Test
    void shouldParkThroughLongWaitsAndSpinTheLastStretchWhenSleeping() {
        StepClock clock = new StepClock(0, 10);
        long[] parks = {0};
        long[] parkedNs = {0};
        Pacer p = new Pacer(clock, ns -> {
            parks[0]++;
            parkedNs[0] += ns;
            assertThat(ns).isGreaterThan(Pacer.PARK_ABOVE_NS - Pacer.PARK_MARGIN_NS);
            clock.nowNs += ns; // the park lasts as long as asked
        }, 1000, true);
        long start = clock.nanoTime();
        for (long seq = 0; seq < 100; seq++) {
            long due = p.dueNs(start, seq);
            p.awaitNs(due);
            assertThat(clock.nowNs).isGreaterThanOrEqualTo(due);
        }
        // 99 waits of about 1 ms each: one park apiece, each waking PARK_MARGIN_NS early
        assertThat(parks[0]).isEqualTo(99);
        assertThat(parkedNs[0]).isBetween(99 * (1_000_000 - Pacer.PARK_MARGIN_NS - 100),
                99 * (1_000_000 - Pacer.PARK_MARGIN_NS));
    }

    @Test
    void shouldSpinInsteadOfParkingWhenTheWaitIsShortEvenWhenSleeping() {
        StepClock clock = new StepClock(0, 10);
        Pacer p = new Pacer(clock, ns -> {
            throw new AssertionError("a wait of 40 us must not park");
        }, 25_000, true); // 40 us per sample, below PARK_ABOVE_NS
        long start = clock.nanoTime();
        for (long seq = 0; seq < 50; seq++) {
            long due = p.dueNs(start, seq);
            p.awaitNs(due);
            assertThat(clock.nowNs).isGreaterThanOrEqualTo(due);
        }
    }

    @Test
    void shouldNeverWaitWhenUnpaced() {
        StepClock clock = new StepClock(5_000, 1);
        Pacer p = new Pacer(clock, ns -> {
            throw new AssertionError("unpaced must not park");
        }, 0, true);

        assertThat(p.paced()).isFalse();
        long due = p.dueNs(0, 1_000_000);
        assertThat(due).isEqualTo(5_000); // now, whatever the sequence number
        long readsBefore = clock.reads;
        p.awaitNs(due + 1_000_000_000L);
        assertThat(clock.reads).isEqualTo(readsBefore); // returned without reading the clock
    }

    @Test
    void shouldSleepTheWholeSpanWhenAParkReturnsEarly() {
        StepClock clock = new StepClock(0, 1);
        long[] parks = {0};
        Pacer p = new Pacer(clock, ns -> {
            parks[0]++;
            clock.nowNs += Math.max(1, ns / 2); // every park wakes halfway
        }, 0, false);

        long before = clock.nowNs;
        p.sleepNs(10_000_000L); // -sleep 10 for one sample
        assertThat(clock.nowNs - before).isGreaterThanOrEqualTo(10_000_000L);
        assertThat(parks[0]).isBetween(2L, 30L); // parked again until the span had passed, no spinning
        long parksBefore = parks[0];
        p.sleepNs(0);
        assertThat(parks[0]).isEqualTo(parksBefore);
    }
}
