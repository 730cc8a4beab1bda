package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.testsupport.Prerequisites;

/**
 * A latency test whose process is stopped (SIGSTOP, as ^Z or a bench's time slices do) for longer
 * than the reliable pong timeout, in the middle of its window, then continued: it completes. Before,
 * the publisher's wait found its deadline passed when it ran again and failed the run ("no pong ...
 * within 10 s; did the subscriber stop?") although the subscriber had been stopped with it.
 */
class ProcessStopTest {

    private static void kill(String signal, long pid) throws Exception {
        Process k = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(k.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(k.exitValue()).as("kill -" + signal).isZero();
    }

    @Test
    @Timeout(120)
    void shouldCompleteALatencyTestStoppedLongerThanThePongTimeout(@TempDir Path dir) throws Exception {
        Prerequisites.requireCommand("kill", "procps");
        List<String> cmd = RunResult.childJvm("-bothRoles", "-latencyTest", "-dataLen", "32",
                "-executionTime", "3", "-warmUpMs", "300", "-noPrintIntervals", "-basePort",
                Integer.toString(RunResult.freeBasePort()), "-domain", "13", "--out", dir.resolve("out").toString());
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile()).redirectError(err.toFile()).start();
        try {
            // the window opens after this line
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(err).contains("; measuring ...")) {
                assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
                assertThat(System.nanoTime() - deadline).as("the window did not open in 60 s").isNegative();
                Thread.sleep(20);
            }
            Thread.sleep(500);
            kill("STOP", p.pid());
            // the stop is the test's stimulus: a second longer than the publisher waits for a pong
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(PublisherRole.RELIABLE_PONG_TIMEOUT_NS) + 1000);
            kill("CONT", p.pid());
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("ended within 60 s of the stop").isTrue();
            assertThat(p.exitValue()).as(Files.readString(err)).isZero();
        } finally {
            p.destroyForcibly();
        }
        List<String> rows = Files.readAllLines(dir.resolve("out").resolve("pubsub-latency.csv")).stream()
                .filter(l -> !l.startsWith("#")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1)).endsWith(",completed");
    }
}
