package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.analyzer.Cli;

/**
 * Issue 29, analyzer side (the second hostile round): each finding of the "Why" is a case
 * here that failed before the fix (exit 1 with a stack trace, or exit 0 saying nothing).
 */
class HostileSecondRoundTest {
    private static final String LATENCY = "# wirebench-results 1 family=pubsub-latency keys=transport,size_bytes\n";

    private static Path resultsDir(Path dir, String runJson) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), LATENCY + "transport,size_bytes,samples,p50_us,p99_us\n"
                + "UDPv4,32,1000,7.5,21.25\n");
        Files.writeString(dir.resolve("run.json"), runJson);
        return dir;
    }

    private static String[] args(String command, Path tmp, Path dir) {
        return switch (command) {
            case "report" -> new String[] {"report", "-o", tmp.resolve("r.html").toString(), dir.toString()};
            case "history-add" -> new String[] {"history", "add", "--db", tmp.resolve("h.duckdb").toString(),
                dir.toString()};
            case "compare" -> new String[] {"compare", dir.toString(), dir.toString()};
            default -> new String[] {command, dir.toString()};
        };
    }

    /** stats and convert show the table and say that its run.json was not read. */
    @ParameterizedTest
    @ValueSource(strings = {"stats", "convert"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldWarnWithFileAndLineAndShowTheTableWhenRunJsonIsNestedTooDeep(String command, @TempDir Path tmp)
            throws IOException {
        // 20 000 deep: small enough to be read as a run.json, deep enough to overflow a recursive reader
        Path dir = resultsDir(tmp.resolve("run"), "{\"format\": \"wirebench-run 1\",\n\"x\": " + "[".repeat(20_000)
                + "]".repeat(20_000) + "}\n");
        Path converted = tmp.resolve("converted");

        Cli r = command.equals("stats") ? Cli.run(command, dir.resolve("pubsub-latency.csv").toString())
                : Cli.run(command, "--out", converted.toString(), dir.resolve("pubsub-latency.csv").toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(command.equals("stats") ? r.out() : Files.readString(converted.resolve("pubsub-latency.csv")))
                .contains("21.25");
        // stats prints its warnings below the table, convert on stderr
        assertThat(r.out() + r.err()).contains("its run.json was not read: " + dir.resolve("run.json") + ":2: expected arrays"
                + " and objects nested at most 256 deep, got deeper").doesNotContain("\tat ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"report", "history-add"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRefuseWithFileAndLineWhenRunJsonIsNestedTooDeep(String command, @TempDir Path tmp) throws IOException {
        Path dir = resultsDir(tmp.resolve("run"), "{\"format\": \"wirebench-run 1\",\n\"x\": " + "[".repeat(200_000)
                + "]".repeat(200_000) + "}\n");

        Cli r = Cli.run(args(command, tmp, dir));

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains(dir.resolve("run.json") + ":2: expected arrays and objects nested at most 256"
                + " deep, got deeper").doesNotContain("StackOverflowError").doesNotContain("\tat ");
        assertThat(r.err().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
    }

    @org.junit.jupiter.api.Test
    void shouldRefuseWithExit3NamingTheDirectoryWhenTheDemoOutputIsAFile(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("taken"), "a file, not a directory\n");

        Cli r = Cli.run("demo", "--out", file.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).startsWith(file + ": cannot create the demo's directory").doesNotContain("internal error");
        assertThat(r.err().strip().lines()).hasSize(1);
    }
}
