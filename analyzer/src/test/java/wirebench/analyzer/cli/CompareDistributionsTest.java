package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** Where HdrHistogram logs exist, compare compares distributions from merged histograms. */
class CompareDistributionsTest {

    /** A run directory holding one log of {@code n} latencies around {@code centerNs}. */
    static Path run(Path dir, double centerNs, long seed) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\"}\n");
        Histogram h = new Histogram(3);
        Random rnd = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            h.recordValue((long) (centerNs + rnd.nextGaussian() * centerNs * 0.05 + (i % 1000 == 0 ? centerNs * 4 : 0)));
        }
        try (PrintStream ps = new PrintStream(dir.resolve("pubsub-latency-x-32.hlog").toFile(), "UTF-8")) {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputLogFormatVersion();
            w.outputLegend();
            h.setStartTimeStamp(0);
            h.setEndTimeStamp(1000);
            w.outputIntervalHistogram(h);
        }
        return dir;
    }

    /** As {@link #run}, the 20,000 latencies logged as 40 intervals of 500 (as the runner writes them). */
    static Path runWithIntervals(Path dir, double centerNs, long seed) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\"}\n");
        Random rnd = new Random(seed);
        try (PrintStream ps = new PrintStream(dir.resolve("pubsub-latency-x-32.hlog").toFile(), "UTF-8")) {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputLogFormatVersion();
            w.outputLegend();
            for (int k = 0; k < 40; k++) {
                Histogram h = new Histogram(3);
                for (int i = 0; i < 500; i++) {
                    h.recordValue((long) (centerNs + rnd.nextGaussian() * centerNs * 0.05));
                }
                h.setStartTimeStamp(k * 100L);
                h.setEndTimeStamp(k * 100L + 100);
                w.outputIntervalHistogram(h);
            }
        }
        return dir;
    }

    @Test
    void shouldJudgeSingleRunsOnTheirIntervalsAndNameTheMethodWhenLogsHoldIntervals(@TempDir Path tmp)
            throws IOException {
        Path a = runWithIntervals(tmp.resolve("a"), 10_000, 1);
        Path same = runWithIntervals(tmp.resolve("same"), 10_000, 2);
        Path slower = runWithIntervals(tmp.resolve("slower"), 11_000, 3);

        Cli unchanged = Cli.run("compare", a.toString(), same.toString(), "--format", "csv");
        Cli worse = Cli.run("compare", a.toString(), slower.toString(), "--format", "csv", "--fail-on", "p50_us>+5%");

        String p50 = unchanged.out().lines().filter(l -> l.contains(",p50_us,")).findFirst().orElseThrow();
        // 40 intervals a side: the per-interval p50s are the replicates shown (n), the verdict by the bootstrap
        assertThat(p50).contains(",40,40,").endsWith(",~,interval bootstrap");
        String p50w = worse.out().lines().filter(l -> l.contains(",p50_us,")).findFirst().orElseThrow();
        assertThat(p50w).endsWith(",worse,interval bootstrap");
        assertThat(worse.exitCode()).isEqualTo(4);
        assertThat(worse.err()).contains("FAIL p50_us>+5%").contains("(interval bootstrap, p=");
    }

    @Test
    void shouldCompareMergedDistributionsAndFindTheShiftWithRepetitions(@TempDir Path tmp) throws IOException {
        for (int i = 0; i < 5; i++) {
            run(tmp.resolve("base").resolve("r" + i), 10_000, i);
            run(tmp.resolve("cand").resolve("r" + i), 12_000, 100 + i);
        }

        Cli r = Cli.run("compare", tmp.resolve("base").toString(), tmp.resolve("cand").toString(), "--format", "csv");

        assertThat(r.exitCode()).as(r.err()).isZero();
        String p50 = r.out().lines().filter(l -> l.contains("distribution pubsub-latency-x-32") && l.contains(",p50_us,"))
                .findFirst().orElseThrow();
        // 5 runs x 20000 values each side, merged; p50 about 10 us vs 12 us, significant and worse
        assertThat(p50).startsWith("distribution pubsub-latency-x-32 (n=100000+100000 values),latency,p50_us,"
                + "lower_is_better,5,5,");
        String[] f = p50.split(",");
        assertThat(Double.parseDouble(f[6])).isBetween(9.9, 10.1);
        assertThat(Double.parseDouble(f[7])).isBetween(11.9, 12.1);
        assertThat(Double.parseDouble(f[12])).isBetween(18.0, 22.0);
        assertThat(f[14]).isEqualTo("worse");
    }

    @Test
    void shouldSayNoSignificanceTestForSingleRuns(@TempDir Path tmp) throws IOException {
        Path a = run(tmp.resolve("a"), 10_000, 1);
        Path b = run(tmp.resolve("b"), 10_000, 2);

        Cli r = Cli.run("compare", a.toString(), b.toString());

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).containsPattern("(?ms)^distribution pubsub-latency-x-32 \\(n=20000\\+20000 values\\)\n.*^  p99_us ")
                .contains("interval bootstrap (not testable)").contains("1+1 intervals, fewer than 8; merged");
    }
}
