package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.JsonReader;
import wirebench.testsupport.Prerequisites;

/**
 * Publisher and subscriber in two JVMs pinned with {@code taskset}: each finds the other process and
 * its CPUs, and run.json says whether the roles shared a CPU from both affinity masks (each on a
 * CPU of its own: no; both on CPU 0: yes), not from an assumption that the peer has this process's.
 */
class PeerCpusRunTest {

    private static Process start(Path dir, String name, String cpu, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("taskset", "-c", cpu));
        cmd.addAll(RunResult.childJvm("-noPrintIntervals", "-discoveryTimeout", "60"));
        cmd.addAll(Arrays.asList(args));
        cmd.addAll(List.of("--out", dir.resolve(name).toString()));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile()).start();
    }

    private static JsonReader.Obj contention(Path dir, String name, Process p) throws Exception {
        boolean ended = p.waitFor(100, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        String err = Files.readString(dir.resolve(name + ".err"));
        assertThat(ended).as(name + " did not end within 100 s; stderr:\n" + err).isTrue();
        assertThat(p.exitValue()).as(name + " stderr:\n" + err).isZero();
        Path runJson = dir.resolve(name).resolve("run.json");
        JsonReader.Obj run = (JsonReader.Obj) JsonReader.parse(runJson.toString(), Files.readString(runJson));
        return (JsonReader.Obj) run.get("contention");
    }

    private static JsonReader.Obj[] run(Path dir, String pubCpu, String subCpu) throws Exception {
        String base = Integer.toString(RunResult.freeBasePort());
        Process sub = start(dir, "sub", subCpu, "-sub", "-basePort", base, "-domain", "11");
        Process pub = start(dir, "pub", pubCpu, "-pub", "-latencyTest", "-dataLen", "32", "-numIter", "3000",
                "-basePort", base, "-domain", "11");
        try {
            return new JsonReader.Obj[] {contention(dir, "pub", pub), contention(dir, "sub", sub)};
        } finally {
            pub.destroyForcibly();
            sub.destroyForcibly();
        }
    }

    @Test
    @Timeout(240)
    void shouldSayTheRolesDidNotShareACpuWhenEachWasPinnedToItsOwn(@TempDir Path dir) throws Exception {
        Prerequisites.requireCommand("taskset", "util-linux");
        Prerequisites.require(Runtime.getRuntime().availableProcessors() >= 2, "2 CPUs (this test pins the roles"
                + " to CPU 0 and CPU 1)", "a machine with 2 or more CPUs");

        JsonReader.Obj[] c = run(dir, "1", "0");

        assertThat(c[0].get("affinity")).isEqualTo("1");
        assertThat(c[0].get("peer_affinity")).as("the publisher found its subscriber").isEqualTo("0");
        assertThat(c[1].get("affinity")).isEqualTo("0");
        assertThat(c[1].get("peer_affinity")).as("the subscriber found its publisher").isEqualTo("1");
        assertThat(c[0].get("roles_shared_cpu")).isEqualTo(false);
        assertThat(c[1].get("roles_shared_cpu")).isEqualTo(false);
    }

    @Test
    @Timeout(240)
    void shouldSayTheRolesSharedACpuWhenBothWerePinnedToCpuZero(@TempDir Path dir) throws Exception {
        Prerequisites.requireCommand("taskset", "util-linux");

        JsonReader.Obj[] c = run(dir, "0", "0");

        assertThat(c[0].get("peer_affinity")).isEqualTo("0");
        assertThat(c[1].get("peer_affinity")).isEqualTo("0");
        assertThat(c[0].get("roles_shared_cpu")).isEqualTo(true);
        assertThat(c[1].get("roles_shared_cpu")).isEqualTo(true);
        assertThat(Files.readString(dir.resolve("pub.err"))).contains("peer pid ")
                .contains("roles shared a CPU: latency includes scheduler waits");
    }
}
