package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Perftest's -latencyFile: every latency sample of each size, in arrival order, after the summary. */
class LatencyFileTest {

    @Test
    @Timeout(120)
    void shouldAppendEverySampleOfEachSizeAsPerftestDoes(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("lat.txt");
        Files.writeString(file, "kept\n"); // Perftest appends

        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-latencyTest",
                "-scan", "32:64", "-numIter", "300", "-latencyFile", file.toString(), "-noPrintIntervals");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("Saving latency information in \"" + file + "\".");
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo("kept");
        List<List<Long>> blocks = new ArrayList<>();
        List<Long> block = null;
        for (String line : lines.subList(1, lines.size())) {
            if (line.equals("Sample Number, Value")) {
                block = new ArrayList<>();
                blocks.add(block);
            } else if (!line.isEmpty()) {
                String[] f = line.split(", ");
                assertThat(f).hasSize(2);
                assertThat(Long.parseLong(f[0])).isEqualTo(block.size());
                block.add(Long.parseLong(f[1]));
            }
        }
        assertThat(lines.get(lines.size() - 1)).isEmpty();
        assertThat(blocks).hasSize(2);
        List<String[]> rows = r.csvRows();
        assertThat(rows).hasSize(2);
        for (int i = 0; i < 2; i++) {
            assertThat(blocks.get(i)).hasSize(300);
            // the summary's Min (us) is the smallest sample written
            long min = blocks.get(i).stream().mapToLong(Long::longValue).min().orElseThrow();
            assertThat(Long.parseLong(rows.get(i)[3].trim())).isEqualTo(min);
        }
    }

    @Test
    void shouldRefuseAFileItCannotWriteBeforeMeasuring(@TempDir Path dir) {
        Path file = dir.resolve("missing-dir").resolve("lat.txt");

        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-latencyTest",
                "-numIter", "10", "-latencyFile", file.toString());

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err().strip()).isEqualTo(file + ": cannot write -latencyFile (its directory does not exist)");
    }
}
