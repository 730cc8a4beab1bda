package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.parse.InputText;
import wirebench.analyzer.parse.Parsers;
import wirebench.contract.Columns;
import wirebench.runner.RunnerMain;

/**
 * The round trip across the results contract: a pub/sub run on loopback prints Perftest output in
 * each -outputFormat and writes a results directory; the analyzer reads both, and they carry the
 * same numbers (stdout in Perftest's precision: whole microseconds, std to 0.1).
 */
class PubSubRoundTripTest {

    private record Run(String stdout, Path dir) {
    }

    private static Run run(Path dir, String... args) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RunnerMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        Path stdout = dir.resolve("stdout.txt");
        Files.writeString(stdout, out.toString(), StandardCharsets.UTF_8);
        return new Run(out.toString(), dir);
    }

    private static ResultTable only(List<ResultTable> tables, Kind kind) {
        List<ResultTable> of = tables.stream().filter(t -> t.kind() == kind).toList();
        assertThat(of).as("tables of kind " + kind).hasSize(1);
        return of.get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "json", "legacy"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldGiveTheSameLatencyNumbersFromStdoutAndFromTheResultsDirectory(String format, @TempDir Path tmp)
            throws IOException {
        Path dir = tmp.resolve("results");
        Run r = run(tmp, "run", "pubsub", "-latencyTest", "-scan", "32:1024", "-numIter", "3000", "-noPrintIntervals",
                "-outputFormat", format, "-domain", Integer.toString(40 + format.length()), "--out", dir.toString());

        ParsedInput printed = Parsers.all().parse(InputText.read(tmp.resolve("stdout.txt")));
        assertThat(printed.format()).startsWith(format.equals("legacy") ? "perftest-legacy" : "perftest-" + format);
        ResultTable fromStdout = only(printed.tables(), Kind.LATENCY);
        ResultTable fromDir = only(Parsers.all().parseAll(List.of(dir)).stream()
                .flatMap(p -> p.tables().stream()).toList(), Kind.LATENCY);

        assertThat(fromStdout.rows()).hasSize(2);
        assertThat(fromDir.rows()).hasSize(2);
        for (int i = 0; i < 2; i++) {
            Row a = fromStdout.rows().get(i);
            Row b = fromDir.rows().get(i);
            assertThat(a.number(Columns.SIZE_BYTES)).isEqualTo(b.number(Columns.SIZE_BYTES));
            assertThat(a.number(Columns.AVE_US)).isCloseTo(b.number(Columns.AVE_US), within(0.5 + 1e-6));
            assertThat(a.number(Columns.STD_US)).isCloseTo(b.number(Columns.STD_US), within(0.05 + 1e-6));
            for (String c : List.of(Columns.MIN_US, Columns.MAX_US, Columns.P50_US, Columns.P90_US, Columns.P99_US,
                    Columns.P9999_US, Columns.P999999_US)) {
                assertThat(a.number(c)).as(c + " at " + a.number(Columns.SIZE_BYTES) + " B")
                        .isCloseTo(b.number(c), within(1.0));
            }
        }
        assertThat(r.stdout()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "json", "legacy"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldGiveTheSameThroughputNumbersFromStdoutAndFromTheResultsDirectory(String format, @TempDir Path tmp)
            throws IOException {
        Path dir = tmp.resolve("results");
        run(tmp, "run", "pubsub", "-sub", "-pub", "-dataLen", "256", "-numIter", "200000", "-noPrintIntervals",
                "-outputFormat", format, "-domain", Integer.toString(50 + format.length()), "--out", dir.toString());

        ResultTable fromStdout = only(Parsers.all().parse(InputText.read(tmp.resolve("stdout.txt"))).tables(),
                Kind.THROUGHPUT);
        ResultTable fromDir = only(Parsers.all().parseAll(List.of(dir)).stream()
                .flatMap(p -> p.tables().stream()).toList(), Kind.THROUGHPUT);

        Row a = fromStdout.rows().get(0);
        Row b = fromDir.rows().get(0);
        assertThat(a.number(Columns.SIZE_BYTES)).isEqualTo(256.0).isEqualTo(b.number(Columns.SIZE_BYTES));
        assertThat(a.number(Columns.TOTAL_SAMPLES)).isEqualTo(b.number(Columns.TOTAL_SAMPLES));
        assertThat(a.number(Columns.LOST)).isEqualTo(b.number(Columns.LOST)).isZero();
        assertThat(a.number(Columns.SAMPLES_PER_S)).isCloseTo(b.number(Columns.SAMPLES_PER_S), within(1.0));
        assertThat(a.number(Columns.MBPS)).isCloseTo(b.number(Columns.MBPS), within(0.05 + 1e-6));
        assertThat(a.number(Columns.TOTAL_SAMPLES) + a.number(Columns.LOST)).isEqualTo(200000.0);
    }
}
