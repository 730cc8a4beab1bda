package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** ddsperf captures (the real ones of {@link DdsperfParserTest}) through stats, report, compare and history. */
class DdsperfCommandsTest {
    private static final String PING = "src/test/resources/ddsperf/ping-0.10.2.txt";
    private static final String PUBSUB = "src/test/resources/ddsperf/pubsub-0.10.2.txt";

    @Test
    void shouldPrintPerftestLikeTablesWithTheMethodInTheLabelsWhenStatsReadsDdsperf() {
        Cli c = Cli.run("stats", PING, PUBSUB);

        assertThat(c.exitCode()).as(c.err()).isZero();
        assertThat(c.out()).contains("Interval 50% median (μs)").contains("15.915 (15.534–17.418)")
                .contains("Avg Samples/s").contains("192846.5").contains("CPU (% of a core)")
                .contains("median (min-max) of the per-interval percentiles (never averaged)");
    }

    @Test
    void shouldShowLatencyThroughputAndProcessesWhenReportReadsDdsperf(@TempDir Path tmp) throws Exception {
        Path html = tmp.resolve("r.html");

        Cli c = Cli.run("report", PING, PUBSUB, "-o", html.toString());

        assertThat(c.exitCode()).as(c.err()).isZero();
        String h = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(h).contains("Interval 50% median (μs)").contains("Processes: CPU and memory")
                .contains("Pub/sub throughput");
    }

    @Test
    void shouldMatchTestPointsWhenComparingTwoDdsperfCaptures(@TempDir Path tmp) throws Exception {
        Path slower = tmp.resolve("slower.txt");
        // the same capture with every per-interval 50% doubled
        String text = Files.readString(Path.of(PING), StandardCharsets.UTF_8)
                .replace("50% 17.418us", "50% 34.836us").replace("50% 15.534us", "50% 31.068us")
                .replace("50% 15.915us", "50% 31.830us");
        Files.writeString(slower, text, StandardCharsets.UTF_8);

        Cli c = Cli.run("compare", PING, slower.toString(), "--format", "csv");

        assertThat(c.exitCode()).as(c.err()).isZero();
        assertThat(c.out().lines().filter(l -> l.contains(",interval_p50_us,"))).singleElement().asString()
                .startsWith("latency test=latency latency=round trip / 2 12 B,").contains(",15.915,31.83,")
                .contains(",100,");
    }

    @Test
    void shouldStoreTheSummaryMeasuresWhenHistoryAddsADdsperfCapture(@TempDir Path tmp) {
        String db = tmp.resolve("h.duckdb").toString();

        Cli add = Cli.run("history", "add", "--db", db, PING);

        assertThat(add.exitCode()).as(add.err()).isZero();
        Cli q = Cli.run("history", "sql", "--db", db, "SELECT count(*) AS n FROM measure WHERE metric = "
                + "'interval_p50_us'", "--format", "csv");
        assertThat(q.exitCode()).as(q.err()).isZero();
        assertThat(q.out()).isEqualTo("n\n1\n");
    }
}
