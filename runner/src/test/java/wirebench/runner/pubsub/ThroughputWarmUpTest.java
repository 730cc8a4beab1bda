package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.JsonReader;

/**
 * A throughput test's warm-up (-warmUpMs): samples sent before each size's measured window, which no
 * subscriber counts, so the JIT has compiled the send and receive paths before anything is measured.
 */
class ThroughputWarmUpTest {

    private static JsonReader.Obj settings(Path dir) throws IOException {
        Path runJson = dir.resolve("run.json");
        JsonReader.Obj run = (JsonReader.Obj) JsonReader.parse(runJson.toString(), Files.readString(runJson));
        return (JsonReader.Obj) run.get("config");
    }

    /** 500 measured samples of 1 KiB, unbatched, one ping per 100, after {@code warmUpMs} of warm-up. */
    private static RunResult run500(Path dir, String warmUpMs) {
        return RunResult.run("-bothRoles", "-dataLen", "1024", "-batchSize", "0", "-numIter", "500", "-latencyCount", "100",
                "-warmUpMs", warmUpMs, "-noPrintIntervals", "-basePort", Integer.toString(RunResult.freeBasePort()),
                "-domain", "11", "--out", dir.toString());
    }

    @Test
    @Timeout(120)
    void shouldSendTheWarmUpSamplesAndCountOnlyTheMeasuredOnes(@TempDir Path dir) throws IOException {
        // -numIter bounds the measured window: a subscriber that counted the warm-up's samples (thousands
        // in 300 ms on loopback) would report more than 500
        RunResult r = run500(dir, "300");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("Sending samples for 300 ms before the measured window (not counted) ...");
        String[] row = r.csvRows().get(0);
        assertThat(row[0]).isEqualTo("1024");
        assertThat(row[1]).as("samples counted").isEqualTo("500");
        assertThat(row[4]).as("lost").isEqualTo("0");
        // the subscriber did receive the warm-up's samples, and says how many it left out
        Matcher m = Pattern.compile("subscriber 0: (\\d+) samples of 1024 bytes before the measured window \\(warm-up\\), "
                + "not counted").matcher(r.err());
        assertThat(m.find()).as(r.err()).isTrue();
        assertThat(r.err()).contains("Sending 1000 initialization pings ...");
        assertThat(Long.parseLong(m.group(1))).as("warm-up samples received: the 1000 pings and the 300 ms of samples")
                .isGreaterThan(1000);
        assertThat(((Number) settings(dir).get("throughput_warm_up_ms")).longValue()).isEqualTo(300);
        assertThat(settings(dir).get("collect_before_warm_up")).as("a collection before each size's warm-up").isEqualTo(true);
    }

    @Test
    @Timeout(120)
    void shouldNotWarmUpWhenToldZero(@TempDir Path dir) throws IOException {
        RunResult r = run500(dir, "0");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("Sending samples for").containsOnlyOnce("No warm-up before the measured window"
                + " (-numIter without -executionTime, or -warmUpMs 0): the first samples run while the JIT compiles the path");
        // what the subscriber left out is then the initialization pings alone: min(1000, 16 MiB / 1024)
        assertThat(r.err()).contains("Sending 1000 initialization pings ...")
                .contains("subscriber 0: 1000 samples of 1024 bytes before the measured window (warm-up), not counted");
        assertThat(r.csvRows().get(0)[1]).isEqualTo("500");
        assertThat(((Number) settings(dir).get("throughput_warm_up_ms")).longValue()).isZero();
    }

    @Test
    void shouldDefaultToAFifthOfTheExecutionTimeAtMostOneSecondAndToNoneWithoutIt() {
        assertThat(ConfigResolver.warmUpMs(null, false, 2, false)).isEqualTo(400);
        assertThat(ConfigResolver.warmUpMs(null, false, 5, false)).isEqualTo(1000);
        assertThat(ConfigResolver.warmUpMs(null, false, 100, false)).isEqualTo(1000);
        assertThat(ConfigResolver.warmUpMs(null, false, 0, true)).as("-numIter alone bounds the run").isZero();
        assertThat(ConfigResolver.warmUpMs(2500L, false, 1, false)).isEqualTo(2500);
    }

    @Test
    void shouldLimitALatencyTestsWarmUpToItsExecutionTimeAndTenSeconds() {
        assertThat(ConfigResolver.warmUpMs(null, true, 2, false)).isEqualTo(2000);
        assertThat(ConfigResolver.warmUpMs(null, true, 60, false)).isEqualTo(10_000);
        assertThat(ConfigResolver.warmUpMs(null, true, 0, false)).as("the default -numIter: a long run").isEqualTo(10_000);
        assertThat(ConfigResolver.warmUpMs(null, true, 0, true)).as("-numIter alone bounds the run").isZero();
        assertThat(ConfigResolver.warmUpMs(2500L, true, 1, false)).isEqualTo(2500);
    }

    @Test
    void shouldRefuseANegativeOrHugeWarmUpAndOneGivenToASubscriber() {
        RunResult negative = RunResult.run("-bothRoles", "-warmUpMs", "-1");
        assertThat(negative.exitCode()).isEqualTo(2);
        assertThat(negative.err().strip()).isEqualTo("-warmUpMs: expected 0..600000 milliseconds, got -1");
        RunResult huge = RunResult.run("-bothRoles", "-warmUpMs", "600001");
        assertThat(huge.exitCode()).isEqualTo(2);
        assertThat(huge.err().strip()).isEqualTo("-warmUpMs: expected 0..600000 milliseconds, got 600001");
        // a subscriber alone would silently ignore it
        RunResult sub = RunResult.run("-sub", "-warmUpMs", "500");
        assertThat(sub.exitCode()).isEqualTo(2);
        assertThat(sub.err().strip()).isEqualTo("-warmUpMs: a publisher option, not for a subscriber; give it to the publisher only");
    }
}
