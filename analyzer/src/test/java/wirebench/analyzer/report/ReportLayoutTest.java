package wirebench.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo report (from src/test/resources/demo-quick, a `wirebench demo --quick` run) reads in
 * 30 seconds: summary first, environment once, charts that tell the truth. The browser test
 * checks how it renders; this one checks what it says.
 */
class ReportLayoutTest {
    private static final Pattern SVG = Pattern.compile("<svg.*?</svg>", Pattern.DOTALL);
    private static final Pattern TEXT = Pattern.compile("<text[^>]*>([^<]*)</text>");
    private static final Pattern TITLE = Pattern.compile("<title>([^<]*)</title>");

    private static String demo(Path dir) throws IOException {
        return Files.readString(ReportBrowserTest.demoReport(dir));
    }

    private static List<String> svgs(String html) {
        List<String> out = new ArrayList<>();
        Matcher m = SVG.matcher(html);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static List<String> all(Pattern p, String s) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The chart whose SVG title (its first text) is {@code title}. */
    private static String chart(String html, String title) {
        return svgs(html).stream().filter(s -> all(TEXT, s).get(0).equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no chart titled " + title));
    }

    @Test
    void shouldOpenWithTheHeadlineNumbersOfEverySuiteBeforeAnyChart(@TempDir Path dir) throws IOException {
        String html = demo(dir);

        int summary = html.indexOf("<section id=\"summary\">");
        assertThat(summary).isPositive().isLessThan(html.indexOf("<svg")).isLessThan(html.indexOf("id=\"runs\""));
        String s = html.substring(summary, html.indexOf("</section>", summary));
        // pub/sub p50/p99 per configuration and size (pubsub-latency.csv: 63.455 and 957.951 us)
        assertThat(s).contains("<td class=\"text\">reliable</td><td class=\"num\">32 B</td><td class=\"num\">63.5</td>"
                + "<td class=\"num\">958</td>")
                .contains("<td class=\"text\">best effort</td><td class=\"num\">1 KiB</td><td class=\"num\">14.4</td>")
                .contains("Peak throughput: 151.4 Mbps at 32 B, 591,405 samples/s at 32 B");
        // UDP: best method per payload and its loss (epoll 69.84 Mbps beats select 14.0, thread 15.3)
        assertThat(s).contains("<td class=\"num\">64 B</td><td class=\"text\">epoll</td><td class=\"num\">69.8</td>"
                + "<td class=\"num\">0</td>");
        // RPC: echo ms/call with its rating and calls/s; no sweep in the demo, and it says so
        assertThat(s).contains("<td class=\"text\">echo</td><td class=\"num\">0.513</td><td class=\"text\">ACCEPTABLE"
                + "</td><td class=\"num\">1,948</td>").contains("No thread sweep among the inputs");
        String header = html.substring(html.indexOf("<header>"), html.indexOf("</header>"));
        assertThat(header).contains("5 runs, 2026-12-01 01:43:14 to 01:43:33 UTC, host vm")
                .containsPattern("<a href=\"#warnings\" class=\"warn-count\">\\d+ warnings</a>");
    }

    @Test
    void shouldShowEqualEnvironmentFieldsOnceAndDifferingOnesSideBySide(@TempDir Path dir) throws IOException {
        String html = demo(dir);

        // five runs on one machine: the kernel command line once, not five times
        assertThat(html.split("<th>Kernel command line</th>", -1)).hasSize(2);
        String diff = html.substring(html.indexOf("<table class=\"data diff\" id=\"env-diff\">"));
        diff = diff.substring(0, diff.indexOf("</table>"));
        assertThat(diff).contains("<th class=\"text\">pubsub-latency-reliable</th><th class=\"text\">"
                + "pubsub-latency-best-effort</th>").contains("<th class=\"text\">Command line</th>")
                .doesNotContain("Kernel command line");
        // the configuration as a table: one row per key, a column per run
        String config = html.substring(html.indexOf("<table class=\"data diff\" id=\"config\">"));
        config = config.substring(0, config.indexOf("</table>"));
        assertThat(config).contains("<tr><th class=\"text\">reliability</th><td class=\"text\">reliable</td>"
                + "<td class=\"text\">best_effort</td>");
        assertThat(html).doesNotContain("roles=pub+sub test=latency");
        // each run's whole run.json, collapsed
        assertThat(html.split("<details class=\"runjson\">", -1)).hasSize(6);
        assertThat(html).doesNotContain("<details class=\"runjson\" open");
        assertThat(html.split("&quot;config_sha256&quot;", -1)).hasSize(6);
    }

    @Test
    void shouldKeepLatencyTestsAndLatencyUnderLoadInSeparatePercentileChartsOnALogAxis(@TempDir Path dir)
            throws IOException {
        String html = demo(dir);

        String lat = chart(html, "Latency by percentile");
        assertThat(all(TEXT, lat)).contains("reliable, 32 B (n=2000)", "best effort, 1 KiB (n=2000)")
                .noneMatch(t -> t.contains("(n=1)"));
        // the throughput test's logs hold one sample each: no distribution, and the report says so
        assertThat(html).contains("Latency by percentile under load: not drawn, each log holds a single latency "
                + "sample");
        // log scale: decade ticks, so the 4 ms tail does not flatten the 6 us medians
        String ticks = lat.substring(lat.indexOf("wb-yticks"));
        assertThat(all(TEXT, ticks)).contains("10", "100", "1,000");
        // cut where the data ends: 2000 samples support percentiles up to 99.95%, no further
        List<Double> pcts = new ArrayList<>();
        for (String t : all(TITLE, lat)) {
            Matcher m = Pattern.compile(": ([0-9.]+)% ").matcher(t);
            if (m.find()) {
                pcts.add(Double.parseDouble(m.group(1)));
            }
        }
        assertThat(pcts).isNotEmpty().allSatisfy(p -> assertThat(p).isLessThanOrEqualTo(99.95));
        assertThat(pcts).anySatisfy(p -> assertThat(p).isGreaterThan(99.9));
    }

    @Test
    void shouldDrawOneChartPerQuantityWithSeriesNamedInWords(@TempDir Path dir) throws IOException {
        String html = demo(dir);

        List<String> titles = svgs(html).stream().map(s -> all(TEXT, s).get(0)).toList();
        assertThat(titles).doesNotHaveDuplicates();
        String rpc = html.substring(html.indexOf("<section id=\"rpc\">"));
        rpc = rpc.substring(0, rpc.indexOf("</section>"));
        assertThat(svgs(rpc).stream().filter(s -> all(TEXT, s).get(0).startsWith("ms/call"))).hasSize(1);
        String latency = chart(html, "One-way latency vs sample size");
        assertThat(all(TEXT, latency)).contains("reliable, median", "reliable, p99", "best effort, median",
                "best effort, p99");
        for (String s : svgs(html)) {
            assertThat(all(TEXT, s)).noneMatch(t -> t.contains(".csv") || t.contains("UDPv4/"));
        }
    }

    @Test
    void shouldGiveEveryPointItsExactValueAsATooltipAndScaleEveryChart(@TempDir Path dir) throws IOException {
        String html = demo(dir);

        assertThat(all(TITLE, chart(html, "One-way latency vs sample size")))
                .contains("reliable, median: Sample size (bytes) 32, Latency (μs) 63.455");
        assertThat(all(TITLE, chart(html, "Data (Mbps)"))).anyMatch(t -> t.startsWith("epoll: Data (Mbps) 69.8413"));
        for (String s : svgs(html)) {
            assertThat(all(TITLE, s)).as(all(TEXT, s).get(0)).isNotEmpty();
            String open = s.substring(0, s.indexOf('>'));
            assertThat(open).contains("viewBox=").doesNotContain(" width=");
        }
        assertThat(html).doesNotContain("<script");
    }

    @Test
    void shouldLabelEveryChartsYTicksDistinctlyEvenWhenAllValuesAreZero(@TempDir Path dir) throws IOException {
        String html = demo(dir);

        // the demo loses nothing: "Lost samples vs sample size" and UDP "Loss %" are all zero
        for (String s : svgs(html)) {
            String ticks = s.substring(s.indexOf("class='wb-yticks'"));
            ticks = ticks.substring(0, ticks.indexOf("wb-points"));
            assertThat(all(TEXT, ticks)).as(all(TEXT, s).get(0)).hasSizeGreaterThanOrEqualTo(2)
                    .doesNotHaveDuplicates().noneMatch(t -> t.equals("-0"));
        }
    }
}
