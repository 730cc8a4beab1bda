package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two publishers on one host: over unicast the second cannot bind the echo port, and its error says
 * why on one line and names the way out; with -multicast both run and the subscriber counts both.
 */
class PortInUseTest {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    @Timeout(120)
    void shouldSayThatASecondPublisherOnThisHostNeedsMulticast(boolean raw, @TempDir Path tmp) throws Exception {
        int base = RunResult.freeBasePort();
        List<String> args = new ArrayList<>(List.of("-pub", "-basePort", Integer.toString(base), "-discoveryTimeout",
                "3", "-noPrintIntervals", "-numIter", "1000", "-latencyCount", "100"));
        if (raw) {
            args.add("-rawTransport");
        }
        // the first publisher, in a JVM of its own, waits for a subscriber far longer than the test
        // runs (it must still hold the echo port when the second starts, on a loaded machine too) and
        // is stopped at the end; whether it holds the port is read from /proc/net/udp, not by binding
        // it (a probe that binds the port can take it from under the publisher: "Address already in use")
        List<String> firstArgs = new ArrayList<>(args);
        firstArgs.set(firstArgs.indexOf("-discoveryTimeout") + 1, "600");
        Path firstErr = tmp.resolve("first.err");
        Process first = new ProcessBuilder(childJvm(firstArgs)).redirectOutput(tmp.resolve("first.out").toFile())
                .redirectError(firstErr.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!bound(base + 1) && System.nanoTime() < deadline && first.isAlive()) {
                Thread.sleep(20);
            }
            assertThat(bound(base + 1)).as("the first publisher binds the echo port; it said: %s",
                    Files.readString(firstErr)).isTrue();

            List<String> second = new ArrayList<>(args);
            second.addAll(List.of("-pidMultiPubTest", "1"));
            RunResult r = RunResult.run(second.toArray(new String[0]));
            assertThat(first.isAlive()).as("the first publisher still held the echo port while the second ran: %s",
                    Files.readString(firstErr)).isTrue();

            assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
            String last = r.err().strip().lines().reduce((a, b) -> b).orElse("");
            assertThat(last).contains(raw ? "raw UDP: cannot bind port " + (base + 1) : "aeron: cannot subscribe")
                    .contains("a second publisher on this host").contains("use -multicast");
            assertThat(r.err()).doesNotContain("\tat ");
        } finally {
            first.destroyForcibly();
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    /** {@code java} with the launcher's options and this test's class path, running {@code run pubsub args}. */
    private static List<String> childJvm(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "wirebench.runner.RunnerMain",
                "run", "pubsub"));
        cmd.addAll(args);
        return cmd;
    }

    @Test
    @Timeout(90)
    void shouldRunTwoPublishersOnOneHostWithMulticast() throws Exception {
        String base = Integer.toString(RunResult.freeBasePort());
        List<String> common = List.of("-basePort", base, "-multicast", "-multicastAddr", "239.255.9.9,239.255.9.11",
                "-nic", "127.0.0.1", "-noPrintIntervals", "-dataLen", "100", "-discoveryTimeout", "20");
        CompletableFuture<RunResult> sub = CompletableFuture.supplyAsync(() -> RunResult.run(with(common, "-sub",
                "-numPublishers", "2")));
        CompletableFuture<RunResult> pub1 = CompletableFuture.supplyAsync(() -> RunResult.run(with(common, "-pub",
                "-pidMultiPubTest", "1", "-numIter", "20000", "-latencyCount", "100")));
        RunResult pub0 = RunResult.run(with(common, "-pub", "-numIter", "20000", "-latencyCount", "100"));
        RunResult s = sub.get(60, TimeUnit.SECONDS);

        assertThat(pub0.exitCode()).as(pub0.err()).isZero();
        assertThat(pub1.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(s.csvRows()).hasSize(1);
        assertThat(s.csvRows().get(0)[1].trim()).isEqualTo("40000");
        assertThat(s.csvRows().get(0)[4].trim()).isEqualTo("0");
    }

    private static String[] with(List<String> common, String... more) {
        List<String> a = new ArrayList<>(common);
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    /** Whether a UDP socket of this host is bound to {@code port}, read from /proc/net/udp and udp6. */
    private static boolean bound(int port) throws IOException {
        String hex = String.format(Locale.ROOT, ":%04X ", port);
        for (String table : List.of("/proc/net/udp", "/proc/net/udp6")) {
            Path t = Path.of(table);
            if (Files.exists(t)) {
                for (String line : Files.readAllLines(t)) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 1 && (f[1] + " ").endsWith(hex)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
