package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.report.BrowserCheck;

/**
 * {@code history report}: one self-contained page, the report's CSP, a chart per test point and
 * metric with a tooltip per run, change points marked, newest changes on top; and in Debian's
 * headless Chromium: no console error, nothing fetched, every chart drawn, hostile names as text.
 */
class TrendsPageTest {
    private static final Path ARTIFACTS = Path.of("target", "browser-artifacts");

    private static Path page(Path tmp) throws Exception {
        // 32 B: +20% at run 30 of 60; 64 B: flat. p50 follows p99, so two metrics per point change.
        SyntheticRuns.write(tmp.resolve("runs"), 60, 2, 0.03, 4, k -> k < 30 ? 100 : 120);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();
        assertThat(Cli.run("history", "add", "--db", db, "src/test/resources/hostile").exitCode()).isZero();
        Path html = tmp.resolve("trends.html");
        Cli r = Cli.run("history", "report", "--db", db, "-o", html.toString(), "--metric", "p99_us,p50_us");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return html;
    }

    @Test
    void shouldDrawAChartPerPointAndMetricWithATooltipPerRunAndTheChangesOnTop(@TempDir Path tmp)
            throws Exception {
        String html = Files.readString(page(tmp));
        assertThat(html).contains("content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\"");
        assertThat(html).doesNotContainPattern("(?i)(src|href)\\s*=\\s*[\"']?(https?:|//)");
        // 3 points (32 B, 64 B, hostile 32 B, hostile 64 B) x 2 metrics
        assertThat(count(html, "<figure class=\"chart\"")).isEqualTo(8);
        // a tooltip per run: 60 runs x 4 charts + 1 run x 4 hostile charts
        assertThat(count(html, "<circle class=\"run\"")).isEqualTo(60 * 4 + 4);
        assertThat(html).contains("run " + new java.util.UUID(4, 29)).contains("commit c029");
        // both 32 B and 64 B series step at run 30: their change lines and rows are there, first
        assertThat(count(html, "<line class=\"change\"")).isEqualTo(4);
        int changes = html.indexOf("id=\"changes\"");
        int firstChart = html.indexOf("<figure class=\"chart\"");
        assertThat(changes).isPositive().isLessThan(firstChart);
        Matcher firstFigure = Pattern.compile("<figure class=\"chart\" id=\"c\\d+\">\\s*<svg.*?</figure>",
                Pattern.DOTALL).matcher(html);
        assertThat(firstFigure.find()).isTrue();
        assertThat(firstFigure.group()).contains("class=\"change\"");
        assertThat(html).contains("<tr class=\"worse\">");
        // hostile names are escaped text
        assertThat(html).doesNotContain("<script>window.__pwned").doesNotContain("<img src=x");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldRenderEveryTrendChartInChromiumWithoutErrorsOrRequests(@TempDir Path tmp) throws Exception {
        assumeTrue(BrowserCheck.available(), "needs Debian's chromium and chromium-driver (bash .ci/setup)");
        Path html = page(tmp);
        try (BrowserCheck b = new BrowserCheck(tmp.resolve("profile"))) {
            BrowserCheck.Result res = b.open(html, ARTIFACTS.resolve("trends.png"));
            assertThat(res.consoleErrors()).isEmpty();
            assertThat(res.resourcesFetched()).isZero();
            assertThat(res.pwned()).isNull();
            assertThat(res.charts()).isEqualTo(8);
            // axes, grid, line and a circle per run: 60 runs of synthetic series, 1 of the hostile one
            assertThat(res.chartShapes()).filteredOn(n -> n > 60).hasSize(4);
            assertThat(res.chartShapes()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(10));
            assertThat(res.chartWidthsPx()).allSatisfy(w -> assertThat(w).isGreaterThan(300.0));
            assertThat(res.bodyText()).contains("Change points, newest first").contains("c030")
                    .contains("<script>window.__pwned=1</script>");
        }
        assertThat(Files.size(ARTIFACTS.resolve("trends.png"))).isGreaterThan(10_000);
    }

    private static int count(String s, String sub) {
        int n = 0;
        for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) {
            n++;
        }
        return n;
    }
}
