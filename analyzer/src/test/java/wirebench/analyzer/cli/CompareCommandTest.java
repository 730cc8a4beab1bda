package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.report.BrowserCheck;

class CompareCommandTest {
    private static final String HEADER = "# wirebench-results 1 family=pubsub-latency keys=transport,repetition,"
            + "size_bytes\ntransport,repetition,size_bytes,samples,p50_us,p99_us\n";

    /** Writes {@code reps} repetitions of a latency test whose p50 is {@code p50} (+ noise, seeded). */
    static Path latencyRuns(Path dir, String name, int reps, double p50, long seed) throws IOException {
        Random rnd = new Random(seed);
        StringBuilder sb = new StringBuilder(HEADER);
        for (int r = 0; r < reps; r++) {
            for (int size : new int[] {32, 1024}) {
                double v = p50 + size / 1000.0 + rnd.nextDouble() * 0.2;
                sb.append(String.format(Locale.ROOT, "UDPv4,%d,%d,10000,%.3f,%.3f%n", r, size, v, v * 2));
            }
        }
        Path f = dir.resolve(name + ".csv");
        Files.writeString(f, sb.toString());
        return f;
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"-1", "0", "1", "1e300", "NaN"})
    void shouldExitTwoWithOneLineWhenAlphaIsNotASignificanceLevel(String alpha, @TempDir Path dir) throws IOException {
        Path a = latencyRuns(dir, "a", 2, 7.0, 1);

        Cli r = Cli.run("compare", a.toString(), a.toString(), "--alpha", alpha);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("--alpha: expected a significance level between 0 and 1 (exclusive)")
                .doesNotContain("\n");
    }

    @Test
    void shouldFindNoChangeWhenComparingARunWithItself(@TempDir Path dir) throws IOException {
        Path a = latencyRuns(dir, "a", 6, 7.0, 1);

        Cli r = Cli.run("compare", a.toString(), a.toString(), "--fail-on", "p99_us>+1%", "--format", "json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"verdict\": \"~\"").doesNotContain("\"verdict\": \"worse\"")
                .doesNotContain("\"verdict\": \"better\"").contains("\"delta_pct\": 0,").contains("\"failed\": false");
    }

    @Test
    void shouldFindAKnownShiftAndNameItsDirection(@TempDir Path dir) throws IOException {
        Path a = latencyRuns(dir, "a", 6, 7.0, 1);
        Path b = latencyRuns(dir, "b", 6, 8.0, 2);

        Cli worse = Cli.run("compare", a.toString(), b.toString());
        Cli better = Cli.run("compare", b.toString(), a.toString());

        assertThat(worse.exitCode()).isZero();
        assertThat(worse.out()).containsPattern("latency transport=UDPv4 32 B\\s+p50_us\\s+7\\.\\d+ ±\\d+%\\s+8\\.\\d+ "
                + "±\\d+%\\s+\\+1\\d\\.\\d\\d%\\s+worse\\s+Mann-Whitney U\\s+p=0\\.002 n=6\\+6");
        assertThat(better.out()).containsPattern("32 B\\s+p50_us.*-1\\d\\.\\d\\d%\\s+better");
    }

    @Test
    void shouldSayNoSignificanceTestWithOneRunPerSideAndGateOnTheDeltaAlone(@TempDir Path dir) throws IOException {
        Path a = latencyRuns(dir, "a", 1, 7.0, 1);
        Path b = latencyRuns(dir, "b", 1, 8.0, 2);

        Cli r = Cli.run("compare", a.toString(), b.toString(), "--fail-on", "p50_us>+10%");

        assertThat(r.exitCode()).isEqualTo(4);
        assertThat(r.out()).contains("no significance test (n=1)")
                .contains("FAIL p50_us>+10%: latency transport=UDPv4 32 B +")
                .contains("(no significance test (n=1): failing on the delta alone)");
    }

    @Test
    void shouldWarnWhenRepetitionsAreTooFewToEverBeSignificantAndGateOnTheDeltaAlone(@TempDir Path dir)
            throws IOException {
        Path a = latencyRuns(dir, "a", 2, 7.0, 1);
        Path b = latencyRuns(dir, "b", 2, 9.0, 2);

        Cli r = Cli.run("compare", a.toString(), b.toString(), "--fail-on", "p50_us>+10%");

        assertThat(r.exitCode()).as("2+2 can never be significant: the gate decides on the delta").isEqualTo(4);
        assertThat(r.out().replaceAll("\\s+", " ")).contains("note: n=2+2 repetitions can never reach significance at "
                + "alpha=0.05 (smallest possible p=0.333): no verdict, gates decide on the delta alone; run more "
                + "repetitions").contains("no significance test possible (n=2+2: smallest p=0.333 > alpha; p=0.333)")
                .doesNotContain(" ~ ");
    }

    @Test
    void shouldFailTheGateOnlyAboveItsThreshold(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, HEADER + "UDPv4,0,32,1,10,20\n");
        Files.writeString(b, HEADER + "UDPv4,0,32,1,11,20\n"); // p50 exactly +10%

        assertThat(Cli.run("compare", a.toString(), b.toString(), "--fail-on", "p50_us>+10%").exitCode()).isZero();
        assertThat(Cli.run("compare", a.toString(), b.toString(), "--fail-on", "p50_us>+9.9%").exitCode()).isEqualTo(4);
        assertThat(Cli.run("compare", b.toString(), a.toString(), "--fail-on", "p50_us<-9%").exitCode()).isEqualTo(4);
        assertThat(Cli.run("compare", b.toString(), a.toString(), "--fail-on", "p50_us<-9.1%").exitCode()).isZero();
        Cli unknown = Cli.run("compare", a.toString(), b.toString(), "--fail-on", "mbps<-5%");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err().strip()).isEqualTo("--fail-on 'mbps<-5%': no compared test point has metric 'mbps'");
    }

    @Test
    void shouldExit3NeverZeroOnUnreadableInput(@TempDir Path dir) throws IOException {
        Path a = latencyRuns(dir, "a", 1, 7.0, 1);
        Path junk = dir.resolve("junk.txt");
        Files.writeString(junk, "garbage\n");

        Cli r = Cli.run("compare", a.toString(), junk.toString(), "--fail-on", "p50_us>+10%");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err().strip()).isEqualTo(junk + ": not a recognised benchmark output (first line: 'garbage')");
    }

    @Test
    void shouldListPointsPresentOnOneSideOnly(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, HEADER + "UDPv4,0,32,1,10,20\nUDPv4,0,64,1,10,20\n");
        Files.writeString(b, HEADER + "UDPv4,0,32,1,10,20\nUDPv4,0,128,1,10,20\n");

        Cli r = Cli.run("compare", a.toString(), b.toString());

        assertThat(r.out()).contains("only in baseline (not compared):\n  latency transport=UDPv4 64 B")
                .contains("only in candidate (not compared):\n  latency transport=UDPv4 128 B");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldWriteAnHtmlComparisonThatPassesTheBrowserCheck(@TempDir Path dir) throws Exception {
        BrowserCheck.requireBrowser();
        Path a = latencyRuns(dir, "a", 6, 7.0, 1);
        Path b = latencyRuns(dir, "b", 6, 8.0, 2);
        Path html = dir.resolve("compare.html");

        Cli r = Cli.run("compare", a.toString(), b.toString(), "-o", html.toString(), "--fail-on", "p50_us>+5%");

        assertThat(r.exitCode()).isEqualTo(4);
        try (BrowserCheck check = BrowserCheck.shared()) {
            BrowserCheck.Result res = check.open(html, Path.of("target", "browser-artifacts", "compare.png"));
            assertThat(res.consoleErrors()).isEmpty();
            assertThat(res.resourcesFetched()).isZero();
            assertThat(res.charts()).isEqualTo(2);
            assertThat(res.chartShapes()).allSatisfy(n -> assertThat(n).isGreaterThan(10));
            assertThat(res.bodyText()).contains("Gate crossed: regression").contains("worse");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldShowTheCountsOnTheFirstScreenAndFitTheWidthWhenTheComparisonIsOpenedAt1280x800(@TempDir Path dir)
            throws Exception {
        BrowserCheck.requireBrowser();
        Path a = latencyRuns(dir, "a", 6, 7.0, 1);
        Path b = latencyRuns(dir, "b", 6, 8.0, 2);
        Path html = dir.resolve("compare.html");
        Cli.run("compare", a.toString(), b.toString(), "-o", html.toString());

        try (BrowserCheck check = BrowserCheck.shared()) {
            BrowserCheck.Layout l = check.layout(html, 1280, 800,
                    Path.of("target", "browser-artifacts", "compare-first-screen.png"),
                    Path.of("target", "browser-artifacts", "compare-full.png"));
            assertThat(l.summaryBottomPx()).as("verdict counts on the first screen").isLessThanOrEqualTo(800);
            assertThat(l.scrollWidthPx()).isLessThanOrEqualTo(l.innerWidthPx());
            assertThat(l.yTicks()).hasSize(2).allSatisfy(t -> assertThat(t).hasSizeGreaterThanOrEqualTo(2)
                    .doesNotHaveDuplicates());
            assertThat(l.chartTitles()).doesNotHaveDuplicates();
            assertThat(l.tablesOutsideScrollBox()).isZero();
            assertThat(l.leftAlignedNumberCells()).isZero();
            assertThat(l.consoleErrors()).isEmpty();
            assertThat(l.resourcesFetched()).isZero();
            @SuppressWarnings("unchecked")
            java.util.Map<String, Object> key = (java.util.Map<String, Object>) check.firstScreen(html, 1280, 800,
                    Path.of("target", "browser-artifacts", "compare-key-first-screen.png"),
                    "var t = document.querySelector('table.key'); var d = document.querySelector('#deltas details');"
                            + "return {bottom: t.getBoundingClientRect().bottom, rows: t.tBodies[0].rows.length,"
                            + " first: t.tBodies[0].rows[0].className,"
                            + " cell: t.tBodies[0].rows[0].cells[1].textContent,"
                            + " keyBeforeAll: t.compareDocumentPosition(d) === Node.DOCUMENT_POSITION_FOLLOWING,"
                            + " allOpen: d.open};");
            // the key-metric table (2 points, both 7 -> 8 us: worse) is whole on the first screen, before the
            // folded table of every metric
            assertThat(((Number) key.get("bottom")).doubleValue()).isLessThanOrEqualTo(800);
            assertThat(((Number) key.get("rows")).intValue()).isEqualTo(2);
            assertThat(key.get("first")).isEqualTo("worse");
            assertThat((String) key.get("cell")).matches("7\\.\\d+→8\\.\\d+ \\+1\\d\\.\\d\\d% worse");
            assertThat(key.get("keyBeforeAll")).isEqualTo(true);
            assertThat(key.get("allOpen")).isEqualTo(false);
        }
    }
}
