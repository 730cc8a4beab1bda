package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A failure inside a message handler stops the role with its own message, over Aeron as over raw
 * UDP: Aeron's Image.poll would hand the exception to its error handler and keep polling, so the
 * subscriber would wait forever for a test it can no longer answer.
 */
class AeronHandlerFailureTest {

    @Test
    @Timeout(120)
    void shouldStopTheSubscriberWhenItCannotSendAPong() throws Exception {
        String port = Integer.toString(RunResult.freeBasePort());
        // the subscriber's transport is sized for 32-byte samples (4 MiB terms, 512 KiB messages at
        // most); the publisher's 1000000-byte pings need a pong it cannot send
        CompletableFuture<RunResult> sub = CompletableFuture.supplyAsync(
                () -> RunResult.run("-basePort", port, "-sub", "-dataLen", "32", "-noPrintIntervals"));
        RunResult pub = RunResult.run("-basePort", port, "-pub", "-latencyTest", "-dataLen", "1000000", "-numIter", "20",
                "-noPrintIntervals");
        RunResult s = sub.get(60, TimeUnit.SECONDS);

        assertThat(s.exitCode()).as(s.err()).isEqualTo(1);
        assertThat(s.err()).contains("a pong of 1000024 bytes exceeds what this subscriber's transport was sized for")
                .doesNotContain("\tat ");
        assertThat(pub.exitCode()).as(pub.err()).isEqualTo(1);
        assertThat(pub.err()).contains("no pong for ping");
    }
}
