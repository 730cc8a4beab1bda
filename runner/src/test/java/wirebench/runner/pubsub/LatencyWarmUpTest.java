package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.JsonReader;

/**
 * A latency test's warm-up: round trips before each size's measured window, recorded nowhere, until
 * the JIT compilers of both sides are quiet (the default) or for -warmUpMs; on real Aeron UDP.
 */
class LatencyWarmUpTest {

    private static JsonReader.Obj runJson(Path dir) throws IOException {
        Path runJson = dir.resolve("run.json");
        return (JsonReader.Obj) JsonReader.parse(runJson.toString(), Files.readString(runJson));
    }

    private static long number(JsonReader.Obj o, String key) {
        return ((Number) o.get(key)).longValue();
    }

    /** The latency CSV's rows: header names to values. */
    private static List<java.util.Map<String, String>> latencyRows(Path dir) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("pubsub-latency.csv")).stream().filter(l -> !l.startsWith("#")).toList();
        List<String> names = List.of(lines.get(0).split(","));
        return lines.subList(1, lines.size()).stream().map(l -> {
            String[] v = l.split(",", -1);
            java.util.Map<String, String> row = new java.util.LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                row.put(names.get(i), v[i]);
            }
            return row;
        }).toList();
    }

    private static RunResult run(Path dir, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("-noPrintIntervals"));
        args.addAll(List.of(more));
        return runPrinting(dir, args.toArray(String[]::new));
    }

    /** With the intervals printed unless {@code more} says -noPrintIntervals. */
    private static RunResult runPrinting(Path dir, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("-bothRoles", "-latencyTest",
                "-basePort", Integer.toString(RunResult.freeBasePort()), "-domain", "12", "--out", dir.toString()));
        args.addAll(List.of(more));
        return RunResult.run(args.toArray(String[]::new));
    }

    @Test
    @Timeout(120)
    void shouldWarmUpForTheTimeGivenAndRecordOnlyTheWindowsRoundTrips(@TempDir Path dir) throws IOException {
        Path latencyFile = dir.resolve("latency.txt");
        RunResult r = run(dir.resolve("out"), "-dataLen", "32", "-numIter", "500", "-warmUpMs", "300",
                "-latencyFile", latencyFile.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("Sending 1000 initialization pings ...").contains("Warming up for 300 ms (-warmUpMs) ...");
        Matcher m = Pattern.compile("publisher: warm-up of 32 bytes: (\\d+) round trips in (\\d+) ms; -warmUpMs; measuring \\.\\.\\.\n").matcher(r.err());
        assertThat(m.find()).as(r.err()).isTrue();
        long rounds = Long.parseLong(m.group(1));
        assertThat(rounds).as("round trips in 300 ms on loopback").isPositive();
        assertThat(Long.parseLong(m.group(2))).isGreaterThanOrEqualTo(300);
        // the window is -numIter round trips, none of the warm-up's: in the table, the CSV and the file
        assertThat(latencyRows(dir.resolve("out"))).singleElement().satisfies(row -> {
            assertThat(row.get("samples")).isEqualTo("500");
            assertThat(row.get("end_reason")).isEqualTo("completed");
        });
        assertThat(Files.readAllLines(latencyFile).stream().filter(l -> l.matches("\\d+, \\d+"))).hasSize(500);
        JsonReader.Obj run = runJson(dir.resolve("out"));
        JsonReader.Obj config = (JsonReader.Obj) run.get("config");
        assertThat(number(config, "latency_warm_up_limit_ms")).isEqualTo(300);
        assertThat(config.get("latency_warm_up_until_jit_quiet")).isEqualTo(false);
        assertThat(number(config, "throughput_warm_up_ms")).isZero();
        JsonReader.Obj size = (JsonReader.Obj) ((JsonReader.Obj) run.get("latency_warm_up")).get("32");
        assertThat(number(size, "round_trips")).isEqualTo(rounds);
        assertThat(size.get("ended")).isEqualTo("time");
    }

    @Test
    @Timeout(120)
    void shouldWarmUpUntilTheCompilersAreQuietAtMostTheExecutionTimeByDefault(@TempDir Path dir) throws IOException {
        RunResult r = run(dir, "-dataLen", "32", "-executionTime", "1");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("Warming up until the JIT compilers of this process and of the subscribers are quiet, "
                + "at most 1000 ms (-warmUpMs) ...");
        // a second of warm-up ends on time here: the first half second of spans alone is needed to read quiet,
        // and two JVMs' worth of compilation is rarely done by then; either way the line says which
        Matcher m = Pattern.compile("publisher: warm-up of 32 bytes: (\\d+) round trips in (\\d+) ms; "
                + "(the JIT compilers quiet \\(this process and the subscribers\\)|still compiling when -warmUpMs ran out \\(this process \\d+ ms of "
                + "compilation in its last 500 ms(, a subscriber busy)?\\): the window may include compilation; a longer -warmUpMs); measuring \\.\\.\\.\n")
                .matcher(r.err());
        assertThat(m.find()).as(r.err()).isTrue();
        long ms = Long.parseLong(m.group(2));
        // bounds the logic sets, not a band of the machine's speed: quiet takes a whole span at least,
        // and a warm-up that ended still compiling ended on its limit
        assertThat(ms).as("a whole span at least").isGreaterThanOrEqualTo(JitActivity.SPAN_NS / 1_000_000);
        if (!m.group(3).startsWith("the JIT")) {
            assertThat(ms).as("ended on the limit").isGreaterThanOrEqualTo(1000);
        }
        JsonReader.Obj run = runJson(dir);
        JsonReader.Obj config = (JsonReader.Obj) run.get("config");
        assertThat(number(config, "latency_warm_up_limit_ms")).isEqualTo(1000);
        assertThat(config.get("latency_warm_up_until_jit_quiet")).isEqualTo(true);
        JsonReader.Obj size = (JsonReader.Obj) ((JsonReader.Obj) run.get("latency_warm_up")).get("32");
        assertThat(size.get("ended")).isIn("jit_quiet", "time_jit_busy");
        assertThat(size.get("ended").equals("jit_quiet")).isEqualTo(m.group(3).startsWith("the JIT"));
        assertThat(number(size, "ms")).isEqualTo(ms);
        assertThat(latencyRows(dir)).singleElement().satisfies(row -> assertThat(Long.parseLong(row.get("samples"))).isPositive());
    }

    @Test
    @Timeout(120)
    void shouldNotWarmUpWhenToldZeroOrWhenNumIterAloneBoundsTheRun(@TempDir Path dir) throws IOException {
        for (String[] args : List.of(new String[] {"-numIter", "300", "-warmUpMs", "0"}, new String[] {"-numIter", "300"})) {
            Path out = dir.resolve("out" + args.length);
            RunResult r = run(out, args);

            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.err()).contains("Sending 1000 initialization pings ...").doesNotContain("Warming up").doesNotContain("warm-up of")
                    .containsOnlyOnce("No warm-up before the measured window (-numIter without -executionTime, or -warmUpMs 0):"
                            + " the first round trips run while the JIT compiles the path");
            assertThat(latencyRows(out)).singleElement().satisfies(row -> assertThat(row.get("samples")).isEqualTo("300"));
            JsonReader.Obj run = runJson(out);
            assertThat(number((JsonReader.Obj) run.get("config"), "latency_warm_up_limit_ms")).isZero();
            assertThat(run.get("latency_warm_up")).isNull();
        }
    }

    @Test
    @Timeout(120)
    void shouldWarmUpEverySizeOfAScanAndPrintEachSizesHeaderOnceAfterItsWarmUp(@TempDir Path dir) throws IOException {
        RunResult r = runPrinting(dir, "-scan", "32:64", "-numIter", "200", "-warmUpMs", "200", "-outputFormat", "legacy");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("publisher: warm-up of 32 bytes: ").contains("publisher: warm-up of 64 bytes: ");
        // each size's header, its window's round trips one line each, its summary: none of the warm-up's pongs printed
        assertThat(r.out()).containsOnlyOnce("********** New data length is 32").containsOnlyOnce("********** New data length is 64");
        List<String> lines = r.out().lines().filter(l -> !l.isEmpty()).toList();
        assertThat(lines).hasSize(2 * (1 + 200 + 1));
        assertThat(lines.get(0)).isEqualTo("********** New data length is 32");
        assertThat(lines.subList(1, 201)).allMatch(l -> l.startsWith("One-Way Latency: "));
        assertThat(lines.get(201)).startsWith("Length:    32 Latency: ");
        assertThat(lines.get(202)).isEqualTo("********** New data length is 64");
        JsonReader.Obj warmUps = (JsonReader.Obj) runJson(dir).get("latency_warm_up");
        assertThat(warmUps.members().keySet()).containsExactly("32", "64");
        assertThat(latencyRows(dir)).extracting(row -> row.get("samples")).containsExactly("200", "200");
    }
}
