package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The demo's latency steps are timed runs, which warm each size up until the JIT compilers are quiet
 * before its window; a counted run (-numIter alone) starts cold, and its p90 read the JIT (330 us
 * against 8 us on 2 cores: docs/report.md). WarmUpLintTest covers the warning a cold run gets.
 */
class DemoStepsTest {
    @Test
    void shouldTimeEveryLatencyStepSoThatItWarmsUp() {
        for (boolean quick : new boolean[] {false, true}) {
            DemoCommand demo = new DemoCommand();
            demo.quick = quick;

            List<DemoCommand.Step> latency = demo.steps(Path.of("d")).stream()
                    .filter(s -> s.args().contains("-latencyTest")).toList();

            assertThat(latency).as("quick " + quick).hasSize(2);
            for (DemoCommand.Step s : latency) {
                assertThat(s.args()).as(s.name()).contains("-executionTime").doesNotContain("-numIter", "-warmUpMs");
                String seconds = s.args().get(s.args().indexOf("-executionTime") + 1);
                assertThat(Integer.parseInt(seconds)).as(s.name()).isGreaterThanOrEqualTo(2);
            }
        }
    }
}
