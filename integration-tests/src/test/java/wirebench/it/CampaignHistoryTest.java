package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.AnalyzerMain;
import wirebench.runner.RunnerMain;

/** A real campaign's results directory added to the history twice is stored once. */
class CampaignHistoryTest {

    private static String[] run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = AnalyzerMain.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        return new String[] {Integer.toString(code), o.toString(), e.toString()};
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldStoreACampaignResultsDirectoryOnceWhenAddedTwice(@TempDir Path tmp) throws Exception {
        int basePort = wirebench.testsupport.TestPorts.basePort();
        Path out = tmp.resolve("c");
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = RunnerMain.run(new String[] {"campaign", "--out", out.toString(), "--sizes", "32",
            "--reliability", "rel", "--tests", "lat", "--keyed", "unkeyed", "--batching", "on",
            "--execution-time", "1", "--extra-arguments", "-basePort " + basePort},
                new PrintWriter(o, true), new PrintWriter(e, true));
        assertThat(code).as(o + "\n" + e).isZero();
        String db = tmp.resolve("h.duckdb").toString();

        // the campaign directory (its results/ holds run.json) and then its results directory itself
        String[] first = run("history", "add", "--db", db, out.toString());
        assertThat(first[0]).as(first[2]).isEqualTo("0");
        assertThat(first[1]).contains("1 run(s) added, 0 already stored");
        String[] second = run("history", "add", "--db", db, out.resolve("results").toString());
        assertThat(second[0]).as(second[2]).isEqualTo("0");
        assertThat(second[1]).contains("0 run(s) added, 1 already stored");

        String[] counts = run("history", "sql", "--db", db, "SELECT (SELECT count(*) FROM run) AS runs, "
                + "(SELECT count(*) FROM result_row) > 0 AS has_rows, (SELECT count(*) FROM histogram) > 0 AS "
                + "has_histograms, (SELECT count(*) FROM run WHERE run_json IS NOT NULL) AS with_run_json",
                "--format", "csv");
        assertThat(counts[0]).as(counts[2]).isEqualTo("0");
        assertThat(counts[1]).isEqualTo("runs,has_rows,has_histograms,with_run_json\n1,true,true,1\n");
    }
}
