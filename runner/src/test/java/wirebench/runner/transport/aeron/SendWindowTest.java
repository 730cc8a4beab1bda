package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** When an offer runs the driver's duty cycle under INVOKER threading, on a hand-moved clock. */
class SendWindowTest {

    @Test
    void shouldRunACycleForTheFirstOfferWhenNothingRanBefore() {
        AtomicLong now = new AtomicLong(5_000_000);
        assertThat(new SendWindow(now::get).cycleNow(true)).isTrue();
    }

    @Test
    void shouldLeaveTheFrameForTheNextCycleWhenTheOfferFollowsACycleWithinTheWindow() {
        AtomicLong now = new AtomicLong(1_000);
        SendWindow w = new SendWindow(now::get);
        w.cycled();
        now.addAndGet(SendWindow.WINDOW_NS - 1);
        assertThat(w.cycleNow(true)).as("an accepted offer 1 ns inside the window").isFalse();
        now.addAndGet(1);
        assertThat(w.cycleNow(true)).as("an accepted offer at the window's end").isTrue();
    }

    @Test
    void shouldAlwaysRunACycleWhenTheOfferWasRefused() {
        AtomicLong now = new AtomicLong(0);
        SendWindow w = new SendWindow(now::get);
        w.cycled();
        assertThat(w.cycleNow(false)).as("a refused offer right after a cycle: the term must drain").isTrue();
    }

    @Test
    void shouldMeasureTheWindowFromTheEndOfTheLastCycleWhenACycleTakesLong() {
        AtomicLong now = new AtomicLong(0);
        SendWindow w = new SendWindow(now::get);
        now.addAndGet(10 * SendWindow.WINDOW_NS); // a long cycle ends here
        w.cycled();
        now.addAndGet(SendWindow.WINDOW_NS / 2);
        assertThat(w.cycleNow(true)).isFalse();
    }
}
