package wirebench.analyzer.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 29 item 3: a Perftest CSV of 300 000 summary rows (far more than any run prints: one row
 * per data size) is refused with exit 3 naming the row past the bound, by every command that
 * reads it, in a child JVM with a 64 MB heap (before the bound, 4.6 million such rows ran
 * {@code stats} out of a 6.5 GB heap). Exit 3 from the heap running out is told apart by the message.
 */
class HugeSummaryTableTest {
    /** PerftestTables.MAX_SUMMARY_ROWS, plus the blank line and header that come first. */
    private static final int FIRST_REFUSED_LINE = 10_001 + 2;

    @TempDir
    static Path dir;

    @BeforeAll
    static void generate() throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("many.csv"), StandardCharsets.UTF_8)) {
            w.write("\nSample Size (Bytes), Ave (us), Std (us), Min (us), Max (us), 50% (us), 90% (us), 99% (us),"
                    + " 99.99% (us), 99.9999% (us)\n");
            for (int i = 0; i < 300_000; i++) {
                w.write("                 32,       23,    129.9,       21,    69023,       23,       24,       26,"
                        + "          21,            21\n");
            }
        }
    }

    private record Result(int exitCode, String out, String err, long millis) {
    }

    private static Result run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+ExitOnOutOfMemoryError", "-cp", System.getProperty("java.class.path"),
                "wirebench.analyzer.AnalyzerMain"));
        // the fixture JVMs' options (client compiler, serial collector): each run ends after 10 003 lines,
        // its refusal within the same 64 MB heap is tested, not its speed
        cmd.addAll(1, SmallHeapTest.fixtureOptions());
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "report", "convert", "compare", "history-add"})
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void shouldRefuseWithExit3WhenASummaryTableHasMoreRowsThanAnyRunPrints(String command) throws Exception {
        String f = dir.resolve("many.csv").toString();
        Result r = switch (command) {
            case "report" -> run("report", "-o", dir.resolve("r.html").toString(), f);
            case "convert" -> run("convert", "--out", dir.resolve("converted").toString(), f);
            case "compare" -> run("compare", f, f);
            case "history-add" -> run("history", "add", "--db", dir.resolve("h.duckdb").toString(), f);
            default -> run("stats", f);
        };

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains(f + ":" + FIRST_REFUSED_LINE + ": expected at most 10000 summary rows (a Perftest"
                + " run prints one per data size), got more").doesNotContain("OutOfMemoryError");
    }
}
