package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Aeron with INVOKER threading (no driver thread; the role threads run the driver's duty cycle
 * while they wait): both tests complete over UDP loopback with every sample accounted for.
 */
class AeronInvokerTest {

    @Test
    @Timeout(120)
    void shouldMeasureEveryPingWhenTheRoleThreadsRunTheDriver() {
        RunResult r = RunResult.run("-basePort", Integer.toString(RunResult.freeBasePort()), "-threadingMode", "INVOKER",
                "-latencyTest", "-dataLen", "32", "-numIter", "5000", "-noPrintIntervals");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("threading_mode=INVOKER");
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)[0].trim()).isEqualTo("32");
        assertThat(Long.parseLong(rows.get(0)[3].trim())).isPositive();
    }

    @Test
    @Timeout(120)
    void shouldDeliverEverySampleReliablyWhenTheRoleThreadsRunTheDriver() {
        RunResult r = RunResult.run("-basePort", Integer.toString(RunResult.freeBasePort()), "-threadingMode", "INVOKER",
                "-dataLen", "256", "-numIter", "200000", "-noPrintIntervals");

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)[1].trim()).isEqualTo("200000");
        assertThat(rows.get(0)[4].trim()).isEqualTo("0");
    }
}
