package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/**
 * ddsperf's output (Cyclone DDS 0.10.2). The fixtures in {@code src/test/resources/ddsperf} are real
 * captures of {@code ddsperf -D 4 ping} against {@code ddsperf -D 4 pong}, and of
 * {@code ddsperf -D 4 sub} then {@code ddsperf -D 4 pub size 1k} (their two outputs one after the
 * other), on loopback of a 2-core VM: the line shapes the design notes (DDS.md) quote. Expected
 * figures computed from the fixture's lines with NumPy 1.24.2 (Debian python3-numpy): sums, the
 * cnt-weighted mean, {@code np.median} of the per-interval percentiles and rates, the intervals'
 * lengths as the differences of their times from 0.
 */
class DdsperfParserTest {
    private static final Path PING = Path.of("src/test/resources/ddsperf/ping-0.10.2.txt");
    private static final Path PUBSUB = Path.of("src/test/resources/ddsperf/pubsub-0.10.2.txt");

    private static ParsedInput parse(Path p) {
        return Parsers.all().parse(InputText.read(p));
    }

    private static ResultTable table(ParsedInput p, Kind kind) {
        return p.tables().stream().filter(t -> t.kind() == kind).findFirst().orElseThrow();
    }

    @Test
    void shouldSummariseLatencyLinesWithoutAveragingPercentilesWhenReadingARealPingCapture() {
        ParsedInput p = parse(PING);

        assertThat(p.format()).isEqualTo("ddsperf");
        ResultTable t = table(p, Kind.LATENCY);
        assertThat(t.context()).containsEntry("role", "ping").containsEntry("test", "latency")
                .containsEntry("latency", "round trip / 2");
        Row r = t.rows().get(0);
        assertThat(r.number("size_bytes")).isEqualTo(12.0);
        assertThat(r.number("n")).isEqualTo(3.0);
        assertThat(r.number("samples")).isEqualTo(80667.0);
        assertThat(r.number("ave_us")).isCloseTo(18.47437690753344, within(1e-9));
        assertThat(r.number("min_us")).isEqualTo(10.635);
        assertThat(r.number("max_us")).isEqualTo(2635.924);
        assertThat(r.number("interval_p50_us")).isEqualTo(15.915);
        assertThat(r.number("interval_p50_us_min")).isEqualTo(15.534);
        assertThat(r.number("interval_p50_us_max")).isEqualTo(17.418);
        assertThat(r.number("interval_p90_us")).isEqualTo(21.851);
        assertThat(r.number("interval_p99_us")).isEqualTo(54.993);
        assertThat(r.number("interval_p99_us_max")).isEqualTo(56.957);
        // no column claims to be a percentile of the run
        assertThat(t.columns()).doesNotContain("p50_us", "p90_us", "p99_us");
        // every interval counted more than 20000 round trips: ddsperf's percentiles cover the first 20000
        assertThat(p.warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(4);
            assertThat(w.message()).contains("3 of 3 intervals").contains("first 20000");
        });
        ResultTable res = table(p, Kind.RESOURCES);
        assertThat(res.rows()).singleElement().satisfies(x -> {
            assertThat(x.text("role")).isEqualTo("ping");
            assertThat(x.number("n")).isEqualTo(4.0);
            // ddsperf:1%+1% | recvUC:15%+36% | recvUC:20%+29% | ddsperf:1%+0% recvUC:19%+30%
            assertThat(x.number("cpu_core_pct")).isEqualTo((2 + 51 + 49 + 50) / 4.0);
            assertThat(x.number("cpu_core_pct_max")).isEqualTo(51.0);
            assertThat(x.number("max_rss_mb")).isEqualTo(7.8);
        });
    }

    @Test
    void shouldAddCountsAndWeighRatesByTimeWhenReadingARealSubscriberCapture() {
        ParsedInput p = parse(PUBSUB);

        ResultTable t = table(p, Kind.THROUGHPUT);
        Row r = t.rows().get(0);
        assertThat(r.number("size_bytes")).isEqualTo(1024.0);
        assertThat(r.number("total_samples")).isEqualTo(771386.0);
        assertThat(r.number("lost")).isEqualTo(0.0);
        assertThat(r.number("lost_pct")).isEqualTo(0.0);
        assertThat(r.number("duration_s")).isCloseTo(4.0, within(1e-9));
        assertThat(r.number("samples_per_s")).isCloseTo(192846.5, within(1e-6));
        assertThat(r.number("mbps")).isCloseTo(1579.79732, within(1e-6));
        assertThat(r.number("interval_samples_per_s")).isCloseTo(182690.0, within(1e-6));
        assertThat(r.number("interval_samples_per_s_min")).isCloseTo(143540.0, within(1e-6));
        assertThat(p.warnings()).isEmpty();
        ResultTable res = table(p, Kind.RESOURCES);
        assertThat(res.rows()).extracting(x -> x.text("role")).containsExactly("sub", "pub");
        Row pub = res.rows().get(1);
        // 177k/s 163k/s 258k/s 228k/s; longest writes 15m 9m 9m 6m
        assertThat(pub.number("written_per_s")).isEqualTo(206500.0);
        assertThat(pub.number("write_max_us")).isEqualTo(15000.0);
    }

    @Test
    void shouldNameFileAndLineWhenALatencyFieldIsMalformedInTheMiddle(@TempDir Path tmp) throws Exception {
        List<String> lines = Files.readAllLines(PING, StandardCharsets.UTF_8);
        lines.set(3, lines.get(3).replace("mean 19.556us", "mean nanus"));
        Path f = tmp.resolve("bad.txt");
        Files.write(f, lines, StandardCharsets.UTF_8);

        Cli c = Cli.run("stats", f.toString());

        assertThat(c.exitCode()).isEqualTo(3);
        assertThat(c.err()).isEqualTo(f + ":4: latency line, field 5 (after 'mean'): expected microseconds of 0 or "
                + "more like '26.910us', got 'nanus'\n");
    }

    @Test
    void shouldKeepTheRowsAndWarnWhenTheLastLineIsCutShort(@TempDir Path tmp) throws Exception {
        String text = Files.readString(PUBSUB, StandardCharsets.UTF_8);
        String cut = text.substring(0, text.indexOf("[8235] 4.000  size 1024 total 771386") + 40);
        for (String end : new String[] {"", "\n\n"}) {
            Path f = tmp.resolve("cut.txt");
            Files.writeString(f, cut + end, StandardCharsets.UTF_8);

            ParsedInput p = parse(f);

            Row r = table(p, Kind.THROUGHPUT).rows().get(0);
            assertThat(r.number("total_samples")).isEqualTo(567992.0);
            assertThat(r.number("n")).isEqualTo(3.0);
            assertThat(p.warnings()).singleElement().satisfies(w -> {
                assertThat(w.line()).isEqualTo(9);
                assertThat(w.message()).startsWith("last line cut short, ignored (expected a ddsperf subscriber line");
            });
        }
    }

    @Test
    void shouldSplitProcessesAndNameThemWhenOneCaptureHoldsTwoPingers() {
        String a = "[11] participant h:11: new (self)\n"
                + "[11] 1.000  h:12 size 12 mean 20.000us min 10.000us 50% 18.000us 90% 30.000us 99% 40.000us "
                + "max 50.000us cnt 100\n";
        String b = "[13] 1.000  h:12 size 12 mean 10.000us min 5.000us 50% 9.000us 90% 12.000us 99% 14.000us "
                + "max 15.000us cnt 300\n[13] error: 7 samples lost\n";

        ParsedInput p = Parsers.all().parse(new InputText("two.txt", a + b));

        assertThat(p.tables()).hasSize(2);
        assertThat(p.tables()).extracting(t -> t.context().get("process")).containsExactly("11", "13");
        assertThat(p.tables().get(1).rows().get(0).number("interval_p50_us")).isEqualTo(9.0);
        assertThat(p.warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(4);
            assertThat(w.message()).isEqualTo("ddsperf process 13: error: 7 samples lost");
        });
    }

    @Test
    void shouldTakeTheMedianNotTheMeanOfIntervalPercentiles() {
        StringBuilder sb = new StringBuilder();
        double[] p50 = {10, 11, 500}; // one slow second: mean 173.667, median 11
        for (int i = 0; i < p50.length; i++) {
            sb.append("[5] ").append(i + 1).append(".000  h:6 size 12 mean 20.000us min 1.000us 50% ")
                    .append(p50[i]).append("00us 90% 600.000us 99% 700.000us max 800.000us cnt 10\n");
        }

        Row r = Parsers.all().parse(new InputText("p.txt", sb.toString())).tables().get(0).rows().get(0);

        assertThat(r.number("interval_p50_us")).isEqualTo(11.0);
        assertThat(r.number("interval_p50_us_max")).isEqualTo(500.0);
    }
}
