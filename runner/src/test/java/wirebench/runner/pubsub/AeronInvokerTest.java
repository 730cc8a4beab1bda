package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Aeron with each threading mode a 2-core machine may use, named on the command line: INVOKER (no
 * driver thread; the role threads run the driver's duty cycle while they wait; the default on up
 * to 3 cores, so every other loopback test runs it too) and SHARED (one driver thread): both tests
 * complete over UDP loopback with every sample accounted for.
 */
class AeronInvokerTest {

    @ParameterizedTest
    @ValueSource(strings = {"INVOKER", "SHARED"})
    @Timeout(120)
    void shouldMeasureEveryPingInEachThreadingMode(String mode, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-threadingMode", mode,
                "-latencyTest", "-dataLen", "32", "-numIter", "5000", "-noPrintIntervals", "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("threading_mode=" + mode);
        // both roles in one process: INVOKER gives each role its own driver, as two processes have
        if (mode.equals("INVOKER")) {
            assertThat(r.err()).contains("drivers=one embedded driver per role");
        } else {
            assertThat(r.err()).doesNotContain("drivers=");
        }
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)[0].trim()).isEqualTo("32");
        assertThat(Long.parseLong(rows.get(0)[3].trim())).isPositive();
        // every ping matched to its pong: 5000 latency samples, none timed out
        assertThat(r.err()).doesNotContain("got no pong");
        List<String> csv = java.nio.file.Files.readAllLines(dir.resolve("pubsub-latency.csv"));
        int samples = java.util.Arrays.asList(csv.get(1).split(",")).indexOf("samples");
        assertThat(csv).hasSize(3);
        assertThat(csv.get(2).split(",")[samples]).isEqualTo("5000");
    }

    @ParameterizedTest
    @ValueSource(strings = {"INVOKER", "SHARED"})
    @Timeout(120)
    void shouldDeliverEverySampleReliablyInEachThreadingMode(String mode) {
        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-threadingMode", mode,
                "-dataLen", "256", "-numIter", "200000", "-noPrintIntervals");

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)[1].trim()).isEqualTo("200000");
        assertThat(rows.get(0)[4].trim()).isEqualTo("0");
    }
}
