package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.analyzer.scale.ConsoleLogGenerator;
import wirebench.analyzer.stats.Repetitions;

/**
 * Long speed_test and SpeedTester console logs in bounded memory: up to {@link RunFolder#MAX_ROWS}
 * runs are rows as before; more are folded per test point into mean (min-max) and n, and the
 * warnings are bounded ({@link BoundedWarnings}).
 */
class ConsoleLogFoldingTest {
    @TempDir
    Path dir;

    private ParsedInput speedTest(long runs) throws IOException {
        Path f = dir.resolve("server.log");
        ConsoleLogGenerator.speedTest(f, 0, runs);
        return Parsers.all().parse(InputText.read(f));
    }

    @Test
    void shouldKeepOneRowPerRunWhenSpeedTestLogHasAtMost1000Runs() throws IOException {
        ParsedInput p = speedTest(1000);

        ResultTable t = p.tables().get(0);
        assertThat(t.rows()).hasSize(1000);
        assertThat(t.context()).doesNotContainKey(Repetitions.AGGREGATE);
        assertThat(t.rows().get(1).number("data_mbps")).isEqualTo(200.0);
    }

    @Test
    void shouldFoldRunsPerPayloadWhenSpeedTestLogHasMoreThan1000Runs() throws IOException {
        ParsedInput p = speedTest(1004);

        ResultTable t = p.tables().get(0);
        assertThat(t.context().get(Repetitions.AGGREGATE)).startsWith("mean (min-max) of the n runs");
        assertThat(t.rows()).extracting(r -> r.text("payload_bytes")).containsExactly("64", "1024");
        for (Row r : t.rows()) {
            assertThat(r.number("n")).isEqualTo(502.0);
            assertThat(r.number("data_mbps")).isEqualTo(250.0);
            assertThat(r.number("data_mbps_min")).isEqualTo(200.0);
            assertThat(r.number("data_mbps_max")).isEqualTo(300.0);
            assertThat(r.number("lost_pct")).isEqualTo(2.0);
            assertThat(r.number("duration_s")).isEqualTo(3.0);
            assertThat(r.number("partial")).isEqualTo(0.0);
        }
        // the progress lines: two per run, kept for the first runs only, said so
        assertThat(p.series().get(0).rows()).hasSize(2 * SpeedTestProgress.MAX_RUNS);
        assertThat(p.warnings()).extracting(Warning::message).containsExactly("progress lines ('N packets received') "
                + "of 984 runs after the first 20 not kept as interval rows");
    }

    @Test
    void shouldFoldRunsPerCaseWhenSpeedTesterLogHasMoreThan1000Runs() throws IOException {
        Path f = dir.resolve("client.log");
        ConsoleLogGenerator.speedTester(f, 0, 1002);

        ParsedInput p = Parsers.all().parse(InputText.read(f));

        assertThat(p.tables()).singleElement().satisfies(t -> {
            assertThat(t.context()).containsEntry("client", "single").doesNotContainKey("total_ms");
            assertThat(t.rows()).hasSize(3);
            Row echo = t.rows().get(0);
            assertThat(echo.text("label")).isEqualTo("echo calls");
            assertThat(echo.number("n")).isEqualTo(1002.0);
            assertThat(echo.number("orig_ms_per_call")).isEqualTo(0.4);
            assertThat(echo.number("orig_ms_per_call_min")).isEqualTo(0.3);
            assertThat(echo.number("orig_ms_per_call_max")).isEqualTo(0.5);
            assertThat(t.rows().get(2).number("orig_time_ms")).isEqualTo(900.0);
        });
        assertThat(p.warnings()).isEmpty();
    }

    @Test
    void shouldShowTheFirst200WarningsAndCountTheRestWhenEveryRunHasTheSameDoubt() throws IOException {
        Path f = dir.resolve("server.log");
        ConsoleLogGenerator.speedTest(f, 0, 1000);
        // every 64-byte run with DATA 200 Mbps gets a WIRE figure that does not follow from it
        Files.writeString(f, Files.readString(f, StandardCharsets.UTF_8).replace("WIRE: 331.25", "WIRE: 999.00"),
                StandardCharsets.UTF_8);

        ParsedInput p = Parsers.all().parse(InputText.read(f));

        // 250 runs with the doubt: 200 shown, one line for the 50 others, and the note on progress lines
        assertThat(p.warnings()).hasSize(BoundedWarnings.MAX + 2);
        assertThat(p.warnings().subList(0, BoundedWarnings.MAX)).extracting(Warning::message)
                .allMatch(m -> m.startsWith("WIRE 999 Mbps does not follow from DATA 200 Mbps"));
        assertThat(p.warnings()).extracting(Warning::message).contains("progress lines ('N packets received') of 980 "
                + "runs after the first 20 not kept as interval rows")
                .anyMatch(m -> m.startsWith("50 more warnings like those above not shown"));
    }
}
