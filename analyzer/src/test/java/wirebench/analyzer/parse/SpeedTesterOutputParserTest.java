package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.WirebenchException;

/** The seed 004 sample outputs in sample-data/speedtester and the corner cases of the format. */
class SpeedTesterOutputParserTest {
    private static final Path SAMPLES = Path.of("..", "sample-data", "speedtester");

    private static ParsedInput sample(String name) {
        InputText text = InputText.read(SAMPLES.resolve(name));
        assertThat(Parsers.all().parsers().stream().filter(p -> p.accepts(text)).findFirst())
                .get().extracting(ResultParser::name).isEqualTo("speedtester");
        return Parsers.all().parse(text);
    }

    private static ParsedInput text(String body) {
        return new SpeedTesterOutputParser().parse(new InputText("out.txt", body));
    }

    /** "N|label|calls|ms|ms per call|rating" of a row. */
    private static String fields(Row r) {
        return r.number("case_no").intValue() + "|" + r.text("label") + "|" + r.number("calls").longValue() + "|"
                + r.number("orig_time_ms").longValue() + "|" + r.number("orig_ms_per_call") + "|" + r.text("rating");
    }

    @Test
    void shouldReadTheFinalBlockOnceWhenTheSingleThreadedOutputRepeatsItsLines() {
        ParsedInput p = sample("mbp-localhost-single-thread.txt");

        assertThat(p.format()).isEqualTo("speedtester-output");
        assertThat(p.warnings()).isEmpty();
        assertThat(p.tables()).hasSize(1);
        ResultTable t = p.tables().get(0);
        assertThat(t.kind()).isEqualTo(Kind.RPC);
        assertThat(t.context()).containsEntry("client", "single").containsEntry("threads", "1")
                .containsEntry("total_ms", "4935").containsEntry("server_ms", "4930");
        assertThat(t.rows()).hasSize(10);
        assertThat(fields(t.rows().get(0))).isEqualTo("1|echo calls|1000|311|0.311|OK");
        assertThat(fields(t.rows().get(3))).isEqualTo("4|inbound packets with size 50000|1000|659|0.659|ACCEPTABLE");
        assertThat(fields(t.rows().get(9)))
                .isEqualTo("10|in-and-out bound packets with size 50000|1000|772|0.772|ACCEPTABLE");
    }

    @Test
    void shouldTakeThreadsFromTheFinishedLineWhenTheOutputIsMultithreaded() {
        ParsedInput p = sample("mbp-localhost-10-threads.txt");

        assertThat(p.warnings()).isEmpty();
        ResultTable t = p.tables().get(0);
        assertThat(t.context()).containsEntry("client", "multi").containsEntry("threads", "10")
                .containsEntry("total_ms", "31414").containsEntry("server_ms", "31413");
        assertThat(t.context().get("note")).contains("not latency");
        assertThat(t.rows()).extracting(SpeedTesterOutputParserTest::fields).containsExactly(
                "1|echo calls|10000|816|0.0816|SUPERB",
                "2|inbound packets with size 1000|10000|774|0.0774|SUPERB",
                "3|inbound packets with size 10000|10000|1094|0.1094|TOP",
                "4|inbound packets with size 50000|10000|4307|0.4307|OK",
                "5|outbound packets with size 1000|10000|858|0.0858|SUPERB",
                "6|outbound packets with size 10000|10000|2718|0.2718|TOP",
                "7|outbound packets with size 50000|10000|14588|1.4588|LOUSY",
                "8|in-and-out bound packets with size 1000|10000|526|0.0526|SUPERB",
                "9|in-and-out bound packets with size 10000|10000|1151|0.1151|TOP",
                "10|in-and-out bound packets with size 50000|10000|4546|0.4546|OK");
    }

    @Test
    void shouldSplitTheExampleTimesIntoOneTablePerHeadingWhenBlocksFollowEachOther() {
        ParsedInput p = sample("example-times.txt");

        assertThat(p.warnings()).isEmpty();
        assertThat(p.tables()).extracting(t -> t.context().get("title") + "/" + t.context().get("threads") + "/"
                + t.rows().size()).containsExactly(
                        "HE to HE, 10 Threads/10/10",
                        "Hetzner to Hetzner/10/10",
                        "MBP via Wlan, T-Com DSL to HE, 10 Threads/10/1",
                        "MBP via Wlan, T-Com DSL to HE, 50 Threads/50/1",
                        "MBP via Wlan, T-Com DSL to Hetzner, 50 Threads/50/1",
                        "Hetzner to HE/10/10");
        assertThat(fields(p.tables().get(0).rows().get(6)))
                .isEqualTo("7|outbound packets with size 50000|10000|109851|10.9851|DEAD HORSE");
        assertThat(fields(p.tables().get(2).rows().get(0))).isEqualTo("1|echo calls|10000|27997|2.7997|LOUSY");
        assertThat(fields(p.tables().get(3).rows().get(0))).isEqualTo("1|echo calls|50000|42663|0.85326|ACCEPTABLE");
        assertThat(fields(p.tables().get(5).rows().get(6)))
                .isEqualTo("7|outbound packets with size 50000|10000|67890|6.789|DEAD HORSE");
        assertThat(p.tables().get(5).context()).containsEntry("total_ms", "259241").containsEntry("server_ms", "259223");
    }

    @Test
    void shouldReadTheHowManyThreadsTableWithAThreadsColumnWhenLinesArePrefixed() {
        ParsedInput p = sample("how-many-threads.txt");

        assertThat(p.tables()).hasSize(1);
        ResultTable t = p.tables().get(0);
        assertThat(t.columns().get(0)).isEqualTo("threads");
        assertThat(t.context()).containsEntry("title", "How Many Threads");
        assertThat(t.rows()).extracting(r -> r.number("threads").intValue() + ":" + fields(r)).containsExactly(
                "10:1|echo calls|10000|730|0.073|SUPERB",
                "20:1|echo calls|20000|1111|0.05555|SUPERB",
                "30:1|echo calls|30000|1358|0.04526666666666666|SUPERB",
                "50:1|echo calls|50000|2015|0.0403|SUPERB",
                "100:1|echo calls|100000|3203|0.03203|SUPERB",
                "200:1|echo calls|200000|5837|0.029185|SUPERB",
                "500:1|echo calls|500000|13736|0.027472|SUPERB");
    }

    @Test
    void shouldReadScientificNotationWhenJavaPrintsATinyFigure() {
        ParsedInput p = text("1 - echo calls, Performed 10000 in 5, 5.0E-4 ms per call - SUPERB\n");

        assertThat(p.warnings()).isEmpty();
        assertThat(p.tables().get(0).rows().get(0).number("orig_ms_per_call")).isEqualTo(0.0005);
    }

    @Test
    void shouldKeepProgressLinesAndWarnWhenTheRunDidNotFinish() {
        ParsedInput p = text("Testing with rmi://x@localhost:9249\nTesting instance of stub\nconnection established\n"
                + "-- testing echo calls with 4 threads\n"
                + "\t1 - echo calls, Performed 4000 in 400, 0.1 ms per call - TOP\n"
                + "-- testing inbound new packets with size 1000 with 4 threads\n"
                + "\t2 - inbound new packets with size 1000, Performed 4000 in 2000, 0.5 ms per call - ACCEPTABLE\n"
                + "-- testing inbound same packet with size 1000 with 4 threads\n");

        assertThat(p.tables()).hasSize(1);
        assertThat(p.tables().get(0).context()).containsEntry("threads", "4").doesNotContainKey("total_ms");
        assertThat(p.tables().get(0).rows()).extracting(SpeedTesterOutputParserTest::fields).containsExactly(
                "1|echo calls|4000|400|0.1|TOP", "2|inbound new packets with size 1000|4000|2000|0.5|ACCEPTABLE");
        assertThat(p.warnings()).singleElement().extracting(w -> w.format())
                .isEqualTo("out.txt:7: no 'Finished Test In' block after these 2 results: the run did not finish "
                        + "(or the output was cut); the cases printed are kept");
    }

    @Test
    void shouldWarnWhenTheRatingDoesNotMatchTheThresholds() {
        ParsedInput p = text("1 - echo calls, Performed 1000 in 1000, 1.0 ms per call - ACCEPTABLE\n");

        assertThat(p.warnings()).singleElement().extracting(w -> w.format()).isEqualTo(
                "out.txt:1: rating ACCEPTABLE does not match 1.0 ms per call (LOUSY by SpeedTester's thresholds)");
    }

    @Test
    void shouldNameFileLineAndColumnWhenTheFigureIsNotANumber() {
        assertThatThrownBy(() -> text("\n1 - echo calls, Performed 1000 in 5, 0.0x5 ms per call - SUPERB\n"))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("out.txt:2: column 'orig_ms_per_call': expected a number, got '0.0x5'")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(3);
    }

    @Test
    void shouldNotAcceptTextWithoutResultLines() {
        assertThat(new SpeedTesterParser().accepts(new InputText("x.txt", "Sample Size,Ave\n32,1\n"))).isFalse();
        assertThat(new SpeedTesterParser().accepts(new InputText("x.csv",
                "# wirebench-results 1 family=udp keys=method\nmethod,mbps\n"))).isFalse();
        assertThat(List.of(new InputText("x.csv", "# wirebench-results 1 family=rpc keys=client\nclient\n")))
                .allMatch(t -> new SpeedTesterParser().accepts(t));
    }
}
