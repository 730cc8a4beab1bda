package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.contract.WirebenchException;

class WirebenchCsvParserTest {
    private final WirebenchCsvParser parser = new WirebenchCsvParser();

    static Path resource(String name) {
        return Path.of("src/test/resources/wirebench", name);
    }

    @Test
    void shouldGroupRowsByKeyWithoutSizeWhenParsingLatencyFamily() {
        ParsedInput in = parser.parse(InputText.read(resource("pubsub-latency.csv")));

        assertThat(in.format()).isEqualTo("wirebench-csv-1");
        assertThat(in.tables()).hasSize(2);
        ResultTable be = in.tables().get(0);
        assertThat(be.kind()).isEqualTo(Kind.LATENCY);
        assertThat(be.context()).containsEntry("transport", "UDPv4").containsEntry("reliability", "best_effort");
        assertThat(be.rows()).hasSize(2);
        assertThat(be.rows().get(1).number("size_bytes")).isEqualTo(64.0);
        assertThat(be.rows().get(1).number("p99_us")).isEqualTo(13.0);
        assertThat(be.rows().get(0).text("transport")).isEqualTo("UDPv4");
        ResultTable rel = in.tables().get(1);
        assertThat(rel.rows()).hasSize(1);
        assertThat(rel.rows().get(0).number("p99_us")).isEqualTo(14.0);
        assertThat(rel.rows().get(0).get("p9999_us")).isNull();
        assertThat(in.warnings()).isEmpty();
    }

    @Test
    void shouldKeepRowsBeforeAndWarnWhenLastRowIsTruncated() {
        ParsedInput in = parser.parse(InputText.read(resource("truncated.csv")));

        assertThat(in.tables()).hasSize(1);
        assertThat(in.tables().get(0).rows()).hasSize(2);
        assertThat(in.warnings()).hasSize(1);
        assertThat(in.warnings().get(0).format()).isEqualTo(resource("truncated.csv")
                + ":5: truncated row (3 of 7 fields), ignored; the rows before it are kept");
    }

    @Test
    void shouldNameFileLineAndColumnWhenAFieldIsNotANumber() {
        assertThatThrownBy(() -> parser.parse(InputText.read(resource("bad-number.csv"))))
                .isInstanceOf(WirebenchException.class)
                .hasMessage(resource("bad-number.csv") + ":4: column 'samples_per_s': expected a number, got 'n/a'")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(3);
    }

    @Test
    void shouldRejectWhenRowInTheMiddleHasTooFewFields() {
        InputText t = new InputText("x.csv", "# wirebench-results 1 family=udp keys=method\nmethod,loss_pct\n"
                + "epoll\nthread,1\n");
        assertThatThrownBy(() -> parser.parse(t)).hasMessage(
                "x.csv:3: expected 2 fields as in the header on line 2, got 1");
    }

    @Test
    void shouldRejectUnknownVersionAndFamily() {
        assertThatThrownBy(() -> parser.parse(new InputText("v.csv", "# wirebench-results 2 family=udp keys=\n")))
                .hasMessage("v.csv:1: expected format version 1, got '2'");
        assertThatThrownBy(() -> parser.parse(new InputText("f.csv", "# wirebench-results 1 family=nope keys=\n")))
                .hasMessageStartingWith("f.csv:1: expected family one of [compression, pubsub-latency, ")
                .hasMessageEndingWith(", got 'nope'");
    }

    @Test
    void shouldAcceptCrlfBomAndMissingFinalNewline() {
        String text = "\uFEFF# wirebench-results 1 family=udp keys=method\r\nmethod,loss_pct\r\nepoll,1.5";
        ParsedInput in = parser.parse(new InputText("c.csv", text));
        assertThat(parser.accepts(new InputText("c.csv", text))).isTrue();
        assertThat(in.tables().get(0).rows().get(0).number("loss_pct")).isEqualTo(1.5);
        assertThat(in.tables().get(0).rows().get(0).text("method")).isEqualTo("epoll");
    }

    @Test
    void shouldReadQuotedTextKeys() {
        String text = "# wirebench-results 1 family=rpc keys=label\nlabel,ms_per_call\n\"echo, long\",0.25\n";
        ParsedInput in = parser.parse(new InputText("q.csv", text));
        assertThat(in.tables().get(0).rows().get(0).text("label")).isEqualTo("echo, long");
        assertThat(List.copyOf(in.tables().get(0).columns())).containsExactly("label", "ms_per_call");
    }
}
