package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.stats.TableWriter;
import wirebench.contract.WirebenchException;

class SpeedTestParserTest {
    private static final String ESC = "\u001B";

    @Test
    void shouldReadEveryRunWhenOutputHasAnsiColoursAndFunctionSuffixes() {
        ParsedInput p = Parsers.all().parse(InputText.read(Path.of("../sample-data/speed_test/server-select-benchmark1.txt")));

        assertThat(p.format()).isEqualTo("speed_test");
        ResultTable t = p.tables().get(0);
        assertThat(t.kind()).isEqualTo(Kind.UDP);
        assertThat(t.rows()).hasSize(3);
        assertThat(t.rows().get(0).number("received")).isEqualTo(987280.0);
        assertThat(t.rows().get(0).number("received_bytes")).isEqualTo(63185920.0);
        assertThat(t.rows().get(0).number("lost_pct")).isEqualTo(1.272);
        assertThat(t.rows().get(0).number("data_mbps")).isEqualTo(231.6);
        assertThat(t.rows().get(0).number("wire_mbps")).isEqualTo(383.59);
        assertThat(t.rows().get(0).text("payload_bytes")).isEqualTo("64");
        assertThat(t.rows().get(2).text("payload_bytes")).isEqualTo("1472");
        assertThat(p.warnings()).isEmpty();
    }

    @Test
    void shouldPrintTheSeedLayoutWhenStatsShowsSpeedTestOutput() {
        ParsedInput p = Parsers.all().parse(InputText.read(Path.of("../sample-data/speed_test/server-select-benchmark1.txt")));
        String text = TableWriter.write(TableWriter.Format.TEXT, p.tables(), p.warnings());
        String header = text.lines().skip(1).findFirst().orElseThrow();
        assertThat(header).containsSubsequence("Client Scheduler", "Connected", "Payload", "Server Scheduler", "RcvBuf",
                "Loss %", "Data (Mbps)", "Wire (Mbps)");
        assertThat(text).containsPattern("-\\s+-\\s+64\\s+-\\s+-\\s+1\\.272\\s+231\\.6\\s+383\\.6");
    }

    @Test
    void shouldWarnWhenTheWireFigureDoesNotFollowFromTheDataFigure() {
        // seed 002 row 11 as speed_test would print it: 933.9 Mbps of 1472 B datagrams is 960.5 Mbps on the wire, not 969.5
        String out = String.join("\n",
                "info: 1000000 packet received within 12.609 seconds (f s.c:1)",
                "info: Total Byte Received: 1472000000 (f s.c:2)",
                "debug: Bandwith: DATA: 933.90 Mbps, WIRE: 969.50 Mbps, Data/Header Ratio: 35.05, Packet Loss: %0.000000");
        ParsedInput p = Parsers.all().parse(new InputText("row11.txt", out));
        assertThat(p.warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(3);
            assertThat(w.message()).contains("WIRE 969.5 Mbps does not follow from DATA 933.9 Mbps").contains("960.");
        });
    }

    @Test
    void shouldNameFileLineAndColumnWhenANumberIsBroken() {
        String out = "info: 12x packet received within 1.0 seconds\ninfo: Total Byte Received: 64\n"
                + "debug: Bandwith: DATA: 1.00 Mbps, WIRE: 2.00 Mbps, Data/Header Ratio: 1.52, Packet Loss: %0.0\n";
        assertThatThrownBy(() -> Parsers.all().parse(new InputText("bad.txt", out)))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("bad.txt:1: column 'received': expected a number, got '12x'");
    }

    @Test
    void shouldStripColourCodesAndTheFunctionSuffix() {
        assertThat(SpeedTestParser.clean(ESC + "[32minfo: Total Byte Received: 64" + ESC + "[0m (main server.c:143)"))
                .isEqualTo("info: Total Byte Received: 64");
        assertThat(List.of(SpeedTestParser.clean("debug: x, Packet Loss: %1.272000 (print_stats udp_msg_server.c:147)")))
                .containsExactly("debug: x, Packet Loss: %1.272000");
    }
}
