package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.JsonReader;
import wirebench.runner.transport.idle.CpuFacts;
import wirebench.runner.transport.idle.SpinFirstIdleStrategy;

/** A real loopback run records what it competed with (run.json {@code contention}) and says it on stderr. */
class ContentionFieldsTest {

    private static JsonReader.Obj contention(Path dir) throws IOException {
        Path runJson = dir.resolve("run.json");
        JsonReader.Obj run = (JsonReader.Obj) JsonReader.parse(runJson.toString(), Files.readString(runJson));
        return (JsonReader.Obj) run.get("contention");
    }

    private static int driverThreads() {
        int cores = Runtime.getRuntime().availableProcessors();
        return cores >= 8 ? 3 : cores >= 4 ? 2 : 0;
    }

    @Test
    @Timeout(120)
    void shouldRecordTheCpusTheSpinningThreadsTheLoadAndTheChosenStrategyWhenAutoIsTheDefault(@TempDir Path dir)
            throws IOException {
        RunResult r = RunResult.run("-bothRoles", "-latencyTest", "-dataLen", "32", "-numIter", "3000",
                "-noPrintIntervals", "-basePort", Integer.toString(RunResult.freeBasePort()), "-domain", "9",
                "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonReader.Obj c = contention(dir);
        assertThat(c).as("run.json has a contention entry").isNotNull();
        assertThat(((Number) c.get("cpus_usable")).intValue()).isEqualTo(CpuFacts.current().cpusUsable());
        assertThat(((Number) c.get("cpus_online")).intValue()).isEqualTo(Runtime.getRuntime().availableProcessors());
        // the kernel's own line, read here apart from CpuFacts (what taskset -pc shows)
        assertThat(c.get("affinity")).isEqualTo(Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow().substring(18).strip());
        assertThat(c.has("cpu_quota_cpus")).isTrue();
        assertThat(((Number) c.get("spinning_threads")).intValue()).as("two roles + the driver's threads")
                .isEqualTo(2 + driverThreads());
        assertThat(c.get("loadavg_start_1m")).isInstanceOf(Number.class);
        assertThat(c.get("loadavg_end_1m")).isInstanceOf(Number.class);
        assertThat(c.get("roles_shared_cpu")).isInstanceOf(Boolean.class);
        assertThat(c.get("oversubscribed")).isInstanceOf(Boolean.class);
        assertThat(c.get("idle_strategy")).isIn(List.of("spinpark", "yield"));
        assertThat((String) c.get("idle_strategy_reason")).startsWith("auto: ").contains("waits used");
        assertThat(r.err()).containsOnlyOnce("Contention: ").contains("idle " + c.get("idle_strategy") + " (auto: ");
        // the spin window of spinpark/spinyield (auto's spinning candidate) in the settings and in the
        // engine line, so results of another window (older ones: 50 us) show the difference
        String json = Files.readString(dir.resolve("run.json"));
        String entry = "\"idle_spin_ns\"\\s*:\\s*" + SpinFirstIdleStrategy.SPIN_NS + "\\b";
        assertThat(java.util.regex.Pattern.compile(entry).matcher(json).results().count())
                .as("idle_spin_ns in the settings and the engine entry of %s", json).isEqualTo(2);
        assertThat(r.err()).contains("idle_spin_ns=" + SpinFirstIdleStrategy.SPIN_NS);
    }

    @Test
    @Timeout(120)
    void shouldRecordTheStrategyTheCommandLineSet(@TempDir Path dir) throws IOException {
        RunResult r = RunResult.run("-bothRoles", "-latencyTest", "-dataLen", "32", "-numIter", "1000",
                "-noPrintIntervals", "-idleStrategy", "Yield", "-basePort", Integer.toString(RunResult.freeBasePort()),
                "-domain", "9", "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonReader.Obj c = contention(dir);
        assertThat(c.get("idle_strategy")).isEqualTo("yield");
        assertThat(c.get("idle_strategy_reason")).isEqualTo("set on the command line");
    }

    @Test
    @Timeout(120)
    void shouldSayABlockingTransportWaitsInTheKernel(@TempDir Path dir) throws IOException {
        RunResult r = RunResult.run("-bothRoles", "-rawTransport", "-latencyTest", "-dataLen", "32", "-numIter",
                "1000", "-noPrintIntervals", "-basePort", Integer.toString(RunResult.freeBasePort()), "-domain", "9",
                "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonReader.Obj c = contention(dir);
        assertThat(c.get("idle_strategy")).isEqualTo("kernel-wait");
        assertThat(((Number) c.get("spinning_threads")).intValue()).isZero();
    }

    @Test
    void shouldRefuseAnUnknownIdleStrategyAsAUsageError() {
        RunResult r = RunResult.run("-bothRoles", "-latencyTest", "-idleStrategy", "nap");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("-idleStrategy: expected auto, yield, spinyield, spinpark, spin, backoff, sleep or park, got 'nap'");
    }
}
