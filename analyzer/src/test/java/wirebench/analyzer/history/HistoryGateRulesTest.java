package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** {@code history changes --fail-on} reads a change with the same rule as compare (GateRule). */
class HistoryGateRulesTest {

    /** A history of {@code n} synthetic runs (2% noise) whose p99 follows {@code level}; returns the database. */
    private static String history(Path tmp, int n, java.util.function.IntToDoubleFunction level) throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), n, 1, 0.02, 5, level);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();
        return db;
    }

    @Test
    void shouldFailAPercentGateWhenTheSeriesRisesFromZero(@TempDir Path tmp) throws Exception {
        // 40 runs at exactly 0, the newest 5 at 30 (+-2%): no percentage exists, the absolute change is +30
        String db = history(tmp, 45, k -> k < 40 ? 0 : 30);

        Cli r = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us>+1%");
        Cli small = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us>+40");

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(4);
        assertThat(r.out().replaceAll("\\s+", " ")).containsPattern("FAIL p99_us>\\+1%: latency transport=UDPv4 32 B "
                + "changed by \\+(29|30|31)(\\.\\d+)? \\(absolute: the baseline is 0\\) at run ");
        assertThat(small.exitCode()).as(small.out()).isZero();
        assertThat(small.out()).contains("ok: no gate crossed (p99_us>+40: 1 series searched, no crossing change "
                + "point in the newest 5 values)");
    }

    @Test
    void shouldNotSayOkWhenNoSeriesWasLongEnoughToSearch(@TempDir Path tmp) throws Exception {
        String db = history(tmp, 3, k -> k < 2 ? 100 : 200);

        Cli r = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us>+5%");

        assertThat(r.out()).doesNotContain("ok:").contains("not checked: p99_us>+5%: no series of 4 values or more to "
                + "search");
    }
}
