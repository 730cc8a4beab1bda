package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Perftest's -sleep (after every sample sent) and -initialBurstSize (warm-up round trips). */
class SleepAndBurstTest {

    @Test
    @Timeout(120)
    void shouldSleepAfterEverySampleItSends() {
        // 100 unbatched samples, 10 ms after each (how long a sleep lasts, on a controlled clock, is
        // PacerTest's): here every sample still arrives
        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-dataLen", "64",
                "-batchSize", "0", "-numIter", "100", "-latencyCount", "10", "-sleep", "10", "-noPrintIntervals");

        assertThat(r.exitCode()).as(r.err()).isZero();
        String[] row = r.csvRows().get(0);
        assertThat(row[1]).isEqualTo("100");
        assertThat(row[4]).isEqualTo("0"); // none lost
        // that it slowed the sender: 100 samples with at least 10 ms after each span at least 0.99 s from
        // the first to the last, so the subscriber's average is at most 100 / 0.99 samples/s (without
        // -sleep, loopback runs thousands)
        assertThat(Double.parseDouble(row[2].strip())).isLessThanOrEqualTo(100 / 0.99);
    }

    @Test
    @Timeout(120)
    void shouldSendTheGivenNumberOfWarmUpRoundTrips() {
        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-latencyTest",
                "-dataLen", "32", "-numIter", "200", "-initialBurstSize", "37", "-noPrintIntervals");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("Sending 37 initialization pings ...");
        assertThat(r.csvRows()).hasSize(1);
    }

    @Test
    void shouldRefuseANegativeSleepAndAnEmptyBurst() {
        RunResult sleep = RunResult.run("-bothRoles", "-sleep", "-1");
        assertThat(sleep.exitCode()).isEqualTo(2);
        assertThat(sleep.err().strip()).isEqualTo("-sleep: expected milliseconds >= 0, got -1");

        RunResult burst = RunResult.run("-bothRoles", "-initialBurstSize", "0");
        assertThat(burst.exitCode()).isEqualTo(2);
        assertThat(burst.err().strip()).isEqualTo("-initialBurstSize: expected at least 1, got 0");
    }
}
