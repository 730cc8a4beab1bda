package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analyzer's in-memory table of summary rows is a Tablesaw {@code Table} where it groups
 * repetitions (docs/report.md, "Tablesaw"). Each command runs in a child JVM that logs the classes it
 * loads: {@code stats} and {@code report} on a campaign with repetitions load {@code Table} and its
 * summariser, {@code compare} splits its values on point and metric in one; on a campaign without
 * repetitions {@code stats} loads neither {@code Table} nor ClassGraph, the class-path scan of
 * {@code Table}'s static initialiser (0.7-0.9 s of CPU).
 */
class TablesawStartupTest {
    private static final String HEADER = "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,"
            + "size_bytes,test,repetition\ntransport,reliability,size_bytes,test,repetition,samples,p50_us,p99_us\n";

    @TempDir
    Path tmp;

    private Path campaign(String name, int p50) throws IOException {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), HEADER
                + "UDPv4,reliable,32,latency,1,1000," + p50 + ",20\n"
                + "UDPv4,reliable,32,latency,2,1000," + (p50 + 2) + ",26\n"
                + "UDPv4,reliable,32,latency,3,1000," + (p50 + 1) + ",21\n");
        return dir;
    }

    /** The classes the command loaded (one line each in the JVM's class+load log). */
    private String classesLoadedBy(String... args) throws IOException, InterruptedException {
        Path log = Files.createTempFile(tmp, "classes", ".log");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"),
                "wirebench.analyzer.AnalyzerMain"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        assertThat(p.exitValue()).as(Files.readString(out, StandardCharsets.UTF_8)).isZero();
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Test
    void shouldGroupRepetitionsInATablesawTableWhenRunningStats() throws Exception {
        String classes = classesLoadedBy("stats", campaign("c", 7).toString());

        assertThat(classes).contains("tech.tablesaw.api.Table ").contains("tech.tablesaw.aggregate.Summarizer ");
    }

    @Test
    void shouldGroupRepetitionsInATablesawTableWhenWritingTheReport() throws Exception {
        String classes = classesLoadedBy("report", "-o", tmp.resolve("r.html").toString(),
                campaign("c", 7).toString());

        assertThat(classes).contains("tech.tablesaw.api.Table ").contains("tech.tablesaw.aggregate.Summarizer ");
    }

    @Test
    void shouldGroupRepetitionsInATablesawTableWhenComparing() throws Exception {
        String classes = classesLoadedBy("compare", campaign("base", 7).toString(), campaign("cand", 9).toString());

        assertThat(classes).contains("tech.tablesaw.api.Table ").contains("tech.tablesaw.table.TableSliceGroup ");
    }

    @Test
    void shouldNotLoadTableWithoutRepetitions() throws Exception {
        Path dir = tmp.resolve("single");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), "# wirebench-results 1 family=pubsub-latency "
                + "keys=transport,reliability,size_bytes,test\ntransport,reliability,size_bytes,test,samples,p50_us,"
                + "p99_us\nUDPv4,reliable,32,latency,1000,7,20\n");

        String classes = classesLoadedBy("stats", dir.toString());

        assertThat(classes).doesNotContain("tech.tablesaw.api.Table ").doesNotContain("io.github.classgraph");
    }
}
