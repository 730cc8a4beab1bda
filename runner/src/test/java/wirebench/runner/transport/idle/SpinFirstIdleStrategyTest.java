package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
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
    void shouldParkAfterTheSpinWhereSpinyieldYields() {
        for (SpinFirstIdleStrategy.Then then : SpinFirstIdleStrategy.Then.values()) {
            long[] nowNs = {0};
            List<String> done = new ArrayList<>();
            SpinFirstIdleStrategy idle = new SpinFirstIdleStrategy(10, then, () -> nowNs[0],
                    ns -> done.add("park " + ns), () -> done.add("yield"));
            idle.idle(0);
            nowNs[0] = 9;
            idle.idle(0);
            assertThat(done).as(then + " within its spin").isEmpty();
            nowNs[0] = 10;
            idle.idle(0);
            idle.idle();
            String each = then == SpinFirstIdleStrategy.Then.PARK ? "park " + SpinFirstIdleStrategy.PARK_NS : "yield";
            assertThat(done).as(then + " after its spin, on every call").containsExactly(each, each);
            idle.idle(1);
            idle.idle(0);
            assertThat(done).as(then + " spins again after work").hasSize(2);
        }
    }

    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void shouldParkForRealWithTheDefaultPark() throws InterruptedException {
        // the public constructors park with LockSupport: a thread idling past the spin is seen
        // TIMED_WAITING sooner or later (sampled until it is; the timeout is the failure). The state
        // is a plain field: the fence keeps a compiled loop from reading it once and never again (the
        // earlier form, 200 000 samples without one, missed the park in 235 of 300 tries in one JVM)
        long[] nowNs = {0};
        SpinFirstIdleStrategy idle = new SpinFirstIdleStrategy(10, SpinFirstIdleStrategy.Then.PARK, () -> nowNs[0]);
        idle.idle();
        nowNs[0] = 1_000;
        AtomicBoolean stop = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            while (!stop.get()) {
                idle.idle();
            }
        });
        waiter.setDaemon(true);
        waiter.start();
        try {
            while (waiter.getState() != Thread.State.TIMED_WAITING) {
                assertThat(waiter.isAlive()).as("the waiting thread runs").isTrue();
                VarHandle.acquireFence();
                Thread.onSpinWait();
            }
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
