package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** CpuMeter over injected clocks: CPU time / wall time / cores x 100, and "not measured" when unknown. */
class CpuMeterTest {

    @Test
    void shouldGiveCpuTimeOverWallTimeAndCoresInPercent() {
        AtomicLong cpu = new AtomicLong(1_000);
        AtomicLong wall = new AtomicLong(5_000);
        CpuMeter m = new CpuMeter(cpu::get, wall::get, 4);

        cpu.addAndGet(300_000_000); // 0.3 s of CPU in 1 s on 4 cores: 7.5%
        wall.addAndGet(1_000_000_000);
        double first = m.interval();
        cpu.addAndGet(1_000_000_000); // 1 s of CPU in 0.5 s: 50%
        wall.addAndGet(500_000_000);
        double second = m.interval();

        assertThat(first).isCloseTo(7.5, within(1e-9));
        assertThat(second).isCloseTo(50.0, within(1e-9));
        assertThat(m.summary()).isCloseTo((7.5 + 50.0) / 2, within(1e-9));
    }

    @Test
    void shouldGiveTheWholeSpanWhenNoIntervalWasTaken() {
        AtomicLong cpu = new AtomicLong(0);
        AtomicLong wall = new AtomicLong(0);
        CpuMeter m = new CpuMeter(cpu::get, wall::get, 2);
        cpu.set(1_000_000_000);
        wall.set(2_000_000_000);

        assertThat(m.summary()).isCloseTo(25.0, within(1e-9));
    }

    @Test
    void shouldSayNotMeasuredNeverZeroWhenTheJvmCannotTellItsCpuTime() {
        AtomicLong wall = new AtomicLong(0);
        CpuMeter m = new CpuMeter(() -> -1, wall::get, 2);
        wall.set(1_000_000_000);

        assertThat(m.interval()).isNaN();
        assertThat(m.summary()).isNaN();
        assertThat(CpuMeter.orMissing(m.summary())).isNull();
        assertThat(CpuMeter.orMissing(0.0)).isEqualTo(0.0);
    }
}
