package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.analyzer.Cli;

/**
 * Issue 29 item 4: a history database file cut short (a copy interrupted, a full disk) is bad input
 * in every history command that reads it: exit 3, one line naming the file. Before, {@code history
 * list} ended in {@code internal error: java.sql.SQLException: IO Error: Could not read enough bytes},
 * exit 1, where {@code history add} on the same file gave a clean exit 3.
 */
class DamagedDatabaseTest {
    @TempDir
    static Path tmp;

    private static Path db;

    @BeforeAll
    static void cutShort() throws IOException {
        SyntheticRuns.write(tmp.resolve("runs"), 20, 2, 0.01, 1, k -> 10 + k);
        Path whole = tmp.resolve("whole.duckdb");
        Cli add = Cli.run("history", "add", "--db", whole.toString(), tmp.resolve("runs").toString());
        assertThat(add.exitCode()).as(add.err()).isZero();
        db = tmp.resolve("cut.duckdb");
        Files.copy(whole, db);
        try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
            // the file's headers and catalogue stay (DuckDB opens it), blocks of the tables' rows are gone
            f.setLength(Files.size(whole) / 2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"list", "show", "sql", "changes", "report", "add"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldExit3NamingTheFileWhenTheDatabaseIsCutShort(String command) {
        String f = db.toString();
        Cli r = switch (command) {
            case "show" -> Cli.run("history", "show", "--db", f, "p99_us");
            case "sql" -> Cli.run("history", "sql", "--db", f, "SELECT sum(value), max(point) FROM observation");
            case "report" -> Cli.run("history", "report", "--db", f, "-o", tmp.resolve("t.html").toString());
            case "add" -> Cli.run("history", "add", "--db", f, tmp.resolve("runs").toString());
            default -> Cli.run("history", command, "--db", f);
        };

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).doesNotContain("internal error").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains(f + ": ");
    }
}
