package wirebench.analyzer.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated 50+ MB inputs through {@code stats}, {@code report} and {@code compare} in a child JVM
 * with {@code -Xmx64m}: a Perftest 4.x CSV publisher log (interval rows) and a Perftest JSON
 * publisher output (long {@code intervals} arrays). The readers stream, so the heap needed does not
 * grow with the input.
 */
class SmallHeapTest {
    private static final long BYTES = 52L << 20;

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() throws IOException {
        PerftestLogGenerator.write(dir.resolve("pub.csv"), BYTES, 100, 1024);
        PerftestJsonGenerator.write(dir.resolve("pub.json"), BYTES, 100, 1024);
        for (String f : List.of("pub.csv", "pub.json")) {
            assertThat(Files.size(dir.resolve(f))).isGreaterThanOrEqualTo(50L << 20);
        }
    }

    private record Result(int exitCode, String out, String err) {
    }

    private static Result run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+ExitOnOutOfMemoryError", "-Duser.language=de", "-Duser.country=DE",
                "-cp", System.getProperty("java.class.path"), "wirebench.analyzer.AnalyzerMain"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pub.csv", "pub.json"})
    void shouldPrintTheSummariesOfA50MegabyteLogWithA64MegabyteHeap(String file) throws Exception {
        Path log = dir.resolve(file);
        Result r = run("stats", "--format", "csv", log.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("100,50,30.5,20,987,41,89,158,297,410")
                .contains("1024,50,30.5,20,987,41,89,158,297,410");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pub.csv", "pub.json"})
    void shouldWriteTheReportOfA50MegabyteLogWithA64MegabyteHeap(String file) throws Exception {
        Path log = dir.resolve(file);
        Path html = dir.resolve(file + ".html");
        Result r = run("report", "-o", html.toString(), log.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(html, StandardCharsets.UTF_8)).contains("987").contains("<svg");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pub.csv", "pub.json"})
    void shouldCompareTwo50MegabyteLogsWithA64MegabyteHeap(String file) throws Exception {
        Path log = dir.resolve(file);
        Result r = run("compare", "--format", "csv", log.toString(), log.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("p99_us").contains("158");
    }
}
