package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/**
 * speed_test's server output as the original C program writes it to stderr, byte for byte: its
 * debug.h prints {@code <colour>level:<reset> message <black bold>(function file:line)<reset>};
 * info is {@code ESC[0;36m}, debug {@code ESC[0;35m}, error {@code ESC[1;31m}, the suffix
 * {@code ESC[1;30m}; its COLOR_BLUE_BOLD is written {@code ESC[1:34m} (a colon). Line numbers are
 * those of udp_msg_server.c at the repository's last commit (parse_data 138/140/142, use_select's
 * progress line 193, use_epoll 201, main's buffer check 252-254).
 */
class SpeedTestRealOutputTest {
    private static final String ESC = "\u001B";
    private static final String RESET = ESC + "[0m";

    private static String line(String colour, String level, String message, String function, int line) {
        return colour + level + ":" + RESET + " " + message + " " + ESC + "[1;30m(" + function + " udp_msg_server.c:"
                + line + ")" + RESET + "\n";
    }

    static String info(String message, String function, int line) {
        return line(ESC + "[0;36m", "info", message, function, line);
    }

    static String debug(String message, String function, int line) {
        return line(ESC + "[0;35m", "debug", message, function, line);
    }

    static String error(String message, String function, int line) {
        return line(ESC + "[1;31m", "error", message, function, line);
    }

    /** The three lines of a run whose END arrived (figures of seed 002's row 1). */
    static String finishedRun() {
        return info("987280 packet received within 2.183 seconds", "parse_data", 138)
                + info("Total Byte Received: 63185920", "parse_data", 140)
                + debug("Bandwith: DATA: 231.60 Mbps, WIRE: 383.59 Mbps, Data/Header Ratio: 1.52, Packet Loss: "
                        + "%1.272000", "parse_data", 142);
    }

    static String progress(long count) {
        return debug(count + " packets received", "use_select", 193);
    }

    @Test
    void shouldGiveAPartialRowWithTheLastCountWhenTheEndDatagramWasLost() {
        String out = progress(120315) + progress(245110) + progress(301022) + progress(301022) + progress(301022);

        ParsedInput p = Parsers.all().parse(new InputText("lost-end.txt", out));

        assertThat(p.format()).isEqualTo("speed_test");
        ResultTable t = p.tables().get(0);
        assertThat(t.rows()).singleElement().satisfies(r -> {
            assertThat(r.number("received")).isEqualTo(301022.0);
            assertThat(r.number("partial")).isEqualTo(1.0);
            assertThat(r.number("lost_pct")).isNull();
            assertThat(r.number("data_mbps")).isNull();
        });
        assertThat(p.warnings()).anySatisfy(w -> {
            assertThat(w.line()).isEqualTo(5);
            assertThat(w.message()).contains("no END arrived").contains("301022 packets received");
        });
    }

    @Test
    void shouldKeepProgressLinesAsIntervalRows() {
        String out = progress(400000) + progress(800000) + finishedRun() + progress(5000);

        ParsedInput p = Parsers.all().parse(new InputText("runs.txt", out));

        assertThat(p.series()).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(Kind.UDP_INTERVAL);
            assertThat(s.rows()).extracting(r -> r.number("run")).containsExactly(1.0, 1.0, 2.0);
            assertThat(s.rows()).extracting(r -> r.number("interval")).containsExactly(1.0, 2.0, 1.0);
            assertThat(s.rows()).extracting(r -> r.number("received")).containsExactly(400000.0, 800000.0, 5000.0);
        });
        assertThat(p.tables().get(0).rows()).extracting(r -> r.number("partial")).containsExactly(0.0, 1.0);
        assertThat(p.tables().get(0).rows().get(0).number("received")).isEqualTo(987280.0);
    }

    @Test
    void shouldEndAPartialRunWhenTheCounterStartsAgainWithoutEnd() {
        String out = progress(70000) + progress(90000) + progress(2000) + progress(4000) + finishedRun();

        ParsedInput p = Parsers.all().parse(new InputText("two.txt", out));

        assertThat(p.tables().get(0).rows()).extracting(r -> r.number("received")).containsExactly(90000.0,
                987280.0);
        assertThat(p.tables().get(0).rows()).extracting(r -> r.number("partial")).containsExactly(1.0, 0.0);
    }

    @Test
    void shouldReportTheOriginalsEpollErrorAsItsErrorAndReadTheOtherInputs(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("epoll.txt"), error("Not implemented yet!", "use_epoll", 201));
        Files.writeString(dir.resolve("select.txt"), finishedRun());

        Cli r = Cli.run("stats", dir.resolve("epoll.txt").toString(), dir.resolve("select.txt").toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("231.6").contains(dir.resolve("epoll.txt") + ":1: speed_test reported an error: "
                + "'Not implemented yet!'").contains("EPOLL");
        assertThat(r.out()).doesNotContain("not a recognised");
    }

    @Test
    void shouldWarnOnTheRowsWhenTheSocketBufferSizeWasRejected() {
        String out = error("Socket buffer size setting rejected!", "main", 252)
                + error("Please check " + ESC + "[1;31mrmem_max" + RESET, "main", 253)
                + info(ESC + "[1:34msudo sysctl -w net.core.rmem_max=16777216" + RESET, "main", 254)
                + finishedRun();

        ParsedInput p = Parsers.all().parse(new InputText("rcvbuf.txt", out));

        assertThat(p.tables().get(0).rows()).extracting(r -> r.text("rcvbuf_bytes")).containsExactly("16777216");
        assertThat(p.warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(1);
            assertThat(w.message()).contains("rejected").contains("16777216 bytes")
                    .contains("sysctl -w net.core.rmem_max=16777216");
        });
    }

    @Test
    void shouldStripAnsiEscapesWrittenWithAColon() {
        String sysctl = info(ESC + "[1:34msudo sysctl -w net.core.rmem_max=4194304" + RESET, "main", 254).strip();

        assertThat(SpeedTestParser.clean(sysctl)).isEqualTo("info: sudo sysctl -w net.core.rmem_max=4194304");
    }

    @Test
    void shouldReadTheOriginalsColourLayoutOfAFinishedRun() {
        ParsedInput p = Parsers.all().parse(new InputText("one.txt", finishedRun()));

        Row r = p.tables().get(0).rows().get(0);
        assertThat(r.number("received")).isEqualTo(987280.0);
        assertThat(r.number("lost_pct")).isEqualTo(1.272);
        assertThat(r.has("partial")).isFalse();
        assertThat(p.warnings()).isEmpty();
    }

    @Test
    void shouldKeepABoundedExactSeriesWhenAServerPrintsProgressForHours() {
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= 10_000; i++) {
            out.append(progress(i * 100L));
        }

        ParsedInput p = Parsers.all().parse(new InputText("hours.txt", out.toString()));

        ResultTable s = p.series().get(0);
        assertThat(s.rows().size()).isBetween(1000, SpeedTestProgress.MAX_PER_RUN + 1);
        assertThat(s.rows()).allSatisfy(r -> assertThat(r.number("received")).isEqualTo(r.number("interval") * 100));
        assertThat(s.rows().get(0).number("interval")).isEqualTo(1.0);
        assertThat(p.tables().get(0).rows().get(0).number("received")).isEqualTo(1_000_000.0);
    }
}
