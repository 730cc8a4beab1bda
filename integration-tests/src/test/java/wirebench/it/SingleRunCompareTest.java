package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.AnalyzerMain;
import wirebench.contract.JsonReader;
import wirebench.runner.RunnerMain;

/**
 * Two single runs of the demo's latency step ({@code demo --quick}: -scan 32:1024, 2000 samples a
 * size) compared: p50 and p99 of each point get a verdict from the runs' interval logs, with the
 * method named; likewise two single runs of its throughput step (1 s a size): samples/s and Mbps
 * from the runs' rate slices.
 */
class SingleRunCompareTest {

    private static Path run(Path dir, int domain) {
        return run(dir, domain, "-latencyTest", "-numIter", "2000");
    }

    /** A run of the demo's pub/sub step over -scan 32:1024 with {@code test} options, into {@code dir}. */
    private static Path run(Path dir, int domain, String... test) {
        StringWriter err = new StringWriter();
        List<String> args = new java.util.ArrayList<>(List.of("run", "pubsub", "-bothRoles", "-scan",
                "32:1024", "-noPrintIntervals", "-domain", Integer.toString(domain), "--out", dir.toString()));
        args.addAll(List.of(test));
        int code = RunnerMain.run(args.toArray(new String[0]), new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        return dir;
    }

    /** {@code compare A B --format json}, which must exit 0. */
    private static JsonReader.Obj compare(Path a, Path b) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AnalyzerMain.run(new String[] {"compare", a.toString(), b.toString(), "--format", "json"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        return (JsonReader.Obj) JsonReader.parse("compare", out.toString());
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldGiveThroughputVerdictsWithTheMethodWhenTwoSingleDemoRunsAreCompared(@TempDir Path tmp)
            throws IOException {
        Path a = run(tmp.resolve("a"), 63, "-executionTime", "1");
        Path b = run(tmp.resolve("b"), 64, "-executionTime", "1");

        // two sizes, samples/s and Mbps each
        assertThat(throughputVerdicts(compare(a, b))).isEqualTo(4);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldGiveThroughputVerdictsFromSlicesWhenTwoSingleCampaignsAreCompared(@TempDir Path tmp)
            throws IOException {
        String[] matrix = {"--tests", "thr", "--sizes", "1024", "--reliability", "rel", "--keyed", "unkeyed",
            "--batching", "on"};
        LoopbackCampaign.run(tmp.resolve("a"), matrix);
        LoopbackCampaign.run(tmp.resolve("b"), matrix);

        // the campaign keeps its children's rate slices, as a single run writes them
        assertThat(tmp.resolve("a/results/pubsub-throughput-intervals.csv")).exists();
        // judged on the slices (or refused for too few blocks, saying so), never "n=1"
        assertThat(throughputVerdicts(compare(tmp.resolve("a/results"), tmp.resolve("b/results")))).isEqualTo(2);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldGiveRpcVerdictsFromBlocksOfCallsWhenTwoSingleRpcRunsAreCompared(@TempDir Path tmp) throws IOException {
        try (wirebench.runner.rpc.RmiServer server = wirebench.runner.rpc.RmiServer.start(
                java.net.InetAddress.getLoopbackAddress(), 0, 5000)) {
            for (String side : List.of("a", "b")) {
                // the demo's RPC step: 300 calls a case
                StringWriter err = new StringWriter();
                int code = RunnerMain.run(new String[] {"run", "rpc", "client", "--host", "127.0.0.1", "--port",
                    Integer.toString(server.port()), "--calls", "300", "--cases", "echo,in-new-1000", "--out",
                    tmp.resolve(side).toString()}, new PrintWriter(new StringWriter(), true),
                        new PrintWriter(err, true));
                assertThat(code).as(err.toString()).isZero();
            }
        }

        JsonReader.Obj doc = compare(tmp.resolve("a"), tmp.resolve("b"));
        int seen = 0;
        for (Object o : (List<Object>) doc.get("deltas")) {
            JsonReader.Obj d = (JsonReader.Obj) o;
            String point = (String) d.get("point");
            String metric = (String) d.get("metric");
            if (point.startsWith("rpc ") && List.of("p50_us", "calls_per_s", "ms_per_call").contains(metric)) {
                if (d.get("verdict") == null) {
                    // blocks too correlated to leave 8 (a loaded machine): said so, not judged
                    assertThat(d.get("method")).as(point + " " + metric).isEqualTo("interval bootstrap (not testable)");
                    assertThat((String) d.get("note")).as(point + " " + metric).contains("fewer than 8");
                } else {
                    assertThat(d.get("method")).as(point + " " + metric).isEqualTo("interval bootstrap");
                    assertThat(d.get("verdict")).as(point + " " + metric).isIn("worse", "better", "~");
                    assertThat((String) d.get("note")).as(point + " " + metric).contains(" blocks, delta 95% CI ");
                }
                seen++;
            }
        }
        // two cases, three metrics each
        assertThat(seen).isEqualTo(6);
    }

    /**
     * Checks every samples/s and Mbps row of the throughput points: a verdict by the interval
     * bootstrap on the slices, or not testable for too few slices, saying so; how many rows.
     */
    @SuppressWarnings("unchecked")
    private static int throughputVerdicts(JsonReader.Obj doc) {
        int seen = 0;
        for (Object o : (List<Object>) doc.get("deltas")) {
            JsonReader.Obj d = (JsonReader.Obj) o;
            String point = (String) d.get("point");
            String metric = (String) d.get("metric");
            if (point.startsWith("throughput ") && (metric.equals("samples_per_s") || metric.equals("mbps"))) {
                if (d.get("verdict") == null) {
                    // slices too correlated to leave 8 blocks (a loaded machine): said so, not judged
                    assertThat(d.get("method")).as(point + " " + metric).isEqualTo("interval bootstrap (not testable)");
                    assertThat((String) d.get("note")).as(point + " " + metric).contains("slices, fewer than 8");
                } else {
                    assertThat(d.get("method")).as(point + " " + metric).isEqualTo("interval bootstrap");
                    assertThat(d.get("verdict")).as(point + " " + metric).isIn("worse", "better", "~");
                    assertThat((String) d.get("note")).as(point + " " + metric).contains(" slices, delta 95% CI ");
                }
                seen++;
            }
        }
        return seen;
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldGiveP50AndP99VerdictsWithTheMethodWhenTwoSingleDemoRunsAreCompared(@TempDir Path tmp)
            throws IOException {
        Path a = run(tmp.resolve("a"), 61);
        Path b = run(tmp.resolve("b"), 62);

        JsonReader.Obj doc = compare(a, b);
        List<Object> deltas = (List<Object>) doc.get("deltas");
        int judged = 0;
        int refused = 0;
        for (Object o : deltas) {
            JsonReader.Obj d = (JsonReader.Obj) o;
            String point = (String) d.get("point");
            String metric = (String) d.get("metric");
            if (point.startsWith("latency ") && (metric.equals("p50_us") || metric.equals("p99_us"))) {
                if (d.get("verdict") == null) {
                    // the runs' intervals were too correlated to leave 8 blocks (a loaded machine): the
                    // method says so instead of judging
                    assertThat(d.get("method")).as(point + " " + metric).isEqualTo("interval bootstrap (not testable)");
                    assertThat((String) d.get("note")).as(point + " " + metric).contains("fewer than 8");
                    refused++;
                } else {
                    assertThat(d.get("method")).as(point + " " + metric).isEqualTo("interval bootstrap");
                    assertThat(d.get("verdict")).as(point + " " + metric).isIn("worse", "better", "~");
                    assertThat(d.get("p_value")).as(point + " " + metric).isNotNull();
                }
                judged++;
            }
        }
        // two sizes, p50 and p99 each
        assertThat(judged).isEqualTo(4);
        JsonReader.Obj counts = (JsonReader.Obj) doc.get("verdict_counts");
        assertThat(((Number) counts.get("worse")).longValue() + ((Number) counts.get("better")).longValue()
                + ((Number) counts.get("unchanged")).longValue()).isGreaterThanOrEqualTo(4 - refused);
    }
}
