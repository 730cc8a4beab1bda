package wirebench.runner.campaign;

import wirebench.testsupport.TestPorts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.net.DatagramSocket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.Columns;

/** Campaigns of real {@code wirebench run pubsub} children over loopback (Aeron UDP). */
class CampaignLoopbackTest {
    private static final Pattern PROGRESS = Pattern.compile(
            "Test \\[UDPv4\\|UK\\|(REL|BE)\\]\\[(lat|thr)\\] (32|1024) B rep 1 \\((\\d+)/8\\) -- elapsed (?:\\d+ min )?\\d+ s, ETA .+");

    @TempDir
    Path tmp;

    /** A port p with p and p+1 free for UDP right now, outside the ephemeral range ({@link TestPorts}). */
    static int freeBasePort() {
        return TestPorts.basePort();
    }

    @Test
    @Timeout(240)
    void shouldFinishEveryTestWithProgressAndAResultsDirectoryWhenTwoSizesTwoReliabilitiesTwoTestsRun()
            throws IOException {
        Path out = tmp.resolve("c");
        CampaignRun r = CampaignRun.run("--out", out.toString(), "--sizes", "32,1024", "--reliability", "rel,be",
                "--tests", "lat,thr", "--keyed", "unkeyed", "--batching", "on", "--execution-time", "1",
                "--extra-arguments", "-basePort " + freeBasePort());

        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        List<String> progress = r.progressLines();
        assertThat(progress).hasSize(8);
        for (int k = 1; k <= 8; k++) {
            var m = PROGRESS.matcher(progress.get(k - 1));
            assertThat(m.matches()).as(progress.get(k - 1)).isTrue();
            assertThat(m.group(4)).isEqualTo(Integer.toString(k));
        }
        assertThat(r.out()).contains("campaign: 8 tests finished, 0 failed, 0 skipped");

        Path results = out.resolve("results");
        String runJson = Files.readString(results.resolve("run.json"));
        assertThat(runJson).contains("\"format\": \"wirebench-run 1\"", "\"tests_total\": 8",
                "\"last_test\": \"thr-UDPv4-unkeyed-be-1024-r1\"", "\"sizes\": \"32,1024\"");
        assertThat(runJson).doesNotContain("\"end_utc\": null");
        List<CSVRecord> lat = family(results.resolve("pubsub-latency.csv"), "pubsub-latency",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,test,repetition");
        assertThat(lat).hasSize(8);
        assertThat(lat.stream().map(x -> x.get("test") + "/" + x.get("reliability") + "/" + x.get("size_bytes")))
                .containsExactly("latency/reliable/32", "latency/reliable/1024", "latency/best_effort/32",
                        "latency/best_effort/1024", "throughput/reliable/32", "throughput/reliable/1024",
                        "throughput/best_effort/32", "throughput/best_effort/1024");
        List<CSVRecord> thr = family(results.resolve("pubsub-throughput.csv"), "pubsub-throughput",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,repetition");
        assertThat(thr).hasSize(4);
        assertThat(thr).allSatisfy(x -> assertThat(Long.parseLong(x.get("total_samples"))).isPositive());
        // each throughput point's rate slices (what compare judges a single run on), every sample in one
        List<CSVRecord> slices = family(results.resolve("pubsub-throughput-intervals.csv"),
                "pubsub-throughput-intervals",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,repetition");
        for (CSVRecord x : thr) {
            assertThat(slices.stream().filter(sl -> sl.get("reliability").equals(x.get("reliability"))
                    && sl.get("size_bytes").equals(x.get("size_bytes")) && sl.get("repetition").equals("1"))
                    .mapToLong(sl -> Long.parseLong(sl.get("samples"))).sum()).as(x.toString())
                    .isEqualTo(Long.parseLong(x.get("total_samples")));
        }

        Path perftest = out.resolve("perftest").resolve("UDPv4");
        for (String f : List.of("lat_pub_unkeyed_rel.csv", "lat_pub_unkeyed_be.csv", "thr_sub_unkeyed_rel.csv",
                "thr_sub_unkeyed_be.csv")) {
            List<String> lines = Files.readAllLines(perftest.resolve(f), StandardCharsets.UTF_8);
            assertThat(lines).as(f).hasSize(3);
            assertThat(lines.get(0)).as(f).startsWith("Sample Size (Bytes), ");
            assertThat(lines.get(1).split(",")[0].trim()).isEqualTo("32");
            assertThat(lines.get(2).split(",")[0].trim()).isEqualTo("1024");
        }
        // both roles in one process write the seed's four families, as the two-host run does
        for (String f : List.of("lat_sub_unkeyed_rel.csv", "lat_sub_unkeyed_be.csv", "thr_pub_unkeyed_rel.csv",
                "thr_pub_unkeyed_be.csv")) {
            List<String> lines = Files.readAllLines(perftest.resolve(f), StandardCharsets.UTF_8);
            assertThat(lines).as(f).isNotEmpty();
            if (f.startsWith("lat_sub")) {
                assertThat(lines).as(f + ": the subscriber's throughput of the ping stream").hasSize(3);
                assertThat(lines.get(1).split(",")[0].trim()).isEqualTo("32");
            }
        }
        assertThat(Files.readAllLines(out.resolve(CampaignRunner.STATE_FILE))).hasSize(8);
    }

    /**
     * Reads a results CSV as docs/results-format.md says: format line, header, rows whose non-key
     * fields are numbers or empty, but end_reason (text: completed, as every kept test).
     */
    private static List<CSVRecord> family(Path file, String family, String keys) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo("# wirebench-results 1 family=" + family + " keys=" + keys);
        assertThat(lines.get(1)).startsWith(keys + ",");
        String body = String.join("\n", lines.subList(1, lines.size()));
        try (CSVParser p = CSVParser.parse(new StringReader(body), CSVFormat.DEFAULT.builder().setHeader()
                .setSkipHeaderRecord(true).get())) {
            List<CSVRecord> records = p.getRecords();
            List<String> keyList = List.of(keys.split(","));
            for (CSVRecord rec : records) {
                assertThat(rec.size()).isEqualTo(p.getHeaderNames().size());
                for (String col : p.getHeaderNames()) {
                    String v = rec.get(col);
                    if (col.equals(Columns.END_REASON)) {
                        assertThat(v).as(file + " " + col + ": a kept test is a completed one").isEqualTo("completed");
                    } else if (!keyList.contains(col) && !v.isEmpty()) {
                        assertThat(v).as(file + " " + col).matches("-?\\d+(\\.\\d+)?");
                    }
                }
            }
            return records;
        }
    }

    @Test
    @Timeout(240)
    void shouldKeepFinishedTestsWhenTheChildIsKilledAndRunOnlyTheMissingTestWhenResumed() throws Exception {
        Path out = tmp.resolve("k");
        // 1 s per test: the child of test 2 is found (polled every 50 ms) while its JVM starts, long before it ends
        String[] args = {"--out", out.toString(), "--sizes", "32,64,128", "--reliability", "rel", "--tests", "lat",
                "--keyed", "unkeyed", "--execution-time", "1", "--extra-arguments", "-basePort " + freeBasePort()};
        CompletableFuture<CampaignRun> first = CompletableFuture.supplyAsync(() -> CampaignRun.run(args));
        Path state = out.resolve(CampaignRunner.STATE_FILE);
        ProcessHandle child = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (child == null && System.nanoTime() < deadline && !first.isDone()) {
            if (Files.exists(state) && Files.readAllLines(state).size() == 1) {
                Optional<ProcessHandle> c = ProcessHandle.current().descendants()
                        .filter(h -> h.info().arguments().map(a -> String.join(" ", a).contains("-dataLen 64"))
                                .orElse(false))
                        .findFirst();
                child = c.orElse(null);
            }
            if (child == null) {
                Thread.sleep(50);
            }
        }
        assertThat(child).as("the child of test 2 (-dataLen 64) did not start").isNotNull();
        child.destroyForcibly();
        CampaignRun r = first.get(120, TimeUnit.SECONDS);

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("campaign: test 2/3 [UDPv4|UK|REL][lat] 64 B rep 1 failed: wirebench run pubsub"
                + " (publisher and subscriber) was killed by SIGKILL (exit 137)");
        assertThat(r.err()).contains("1 of 3 tests missing").contains("--resume");
        Path seedFile = out.resolve("perftest").resolve("UDPv4").resolve("lat_pub_unkeyed_rel.csv");
        List<String> lines = Files.readAllLines(seedFile);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("Sample Size (Bytes), ");
        assertThat(lines.subList(1, 3).stream().map(l -> l.split(",")[0].trim())).containsExactly("32", "128");
        assertThat(family(out.resolve("results").resolve("pubsub-latency.csv"), "pubsub-latency",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,test,repetition")).hasSize(2);
        assertThat(Files.readAllLines(state)).containsExactly("lat-UDPv4-unkeyed-rel-32-r1",
                "lat-UDPv4-unkeyed-rel-128-r1");

        CampaignRun again = CampaignRun.run(args);
        assertThat(again.exitCode()).as(again.err()).isEqualTo(3);
        assertThat(again.err()).contains("already holds a campaign with 2 finished tests; pass --resume");

        String[] resume = java.util.Arrays.copyOf(args, args.length + 1);
        resume[args.length] = "--resume";
        CampaignRun resumed = CampaignRun.run(resume);

        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("campaign: resuming: 2 of 3 tests already finished, 1 to run");
        assertThat(resumed.progressLines()).hasSize(1);
        assertThat(resumed.progressLines().get(0)).startsWith("Test [UDPv4|UK|REL][lat] 64 B rep 1 (2/3) -- ");
        assertThat(resumed.out()).contains("-domain 1 -dataLen 64 ").contains("-noOutputHeaders");
        lines = Files.readAllLines(seedFile);
        assertThat(lines.stream().filter(l -> l.startsWith("Sample Size"))).hasSize(1);
        assertThat(lines.subList(1, lines.size()).stream().map(l -> l.split(",")[0].trim()))
                .containsExactly("32", "128", "64");
        assertThat(family(out.resolve("results").resolve("pubsub-latency.csv"), "pubsub-latency",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,test,repetition")).hasSize(3);
        assertThat(Files.readAllLines(state)).hasSize(3);
    }

    @Test
    @Timeout(240)
    void shouldRunPublisherAndSubscriberCampaignsInStepWhenRolesAreSplit() throws Exception {
        int port = freeBasePort();
        String[] common = {"--sizes", "32", "--reliability", "rel", "--tests", "lat,thr", "--keyed", "unkeyed",
                "--batching", "on", "--execution-time", "1", "--nic", "127.0.0.1", "--peer", "127.0.0.1",
                "--extra-arguments", "-basePort " + port};
        Path pubOut = tmp.resolve("pubhost");
        Path subOut = tmp.resolve("subhost");
        CompletableFuture<CampaignRun> sub = CompletableFuture.supplyAsync(() -> CampaignRun.run(concat(common,
                "--out", subOut.toString(), "--role", "sub")));
        CampaignRun pub = CampaignRun.run(concat(common, "--out", pubOut.toString(), "--role", "pub"));
        CampaignRun s = sub.get(120, TimeUnit.SECONDS);

        assertThat(pub.exitCode()).as(pub.out() + pub.err()).isZero();
        assertThat(s.exitCode()).as(s.out() + s.err()).isZero();
        assertThat(pub.out()).contains("wirebench run pubsub -domain 2 -dataLen 32 -pub -transport UDPv4 -nic 127.0.0.1"
                + " -peer 127.0.0.1 -noPrintIntervals -executionTime 1 -latencyTest -basePort " + port);
        assertThat(s.out()).contains("wirebench run pubsub -domain 1 -dataLen 32 -sub -transport UDPv4 -nic 127.0.0.1"
                + " -peer 127.0.0.1 -noPrintIntervals -basePort " + port);
        for (String f : List.of("lat_pub_unkeyed_rel.csv", "thr_pub_unkeyed_rel.csv")) {
            assertThat(Files.readAllLines(pubOut.resolve("perftest/UDPv4/" + f)).get(0)).startsWith("Sample Size (Bytes), Ave");
        }
        for (String f : List.of("lat_sub_unkeyed_rel.csv", "thr_sub_unkeyed_rel.csv")) {
            assertThat(Files.readAllLines(subOut.resolve("perftest/UDPv4/" + f)).get(0))
                    .startsWith("Sample Size (Bytes), Total Samples");
        }
        assertThat(family(subOut.resolve("results/pubsub-throughput.csv"), "pubsub-throughput",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,repetition")).hasSize(1);
        assertThat(family(pubOut.resolve("results/pubsub-latency.csv"), "pubsub-latency",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,test,repetition")).hasSize(2);
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
