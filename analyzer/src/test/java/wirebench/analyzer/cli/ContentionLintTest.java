package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** stats and report warn when run.json says the roles shared a CPU or the machine was oversubscribed. */
class ContentionLintTest {
    private static final String CSV = "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,"
            + "size_bytes,test\ntransport,reliability,size_bytes,test,samples,p50_us,p99_us\n"
            + "UDPv4,reliable,32,latency,100000,62,90\n";

    private static Path run(Path dir, String contention) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), CSV);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"command_line\": \"x\""
                + (contention == null ? "" : ", \"contention\": " + contention) + "}\n");
        return dir;
    }

    private static String contention(boolean shared, boolean over, double loadStart, double loadEnd) {
        return "{\"cpus_usable\": " + (shared ? 1 : 2) + ", \"cpus_online\": 2, \"affinity\": \"" + (shared ? "0" : "0-1")
                + "\", \"cpu_quota_cpus\": null, \"spinning_threads\": 2, \"loadavg_start_1m\": " + loadStart
                + ", \"loadavg_end_1m\": " + loadEnd + ", \"roles_shared_cpu\": " + shared + ", \"oversubscribed\": "
                + over + ", \"idle_strategy\": \"yield\", \"idle_strategy_reason\": \"auto: ...\"}";
    }

    @Test
    void shouldWarnWhenTheRolesSharedACpu(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("pinned"), contention(true, true, 0.2, 1.1));

        Cli r = Cli.run("stats", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).containsOnlyOnce("roles shared a CPU: 2 spinning threads on 1 usable CPUs (affinity 0);"
                + " idle strategy yield: latency includes scheduler waits");
    }

    @Test
    void shouldNameThePeersCpusWhenTheRunFoundThem(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("both-on-0"), contention(true, true, 0.2, 1.1)
                .replace("\"spinning_threads\"", "\"peer_pid\": 77, \"peer_affinity\": \"0\", \"spinning_threads\""));

        Cli r = Cli.run("stats", dir.toString());

        assertThat(r.out()).containsOnlyOnce("roles shared a CPU: 2 spinning threads on 1 usable CPUs (affinity 0),"
                + " the peer's on CPUs 0; idle strategy yield: latency includes scheduler waits");
    }

    @Test
    void shouldWarnWhenTheMachineWasOversubscribed(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("loaded"), contention(false, true, 3.5, 4.25));

        Cli r = Cli.run("stats", dir.toString());

        assertThat(r.out()).contains("machine oversubscribed: load average 3.50 at start, 4.25 at end, 2 spinning"
                + " threads on 2 usable CPUs (affinity 0-1); idle strategy yield: latency includes scheduler waits");
    }

    @Test
    void shouldWarnOfTheTailsWhenEveryCpuHadASpinningRoleWhoseWaitsParked(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("fit"), contention(false, false, 0.1, 1.9)
                .replace("\"idle_strategy\": \"yield\"", "\"parked_roles_may_share_cpu\": true, \"idle_strategy\": \"spinpark\""));

        Cli r = Cli.run("stats", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).containsOnlyOnce("tails may include the scheduler: 2 spinning threads on 2 usable CPUs"
                + " (affinity 0-1); idle strategy spinpark, waits that park: a woken role can land on the CPU where the"
                + " other spins (p99 up to 10x, p50 not; docs/pubsub.md); pin each process to its own CPU for tails");
    }

    @Test
    void shouldSayNothingForAQuietRunOrARunJsonWithoutTheEntry(@TempDir Path tmp) throws IOException {
        Path quiet = run(tmp.resolve("quiet"), contention(false, false, 0.1, 2.0));
        Path old = run(tmp.resolve("old"), null);

        Cli r = Cli.run("stats", quiet.toString(), old.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("scheduler waits");
    }

    @Test
    void shouldPutTheWarningBesideTheTableInTheReport(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("pinned"), contention(true, true, 0.2, 1.1));
        Path md = tmp.resolve("r.md");

        Cli r = Cli.run("report", "--format", "markdown", dir.toString(), "-o", md.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(md)).contains("roles shared a CPU").contains("latency includes scheduler waits");
    }
}
