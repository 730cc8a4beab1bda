package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.Idle;

/** "spinyield" and "spinpark": spin while a wait is short, yield or park once it has lasted the spin time, start over after work. */
class SpinFirstIdleStrategyTest {

    @Test
    @Timeout(10)
    void shouldSpinFirstThenYieldThenSpinAgainAfterWork() {
        checkSpinThenBackOff(SpinFirstIdleStrategy.Then.YIELD);
    }

    @Test
    @Timeout(10)
    void shouldSpinFirstThenParkThenSpinAgainAfterWork() {
        checkSpinThenBackOff(SpinFirstIdleStrategy.Then.PARK);
    }

    private static void checkSpinThenBackOff(SpinFirstIdleStrategy.Then then) {
        long spinNs = TimeUnit.MILLISECONDS.toNanos(20);
        long[] nowNs = {1_000};
        SpinFirstIdleStrategy idle = new SpinFirstIdleStrategy(spinNs, then, () -> nowNs[0]);

        idle.idle(0);
        assertThat(idle.spun()).as("a fresh wait spins").isTrue();
        nowNs[0] += spinNs - 1;
        idle.idle(0);
        assertThat(idle.spun()).as("still within the spin time").isTrue();
        nowNs[0] += 1;
        idle.idle(0);
        assertThat(idle.spun()).as("a wait as long as the spin time backs off").isFalse();
        idle.idle();
        assertThat(idle.spun()).isFalse();

        idle.idle(3);
        idle.idle(0);
        assertThat(idle.spun()).as("work starts a new wait").isTrue();
        nowNs[0] += spinNs;
        idle.reset();
        idle.idle();
        assertThat(idle.spun()).as("reset starts a new wait").isTrue();
    }

    @Test
    @Timeout(30)
    void shouldParkAfterTheSpinWhereSpinyieldYields() throws InterruptedException {
        // a park sleeps (the thread is TIMED_WAITING for a moment), a yield never leaves RUNNABLE:
        // seen from another thread, sampling the waiting thread's state a bounded number of times
        assertThat(seenTimedWaiting(SpinFirstIdleStrategy.Then.PARK)).as("spinpark after its spin").isTrue();
        assertThat(seenTimedWaiting(SpinFirstIdleStrategy.Then.YIELD)).as("spinyield after its spin").isFalse();
    }

    /** Whether a thread idling past the spin time with {@code then} is seen TIMED_WAITING in 200 000 samples of its state. */
    private static boolean seenTimedWaiting(SpinFirstIdleStrategy.Then then) throws InterruptedException {
        long[] nowNs = {0};
        SpinFirstIdleStrategy idle = new SpinFirstIdleStrategy(10, then, () -> nowNs[0]);
        idle.idle();
        nowNs[0] = 1_000; // past the 10 ns spin: every later call yields or parks
        AtomicBoolean stop = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            while (!stop.get()) {
                idle.idle();
            }
        });
        waiter.setDaemon(true);
        waiter.start();
        try {
            for (int i = 0; i < 200_000; i++) {
                if (waiter.getState() == Thread.State.TIMED_WAITING) {
                    return true;
                }
            }
            return false;
        } finally {
            stop.set(true);
            waiter.join(5_000);
        }
    }

    @Test
    void shouldBeNamedOnTheCommandLine() {
        assertThat(Idle.of("spinyield")).isInstanceOf(SpinFirstIdleStrategy.class);
        assertThat(Idle.of("spinyield").alias()).isEqualTo("spinyield");
        assertThat(Idle.of("spinpark")).isInstanceOf(SpinFirstIdleStrategy.class);
        assertThat(Idle.of("spinpark").alias()).isEqualTo("spinpark");
        assertThat(Idle.NAMES).contains("spinyield", "spinpark");
    }
}
