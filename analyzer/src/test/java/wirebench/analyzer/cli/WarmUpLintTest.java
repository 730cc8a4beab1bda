package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/**
 * stats and report say when a latency table's measured window started cold (no warm-up) or its
 * warm-up ran out with the JIT still compiling, from the keys the runner writes into run.json
 * ({@code config.test}, {@code config.latency_warm_up_limit_ms}, {@code config.throughput_warm_up_ms},
 * {@code latency_warm_up.SIZE.ended}; LatencyWarmUpTest checks the runner writes them).
 */
class WarmUpLintTest {
    private static final String CSV = "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,"
            + "size_bytes,test\ntransport,reliability,size_bytes,test,samples,p50_us,p99_us\n"
            + "UDPv4,reliable,32,latency,100000,6,20\nUDPv4,reliable,1024,latency,100000,7,22\n";
    private static final String COLD = "no warm-up before the measured window (latency_warm_up_limit_ms 0: -numIter"
            + " without -executionTime, or -warmUpMs 0): its first round trips ran while the JIT compiled the path,"
            + " and the percentiles include them (p90 and above most); -executionTime, or -warmUpMs with -numIter,"
            + " warms up first";

    private static Path run(Path dir, String config, String warmUp) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), CSV);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"command_line\": \"x\","
                + " \"config\": {" + config + "}" + (warmUp == null ? "" : ", \"latency_warm_up\": " + warmUp) + "}\n");
        return dir;
    }

    /** The output of {@code wirebench stats} on {@code dirs}, which must succeed. */
    private static String stats(Path... dirs) {
        String[] args = new String[dirs.length + 1];
        args[0] = "stats";
        for (int i = 0; i < dirs.length; i++) {
            args[i + 1] = dirs[i].toString();
        }
        Cli r = Cli.run(args);
        assertThat(r.exitCode()).as(r.err()).isZero();
        return r.out();
    }

    @Test
    void shouldSayALatencyWindowStartedColdWithoutAWarmUp(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("cold"), "\"test\": \"latency\", \"num_iter\": 2000, \"latency_warm_up_limit_ms\": 0,"
                + " \"latency_warm_up_until_jit_quiet\": true, \"throughput_warm_up_ms\": 0", null);

        assertThat(stats(dir)).containsOnlyOnce(COLD).doesNotContain("still compiling");
    }

    @Test
    void shouldNameTheSizesWhoseWarmUpRanOutWhileCompiling(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("busy"), "\"test\": \"latency\", \"latency_warm_up_limit_ms\": 2000,"
                + " \"latency_warm_up_until_jit_quiet\": true, \"throughput_warm_up_ms\": 0",
                "{\"32\": {\"round_trips\": 62339, \"ms\": 2005, \"ended\": \"time_jit_busy\", \"last_compile_ms\": 12,"
                        + " \"subscriber_compiling\": false}, \"1024\": {\"round_trips\": 9000, \"ms\": 600, \"ended\": \"jit_quiet\"},"
                        + " \"8192\": {\"round_trips\": 90000, \"ms\": 2000, \"ended\": \"time_jit_busy\"}}");

        assertThat(stats(dir)).containsOnlyOnce("the warm-up ran out with the JIT still compiling at 32 B, 8192 B"
                + " (latency_warm_up ended time_jit_busy): the window's start may include compilation; a longer"
                + " -executionTime or -warmUpMs").doesNotContain("no warm-up");
    }

    @Test
    void shouldSayNothingOfAWarmUpThatEndedQuietOrRanItsFixedTime(@TempDir Path tmp) throws IOException {
        Path quiet = run(tmp.resolve("quiet"), "\"test\": \"latency\", \"latency_warm_up_limit_ms\": 10000,"
                + " \"latency_warm_up_until_jit_quiet\": true", "{\"32\": {\"round_trips\": 400000, \"ms\": 6000,"
                + " \"ended\": \"jit_quiet\"}}");
        Path fixed = run(tmp.resolve("fixed"), "\"test\": \"latency\", \"latency_warm_up_limit_ms\": 500,"
                + " \"latency_warm_up_until_jit_quiet\": false", "{\"32\": {\"round_trips\": 3884, \"ms\": 500,"
                + " \"ended\": \"time\"}}");

        assertThat(stats(quiet, fixed)).doesNotContain("warm-up");
    }

    @Test
    void shouldSayNothingForResultsOlderThanTheKeys(@TempDir Path tmp) throws IOException {
        Path old = run(tmp.resolve("old"), "\"test\": \"latency\", \"num_iter\": 2000,"
                + " \"warm_up_round_trips\": \"min(1000, 16 MiB / size)\"", null);
        Path none = tmp.resolve("none");
        Files.createDirectories(none);
        Files.writeString(none.resolve("pubsub-latency.csv"), CSV);
        Files.writeString(none.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"command_line\": \"x\"}\n");

        assertThat(stats(old, none)).doesNotContain("warm-up");
    }

    @Test
    void shouldSayAThroughputTestsPingsStartedColdOnlyWhenItsWarmUpWasOff(@TempDir Path tmp) throws IOException {
        Path off = run(tmp.resolve("off"), "\"test\": \"throughput\", \"throughput_warm_up_ms\": 0,"
                + " \"latency_warm_up_limit_ms\": 0", null);
        Path on = run(tmp.resolve("on"), "\"test\": \"throughput\", \"throughput_warm_up_ms\": 1000,"
                + " \"latency_warm_up_limit_ms\": 0", null);

        assertThat(stats(off, on)).containsOnlyOnce("no warm-up before the measured window (throughput_warm_up_ms 0:"
                + " -numIter without -executionTime, or -warmUpMs 0): its first samples and pings ran while the JIT"
                + " compiled the path")
                .contains(off.toString()).doesNotContain("latency_warm_up_limit_ms 0");
    }

    @Test
    void shouldSayAThroughputTableStartedColdButNotWhatContentionSaysOfLatency(@TempDir Path tmp) throws IOException {
        Path cold = tmp.resolve("cold");
        Path warm = tmp.resolve("warm");
        for (Path dir : List.of(cold, warm)) {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("pubsub-throughput.csv"), "# wirebench-results 1 family=pubsub-throughput"
                    + " keys=transport,reliability,size_bytes\ntransport,reliability,size_bytes,total_samples,samples_per_s,"
                    + "mbps,lost,lost_pct\nUDPv4,reliable,1024,100000,50000,409.6,0,0\n");
            Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"command_line\": \"x\","
                    + " \"config\": {\"test\": \"throughput\", \"throughput_warm_up_ms\": " + (dir == cold ? 0 : 400)
                    + "}, \"contention\": {\"roles_shared_cpu\": true, \"spinning_threads\": 2, \"cpus_usable\": 1}}\n");
        }

        String out = stats(cold, warm);

        assertThat(out).containsOnlyOnce("no warm-up before the measured window (throughput_warm_up_ms 0:"
                + " -numIter without -executionTime, or -warmUpMs 0)").contains(cold.resolve("pubsub-throughput.csv").toString())
                .doesNotContain("roles shared a CPU");
    }

    @Test
    void shouldPutTheWarningBesideTheTableInTheReport(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("cold"), "\"test\": \"latency\", \"latency_warm_up_limit_ms\": 0", null);
        Path md = tmp.resolve("r.md");

        Cli r = Cli.run("report", "--format", "markdown", dir.toString(), "-o", md.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(md)).contains("no warm-up before the measured window");
    }
}
