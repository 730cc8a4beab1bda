package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.AnalyzerMain;
import wirebench.contract.CsvFamilyReader;
import wirebench.contract.EndReason;
import wirebench.contract.WirebenchException;
import wirebench.runner.RunnerMain;
import wirebench.runner.cli.JavaOptions;

/**
 * A subscriber whose publisher vanishes writes what it measured: publisher and subscriber run as
 * separate JVMs on loopback (Aeron UDP, a port pair of their own); once the subscriber has printed
 * throughput intervals (samples are arriving) the publisher is killed with SIGKILL
 * ({@link Process#destroyForcibly()}), or the subscriber is stopped with SIGTERM. The subscriber's
 * results directory then holds the size's row marked {@code end_reason} publisher_lost (exit code 5)
 * or interrupted, with the samples counted, run.json says why, and the analyzer reads the row
 * and flags it.
 */
class PublisherLostTest {
    /** Seconds of silence after which the subscriber gives its publisher up (the default is 30). */
    private static final String SILENCE_S = "2";

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopChildren() throws InterruptedException {
        for (Process p : started) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldWriteThePartialRowAndExit5WhenThePublisherIsKilledMidRun(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("sub");
        Measuring m = startMeasuring(tmp, out);
        Process sub = m.subscriber();
        Process pub = m.publisher();
        pub.destroyForcibly(); // SIGKILL: no FINISHED, no goodbye
        assertThat(pub.waitFor(30, TimeUnit.SECONDS)).isTrue();

        assertThat(sub.waitFor(90, TimeUnit.SECONDS)).as("subscriber ends after " + SILENCE_S + " s").isTrue();
        String stderr = Files.readString(tmp.resolve("sub.err"), StandardCharsets.UTF_8);
        assertThat(sub.exitValue()).as(stderr).isEqualTo(WirebenchException.PARTIAL);
        assertThat(stderr).contains("written as a partial row (end_reason publisher_lost)");

        long samples = assertPartialRow(out, EndReason.PUBLISHER_LOST);
        assertThat(stderr).contains("partial: publisher lost after " + samples + " samples of size 100");
        assertThat(Files.readString(out.resolve("run.json"), StandardCharsets.UTF_8))
                .contains("\"end_reason\": \"publisher_lost\"").contains("\"end_utc\": null");
        assertAnalyzerFlags(out, "partial: publisher lost after " + samples + " samples of size 100 bytes",
                EndReason.PUBLISHER_LOST);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldWriteThePartialRowMarkedInterruptedWhenTheSubscriberIsStopped(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("sub");
        Measuring m = startMeasuring(tmp, out);
        Process sub = m.subscriber();
        Process pub = m.publisher();
        sub.destroy(); // SIGTERM, as a campaign or Ctrl-C stops it
        assertThat(sub.waitFor(60, TimeUnit.SECONDS)).isTrue();
        pub.destroyForcibly();

        String stderr = Files.readString(tmp.resolve("sub.err"), StandardCharsets.UTF_8);
        assertThat(sub.exitValue()).as(stderr).isEqualTo(143);
        long samples = assertPartialRow(out, EndReason.INTERRUPTED);
        assertThat(stderr).contains("partial: interrupted after " + samples + " samples of size 100");
        assertThat(Files.readString(out.resolve("run.json"), StandardCharsets.UTF_8))
                .contains("\"end_reason\": \"interrupted\"").contains("\"end_utc\": null");
        assertAnalyzerFlags(out, "partial: interrupted after " + samples + " samples", EndReason.INTERRUPTED);
    }

    /** The one throughput row: marked {@code reason}, with samples and a rate; returns its samples. */
    private static long assertPartialRow(Path out, String reason) {
        Path csv = out.resolve("pubsub-throughput.csv");
        assertThat(csv).exists();
        try (CsvFamilyReader r = CsvFamilyReader.open(csv)) {
            List<String> h = r.header();
            CsvFamilyReader.Row row = r.next();
            assertThat(row).as("a row in " + csv).isNotNull();
            assertThat(r.next()).as("one row").isNull();
            assertThat(row.text(h.indexOf("end_reason"))).isEqualTo(reason);
            assertThat(row.text(h.indexOf("size_bytes"))).isEqualTo("100");
            assertThat(row.text(h.indexOf("batch_bytes"))).as("batch size unknown without FINISHED").isEmpty();
            double samples = row.number(h.indexOf("total_samples"));
            assertThat(samples).isGreaterThan(0);
            assertThat(row.number(h.indexOf("samples_per_s"))).isGreaterThan(0);
            assertThat(row.number(h.indexOf("lost"))).isNotNull();
            return (long) samples;
        }
    }

    /** stats and report read the row, show its end_reason and warn that it is partial. */
    private static void assertAnalyzerFlags(Path out, String warning, String reason) throws IOException {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = AnalyzerMain.run(new String[] {"stats", out.toString()}, new PrintWriter(o, true),
                new PrintWriter(e, true));
        assertThat(code).as(e.toString()).isZero();
        assertThat(o.toString()).contains("end_reason").contains(reason).contains(warning);

        StringWriter j = new StringWriter();
        assertThat(AnalyzerMain.run(new String[] {"stats", "--format", "json", out.toString()}, new PrintWriter(j, true),
                new PrintWriter(new StringWriter(), true))).isZero();
        assertThat(j.toString()).contains("\"end_reason\": \"" + reason + "\"").contains(warning);

        Path html = out.resolveSibling("report.html");
        StringWriter re = new StringWriter();
        assertThat(AnalyzerMain.run(new String[] {"report", out.toString(), "-o", html.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(re, true))).as(re.toString()).isZero();
        assertThat(Files.readString(html, StandardCharsets.UTF_8)).contains(warning).contains(reason);
    }

    /**
     * Starts a subscriber writing to {@code out} and a publisher on a port pair of their own, and
     * returns once the subscriber has counted samples.
     */
    private Measuring startMeasuring(Path tmp, Path out) throws IOException, InterruptedException {
        int port = freePortPair();
        Subscriber sub = startSubscriber(tmp, out, port);
        Process pub = startPublisher(tmp, port);
        sub.awaitIntervals(pub);
        return new Measuring(sub.process(), pub);
    }

    private record Measuring(Process subscriber, Process publisher) {
    }

    private record Subscriber(Process process, CountDownLatch intervals) {
        /** Waits until the subscriber printed a throughput interval: samples are flowing. */
        void awaitIntervals(Process publisher) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!intervals.await(200, TimeUnit.MILLISECONDS)) {
                assertThat(process.isAlive()).as("subscriber alive while waiting for samples").isTrue();
                assertThat(publisher.isAlive()).as("publisher alive while waiting for samples").isTrue();
                assertThat(System.nanoTime() - deadline).as("intervals within 60 s").isNegative();
            }
        }
    }

    private Subscriber startSubscriber(Path tmp, Path out, int port) throws IOException {
        Process p = start(tmp, "sub", List.of("-sub", "-basePort", Integer.toString(port), "-discoveryTimeout",
                SILENCE_S, "--out", out.toString()), false);
        CountDownLatch intervals = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    if (l.strip().startsWith("100,")) { // an interval row of size 100: samples counted
                        intervals.countDown();
                    }
                }
            } catch (IOException e) {
                // the process ended; the latch stays open and the wait fails
            }
        }, "subscriber-stdout");
        reader.setDaemon(true);
        reader.start();
        return new Subscriber(p, intervals);
    }

    private Process startPublisher(Path tmp, int port) throws IOException {
        return start(tmp, "pub", List.of("-pub", "-basePort", Integer.toString(port), "-executionTime", "120",
                "-pubRate", "20000", "-noPrintIntervals"), true);
    }

    private Process start(Path tmp, String name, List<String> args, boolean stdoutToFile) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED"));
        cmd.addAll(JavaOptions.fromEnvironment()); // the build's options for fixture JVMs (pom.xml)
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), RunnerMain.class.getName(), "run", "pubsub",
                "-domain", "211"));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(tmp.resolve(name + ".err").toFile());
        if (stdoutToFile) {
            pb.redirectOutput(tmp.resolve(name + ".out").toFile());
        }
        Process p = pb.start();
        started.add(p);
        return p;
    }

    /** A UDP port whose successor is free too (data and echo), on loopback. */
    private static int freePortPair() throws SocketException {
        for (int attempt = 0; attempt < 50; attempt++) {
            try (DatagramSocket a = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
                int port = a.getLocalPort();
                if (port >= 65534) {
                    continue;
                }
                try {
                    new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port + 1)).close();
                    return port;
                } catch (SocketException busy) {
                    // try another pair
                }
            }
        }
        throw new SocketException("no free pair of consecutive UDP ports found in 50 attempts");
    }
}
