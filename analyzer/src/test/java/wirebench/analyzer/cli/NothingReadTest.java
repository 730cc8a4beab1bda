package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.analyzer.Cli;

/**
 * Issue 29 item 4, analyzer side: an input with nothing readable is a warning naming it, and exit 3
 * when nothing at all was read. Each case exited 0 saying nothing before (0-byte family CSVs, an
 * empty directory, a run.json that is no JSON in compare, a run.json of an unknown format version or
 * with fields of the wrong type in report).
 */
class NothingReadTest {
    private static final String LATENCY = "# wirebench-results 1 family=pubsub-latency keys=transport,size_bytes\n"
            + "transport,size_bytes,samples,p50_us,p99_us\nUDPv4,32,1000,7.5,21.25\n";
    private static final String RUN_JSON = "{\"format\": \"wirebench-run 1\", \"run_id\": \"r-1\"}\n";

    @TempDir
    Path tmp;

    private static Cli run(String command, Path tmp, Path dir) {
        return switch (command) {
            case "report" -> Cli.run("report", "-o", tmp.resolve("r.html").toString(), dir.toString());
            case "convert" -> Cli.run("convert", "--out", tmp.resolve("converted").toString(), dir.toString());
            case "compare" -> Cli.run("compare", dir.toString(), dir.toString());
            default -> Cli.run(command, dir.toString());
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "report", "compare", "convert"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldExit3NamingEachEmptyFamilyWhenEveryFamilyIsZeroBytes(String command) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("run.json"), RUN_JSON);
        Files.createFile(dir.resolve("pubsub-latency.csv"));
        Files.createFile(dir.resolve("pubsub-throughput.csv"));

        Cli r = run(command, tmp, dir);

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.err()).contains("no results read").contains(dir.resolve("pubsub-latency.csv")
                + ": skipped: empty (0 bytes, no line with content)").contains(dir.resolve("pubsub-throughput.csv")
                + ": skipped: empty").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "report", "compare", "convert"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldExit3WhenTheDirectoryIsEmpty(String command) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("empty"));

        Cli r = run(command, tmp, dir);

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.err().strip()).endsWith(dir + ": no results read (" + dir + ": no result file in it)");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldShowTheTableAndNameTheEmptyFamilyWhenAnotherFamilyIsRead() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("pubsub-latency.csv"), LATENCY);
        Files.createFile(dir.resolve("pubsub-throughput.csv"));

        Cli stats = Cli.run("stats", dir.toString());
        Cli compare = Cli.run("compare", dir.toString(), dir.toString());

        assertThat(stats.exitCode()).as(stats.err()).isZero();
        assertThat(stats.out()).contains("21.25").contains(dir.resolve("pubsub-throughput.csv") + ": skipped: empty");
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("note: " + dir.resolve("pubsub-throughput.csv") + ": skipped: empty");
    }

    /** The hostile round's non-JSON run.json in stats and convert: the table is read, the run.json named. */
    @ParameterizedTest
    @ValueSource(strings = {"stats", "convert"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldShowTheTableAndNameTheRunJsonWhenItIsNoJson(String command) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("pubsub-latency.csv"), LATENCY);
        Files.writeString(dir.resolve("run.json"), "this is not json\n");

        Cli r = run(command, tmp, dir);

        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(command.equals("stats") ? r.out() : Files.readString(tmp.resolve("converted/pubsub-latency.csv")))
                .contains("21.25");
        // stats prints its warnings below the table, convert on stderr
        assertThat(r.out() + r.err()).contains("its run.json was not read: " + dir.resolve("run.json") + ":1: expected"
                + " a JSON object, got this is not json").doesNotContain("\tat ");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldNameTheRunJsonInCompareWhenItIsNoJson() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("pubsub-latency.csv"), LATENCY);
        Files.writeString(dir.resolve("run.json"), "this is not json\n");

        Cli r = Cli.run("compare", dir.toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("note: " + dir.resolve("run.json") + ":1: expected a JSON object, got this is"
                + " not json; not read");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldWarnInTheReportWhenRunJsonHasAnUnknownVersionWrongTypesOrARepeatedRunId() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.writeString(a.resolve("pubsub-latency.csv"), LATENCY);
        Files.writeString(a.resolve("run.json"), "{\"format\": \"wirebench-run 9\",\n\"run_id\": \"r-1\",\n"
                + "\"start_utc\": 5,\n\"environment\": \"a host\",\n\"run_id\": \"r-2\"}\n");
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.writeString(b.resolve("pubsub-latency.csv"), LATENCY);
        Files.writeString(b.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"run_id\": \"r-2\"}\n");

        Cli r = Cli.run("report", "--format", "json", "-o", tmp.resolve("r.json").toString(), a.toString(),
                b.toString());
        String json = Files.readString(tmp.resolve("r.json"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(json).contains(a.resolve("run.json") + ":1: unknown format 'wirebench-run 9' (this wirebench reads"
                + " 'wirebench-run 1')")
                .contains(a.resolve("run.json") + ":3: 'start_utc': expected an ISO-8601 UTC instant such as"
                        + " 2026-01-31T12:00:00Z or null, got 5")
                .contains(a.resolve("run.json") + ":4: 'environment': expected an object or null, got 'a host'")
                .contains(a.resolve("run.json") + ":5: member 'run_id' given again; expected each member once")
                .contains(b.resolve("run.json") + ":1: run_id 'r-2' is also the run_id of " + a.resolve("run.json"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"report", "history-add"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRefuseWithFileAndLineWhenANumberIsBeyondADouble(String command) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("pubsub-latency.csv"), LATENCY);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\",\n\"start_utc\": 1e999999}\n");

        Cli r = command.equals("report") ? Cli.run("report", "-o", tmp.resolve("r.html").toString(), dir.toString())
                : Cli.run("history", "add", "--db", tmp.resolve("h.duckdb").toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err().strip()).startsWith(dir.resolve("run.json") + ":2: expected a number within the range of a"
                + " double (about 1.8e308), got '1e999999'");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRefuseARunJsonThatGivesItsRunIdTwiceInHistoryAdd() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("pubsub-latency.csv"), LATENCY);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\",\n\"run_id\": \"r-1\",\n"
                + "\"run_id\": \"r-2\"}\n");

        Cli r = Cli.run("history", "add", "--db", tmp.resolve("h.duckdb").toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err().strip()).isEqualTo(dir.resolve("run.json") + ":3: member 'run_id' given again; expected"
                + " each member once");
    }
}
