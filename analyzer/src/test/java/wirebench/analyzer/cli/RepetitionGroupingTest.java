package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.contract.JsonReader;

/** Repetitions of a campaign: one row per test point (median, min-max, n) unless --per-repetition. */
class RepetitionGroupingTest {
    private static final String HEADER = "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,"
            + "size_bytes,test,repetition\ntransport,reliability,size_bytes,test,repetition,samples,p50_us,p99_us\n";

    /** 3 repetitions of 2 sizes; p50 of the 32 B point is 7, 9, 8 (median 8, range 7-9); size 1024 lacks p99 once. */
    private static Path campaign(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), HEADER
                + "UDPv4,reliable,32,latency,1,1000,7,20\n"
                + "UDPv4,reliable,1024,latency,1,1000,11,30\n"
                + "UDPv4,reliable,32,latency,2,1000,9,26\n"
                + "UDPv4,reliable,1024,latency,2,1000,12,\n"
                + "UDPv4,reliable,32,latency,3,1000,8,21\n"
                + "UDPv4,reliable,1024,latency,3,1000,10,34\n");
        return dir;
    }

    @Test
    void shouldShowOneRowPerTestPointWithMedianRangeAndN(@TempDir Path tmp) throws IOException {
        Path dir = campaign(tmp.resolve("c"));

        Cli r = Cli.run("stats", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> l.contains(": latency ["))).singleElement().asString()
                .contains("median (min-max) of 3 repetitions").doesNotContain("repetition=");
        assertThat(r.out()).containsPattern("32\\s+3\\s+1000 \\(1000–1000\\)\\s+8 \\(7–9\\)\\s+21 \\(20–26\\)");
        assertThat(r.out()).containsPattern("1024\\s+3\\s+1000 \\(1000–1000\\)\\s+11 \\(10–12\\)\\s+32 \\(30–34\\)");
    }

    @Test
    void shouldWriteMedianMinMaxAndNAsSeparateFieldsInJson(@TempDir Path tmp) throws IOException {
        Path dir = campaign(tmp.resolve("c"));

        Cli r = Cli.run("stats", "--format", "json", dir.toString());

        JsonReader.Obj doc = (JsonReader.Obj) JsonReader.parse("stats", r.out());
        List<?> tables = (List<?>) doc.get("tables");
        assertThat(tables).hasSize(1);
        List<?> rows = (List<?>) ((JsonReader.Obj) tables.get(0)).get("rows");
        assertThat(rows).hasSize(2);
        Map<String, Object> first = ((JsonReader.Obj) rows.get(0)).members();
        Map<String, Object> second = ((JsonReader.Obj) rows.get(1)).members();
        assertThat(first).containsEntry("size_bytes", 32.0).containsEntry("n", 3.0).containsEntry("p50_us", 8.0)
                .containsEntry("p50_us_min", 7.0).containsEntry("p50_us_max", 9.0).doesNotContainKey("repetition");
        // the missing p99 of repetition 2 is left out, never read as zero: median of 30 and 34
        assertThat(second).containsEntry("p99_us", 32.0).containsEntry("p99_us_min", 30.0);
    }

    @Test
    void shouldKeepOneTablePerRepetitionWithPerRepetition(@TempDir Path tmp) throws IOException {
        Path dir = campaign(tmp.resolve("c"));

        Cli r = Cli.run("stats", "--per-repetition", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> l.contains(": latency ["))).hasSize(3)
                .allSatisfy(l -> assertThat(l).contains("repetition="));
    }

    @Test
    void shouldGroupRepetitionsInTheReport(@TempDir Path tmp) throws IOException {
        Path dir = campaign(tmp.resolve("c"));
        Path out = tmp.resolve("r.json");

        Cli r = Cli.run("report", "--format", "json", "-o", out.toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        String json = Files.readString(out);
        assertThat(json).contains("8 (7–9)").doesNotContain("repetition=");
        Cli per = Cli.run("report", "--per-repetition", "--format", "json", "-o", out.toString(), dir.toString());
        assertThat(per.exitCode()).as(per.err()).isZero();
        assertThat(Files.readString(out)).doesNotContain("8 (7–9)");
    }

    private static void hlog(Path file, long base) throws IOException {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        for (int i = 0; i < 100; i++) {
            h.recordValue(base + i);
        }
        try (java.io.PrintStream ps = new java.io.PrintStream(file.toFile(), java.nio.charset.StandardCharsets.UTF_8)) {
            org.HdrHistogram.HistogramLogWriter w = new org.HdrHistogram.HistogramLogWriter(ps);
            w.outputLogFormatVersion();
            w.outputLegend();
            w.outputIntervalHistogram(h);
        }
    }

    @Test
    void shouldMergeTheHistogramsOfAPointsRepetitionsInTheReport(@TempDir Path tmp) throws IOException {
        Path dir = campaign(tmp.resolve("c"));
        hlog(dir.resolve("lat-32.hlog"), 7000);
        hlog(dir.resolve("lat-32-r2.hlog"), 9000);
        hlog(dir.resolve("lat-32-r3.hlog"), 8000);
        Path out = tmp.resolve("r.html"); // the chart's legend (SVG) names the distributions

        Cli r = Cli.run("report", "-o", out.toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        // one distribution of the 3 x 100 values merged, not three of 100
        assertThat(Files.readString(out)).contains("n=300").doesNotContain("n=100");
        Cli per = Cli.run("report", "--per-repetition", "-o", out.toString(), dir.toString());
        assertThat(per.exitCode()).as(per.err()).isZero();
        assertThat(Files.readString(out)).contains("n=100").doesNotContain("n=300");
    }
}
