package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

class StatsCommandTest {
    private static final String LATENCY = "src/test/resources/wirebench/pubsub-latency.csv";
    private Locale saved;

    @BeforeEach
    void german() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(saved);
    }

    @Test
    void shouldSayNotRecognisedWithFirstLineAndExit3WhenInputIsUnknown(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "\n  hello world, this is not a benchmark  \nsecond line\n");

        Cli r = Cli.run("stats", f.toString());

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).isEqualTo(f + ": not a recognised benchmark output (first line: "
                + "'hello world, this is not a benchmark')" + System.lineSeparator());
        assertThat(r.out()).isEmpty();
    }

    @Test
    void shouldReportAMissingFileWithExit3() {
        Cli r = Cli.run("stats", "does/not/exist.csv");
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err().strip()).isEqualTo("does/not/exist.csv: no such file");
    }

    @Test
    void shouldPrintABadFieldErrorWithoutStackTraceUnlessVerbose() {
        String bad = "src/test/resources/wirebench/bad-number.csv";
        Cli quiet = Cli.run("stats", bad);
        assertThat(quiet.exitCode()).isEqualTo(3);
        assertThat(quiet.err().strip()).isEqualTo(bad + ":4: column 'samples_per_s': expected a number, got 'n/a'");

        Cli verbose = Cli.run("stats", "-v", bad);
        assertThat(verbose.exitCode()).isEqualTo(3);
        assertThat(verbose.err()).contains("expected a number").contains("\tat wirebench.analyzer.");
    }

    @Test
    void shouldExit2OnUnknownOption() {
        Cli r = Cli.run("stats", "--bogus", LATENCY);
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("wirebench stats: Unknown option: '--bogus'; see --help");
    }

    @Test
    void shouldWriteJsonWithDotDecimalsAndNullsUnderGermanLocale() {
        Cli r = Cli.run("stats", "--format", "json", LATENCY);

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("\"kind\": \"latency\"")
                .contains("\"ave_us\": 7.25")
                .contains("\"std_us\": 1.5")
                .contains("\"p9999_us\": null")
                .contains("\"size_bytes\": 32,")
                .doesNotContain("7,25");
        assertThat(r.out()).startsWith("{\n  \"tables\": [");
    }

    @Test
    void shouldWriteCsvBlocksWithColumnNamesUnderGermanLocale() {
        Cli r = Cli.run("stats", "--format", "csv", LATENCY);

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo(String.join("\n",
                "# " + LATENCY + ": latency [wirebench-csv-1, family=pubsub-latency, transport=UDPv4, "
                        + "reliability=best_effort]",
                "transport,reliability,size_bytes,samples,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,"
                        + "p9999_us,p999999_us",
                "UDPv4,best_effort,32,10000,7.25,1.5,5,80,7.1,8,12.5,80,80",
                "UDPv4,best_effort,64,10000,7.5,1.6,5.2,81,7.3,8.2,13,81,81",
                "",
                "# " + LATENCY + ": latency [wirebench-csv-1, family=pubsub-latency, transport=UDPv4, "
                        + "reliability=reliable]",
                "transport,reliability,size_bytes,samples,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,"
                        + "p9999_us,p999999_us",
                "UDPv4,reliable,32,10000,7.75,1.7,5.5,90,7.4,8.5,14,,",
                "",
                "# warning: " + LATENCY + ": too few samples: p99.9999 needs 1000000 samples; at size 32 B "
                        + "(n=10000), 64 B (n=10000) it is only the largest value seen",
                ""));
    }

    @Test
    void shouldPrintPerftestHeadersAlignedInText() {
        Cli r = Cli.run("stats", LATENCY);

        assertThat(r.exitCode()).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines[1]).startsWith("Sample Size (Bytes)  Samples  Ave (μs)  Std (μs)");
        assertThat(lines[2]).isEqualTo("                 32    10000      7.25       1.5         5        80       "
                + "7.1         8      12.5           80             80");
        assertThat(r.out()).contains("      -              -");
    }

    @Test
    void shouldWarnAboutNonMonotonePercentiles(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("java.csv");
        Files.writeString(f, "# wirebench-results 1 family=pubsub-latency keys=size_bytes\n"
                + "size_bytes,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p9999_us,p999999_us\n"
                + "32,20,6.0,19,2482,20,20,24,19,19\n64,20,5.8,19,2301,20,21,24,19,19\n");

        Cli r = Cli.run("stats", f.toString());

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("warning: " + f + ": latency percentiles not monotone (p99.99 < p99) at size "
                + "32, 64 B; RTI Perftest's Java printer prints the minimum there");
    }

    @Test
    void shouldAcceptHdrHistogramRoundingAboveTheExactMaxButNotMore(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("hdr.csv");
        Files.writeString(f, "# wirebench-results 1 family=pubsub-latency keys=size_bytes\n"
                + "size_bytes,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p9999_us,p999999_us\n"
                + "32,20,6.0,19,7483.682,20,20,24,7098.367,7487.487\n"
                + "64,20,6.0,19,7483.682,20,20,24,7098.367,7600\n");

        Cli r = Cli.run("stats", f.toString());

        assertThat(r.out()).contains("latency percentiles not monotone (max < p99.9999) at size 64 B")
                .doesNotContain("at size 32");
    }

    @Test
    void shouldWarnWhenTooFewSamplesForAPercentile(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("few.csv");
        Files.writeString(f, "# wirebench-results 1 family=pubsub-latency keys=size_bytes\n"
                + "size_bytes,samples,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p9999_us,p999999_us\n"
                + "32,5000,20,6.0,19,2482,20,20,24,30,30\n");

        Cli r = Cli.run("stats", "--format", "json", f.toString());

        assertThat(r.out()).contains("too few samples: p99.99 needs 10000 samples; at size 32 B (n=5000) it is only the largest value seen")
                .contains("too few samples: p99.9999 needs 1000000 samples");
    }

    @Test
    void shouldPassOverAnUnrecognisedFileInADirectoryWithAWarning(@TempDir Path dir) throws IOException {
        Files.copy(Path.of(LATENCY), dir.resolve("pubsub-latency.csv"));
        Files.writeString(dir.resolve("notes.txt"), "tuned the NIC before this run\n");

        Cli r = Cli.run("stats", dir.toString());

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Sample Size (Bytes)").contains("warning: " + dir.resolve("notes.txt")
                + ": skipped: not a recognised benchmark output (first line: 'tuned the NIC before this run')");
    }

    @Test
    void shouldReadAResultsDirectoryAndSkipRunJson(@TempDir Path dir) throws IOException {
        Files.copy(Path.of(LATENCY), dir.resolve("pubsub-latency.csv"));
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\"}\n");

        Cli r = Cli.run("stats", "--format", "markdown", dir.toString());

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("| Sample Size (Bytes) | Samples | Ave (μs) |").contains("| 32 | 10000 | 7.25 |");
    }
}
