package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** The comparison reads like benchstat: verdict counts first, grouped by test point, 120 columns. */
class CompareLayoutTest {
    private static final String LATENCY = "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,"
            + "keyed,instances,batch_bytes,repetition,size_bytes\n"
            + "transport,reliability,keyed,instances,batch_bytes,repetition,size_bytes,samples,p50_us,p99_us\n";
    private static final String THROUGHPUT = "# wirebench-results 1 family=pubsub-throughput keys=transport,"
            + "size_bytes\ntransport,size_bytes,total_samples,samples_per_s,mbps,lost,lost_pct\n";

    /**
     * Six repetitions of a latency test with long context (so points are long): at 32 B the
     * candidate is 20% slower, at 1024 B 20% faster, at 8192 B the same.
     */
    private static Path latency(Path dir, String name, boolean candidate, long seed) throws IOException {
        Random rnd = new Random(seed);
        StringBuilder sb = new StringBuilder(LATENCY);
        for (int rep = 0; rep < 6; rep++) {
            for (int size : new int[] {32, 1024, 8192}) {
                double factor = !candidate ? 1.0 : size == 32 ? 1.2 : size == 1024 ? 0.8 : 1.0;
                // at 8192 B the sides interleave (10.00, 10.02, ... against 10.01, 10.03, ...): different data
                // of one distribution; SciPy 1.10.1 mannwhitneyu of two interleaved 6-value samples gives
                // p = 0.699, far from significant
                double p50 = size == 8192 ? 10 + 0.02 * rep + (candidate ? 0.01 : 0)
                        : 10 * factor + rnd.nextDouble() * 0.1;
                sb.append(String.format(Locale.ROOT, "UDPv4,reliable,unkeyed-with-a-long-description,1,8192,%d,%d,"
                        + "10000,%.3f,%.3f%n", rep, size, p50, p50 * 3));
            }
        }
        Path f = dir.resolve(name + "-lat.csv");
        Files.writeString(f, sb.toString());
        return f;
    }

    private static Path throughput(Path dir, String name, double mbps) throws IOException {
        Path f = dir.resolve(name + "-thr.csv");
        Files.writeString(f, THROUGHPUT + String.format(Locale.ROOT, "UDPv4,1024,100000,50000,%.1f,0,0%n", mbps));
        return f;
    }

    private static Cli compare(Path dir, String... extra) throws IOException {
        String a = latency(dir, "a", false, 1) + "," + throughput(dir, "a", 400);
        // another seed: "unchanged at 8192 B" must compare different draws of the same distribution, not a copy
        String b = latency(dir, "b", true, 2) + "," + throughput(dir, "b", 380);
        List<String> args = new java.util.ArrayList<>(List.of("compare", a, b));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    void shouldStartTheTextWithTheVerdictCountsWhenComparing(@TempDir Path dir) throws IOException {
        Cli r = compare(dir);

        assertThat(r.exitCode()).as(r.err()).isZero();
        String first = r.out().lines().findFirst().orElse("");
        // 32 B: p50 and p99 worse; 1024 B: both better; 8192 B: both unchanged; throughput: one run per side,
        // 4 metrics
        assertThat(first).isEqualTo("2 worse, 2 better, 2 unchanged, 4 not testable");
    }

    @Test
    void shouldPrintEachTestPointOnceAndOneLinePerMetricWithin120Columns(@TempDir Path dir) throws IOException {
        Cli r = compare(dir);

        List<String> lines = r.out().lines().toList();
        assertThat(lines).allSatisfy(l -> assertThat(l.codePointCount(0, l.length())).as(l).isLessThanOrEqualTo(120));
        String point = "latency transport=UDPv4 reliability=reliable keyed=unkeyed-with-a-long-description";
        assertThat(lines.stream().filter(l -> l.contains(point + " ")).count()).as(r.out()).isEqualTo(3);
        // once in the key-metric table (its short label), once as the header of its metrics
        assertThat(lines.stream().filter(l -> l.contains("32 B")).count()).isEqualTo(2);
        int header = lines.indexOf(lines.stream().filter(l -> l.contains(point) && l.endsWith(" 32 B")).findFirst()
                .orElseThrow());
        assertThat(lines.get(header + 1)).matches("  p50_us\\s+10\\.\\d+ ±\\d+%\\s+12\\.\\d+ ±\\d+%\\s+\\+\\d+\\.\\d\\d%"
                + "\\s+worse\\s+Mann-Whitney U\\s+p=0\\.002 n=6\\+6");
        assertThat(lines.get(header + 2)).startsWith("  p99_us ");
        assertThat(lines).noneMatch(l -> l.startsWith("  ") && l.contains("transport=UDPv4"));
    }

    @Test
    void shouldShowTheCountsOnTopAndRegressionsFirstInHtml(@TempDir Path dir) throws IOException {
        Path html = dir.resolve("c.html");

        Cli r = compare(dir, "-o", html.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        String text = Files.readString(html);
        int counts = text.indexOf("id=\"counts\"");
        assertThat(counts).isPositive().isLessThan(text.indexOf("<svg"));
        assertThat(text.substring(counts)).containsPattern(">2 worse</span>, <span class=\"better\">2 better</span>, "
                + "<span class=\"same\">2 unchanged</span>, <span class=\"untested\">4 not testable<");
        String body = text.substring(text.indexOf("id=\"deltas\""));
        List<String> classes = java.util.regex.Pattern.compile("<tr class=\"(\\w+)\"").matcher(body).results()
                .map(m -> m.group(1)).toList();
        assertThat(classes).containsExactly("worse", "worse", "better", "better", "same", "same", "untested",
                "untested", "untested", "untested");
    }

    @Test
    void shouldKeepEveryJsonAndMarkdownFieldAndAddTheCountsToJson(@TempDir Path dir) throws IOException {
        Cli json = compare(dir, "--format", "json");
        Cli md = compare(dir, "--format", "markdown");

        assertThat(json.out()).contains("\"verdict_counts\": {").contains("\"worse\": 2").contains("\"not_testable\": 4");
        for (String field : List.of("point", "kind", "metric", "direction", "n_baseline", "n_candidate",
                "baseline_median", "candidate_median", "baseline_ci", "candidate_ci", "delta_pct", "p_value",
                "verdict", "note", "only_in_baseline", "only_in_candidate", "notes", "gates", "failed")) {
            assertThat(json.out()).contains("\"" + field + "\":");
        }
        assertThat(json.out()).contains("\"method\": \"Mann-Whitney U\"").contains("\"method\": \"none (n=1)\"");
        assertThat(md.out()).startsWith("2 worse, 2 better, 2 unchanged, 4 not testable\n\n**latency**")
                .contains("\n| test point | metric | baseline | candidate | delta | verdict | method | note |\n");
    }

    @Test
    void shouldOpenWithOneKeyMetricTablePerKindRegressionsFirstWhenComparingText(@TempDir Path dir)
            throws IOException {
        Cli r = compare(dir);

        List<String> lines = r.out().lines().toList();
        // counts, blank, the latency table (heading, header, 3 rows, method), blank, the throughput table
        assertThat(lines.get(2)).isEqualTo("latency (baseline→candidate, delta, verdict)");
        assertThat(lines.get(3)).matches("  point\\s+p50_us\\s+p99_us");
        assertThat(lines.get(4)).matches("  32 B\\s+10\\.\\d+→12\\.\\d+ \\+19\\.\\d\\d% worse\\s+30\\.\\d+→36\\.\\d+ "
                + "\\+19\\.\\d\\d% worse");
        assertThat(lines.get(5)).startsWith("  1024 B").contains("better");
        assertThat(lines.get(6)).startsWith("  8192 B").contains(" ~");
        assertThat(lines.get(7)).isEqualTo("  method Mann-Whitney U: p50_us, p99_us");
        assertThat(lines.get(9)).isEqualTo("throughput (baseline→candidate, delta, verdict)");
        assertThat(lines.get(11)).matches("  1024 B\\s+50k→50k \\+0\\.00%\\s+400→380 -5\\.00%\\s+0→0 \\+0\\.00%");
        assertThat(lines.indexOf("all metrics")).isGreaterThan(11);
    }
}
