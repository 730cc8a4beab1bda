package wirebench.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/**
 * The HTML report in a real browser (Debian's headless Chromium): no console errors, nothing
 * fetched, every chart drawn, hostile text escaped. Screenshots go to target/ as test artifacts.
 */
class ReportBrowserTest {
    private static final Path ARTIFACTS = Path.of("target", "browser-artifacts");

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRenderEveryChartOfTheSampleDataWithoutErrorsOrRequestsWhenOpenedOffline(@TempDir Path dir)
            throws Exception {
        BrowserCheck.requireBrowser();
        Path html = dir.resolve("report.html");
        Cli r = Cli.run("report", "../sample-data", "src/test/resources/wirebench/pubsub-latency.csv", "-o",
                html.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        String text = Files.readString(html);
        assertThat(text).doesNotContainPattern("(?i)(src|href)\\s*=\\s*[\"']?(https?:|//)");

        try (BrowserCheck b = BrowserCheck.shared()) {
            BrowserCheck.Result res = b.open(html, ARTIFACTS.resolve("report.png"));

            assertThat(res.consoleErrors()).isEmpty();
            assertThat(res.resourcesFetched()).isZero();
            int expectedCharts = countOccurrences(text, "<figure class=\"chart\">");
            assertThat(expectedCharts).isGreaterThanOrEqualTo(6);
            assertThat(res.charts()).isEqualTo(expectedCharts);
            assertThat(res.chartShapes()).allSatisfy(n -> assertThat(n).isGreaterThan(10));
            assertThat(res.chartWidthsPx()).allSatisfy(w -> assertThat(w).isGreaterThan(100.0));
            assertThat(res.bodyText()).contains("Sample Size (Bytes)").contains("12.5").contains("Diff Saved %")
                    .contains("75.42");
        }
        assertThat(Files.size(ARTIFACTS.resolve("report.png"))).isGreaterThan(10_000);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldShowHostileLabelsAsTextAndNeverRunThem(@TempDir Path dir) throws Exception {
        BrowserCheck.requireBrowser();
        Path html = dir.resolve("hostile.html");
        Cli r = Cli.run("report", "src/test/resources/hostile", "-o", html.toString(),
                "--title", "<script>window.__pwned='title'</script>");
        assertThat(r.exitCode()).as(r.err()).isZero();
        String text = Files.readString(html);
        assertThat(text).doesNotContain("<script>window.__pwned").doesNotContain("<img src=x");

        try (BrowserCheck b = BrowserCheck.shared()) {
            BrowserCheck.Result res = b.open(html, ARTIFACTS.resolve("hostile.png"));

            assertThat(res.pwned()).isNull();
            assertThat(res.consoleErrors()).isEmpty();
            assertThat(res.title()).isEqualTo("<script>window.__pwned='title'</script>");
            assertThat(res.bodyText()).contains("<script>window.__pwned=1</script>")
                    .contains("\"><img src=x onerror=\"window.__pwned=2\">")
                    .contains("<script>window.__pwned=3</script>")
                    .contains("<img src=x onerror=window.__pwned=5>")
                    .contains("-label \"onload=\"window.__pwned=4\"");
        }
    }

    /** The report of a `wirebench demo --quick` run (kept under src/test/resources/demo-quick). */
    static Path demoReport(Path dir) {
        Path html = dir.resolve("demo-report.html");
        Path demo = Path.of("src/test/resources/demo-quick");
        Cli r = Cli.run("report", demo.resolve("pubsub-latency-reliable").toString(),
                demo.resolve("pubsub-latency-best-effort").toString(), demo.resolve("pubsub-throughput").toString(),
                demo.resolve("udp").toString(), demo.resolve("rpc").toString(), "-o", html.toString(), "--title",
                "wirebench demo (loopback)");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return html;
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldShowTheSummaryOnTheFirstScreenAndFitTheWidthWhenTheDemoReportIsOpenedAt1280x800(@TempDir Path dir)
            throws Exception {
        BrowserCheck.requireBrowser();
        Path html = demoReport(dir);

        try (BrowserCheck b = BrowserCheck.shared()) {
            BrowserCheck.Layout l = b.layout(html, 1280, 800, ARTIFACTS.resolve("demo-first-screen.png"),
                    ARTIFACTS.resolve("demo-full.png"));

            assertThat(l.summaryBottomPx()).as("summary ends within the first screen").isLessThanOrEqualTo(800);
            assertThat(l.scrollWidthPx()).as("no horizontal page scroll").isLessThanOrEqualTo(l.innerWidthPx());
            assertThat(l.yTicks()).as("every chart has y tick labels").hasSize(l.chartTitles().size())
                    .allSatisfy(t -> assertThat(t).hasSizeGreaterThanOrEqualTo(2).doesNotHaveDuplicates());
            assertThat(l.chartTitles()).hasSizeGreaterThanOrEqualTo(8).doesNotHaveDuplicates();
            assertThat(l.captions()).doesNotHaveDuplicates();
            assertThat(l.tablesOutsideScrollBox()).as("tables outside a scroll box").isZero();
            assertThat(l.leftAlignedNumberCells()).as("number cells not right-aligned").isZero();
            assertThat(l.nonStickyFirstCells()).as("first cells that do not stick").isZero();
            assertThat(l.consoleErrors()).isEmpty();
            assertThat(l.resourcesFetched()).isZero();
        }
        assertThat(Files.size(ARTIFACTS.resolve("demo-first-screen.png"))).isGreaterThan(10_000);
    }

    private static int countOccurrences(String s, String sub) {
        int n = 0;
        for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) {
            n++;
        }
        return n;
    }
}
