package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The JIT gauge on an injected clock, compilation time and thread CPU time. */
class JitActivityTest {
    private long compileMs;
    private long cpuNs;
    private long nowNs = -5_000_000_000L; // System.nanoTime may be negative
    private final JitActivity jit = JitActivity.of(() -> compileMs, () -> cpuNs);

    /** One tick later: this thread ran {@code cpuShare} of it; the compilers worked {@code compiledMs}. */
    private boolean tick(double cpuShare, long compiledMs) {
        nowNs += JitActivity.TICK_NS;
        cpuNs += (long) (JitActivity.TICK_NS * cpuShare);
        compileMs += compiledMs;
        return jit.busy(nowNs);
    }

    /** Ticks until the gauge reads quiet (at most 200); returns how many. */
    private int ticksToQuiet(double cpuShare, long compiledMsPerTick) {
        int ticks = 1;
        while (tick(cpuShare, compiledMsPerTick)) {
            ticks++;
            assertThat(ticks).as("still busy after 200 ticks").isLessThanOrEqualTo(200);
        }
        return ticks;
    }

    @Test
    void shouldReadBusyUntilAWholeSpanHasBeenSeenThenQuietWhenNothingCompiles() {
        jit.restart(nowNs);
        assertThat(jit.busy(nowNs)).isTrue();
        assertThat(ticksToQuiet(1.0, 0)).isEqualTo((int) (JitActivity.SPAN_NS / JitActivity.TICK_NS));
        assertThat(jit.lastSpanMs()).isZero();
    }

    @Test
    void shouldReadBusyWhileTheCompilersWorkAndQuietAWholeSpanAfterTheyStop() {
        jit.restart(nowNs);
        for (int i = 0; i < 30; i++) {
            assertThat(tick(1.0, 20)).as("tick %d: 20 ms of compilation per 100 ms", i).isTrue();
        }
        assertThat(jit.lastSpanMs()).isEqualTo(100);
        assertThat(ticksToQuiet(1.0, 0)).isEqualTo((int) (JitActivity.SPAN_NS / JitActivity.TICK_NS));
    }

    @Test
    void shouldCountACompilerThatTrickles() {
        jit.restart(nowNs);
        // 1 ms per tick: 5 ms per span is quiet (periodic C1 compilations of cold code go on for minutes)
        assertThat(ticksToQuiet(1.0, 1)).isEqualTo((int) (JitActivity.SPAN_NS / JitActivity.TICK_NS));
        assertThat(jit.lastSpanMs()).isEqualTo(JitActivity.QUIET_COMPILE_MS);
        assertThat(tick(1.0, 2)).as("6 ms in a span: busy").isTrue();
    }

    @Test
    void shouldNotReadAStoppedProcessAsQuiet() {
        jit.restart(nowNs);
        // the thread runs a quarter of the time (a bench's SIGSTOP slices): the span takes 250 ms
        // of its CPU, 1 s of the clock, whatever the clock alone says
        assertThat(ticksToQuiet(0.25, 0)).isEqualTo((int) (JitActivity.SPAN_CPU_NS * 4 / JitActivity.TICK_NS));
    }

    @Test
    void shouldReadOnlyWhenATickIsDue() {
        jit.restart(nowNs);
        for (int i = 0; i < 10; i++) {
            tick(1.0, 0);
        }
        assertThat(jit.busy(nowNs)).isFalse();
        compileMs += 1000;
        assertThat(jit.busy(nowNs + JitActivity.TICK_NS - 1)).as("not read before the tick").isFalse();
        assertThat(jit.busy(nowNs + JitActivity.TICK_NS)).isTrue();
    }
}
