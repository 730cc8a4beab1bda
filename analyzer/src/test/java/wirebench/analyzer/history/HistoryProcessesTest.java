package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.AnalyzerMain;
import wirebench.analyzer.Cli;

/**
 * {@code history add} in real child processes: a second writer waits for the first or gives up
 * with a clear message; a writer killed with SIGKILL in the middle of a run's transaction leaves
 * the database as it was. The pause hook ({@link HistoryStore#PAUSE_HOOK}) stops the first writer
 * just before its commit, so nothing here depends on timing.
 */
class HistoryProcessesTest {

    /** A child JVM running the analyzer, its stderr read line by line. */
    private static final class Child implements AutoCloseable {
        final Process process;
        final BufferedReader err;
        final CompletableFuture<String> out;

        Child(Path tmp, Path pauseFile, String... args) throws IOException {
            // DuckDB unpacks its 70 MB native library into java.io.tmpdir; a killed child cannot
            // remove it, so it goes to the test's directory, removed after the test
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path")));
            // the poms' options for fixture JVMs (client compiler, serial collector): what is tested
            // here is the locking between processes, not their speed
            String opts = System.getenv("WIREBENCH_JAVA_OPTS");
            if (opts != null && !opts.isBlank()) {
                cmd.addAll(1, List.of(opts.strip().split("\\s+")));
            }
            if (pauseFile != null) {
                cmd.add("-D" + HistoryStore.PAUSE_HOOK + "=" + pauseFile);
            }
            cmd.add(AnalyzerMain.class.getName());
            cmd.addAll(List.of(args));
            process = new ProcessBuilder(cmd).start();
            err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
            out = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "(stdout unreadable: " + e + ")";
                }
            });
        }

        /** Reads stderr until a line containing {@code text} (or the end); returns what was read. */
        String awaitErr(String text) throws IOException {
            StringBuilder seen = new StringBuilder();
            String line;
            while ((line = err.readLine()) != null) {
                seen.append(line).append('\n');
                if (line.contains(text)) {
                    return seen.toString();
                }
            }
            return seen.toString();
        }

        String restOfErr() throws IOException {
            StringBuilder sb = new StringBuilder();
            String line;
            while ((line = err.readLine()) != null) {
                sb.append(line).append('\n');
            }
            return sb.toString();
        }

        int exit() throws InterruptedException {
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("child ended").isTrue();
            return process.exitValue();
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    private static long runs(String db) {
        Cli r = Cli.run("history", "sql", "--db", db, "SELECT count(*) AS n FROM run", "--format", "csv");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return Long.parseLong(r.out().lines().toList().get(1));
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void shouldLetASecondAddWaitForTheFirstOrGiveUpWithAClearMessage(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("a"), 1, 2, 0.0, 1, k -> 10);
        SyntheticRuns.write(tmp.resolve("b"), 1, 2, 0.0, 2, k -> 20);
        String db = tmp.resolve("h.duckdb").toString();
        Path go = tmp.resolve("go");
        try (Child first = new Child(tmp, go, "history", "add", "--db", db, tmp.resolve("a").toString())) {
            String seen = first.awaitErr("paused before commit");
            assertThat(seen).contains("paused before commit");

            // the database is held: a second writer that does not wait gives up at once, exit 3
            try (Child impatient = new Child(tmp, null, "history", "add", "--db", db, "--wait", "0",
                    tmp.resolve("b").toString())) {
                assertThat(impatient.exit()).isEqualTo(3);
                String err = impatient.restOfErr();
                assertThat(err).contains(db + ": the history database is in use by another process (PID "
                        + first.process.pid() + ")").contains("nothing was changed");
                assertThat(err).doesNotContain("Exception").doesNotContain("\tat ");
            }
            // a patient one waits for the first to finish, then stores its run
            try (Child patient = new Child(tmp, null, "history", "add", "--db", db, "--wait", "120",
                    tmp.resolve("b").toString())) {
                Files.writeString(go, "go");
                assertThat(first.exit()).as(first.restOfErr()).isZero();
                assertThat(first.out.get(30, TimeUnit.SECONDS)).contains("1 run(s) added");
                assertThat(patient.exit()).as(patient.restOfErr()).isZero();
                assertThat(patient.out.get(30, TimeUnit.SECONDS)).contains("1 run(s) added");
            }
        }
        assertThat(runs(db)).isEqualTo(2);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void shouldLeaveNoPartialRunWhenAnAddIsKilledMidTransaction(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("old"), 2, 3, 0.0, 1, k -> 10);
        SyntheticRuns.write(tmp.resolve("new"), 3, 50, 0.0, 2, k -> 20);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("old").toString()).exitCode()).isZero();
        Cli before = Cli.run("history", "sql", "--db", db, "SELECT (SELECT count(*) FROM run), (SELECT count(*) "
                + "FROM result_row), (SELECT count(*) FROM measure), (SELECT count(*) FROM point)", "--format", "csv");

        try (Child child = new Child(tmp, tmp.resolve("never"), "history", "add", "--db", db,
                tmp.resolve("new").toString())) {
            // the first new run's rows are written inside its transaction, not yet committed
            assertThat(child.awaitErr("paused before commit")).contains("paused before commit");
            child.process.destroyForcibly(); // SIGKILL
            assertThat(child.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(child.process.exitValue()).isEqualTo(137);
        }

        Cli after = Cli.run("history", "sql", "--db", db, "SELECT (SELECT count(*) FROM run), (SELECT count(*) "
                + "FROM result_row), (SELECT count(*) FROM measure), (SELECT count(*) FROM point)", "--format", "csv");
        assertThat(after.exitCode()).as(after.err()).isZero();
        assertThat(after.out()).isEqualTo(before.out());
        assertThat(runs(db)).isEqualTo(2);
        // and the database still takes writes: the killed add, repeated, stores all three runs
        Cli again = Cli.run("history", "add", "--db", db, tmp.resolve("new").toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(runs(db)).isEqualTo(5);
    }
}
