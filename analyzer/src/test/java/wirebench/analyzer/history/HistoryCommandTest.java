package wirebench.analyzer.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** {@code wirebench history} end to end on a real DuckDB file. */
class HistoryCommandTest {

    @Test
    void shouldStoreEachRunOnceWhenTheSameRunsAreAddedTwice(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), 5, 2, 0.01, 1, k -> 10);
        String db = tmp.resolve("h.duckdb").toString();
        Cli first = Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString());
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out()).contains("5 run(s) added, 0 already stored");
        Cli again = Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString(),
                tmp.resolve("runs/run-002").toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("0 run(s) added, 6 already stored");
        Cli count = Cli.run("history", "sql", "--db", db, "SELECT count(*) AS runs, (SELECT count(*) FROM measure) "
                + "AS measures FROM run", "--format", "csv");
        // 5 runs x 2 rows x (size_bytes, samples, ave_us, p50_us, p99_us)
        assertThat(count.out()).isEqualTo("runs,measures\n5,50\n");
    }

    @Test
    void shouldStoreAPerftestLogWithoutRunIdOnceByItsContent(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("a.csv");
        Files.copy(Path.of("../sample-data/perftest/lat_pub_keyed_be.csv"), log);
        Path copy = tmp.resolve("b.csv");
        Files.copy(log, copy);
        String db = tmp.resolve("h.duckdb").toString();
        Cli r = Cli.run("history", "add", "--db", db, log.toString(), copy.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("1 run(s) added, 1 already stored").contains("added sha256:");
        Cli list = Cli.run("history", "list", "--db", db, "--format", "json");
        assertThat(list.out()).contains("\"run_id\": \"sha256:").contains("a.csv");
    }

    @Test
    void shouldListAndShowWithFiltersInTextCsvAndJson(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), 6, 2, 0.0, 1, k -> 10 + k);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();

        Cli list = Cli.run("history", "list", "--db", db, "--host", "beta", "--since", "2026-01-01T02:00:00Z",
                "--format", "csv");
        assertThat(list.exitCode()).as(list.err()).isZero();
        List<String> lines = list.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("run_id,time_utc,git_sha,host,points,rows,source");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).contains("2026-01-01T03:00:00Z,c003,beta,2,2");
        assertThat(lines.get(2)).contains("2026-01-01T05:00:00Z,c005,beta,2,2");

        Cli show = Cli.run("history", "show", "p99_us", "--db", db, "--point", "64 B", "--commit", "c00");
        assertThat(show.exitCode()).as(show.err()).isZero();
        assertThat(show.out().lines().toList()).hasSize(7);
        assertThat(show.out()).contains("p99_us").contains("latency transport=UDPv4 64 B").contains("  15  ");

        Cli json = Cli.run("history", "show", "p99_us", "--db", db, "--point", "32 b", "--format", "json",
                "--commit", "c002");
        assertThat(json.out()).contains("\"p99_us\": 12").contains("\"git_sha\": \"c002\"").contains("\"rows\": 1");

        Cli bad = Cli.run("history", "show", "p98_us", "--db", db);
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("no metric 'p98_us'").contains("p99_us");
        assertThat(Cli.run("history", "list", "--db", db, "--since", "yesterday").exitCode()).isEqualTo(2);
    }

    /**
     * Issue 29 re-run: {@code --commit zzz} listed nothing with exit 0, as did any filter matching no run.
     * A --commit that can be no commit's (not hex) is a usage error; filters that match no stored run
     * say so in one warning line on stderr, in every command that takes them.
     */
    @Test
    void shouldRefuseANonHexCommitAndWarnWhenTheFiltersMatchNoRun(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), 3, 1, 0.0, 1, k -> 10);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();

        Cli bad = Cli.run("history", "list", "--db", db, "--commit", "zzz");
        assertThat(bad.exitCode()).as(bad.err()).isEqualTo(2);
        assertThat(bad.err().strip()).isEqualTo("--commit 'zzz': expected a commit hash or a prefix of one (hex digits"
                + " 0-9 a-f), got 'zzz'");
        assertThat(bad.out()).isEmpty();

        String html = tmp.resolve("t.html").toString();
        for (String[] cmd : new String[][] {{"list"}, {"show", "p99_us"}, {"changes"}, {"report", "-o", html}}) {
            List<String> args = new java.util.ArrayList<>(List.of("history"));
            args.addAll(List.of(cmd));
            args.addAll(List.of("--db", db, "--commit", "abc123", "--host", "alpha"));
            Cli none = Cli.run(args.toArray(new String[0]));
            assertThat(none.exitCode()).as(none.err()).isZero();
            assertThat(none.err()).as(cmd[0]).contains("warning: no run in " + db + " matches --host 'alpha' --commit"
                    + " 'abc123' (3 run(s) stored)");
        }
        Cli some = Cli.run("history", "list", "--db", db, "--commit", "C00", "--host", "alpha");
        assertThat(some.exitCode()).as(some.err()).isZero();
        assertThat(some.err()).doesNotContain("warning");
        assertThat(some.out()).contains("c000").contains("c002").doesNotContain("c001");
    }

    @Test
    void shouldRefuseWritesAndFileAccessInSql(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), 1, 1, 0.0, 1, k -> 10);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();

        Cli delete = Cli.run("history", "sql", "--db", db, "DELETE FROM run");
        assertThat(delete.exitCode()).isEqualTo(2);
        assertThat(delete.err()).contains("only read-only queries");
        // a SELECT that writes through a function is still refused: the database is opened read-only
        Cli sneaky = Cli.run("history", "sql", "--db", db, "SELECT * FROM run; DROP TABLE run");
        assertThat(sneaky.exitCode()).isEqualTo(3);
        Cli file = Cli.run("history", "sql", "--db", db, "SELECT * FROM read_csv('" + tmp.resolve("runs/run-000/"
                + "pubsub-latency.csv") + "')");
        assertThat(file.exitCode()).isEqualTo(3);
        assertThat(file.err()).contains("history sql:");
        Cli ok = Cli.run("history", "sql", "--db", db, "SELECT count(*) AS n FROM run;", "--format", "json");
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("\"n\": 1");
    }

    @Test
    void shouldSkipARunWithNothingToStoreAndStopWithExit3OnBadInputKeepingTheRunsBefore(@TempDir Path tmp)
            throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), 2, 1, 0.0, 1, k -> 10);
        // run-001 was interrupted before its first test: run.json only
        Files.delete(tmp.resolve("runs/run-001/pubsub-latency.csv"));
        String db = tmp.resolve("h.duckdb").toString();
        Cli r = Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("1 run(s) added, 0 already stored, 1 empty skipped");
        assertThat(r.err()).contains("skipped " + tmp.resolve("runs/run-001"));

        SyntheticRuns.write(tmp.resolve("more"), 3, 1, 0.0, 2, k -> 10);
        Files.writeString(tmp.resolve("more/run-002/run.json"), "{\"run_id\": \"x\",\n  \"start_utc\": \"yesterday\"}");
        Cli bad = Cli.run("history", "add", "--db", db, tmp.resolve("more").toString());
        assertThat(bad.exitCode()).isEqualTo(3);
        assertThat(bad.err()).contains(tmp.resolve("more/run-002/run.json") + ": 'start_utc': expected an ISO-8601 "
                + "UTC instant").doesNotContain("\tat ");
        Cli n = Cli.run("history", "sql", "--db", db, "SELECT count(*) AS n FROM run", "--format", "csv");
        assertThat(n.out()).isEqualTo("n\n3\n");
    }

    @Test
    void shouldSayWhenThereIsNoDatabase(@TempDir Path tmp) {
        Cli r = Cli.run("history", "list", "--db", tmp.resolve("none.duckdb").toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("none.duckdb: no history database here");
        assertThat(tmp.resolve("none.duckdb")).doesNotExist();
    }

    @Test
    void shouldRefuseBadOptionValuesAsUsageErrorsBeforeLookingForTheDatabase(@TempDir Path tmp) {
        String none = tmp.resolve("none.duckdb").toString();
        // a usage error is the first thing said, whether or not the database is there
        for (String[] args : new String[][] {{"history", "list", "--db", none, "--since", "yesterday"},
            {"history", "changes", "--db", none, "--order", "random"},
            {"history", "report", "--db", none, "-o", tmp.resolve("t.html").toString(), "--since", "soon"},
            {"history", "show", "--db", none, "--since", "2026-13-01", "p99_us"}}) {
            Cli r = Cli.run(args);
            assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        }
    }

    @Test
    void shouldRefuseAMetricNoRunHasInTheTrendsPageAsChangesDoes(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), 6, 2, 0.0, 1, k -> 10 + k);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();

        Cli r = Cli.run("history", "report", "--db", db, "-o", tmp.resolve("t.html").toString(), "--metric",
                "nosuch_us");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--metric 'nosuch_us': not stored in");
        assertThat(tmp.resolve("t.html")).doesNotExist();
    }

    @Test
    void shouldPrintAStepChangeNewestFirstAndFailTheGateOnlyWhenItIsRecent(@TempDir Path tmp) throws Exception {
        // p99 +20% at run 30 of 60, then 30 more runs of the new level: the change is not recent
        SyntheticRuns.write(tmp.resolve("runs"), 60, 1, 0.05, 3, k -> k < 30 ? 100 : 120);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();

        Cli r = Cli.run("history", "changes", "--db", db, "--metric", "p99_us", "--format", "csv");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("time_utc,run_id,git_sha,point,metric,median_before,median_after,"
                + "delta_pct,p_value,index");
        assertThat(lines).hasSize(2);
        String[] c = lines.get(1).split(",");
        assertThat(Integer.parseInt(c[9])).isBetween(29, 31);
        assertThat(c[2]).isEqualTo(String.format(java.util.Locale.ROOT, "c%03d", Integer.parseInt(c[9])));
        assertThat(Double.parseDouble(c[7])).isBetween(12.0, 28.0);
        assertThat(Double.parseDouble(c[8])).isLessThanOrEqualTo(0.001);

        Cli gate = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us>+5%");
        assertThat(gate.exitCode()).as(gate.out() + gate.err()).isZero();
        assertThat(gate.out()).contains("ok: no gate crossed");
        Cli wide = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us>+5%", "--recent", "40");
        assertThat(wide.exitCode()).isEqualTo(4);
        assertThat(wide.out()).contains("FAIL p99_us>+5%: latency transport=UDPv4 32 B changed by +");
        Cli big = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us>+50%", "--recent", "40");
        assertThat(big.exitCode()).isZero();
        Cli unknown = Cli.run("history", "changes", "--db", db, "--fail-on", "p98_us>+5%");
        assertThat(unknown.exitCode()).isEqualTo(2);
    }

    @Test
    void shouldFailTheGateOnARegressionInTheNewestRunsAndOrderByCommit(@TempDir Path tmp) throws Exception {
        // 40 runs at 100, then the newest 5 at 125: a regression CI must catch
        SyntheticRuns.write(tmp.resolve("runs"), 45, 1, 0.02, 5, k -> k < 40 ? 100 : 125);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();
        Cli r = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us>+5%", "--order", "commit");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(4);
        assertThat(r.out()).contains("FAIL p99_us>+5%").contains("commit c040").contains("order commit");
        Cli better = Cli.run("history", "changes", "--db", db, "--fail-on", "p99_us<-5%");
        assertThat(better.exitCode()).isZero();
    }

    @Test
    void shouldGiveTheSameAnswerTwiceWithTheSameSeed(@TempDir Path tmp) throws Exception {
        SyntheticRuns.write(tmp.resolve("runs"), 80, 3, 0.08, 9, k -> k < 50 ? 100 : 110);
        String db = tmp.resolve("h.duckdb").toString();
        assertThat(Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString()).exitCode()).isZero();
        Cli a = Cli.run("history", "changes", "--db", db, "--p-value", "0.01", "--threads", "2");
        Cli b = Cli.run("history", "changes", "--db", db, "--p-value", "0.01", "--threads", "1");
        assertThat(a.exitCode()).isZero();
        assertThat(a.out()).isEqualTo(b.out());
    }
}
