package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.runner.results.RateSlices;

/** Both roles in one process over loopback: every transport, both tests, the output formats. */
class PubSubLoopbackTest {

    private static String[] args(String transport, int basePort, String... extra) {
        List<String> a = new java.util.ArrayList<>(List.of("-basePort", Integer.toString(basePort), "-domain", "7"));
        switch (transport) {
            case "aeron-udp":
                break;
            case "aeron-ipc":
                a.addAll(List.of("-transport", "SHMEM"));
                break;
            case "raw-blocking":
                a.add("-rawTransport");
                break;
            case "raw-nonblocking":
                a.addAll(List.of("-rawTransport", "-noBlockingSockets"));
                break;
            default:
                throw new IllegalArgumentException(transport);
        }
        a.addAll(List.of(extra));
        if (!a.contains("-pub") && !a.contains("-sub")) {
            a.add(0, "-bothRoles");
        }
        return a.toArray(new String[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"aeron-udp", "aeron-ipc", "raw-blocking", "raw-nonblocking"})
    @Timeout(120)
    void shouldMeasureEveryPingWhenLatencyTestRunsOverLoopback(String transport, @TempDir Path dir) throws IOException {
        int iter = 3000;
        RunResult r = RunResult.run(args(transport, RunResult.freeBasePort(), "-latencyTest", "-dataLen", "32",
                "-numIter", Integer.toString(iter), "-noPrintIntervals", "--out", dir.toString()));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Sample Size (Bytes), Ave (\u03bcs), Std (\u03bcs), Min (\u03bcs), Max (\u03bcs), "
                + "50% (\u03bcs), 90% (\u03bcs), 99% (\u03bcs), 99.99% (\u03bcs), 99.9999% (\u03bcs)\n");
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(1);
        String[] row = rows.get(0);
        assertThat(row).hasSize(10);
        assertThat(row[0]).isEqualTo("32");
        long min = Long.parseLong(row[3]);
        long max = Long.parseLong(row[4]);
        long p50 = Long.parseLong(row[5]);
        long p90 = Long.parseLong(row[6]);
        long p99 = Long.parseLong(row[7]);
        assertThat(min).isLessThanOrEqualTo(p50);
        assertThat(p50).isLessThanOrEqualTo(p90);
        assertThat(p90).isLessThanOrEqualTo(p99);
        assertThat(p99).isLessThanOrEqualTo(max + 1);

        List<String> csv = Files.readAllLines(dir.resolve("pubsub-latency.csv"));
        assertThat(csv.get(1)).startsWith("transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,"
                + "test,samples,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p999_us,p9999_us,");
        String[] f = csv.get(2).split(",");
        assertThat(f[5]).isEqualTo("NONE");
        assertThat(f[6]).isEqualTo("32");
        assertThat(f[7]).isEqualTo("latency");
        // p99.9 (HdrHistogram, as the other percentiles) between p99 and p99.99
        assertThat(Double.parseDouble(f[16])).isBetween(Double.parseDouble(f[15]), Double.parseDouble(f[17]));
        boolean bestEffort = transport.startsWith("raw");
        long samples = Long.parseLong(f[8]);
        if (bestEffort) {
            assertThat(samples).isBetween((long) (iter * 0.99), (long) iter);
        } else {
            assertThat(samples).isEqualTo(iter);
        }
        try (Stream<Path> s = Files.list(dir)) {
            Path hlog = s.filter(p -> p.toString().endsWith(".hlog")).findFirst().orElseThrow();
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            long total = 0;
            int intervals = 0;
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                total += ((org.HdrHistogram.Histogram) h).getTotalCount();
                intervals++;
            }
            assertThat(total).isEqualTo(samples);
            // equal-count intervals, 32 to 64 of them from 1600 samples on (LatencyStats)
            assertThat(intervals).isBetween(32, 64);
        }
        assertThat(Files.readString(dir.resolve("run.json"))).contains("\"engine\"").contains("\"end_utc\": \"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"aeron-udp", "aeron-ipc", "raw-blocking", "raw-nonblocking"})
    @Timeout(120)
    void shouldCountEverySampleWhenThroughputTestRunsOverLoopback(String transport, @TempDir Path dir)
            throws IOException {
        boolean raw = transport.startsWith("raw");
        int iter = 200_000;
        String[] extra = raw ? new String[] {"-pubRate", "100000"} : new String[] {"-cpu"};
        List<String> a = new java.util.ArrayList<>(List.of("-dataLen", "64", "-numIter", Integer.toString(iter),
                "-latencyCount", "10", "-noPrintIntervals", "--out", dir.toString()));
        a.addAll(List.of(extra));
        RunResult r = RunResult.run(args(transport, RunResult.freeBasePort(), a.toArray(new String[0])));

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(1);
        String[] row = rows.get(0);
        assertThat(row[0]).isEqualTo("64");
        long total = Long.parseLong(row[1]);
        long lost = Long.parseLong(row[4]);
        if (raw) {
            assertThat(total + lost).isEqualTo(iter);
        } else {
            assertThat(total).isEqualTo(iter);
            assertThat(lost).isZero();
            assertThat(row).hasSize(7); // -cpu adds a column
        }
        List<String> csv = Files.readAllLines(dir.resolve("pubsub-throughput.csv"));
        assertThat(csv.get(1)).isEqualTo("transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,total_samples,"
                + "samples_per_s,mbps,lost,lost_pct,cpu_pct,end_reason");
        assertThat(csv.get(2)).contains(",8192,NONE,64," + total + ",").endsWith(",completed");
        // the rate slices compare judges a single run on: every sample received is in one of them
        List<String> slices = Files.readAllLines(dir.resolve("pubsub-throughput-intervals.csv"));
        assertThat(slices.get(1)).isEqualTo("transport,reliability,keyed,instances,batch_bytes,compression,"
                + "size_bytes,start_us,duration_us,samples,samples_per_s,mbps");
        assertThat(slices.size() - 2).isBetween(1, RateSlices.MAX_SLICES);
        assertThat(slices.subList(2, slices.size()).stream().mapToLong(l -> Long.parseLong(l.split(",")[9])).sum())
                .isEqualTo(total);
        // latency under load: pings every 10 batches were answered
        List<String> lat = Files.readAllLines(dir.resolve("pubsub-latency.csv"));
        assertThat(lat.get(2)).contains(",throughput,");
    }

    @Test
    @Timeout(120)
    void shouldKeepStateOfEveryInstanceWhenKeyedWithHundredThousandInstances() {
        int iter = 400_000;
        RunResult r = RunResult.run(args("aeron-ipc", RunResult.freeBasePort(), "-keyed", "-instances", "100000",
                "-dataLen", "100", "-numIter", Integer.toString(iter), "-noPrintIntervals"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("100000 of 100000 instances received samples");
        assertThat(r.csvRows().get(0)[1]).isEqualTo(Integer.toString(iter));
    }

    @Test
    @Timeout(300)
    void shouldCompleteWhenReliableLatencyTestSendsTenMegabyteSamples() {
        RunResult r = RunResult.run(args("aeron-udp", RunResult.freeBasePort(), "-latencyTest", "-dataLen", "10485760",
                "-numIter", "5", "-noPrintIntervals", "-noOutputHeaders"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)[0]).isEqualTo("10485760");
        assertThat(Long.parseLong(rows.get(0)[1])).isPositive();
    }

    @Test
    @Timeout(120)
    void shouldPrintPerftestJsonWhenOutputFormatIsJson() {
        RunResult r = RunResult.run(args("aeron-ipc", RunResult.freeBasePort(), "-latencyTest", "-dataLen", "32",
                "-numIter", "200", "-outputFormat", "json"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("\t\t\t\"length\":32,\n\t\t\t\"intervals\":[\n\n\t\t\t\t{\n\t\t\t\t\t\"latency\": ");
        assertThat(r.out()).contains("\n\t\t\t],\n\t\t\t\"summary\":{\n\t\t\t\t\"latency_ave\": ")
                .contains("\"latency_99.9999\": ").endsWith("\n\t\t\t}\n\t\t}");
        assertThat(r.out().split("\"latency\": ", -1)).hasSize(201);
    }

    @Test
    @Timeout(120)
    void shouldPrintPerftestLegacyLinesWhenOptionsAreSpelledInAnotherCase() {
        RunResult r = RunResult.run(args("aeron-ipc", RunResult.freeBasePort(), "-LATENCYTEST", "-datalen", "64",
                "-NUMITER", "100", "-outputformat", "LEGACY"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("\n\n********** New data length is 64\nOne-Way Latency: ");
        assertThat(r.out().lines().filter(l -> l.startsWith("One-Way Latency: ")).count()).isEqualTo(100);
        assertThat(r.out().lines().filter(l -> l.matches("Length: {4}64 Latency: Ave +\\d+ \u03bcs Std +[0-9.]+ \u03bcs .*"
                + "99\\.9999% +\\d+ \u03bcs")).count()).isEqualTo(1);
    }

    @Test
    @Timeout(60)
    void shouldNameTheMissingSubscribersWhenDiscoveryTimesOut() {
        RunResult r = RunResult.run(args("aeron-udp", RunResult.freeBasePort(), "-pub", "-numSubscribers", "2",
                "-discoveryTimeout", "1"));

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("publisher 0: after 1 s heard from 0 of 2 subscribers on domain 7; "
                + "missing -sidMultiSubTest [0, 1]");
    }

    @Test
    @Timeout(120)
    void shouldIgnoreStrayDatagramsWhenTheyArriveDuringARun() throws Exception {
        int port = RunResult.freeBasePort();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread spammer = new Thread(() -> {
            try (DatagramSocket s = new DatagramSocket()) {
                byte[] junk = "not a wirebench message".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                byte[] otherDomain = new byte[40];
                java.nio.ByteBuffer.wrap(otherDomain).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(Wire.MAGIC).putInt(99)
                        .put(Wire.DATA);
                while (running.get()) {
                    s.send(new DatagramPacket(junk, junk.length, InetAddress.getLoopbackAddress(), port));
                    s.send(new DatagramPacket(otherDomain, otherDomain.length, InetAddress.getLoopbackAddress(), port));
                    Thread.sleep(5);
                }
            } catch (IOException | InterruptedException e) {
                // the test asserts on what the run saw
            }
        });
        spammer.start();
        RunResult r;
        try {
            r = RunResult.run(args("raw-blocking", port, "-dataLen", "64", "-numIter", "50000", "-pubRate", "50000",
                    "-noPrintIntervals"));
        } finally {
            running.set(false);
            spammer.join();
        }

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).containsPattern("subscriber 0: ignored [1-9]\\d* stray or malformed messages and [1-9]\\d* "
                + "of other domains");
        String[] row = r.csvRows().get(0);
        assertThat(Long.parseLong(row[1]) + Long.parseLong(row[4])).isEqualTo(50000);
    }

    @Test
    @Timeout(120)
    void shouldPrintOneSummaryRowPerSizeUnderOneHeaderWhenScanning(@TempDir Path dir) throws IOException {
        RunResult r = RunResult.run(args("aeron-ipc", RunResult.freeBasePort(), "-scan", "32:64:1024", "-numIter",
                "30000", "-noPrintIntervals", "--out", dir.toString()));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("Sample Size (Bytes)")).count()).isEqualTo(1);
        List<String[]> rows = r.csvRows();
        assertThat(rows).extracting(f -> f[0]).containsExactly("32", "64", "1024");
        assertThat(rows).extracting(f -> f[1]).containsOnly("30000");
        List<String> csv = Files.readAllLines(dir.resolve("pubsub-throughput.csv"));
        assertThat(csv).hasSize(5);
        assertThat(csv.get(4)).startsWith("SHMEM,reliable,unkeyed,1,8192,NONE,1024,30000,");
    }

    @Test
    @Timeout(120)
    void shouldPrintIntervalRowsEverySecondWhenIntervalsAreOn() {
        RunResult r = RunResult.run(args("aeron-ipc", RunResult.freeBasePort(), "-dataLen", "256", "-executionTime",
                "3", "-pubRate", "20000"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("\nInterval Throughput for 256 Bytes:\nLength (Bytes), Total Samples,  "
                + "Samples/s, Avg Samples/s,     Mbps,  Avg Mbps, Lost Samples, Lost Samples (%)\n");
        long intervalRows = r.csvRows().stream().filter(f -> f.length == 8).count();
        assertThat(intervalRows).isBetween(1L, 3L);
        assertThat(r.out()).contains("\n\nThroughput Summary:\nSample Size (Bytes), Total Samples, Avg Samples/s,");
        String[] summary = r.csvRows().get(r.csvRows().size() - 1);
        assertThat(summary).hasSize(6);
        // 20000 samples/s for 3 s, paced: a batch (32 samples of 256 B) is not sent before its first
        // sample's due time, start + k / 20000 s (PacerTest), so at most 3 s x 20000 samples and the
        // batches around the end are sent, whatever the machine's load (unpaced, IPC sends millions)
        assertThat(Long.parseLong(summary[1])).isBetween(1L, 3L * 20_000 + 2 * 32);
    }

    @Test
    @Timeout(120)
    void shouldAppendToTheOutputFileWhenOutputFileIsGiven(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("lat.csv");
        for (int i = 0; i < 2; i++) {
            RunResult r = RunResult.run(args("aeron-ipc", RunResult.freeBasePort(), "-latencyTest", "-dataLen", "32",
                    "-numIter", "100", "-noPrintIntervals", "-outputFile", file.toString()));
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).isEmpty();
        }

        List<String> lines = Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(2)).startsWith("Sample Size (Bytes), Ave (\u03bcs)");
    }

    @Test
    @Timeout(30)
    void shouldRejectBatchingWhenLatencyTestAsPerftestDoes() {
        RunResult r = RunResult.run("-bothRoles", "-latencyTest", "-batchSize", "8192");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("-batchSize: batching is not allowed in the latency test (-latencyTest), "
                + "got 8192");
    }

    @Test
    @Timeout(120)
    void shouldRunPublisherAndSubscriberSeparatelyWhenTheyShareAnExternalDriverOverIpc() throws Exception {
        io.aeron.driver.MediaDriver.Context ctx = new io.aeron.driver.MediaDriver.Context()
                .threadingMode(io.aeron.driver.ThreadingMode.SHARED)
                .sharedIdleStrategy(new org.agrona.concurrent.YieldingIdleStrategy())
                .dirDeleteOnShutdown(true);
        try (io.aeron.driver.MediaDriver driver = io.aeron.driver.MediaDriver.launchEmbedded(ctx)) {
            String dir = driver.aeronDirectoryName();
            int port = RunResult.freeBasePort();
            java.util.concurrent.CompletableFuture<RunResult> sub = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> RunResult.run(args("aeron-ipc", port, "-sub", "-aeronDir", dir, "-dataLen", "64",
                            "-noPrintIntervals")));
            RunResult pub = RunResult.run(args("aeron-ipc", port, "-pub", "-aeronDir", dir, "-dataLen", "64",
                    "-numIter", "100000", "-latencyCount", "100", "-noPrintIntervals"));
            RunResult s = sub.get(60, java.util.concurrent.TimeUnit.SECONDS);

            assertThat(pub.exitCode()).as(pub.err()).isZero();
            assertThat(s.exitCode()).as(s.err()).isZero();
            assertThat(pub.out()).startsWith("Sample Size (Bytes), Ave (\u03bcs)");
            assertThat(s.out()).startsWith("Sample Size (Bytes), Total Samples, Avg Samples/s,");
            String[] row = s.csvRows().get(0);
            assertThat(row[1]).isEqualTo("100000");
            assertThat(row[4]).isEqualTo("0");
            assertThat(pub.err()).contains("driver=external " + dir);
            assertThat(pub.err()).contains("Threading: the external driver's own (-aeronDir)")
                    .contains("threading_mode=the external driver's own");
        }
    }

    @Test
    void shouldTakeTheInterfaceAddressWhenNicIsAnInterfaceName() {
        assertThat(PeerLocators.nic("lo", n -> { })).isEqualTo("127.0.0.1");
        assertThat(PeerLocators.nic("127.0.0.1", n -> { })).isEqualTo("127.0.0.1");
    }
}
