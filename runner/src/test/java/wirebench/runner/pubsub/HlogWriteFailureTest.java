package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.testsupport.Prerequisites;

/**
 * A histogram log that cannot be written (the kernel's /dev/full answers every write with ENOSPC,
 * as a full disk does) fails the run at that moment, naming the file. Before the check, PrintStream
 * swallowed the error: on a nearly full disk 6 of 8 .hlog files were written empty, exit 0.
 */
class HlogWriteFailureTest {

    private static String[] args(int basePort, Path out) {
        return new String[] {"-bothRoles", "-basePort", Integer.toString(basePort), "-domain", "7", "-transport",
                "SHMEM",
                "-latencyTest", "-dataLen", "32", "-numIter", "2000", "-noPrintIntervals", "--out", out.toString()};
    }

    @Test
    @Timeout(120)
    void shouldFailNamingTheFileWhenAHistogramLogCannotBeWritten(@TempDir Path tmp) throws IOException {
        Prerequisites.require(Files.exists(Path.of("/dev/full")), "/dev/full (a Linux device)",
                "run the tests on Linux with /dev populated");
        Path good = tmp.resolve("good");
        RunResult ok = RunResult.run(args(RunResult.freeBasePort(), good));
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        List<String> hlogs = hlogs(good);
        assertThat(hlogs).hasSize(1);
        assertThat(Files.size(good.resolve(hlogs.get(0)))).isPositive();

        Path full = tmp.resolve("full");
        Files.createDirectories(full);
        Files.createSymbolicLink(full.resolve(hlogs.get(0)), Path.of("/dev/full"));
        RunResult r = RunResult.run(args(RunResult.freeBasePort(), full));

        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains(full.resolve(hlogs.get(0)) + ": writing the latency histogram of size 32 failed "
                + "(disk full?); the incomplete file is removed");
        assertThat(full.resolve(hlogs.get(0))).doesNotExist();
        assertThat(Files.readAllLines(full.resolve("pubsub-latency.csv"))).as("the row measured stays").hasSize(3);
    }

    private static List<String> hlogs(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".hlog")).toList();
        }
    }
}
