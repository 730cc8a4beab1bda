package wirebench.runner.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** "spinyield": spins while a wait is short, yields once it has lasted the spin time, starts over after work. */
class SpinThenYieldIdleStrategyTest {

    private static void waitPast(long ns) {
        long end = System.nanoTime() + ns;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    @Test
    @Timeout(10)
    void shouldSpinFirstThenYieldThenSpinAgainAfterWork() {
        long spinNs = TimeUnit.MILLISECONDS.toNanos(20);
        SpinThenYieldIdleStrategy idle = new SpinThenYieldIdleStrategy(spinNs);

        idle.idle(0);
        assertThat(idle.spun()).as("a fresh wait spins").isTrue();
        waitPast(spinNs);
        idle.idle(0);
        assertThat(idle.spun()).as("a wait longer than the spin time yields").isFalse();
        idle.idle();
        assertThat(idle.spun()).isFalse();

        idle.idle(3);
        idle.idle(0);
        assertThat(idle.spun()).as("work starts a new wait").isTrue();
        waitPast(spinNs);
        idle.reset();
        idle.idle();
        assertThat(idle.spun()).as("reset starts a new wait").isTrue();
    }

    @Test
    void shouldBeNamedOnTheCommandLine() {
        assertThat(Idle.of("spinyield")).isInstanceOf(SpinThenYieldIdleStrategy.class);
        assertThat(Idle.of("spinyield").alias()).isEqualTo("spinyield");
    }
}
