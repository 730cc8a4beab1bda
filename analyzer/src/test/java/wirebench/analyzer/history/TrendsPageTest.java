package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.report.BrowserCheck;

/**
 * {@code history report}: one self-contained page, the report's CSP, one small-multiple panel per
 * test point (its metrics stacked, a tooltip per run, change points marked), the changed panels
 * first; and in Debian's headless Chromium at 1280x800: the first screen shows the newest change
 * and its panel, y ticks are round numbers, no console error, nothing fetched, hostile names as text.
 */
class TrendsPageTest {
    private static final Path ARTIFACTS = Path.of("target", "browser-artifacts");

    /**
     * The history every case reads, built once per class: 32 B: +20% at run 30 of 60; 64 B: flat
     * (p50 follows p99, so two metrics per point change), and the hostile run. The cases only read
     * it (history report opens the database read-only) and the unfiltered page, written here once.
     */
    @TempDir
    static Path shared;
    private static String db;
    private static Path page;

    @BeforeAll
    static void buildHistory() throws Exception {
        SyntheticRuns.write(shared.resolve("runs"), 60, 2, 0.03, 4, k -> k < 30 ? 100 : 120);
        db = shared.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, shared.resolve("runs").toString()).exitCode()).isZero();
        assertThat(Cli.run("history", "add", "--db", db, "src/test/resources/hostile").exitCode()).isZero();
        page = report(shared.resolve("trends.html"));
    }

    private static Path report(Path html, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("history", "report", "--db", db, "-o", html.toString()));
        args.addAll(List.of(extra));
        Cli r = Cli.run(args.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return html;
    }

    @Test
    void shouldDrawAPanelPerPointWithATooltipPerRunAndTheChangedPanelsFirst() throws Exception {
        String html = Files.readString(page);
        assertThat(html).contains("content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\"");
        assertThat(html).doesNotContainPattern("(?i)(src|href)\\s*=\\s*[\"']?(https?:|//)");
        // 4 points (32 B, 64 B, hostile 32 B, hostile 64 B), one panel each; key metrics by default: p50_us, p99_us
        assertThat(count(html, "<figure class=\"chart panel")).isEqualTo(4);
        // a tooltip per run and metric: 60 runs x 2 points x 2 metrics + 1 run x 2 hostile points x 2 metrics
        assertThat(count(html, "<title>p99_us ") + count(html, "<title>p50_us ")).isEqualTo(60 * 4 + 4);
        assertThat(html).contains("run " + new java.util.UUID(4, 29)).contains("commit c029");
        // both series of both synthetic points step at run 30: a dashed red line each (JFreeChart domain markers)
        assertThat(count(html, "stroke:rgb(214,39,40)")).isEqualTo(4);
        // the changed panels (32 B and 64 B) come first, before the change table
        int changed = html.indexOf("id=\"changed\"");
        assertThat(changed).isPositive().isLessThan(html.indexOf("id=\"changes\""));
        Matcher first = Pattern.compile("<figure class=\"chart panel changed\" id=\"p\\d+\">.*?</figure>",
                Pattern.DOTALL).matcher(html);
        assertThat(first.find()).isTrue();
        assertThat(first.group()).contains("at run " + new java.util.UUID(4, 30));
        assertThat(html).contains("<tr class=\"worse\">").contains("4 change point(s) in 2 of 4 test points");
        // hostile names are escaped text
        assertThat(html).doesNotContain("<script>window.__pwned").doesNotContain("<img src=x");
    }

    @Test
    void shouldDrawOnlyTheChosenMetricAndPointsWhenFiltered(@TempDir Path tmp) throws Exception {
        String html = Files.readString(report(tmp.resolve("trends.html"), "--metric", "p99_us", "--point", "64 B"));

        assertThat(html).contains("<title>p99_us ").doesNotContain("<title>p50_us ");
        assertThat(count(html, "<figure class=\"chart panel")).isEqualTo(2);
        assertThat(html).doesNotContain("32 B</h3>");
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldShowTheNewestChangeAndItsPanelOnTheFirstScreenAt1280x800() throws Exception {
        BrowserCheck.requireBrowser();
        Path html = page;
        try (BrowserCheck b = BrowserCheck.shared()) {
            Map<String, Object> seen = (Map<String, Object>) b.firstScreen(html, 1280, 800,
                    ARTIFACTS.resolve("trends-first-screen.png"), "var p = document.querySelector('figure.panel');"
                    + "var svg = p.querySelector('svg').getBoundingClientRect();"
                    + "return {summary: document.getElementById('summary').textContent,"
                    + " summaryBottom: document.getElementById('summary').getBoundingClientRect().bottom,"
                    + " panelClass: p.className, panelText: p.querySelector('ul.changes').textContent,"
                    + " panelTop: p.getBoundingClientRect().top, svgTop: svg.top, svgMiddle: svg.top + svg.height / 2,"
                    + " scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,"
                    + " ticks: Array.from(document.querySelectorAll('figure.panel svg g.wb-yticks'))"
                    + "   .map(g => Array.from(g.querySelectorAll('text')).map(t => t.textContent))};");
            assertThat((String) seen.get("summary")).contains("4 change point(s) in 2 of 4 test points");
            assertThat(((Number) seen.get("summaryBottom")).doubleValue()).isLessThan(800);
            assertThat((String) seen.get("panelClass")).contains("changed");
            assertThat((String) seen.get("panelText")).contains("at run " + new java.util.UUID(4, 30));
            // the newest changed panel and at least half its chart are on the first screen
            assertThat(((Number) seen.get("panelTop")).doubleValue()).isLessThan(800);
            assertThat(((Number) seen.get("svgMiddle")).doubleValue()).isLessThan(800);
            assertThat(((Number) seen.get("scrollWidth")).longValue())
                    .isLessThanOrEqualTo(((Number) seen.get("innerWidth")).longValue());
            List<List<String>> ticks = (List<List<String>>) seen.get("ticks");
            assertThat(ticks).hasSizeGreaterThanOrEqualTo(4);
            ticks.forEach(TrendsPageTest::assertRound);

            BrowserCheck.Result res = b.open(html, ARTIFACTS.resolve("trends.png"));
            assertThat(res.consoleErrors()).isEmpty();
            assertThat(res.resourcesFetched()).isZero();
            assertThat(res.pwned()).isNull();
            assertThat(res.charts()).isEqualTo(4);
            assertThat(res.chartWidthsPx()).allSatisfy(w -> assertThat(w).isGreaterThan(300.0));
            assertThat(res.bodyText()).contains("Changed test points, newest change first").contains("c030")
                    .contains("<script>window.__pwned=1</script>");
        }
        assertThat(Files.size(ARTIFACTS.resolve("trends-first-screen.png"))).isGreaterThan(10_000);
    }

    /** Tick labels of one axis: evenly spaced by 1, 2, 2.5 or 5 x 10^k, each a multiple of the step. */
    private static void assertRound(List<String> labels) {
        assertThat(labels).as("y ticks").hasSizeGreaterThanOrEqualTo(2);
        List<BigDecimal> v = labels.stream().map(l -> new BigDecimal(l.replace(",", ""))).toList();
        BigDecimal step = v.get(1).subtract(v.get(0)).abs();
        for (int i = 1; i < v.size(); i++) {
            assertThat(v.get(i).subtract(v.get(i - 1)).abs()).as("ticks %s", labels).isEqualByComparingTo(step);
        }
        BigDecimal mantissa = step.movePointLeft(step.precision() - step.scale() - 1).stripTrailingZeros();
        assertThat(mantissa.toPlainString()).as("tick step %s of %s", step, labels).isIn("1", "2", "2.5", "5");
        for (BigDecimal x : v) {
            assertThat(x.remainder(step).signum()).as("tick %s of step %s", x, step).isZero();
        }
    }

    private static int count(String s, String sub) {
        int n = 0;
        for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) {
            n++;
        }
        return n;
    }
}
