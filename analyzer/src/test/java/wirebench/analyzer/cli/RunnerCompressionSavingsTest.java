package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/**
 * The savings table from a compression.csv the runner wrote (bench/compression-savings: NONE and
 * ZLIB level 10, 1024-byte corpus samples, batching disabled/2/5/10): seed 003's layout, and the
 * same NONE column when it comes from the ZLIB rows' raw_bytes instead of NONE runs.
 */
class RunnerCompressionSavingsTest {
    private static final Path MEASURED = Path.of("src/test/resources/wirebench/compression/compression.csv");
    private static final String TABLE = String.join("\n",
            "  Batching  NONE Compression (Mb)  ZLIB Compression (Mb)  Diff Saved Mb  Diff Saved %",
            "  Disabled                 174.08                  99.03          75.05         43.11",
            " 2 samples                 171.52                  77.98          93.54         54.54",
            " 5 samples                 168.96                  57.48         111.48         65.98",
            "10 samples                 168.45                  45.10         123.35         73.23");

    @Test
    void shouldPrintTheSeedLayoutWhenTheRunnerMeasuredNoneAndZlib() {
        Cli r = Cli.run("stats", MEASURED.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("compression_savings [algorithm=ZLIB]").contains(TABLE);
    }

    @Test
    void shouldTakeNoneFromRawBytesWhenNoNoneRunWasMeasured(@TempDir Path dir) throws IOException {
        List<String> zlibOnly = Files.readAllLines(MEASURED).stream().filter(l -> !l.contains(",NONE,"))
                .collect(Collectors.toList());
        Path file = dir.resolve("compression.csv");
        Files.write(file, zlibOnly);

        Cli r = Cli.run("stats", file.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains(TABLE);
    }

    @Test
    void shouldPassOverTheCorpusWithAWarningWhenReadingTheSampleDataDirectory(@TempDir Path dir)
            throws IOException {
        Files.createDirectories(dir.resolve("corpus"));
        Files.copy(Path.of("../sample-data/corpus/middleware.log"), dir.resolve("corpus/middleware.log"));
        Files.copy(MEASURED, dir.resolve("compression.csv"));

        Cli r = Cli.run("stats", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains(TABLE)
                .contains(dir.resolve("corpus/middleware.log") + ": skipped: not a recognised benchmark output");
    }

    @Test
    void shouldKeepEachLevelItsOwnTableWhenOneFileHoldsTwoLevels(@TempDir Path dir) throws IOException {
        // the same ZLIB runs again at level 1, each row costing 2 x 8 Mbit more on the wire
        List<String> lines = Files.readAllLines(MEASURED);
        List<String> both = new java.util.ArrayList<>(lines);
        for (String l : lines) {
            if (l.contains(",ZLIB,10,")) {
                String[] f = l.split(",", -1);
                f[3] = "1";
                f[9] = Long.toString(Long.parseLong(f[9]) + 2_000_000);
                both.add(String.join(",", f));
            }
        }
        Path file = dir.resolve("compression.csv");
        Files.write(file, both);

        Cli r = Cli.run("stats", file.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("compression_savings [algorithm=ZLIB, level=10]").contains(TABLE)
                .contains("compression_savings [algorithm=ZLIB, level=1]")
                .contains("  Disabled                 174.08                 115.03          59.05         33.92");
    }
}
