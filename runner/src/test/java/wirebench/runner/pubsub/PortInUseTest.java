package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramSocket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two publishers on one host: over unicast the second cannot bind the echo port, and its error says
 * why on one line and names the way out; with -multicast both run and the subscriber counts both.
 */
class PortInUseTest {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    @Timeout(60)
    void shouldSayThatASecondPublisherOnThisHostNeedsMulticast(boolean raw) throws Exception {
        int base = RunResult.freeBasePort();
        List<String> args = new ArrayList<>(List.of("-pub", "-basePort", Integer.toString(base), "-discoveryTimeout",
                "3", "-noPrintIntervals", "-numIter", "1000", "-latencyCount", "100"));
        if (raw) {
            args.add("-rawTransport");
        }
        // the first publisher waits for a subscriber longer than the second: it must still hold the echo
        // port when the second starts, on a loaded machine too (with 3 s both, at load 35 it had left)
        List<String> firstArgs = new ArrayList<>(args);
        firstArgs.set(firstArgs.indexOf("-discoveryTimeout") + 1, "10");
        CompletableFuture<RunResult> first = CompletableFuture
                .supplyAsync(() -> RunResult.run(firstArgs.toArray(new String[0])));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!bound(base + 1) && System.nanoTime() < deadline && !first.isDone()) {
            Thread.sleep(10);
        }
        assertThat(bound(base + 1)).as("the first publisher binds the echo port; it said: %s",
                first.isDone() ? first.get().err() : "").isTrue();

        List<String> second = new ArrayList<>(args);
        second.addAll(List.of("-pidMultiPubTest", "1"));
        RunResult r = RunResult.run(second.toArray(new String[0]));
        assertThat(first.isDone()).as("the first publisher still held the echo port while the second ran").isFalse();

        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        String last = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertThat(last).contains(raw ? "raw UDP: cannot bind port " + (base + 1) : "aeron: cannot subscribe")
                .contains("a second publisher on this host").contains("use -multicast");
        assertThat(r.err()).doesNotContain("\tat ");
        assertThat(first.get(30, TimeUnit.SECONDS).err()).contains("subscriber");
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

    private static boolean bound(int port) {
        try {
            new DatagramSocket(port).close();
            return false;
        } catch (SocketException e) {
            return true;
        }
    }
}
