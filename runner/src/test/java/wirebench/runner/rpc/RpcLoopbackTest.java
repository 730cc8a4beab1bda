package wirebench.runner.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.runner.RunnerMain;

/** All 13 cases over real RMI on loopback, against an in-process server on a free port. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RpcLoopbackTest {
    static final Pattern RESULT = Pattern.compile(
            "^(\\d+) - (.+), Performed (\\d+) in (\\d+), (\\S+) ms per call - (SUPERB|TOP|OK|ACCEPTABLE|LOUSY|DEAD HORSE)$");

    static RmiServer server;

    @BeforeAll
    static void startServer() {
        server = RmiServer.start(InetAddress.getLoopbackAddress(), 0, 5000);
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    record Run(int exitCode, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    static Run client(String... args) {
        List<String> all = new ArrayList<>(List.of("run", "rpc", "client", "--host", "127.0.0.1", "--port",
                Integer.toString(server.port()), "--timeout-ms", "5000"));
        all.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RunnerMain.run(all.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    /** The result lines after "Finished Test In" (the final block). */
    static List<Matcher> finalBlock(List<String> lines) {
        int i = 0;
        while (i < lines.size() && !lines.get(i).startsWith("Finished Test In ")) {
            i++;
        }
        List<Matcher> out = new ArrayList<>();
        for (int k = i + 2; k < lines.size(); k++) {
            Matcher m = RESULT.matcher(lines.get(k));
            if (!m.matches()) {
                break;
            }
            out.add(m);
        }
        return out;
    }

    static void assertConsistent(Matcher m) {
        long calls = Long.parseLong(m.group(3));
        long ms = Long.parseLong(m.group(4));
        double msPerCall = Double.parseDouble(m.group(5));
        assertThat(msPerCall).isEqualTo((double) ms / calls);
        assertThat(m.group(6)).isEqualTo(documentedRating(msPerCall));
    }

    /**
     * The rating docs/rpc.md documents, written here apart from the code under test: strict {@code <},
     * 0.1 SUPERB, 0.3 TOP, 0.5 OK, 1.0 ACCEPTABLE, 5.0 LOUSY, else DEAD HORSE.
     */
    static String documentedRating(double msPerCall) {
        double[] below = {0.1, 0.3, 0.5, 1.0, 5.0};
        String[] names = {"SUPERB", "TOP", "OK", "ACCEPTABLE", "LOUSY"};
        for (int i = 0; i < below.length; i++) {
            if (msPerCall < below[i]) {
                return names[i];
            }
        }
        return "DEAD HORSE";
    }

    static List<String> csvRows(Path dir) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("rpc.csv"), StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo("# wirebench-results 1 family=rpc keys=client,threads,case,label");
        assertThat(lines.get(1)).isEqualTo(String.join(",", RpcCsv.KEYS) + "," + String.join(",", RpcCsv.MEASURES));
        return lines.subList(2, lines.size());
    }

    @Test
    void shouldRunAllThirteenCasesInTheSingleThreadedOrderWhenNoThreadsAreGiven(@TempDir Path dir) throws IOException {
        Run r = client("--calls", "20", "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.lines();
        assertThat(lines.get(0)).isEqualTo("Testing with rmi://" + RmiServer.SERVICE_NAME + "@127.0.0.1:" + server.port());
        assertThat(lines).contains("connection established", "Testing echo calls",
                "Testing inbound packets (one packet), size 1000", "Testing inbound packets(new packets), size 50000",
                "Testing outbound packets, size 10000", "Testing in and out bound packets, size 50000");
        assertThat(lines).anyMatch(l -> l.matches("Finished Test In \\d+ ServerSide: \\d+"));
        List<Matcher> block = finalBlock(lines);
        assertThat(block).hasSize(13);
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < block.size(); i++) {
            Matcher m = block.get(i);
            assertThat(m.group(1)).isEqualTo(Integer.toString(i + 1));
            assertThat(m.group(3)).isEqualTo("20");
            assertConsistent(m);
            labels.add(m.group(2));
            assertThat(lines).contains("\t" + m.group()); // the progress line said the same
        }
        assertThat(labels).isEqualTo(SpeedCase.SINGLE_THREAD_ORDER.stream().map(SpeedCase::label).toList());
        assertThat(r.out()).doesNotContain("inverse throughput");

        List<String> rows = csvRows(dir);
        assertThat(rows).hasSize(13);
        assertThat(rows.get(0)).startsWith("single,1,echo,echo calls,1,,20,20,");
        assertThat(rows.get(12)).startsWith("single,1,in-out-50000,in-and-out bound packets with size 50000,13,50000,20,20,");
        assertThat(Files.readString(dir.resolve("run.json"))).contains("\"end_utc\": \"").contains("\"server_side_ms\"");
    }

    @Test
    void shouldRunTheMultithreadedOrderWithThreadsTimesCallsWhenThreadsAreGiven(@TempDir Path dir) throws IOException {
        Run r = client("--calls", "10", "--threads", "3", "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.lines();
        assertThat(lines).contains("-- testing echo calls with 3 threads",
                "-- testing inbound new packets with size 1000 with 3 threads");
        assertThat(lines).anyMatch(l -> l.matches("Finished Test In \\d+ ServerSide: \\d+ with 3"));
        List<Matcher> block = finalBlock(lines);
        assertThat(block).hasSize(13);
        assertThat(block).extracting(m -> m.group(2))
                .isEqualTo(SpeedCase.MULTI_THREAD_ORDER.stream().map(SpeedCase::label).toList());
        block.forEach(m -> {
            assertThat(m.group(3)).isEqualTo("30");
            assertConsistent(m);
        });
        assertThat(r.out()).contains("with 3 threads the original's 'ms per call' above is wall time divided by all "
                + "completed calls (inverse throughput), not the latency of a call");
        List<String> rows = csvRows(dir);
        assertThat(rows).hasSize(13);
        assertThat(rows.get(1)).startsWith("multi,3,in-new-1000,inbound new packets with size 1000,2,1000,30,10,");
        for (String row : rows) {
            String[] f = row.split(",");
            assertThat(f[RpcCsv.KEYS.size() + RpcCsv.MEASURES.indexOf("samples")]).isEqualTo("30");
        }
    }

    @Test
    void shouldPrintHowManyThreadsAndTheCurveWhenSweepingThreads(@TempDir Path dir) throws IOException {
        Run r = client("--calls", "10", "--thread-sweep", "1,2,4", "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.lines();
        int at = lines.indexOf("How Many Threads");
        assertThat(at).isPositive();
        Pattern sweepLine = Pattern.compile("^(\\d+) - (1 - echo calls, Performed (\\d+) in .*)$");
        int[] threads = {1, 2, 4};
        for (int i = 0; i < threads.length; i++) {
            Matcher m = sweepLine.matcher(lines.get(at + 1 + i));
            assertThat(m.matches()).as(lines.get(at + 1 + i)).isTrue();
            assertThat(m.group(1)).isEqualTo(Integer.toString(threads[i]));
            assertThat(m.group(3)).isEqualTo(Integer.toString(threads[i] * 10));
            Matcher orig = RESULT.matcher(m.group(2));
            assertThat(orig.matches()).isTrue();
            assertConsistent(orig);
        }
        assertThat(lines).contains("case,threads,calls,orig_time_ms,orig_ms_per_call,rating,ms_per_call,calls_per_s,"
                + "p50_us,p90_us,p99_us,max_us");
        assertThat(lines).anyMatch(l -> l.startsWith("echo,4,40,"));
        assertThat(csvRows(dir)).extracting(l -> l.substring(0, l.indexOf(",echo,")))
                .containsExactly("multi,1", "multi,2", "multi,4");
    }

    /** The blocks of {@code tag} in {@code rpc-intervals.hdrlog}: [calls, span ns] each, in order. */
    static List<long[]> blocks(Path dir, String tag) throws IOException, java.util.zip.DataFormatException {
        List<long[]> out = new ArrayList<>();
        for (String l : Files.readAllLines(dir.resolve(RpcIntervals.FILE), StandardCharsets.UTF_8)) {
            if (l.startsWith("Tag=" + tag + ",")) {
                String[] f = l.split(",");
                org.HdrHistogram.Histogram h = org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(
                        java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(f[4])), 0);
                out.add(new long[] {h.getTotalCount(), Math.round(Double.parseDouble(f[2]) * 1e9)});
            }
        }
        return out;
    }

    @Test
    void shouldCutEachCaseIntoBlocksOfEqualCallCountsWhenWritingResults(@TempDir Path dir) throws Exception {
        Run single = client("--calls", "300", "--cases", "echo,in-new-1000", "--out", dir.resolve("s").toString());
        Run multi = client("--calls", "50", "--threads", "4", "--cases", "echo", "--out", dir.resolve("m").toString());

        assertThat(single.exitCode()).as(single.err()).isZero();
        assertThat(multi.exitCode()).as(multi.err()).isZero();
        // 300 calls: 32 blocks of 9 or 10 calls in completion order, every call in one, each with a span
        for (String tag : List.of("single-1-echo", "single-1-in-new-1000")) {
            List<long[]> b = blocks(dir.resolve("s"), tag);
            assertThat(b).as(tag).hasSize(32);
            assertThat(b).as(tag).allSatisfy(x -> assertThat(x[0]).isBetween(9L, 10L))
                    .allSatisfy(x -> assertThat(x[1]).isPositive());
            assertThat(b.stream().mapToLong(x -> x[0]).sum()).isEqualTo(300);
        }
        // 4 threads of 50 calls: 200 calls of all threads together, 32 blocks of 6 or 7
        List<long[]> m = blocks(dir.resolve("m"), "multi-4-echo");
        assertThat(m).hasSize(32);
        assertThat(m.stream().mapToLong(x -> x[0]).sum()).isEqualTo(200);
        assertThat(m).allSatisfy(x -> assertThat(x[0]).isBetween(6L, 7L));
    }

    @Test
    void shouldRunOnlyTheChosenCasesInTheClientsOrderWhenCasesAreGiven() {
        Run r = client("--calls", "5", "--cases", "out-1000,echo");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(finalBlock(r.lines())).extracting(m -> m.group(1) + " " + m.group(2))
                .containsExactly("1 echo calls", "2 outbound packets with size 1000");
    }

    @Test
    void shouldExitWithUsageErrorNamingTheCasesWhenACaseIsUnknown() {
        Run r = client("--cases", "echo,bogus");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("--cases: unknown case 'bogus' (cases: echo, in-same-1000,");
    }
}
