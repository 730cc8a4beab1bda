package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.Idle;

/** "spinyield": spins while a wait is short, yields once it has lasted the spin time, starts over after work. */
class SpinThenYieldIdleStrategyTest {

    @Test
    @Timeout(10)
    void shouldSpinFirstThenYieldThenSpinAgainAfterWork() {
        long spinNs = TimeUnit.MILLISECONDS.toNanos(20);
        long[] nowNs = {1_000};
        SpinThenYieldIdleStrategy idle = new SpinThenYieldIdleStrategy(spinNs, () -> nowNs[0]);

        idle.idle(0);
        assertThat(idle.spun()).as("a fresh wait spins").isTrue();
        nowNs[0] += spinNs - 1;
        idle.idle(0);
        assertThat(idle.spun()).as("still within the spin time").isTrue();
        nowNs[0] += 1;
        idle.idle(0);
        assertThat(idle.spun()).as("a wait as long as the spin time yields").isFalse();
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
    void shouldBeNamedOnTheCommandLine() {
        assertThat(Idle.of("spinyield")).isInstanceOf(SpinThenYieldIdleStrategy.class);
        assertThat(Idle.of("spinyield").alias()).isEqualTo("spinyield");
    }
}
