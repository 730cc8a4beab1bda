package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.AnalyzerMain;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.WirebenchException;

/**
 * rpc.csv as {@code wirebench run rpc client} writes it (fixtures copied from real loopback runs:
 * single-threaded, a thread sweep, a multithreaded run whose server was killed).
 */
class RpcCsvParserTest {
    private static final Path FIXTURES = Path.of("src", "test", "resources", "rpc");
    private static final String HEADER = "client,threads,case,label,case_no,size_bytes,calls,calls_per_thread,"
            + "orig_time_ms,orig_ms_per_call,time_ms,ms_per_call,calls_per_s,samples,ave_us,std_us,min_us,p50_us,"
            + "p90_us,p99_us,p999_us,p9999_us,max_us";

    private static ParsedInput parse(String body) {
        return Parsers.all().parse(new InputText("rpc.csv", body));
    }

    private static String row(String client, int threads, String id, String label, int no, long calls, long ms,
            double perCall) {
        return client + "," + threads + "," + id + "," + label + "," + no + ",," + calls + "," + calls / threads + ","
                + ms + "," + perCall + "," + ms + "," + perCall + ",1000,10,1,1,1,1,1,1,1,1,1\n";
    }

    @Test
    void shouldRateEachCaseWithStrictThresholdsWhenFiguresSitOnTheBoundaries() {
        String body = "# wirebench-results 1 family=rpc keys=client,threads,case,label\n" + HEADER + "\n"
                + row("single", 1, "echo", "echo calls", 1, 1000, 100, 0.1)
                + row("single", 1, "in-same-1000", "inbound same packet with size 1000", 2, 1000, 99, 0.099)
                + row("single", 1, "in-new-1000", "inbound new packets with size 1000", 3, 1000, 300, 0.3)
                + row("single", 1, "in-same-10000", "inbound same packet with size 10000", 4, 1000, 500, 0.5)
                + row("single", 1, "in-new-10000", "inbound new packets with size 10000", 5, 1000, 1000, 1.0)
                + row("single", 1, "in-same-50000", "inbound same packet with size 50000", 6, 1000, 5000, 5.0)
                + row("single", 1, "in-new-50000", "inbound new packets with size 50000", 7, 1000, 4999, 4.999);

        ParsedInput p = parse(body);

        assertThat(p.tables()).hasSize(1);
        ResultTable t = p.tables().get(0);
        assertThat(t.context()).containsEntry("client", "single").containsEntry("threads", "1");
        assertThat(t.columns()).startsWith("case_no", "label", "calls", "orig_time_ms", "orig_ms_per_call", "rating",
                "ms_per_call", "calls_per_s");
        assertThat(t.rows()).extracting(r -> r.number("orig_ms_per_call") + " " + r.text("rating")).containsExactly(
                "0.1 TOP", "0.099 SUPERB", "0.3 OK", "0.5 ACCEPTABLE", "1.0 LOUSY", "5.0 DEAD HORSE", "4.999 LOUSY");
    }

    @Test
    void shouldReadTheRunnersSingleThreadedFileWhenGivenItsResultsDirectoryFile() {
        ParsedInput p = Parsers.all().parse(InputText.read(FIXTURES.resolve("single.csv")));

        assertThat(p.warnings()).isEmpty();
        assertThat(p.tables()).hasSize(1);
        ResultTable t = p.tables().get(0);
        assertThat(t.rows()).hasSize(13);
        for (Row r : t.rows()) {
            double perCall = r.number("orig_time_ms") / r.number("calls");
            assertThat(r.number("orig_ms_per_call")).isEqualTo(perCall);
            assertThat(r.text("rating")).isEqualTo(wirebench.contract.SpeedTesterRating.of(perCall).text());
            assertThat(r.number("p50_us")).isLessThanOrEqualTo(r.number("p99_us"));
            assertThat(r.number("p99_us")).isLessThanOrEqualTo(r.number("max_us"));
        }
    }

    @Test
    void shouldAddAHowManyThreadsTableWhenTheFileHoldsAThreadSweep() {
        ParsedInput p = Parsers.all().parse(InputText.read(FIXTURES.resolve("sweep.csv")));

        ResultTable sweep = p.tables().get(p.tables().size() - 1);
        assertThat(sweep.context()).containsEntry("title", "How Many Threads").containsEntry("case", "echo");
        assertThat(sweep.columns().get(0)).isEqualTo("threads");
        assertThat(sweep.rows()).extracting(r -> r.number("threads").intValue()).containsExactly(1, 2, 5);
        assertThat(sweep.rows()).allMatch(r -> r.number("calls") == r.number("threads") * 200);
        assertThat(p.tables()).hasSize(4);
    }

    @Test
    void shouldWarnAndKeepEarlierRowsWhenTheLastRowIsCutShort() {
        String body = "# wirebench-results 1 family=rpc keys=client,threads,case,label\n" + HEADER + "\n"
                + row("multi", 2, "echo", "echo calls", 1, 2000, 150, 0.075) + "multi,2,in-new-1000,inbound new";

        ParsedInput p = parse(body);

        assertThat(p.tables().get(0).rows()).hasSize(1);
        assertThat(p.tables().get(0).context().get("note")).contains("not latency");
        assertThat(p.warnings()).singleElement().extracting(w -> w.format())
                .isEqualTo("rpc.csv:4: truncated row (4 of 23 fields), ignored; the rows before it are kept");
    }

    @Test
    void shouldNameLineAndColumnWhenAMeasureIsNotANumber() {
        String body = "# wirebench-results 1 family=rpc keys=client,threads,case,label\n" + HEADER + "\n"
                + row("single", 1, "echo", "echo calls", 1, 1000, 100, 0.1).replace(",0.1,", ",n/a,");

        assertThatThrownBy(() -> parse(body)).isInstanceOf(WirebenchException.class)
                .hasMessage("rpc.csv:3: column 'orig_ms_per_call': expected a number, got 'n/a'");
    }

    @Test
    void shouldGiveTheSameRowsWhenSpeedTesterOutputIsConvertedAndReadBack(@org.junit.jupiter.api.io.TempDir Path dir) {
        Path sample = Path.of("..", "sample-data", "speedtester", "example-times.txt");
        int code = AnalyzerMain.run(new String[] {"convert", sample.toString(), "--out", dir.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(code).isZero();

        ParsedInput direct = Parsers.all().parse(InputText.read(sample));
        ParsedInput back = Parsers.all().parse(InputText.read(dir.resolve("rpc.csv")));

        assertThat(back.tables()).hasSameSizeAs(direct.tables());
        for (int i = 0; i < direct.tables().size(); i++) {
            ResultTable a = direct.tables().get(i);
            ResultTable b = back.tables().get(i);
            assertThat(b.context()).containsEntry("title", a.context().get("title"));
            assertThat(b.rows()).extracting(r -> r.text("label") + " " + r.number("orig_ms_per_call") + " "
                    + r.text("rating")).isEqualTo(a.rows().stream().map(r -> r.text("label") + " "
                            + r.number("orig_ms_per_call") + " " + r.text("rating")).toList());
        }
    }

    @Test
    void shouldPrintTheRatedTablesWhenStatsReadsTheSampleDirectory() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AnalyzerMain.run(new String[] {"stats", Path.of("..", "sample-data", "speedtester").toString(),
                FIXTURES.resolve("killed-multi.csv").toString()}, new PrintWriter(out), new PrintWriter(err));

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("rpc [speedtester-output, title=HE to HE, 10 Threads, client=multi, threads=10")
                .containsPattern("\\n\\s*7\\s+outbound packets with size 50000\\s+10000\\s+109851\\s+10\\.9851\\s+DEAD HORSE\\n")
                .containsPattern("\\n#\\s+Case\\s+Calls\\s+Time \\(ms\\)\\s+ms/call\\s+Rating\\s+ms/call \\(precise\\)\\s+Calls/s")
                .containsPattern("\\n\\s*500\\s+1\\s+echo calls\\s+500000\\s+13736\\s+0\\.0275\\s+SUPERB\\n");
    }
}
