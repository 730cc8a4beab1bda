package wirebench.runner.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.contract.WirebenchException;

/**
 * The client's own deadline, behind the socket timeouts: a call that blocks where no socket timeout
 * reaches (here a service object that never answers echo after some calls) ends the run once no
 * call completed for the stall timeout, keeping the cases finished before.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SpeedTestClientDeadlineTest {

    /** Answers like the real servant until {@code blockAfterEchoes} echo calls, then blocks. */
    static final class HangingService implements SpeedTestService {
        private final SpeedTestServant real = new SpeedTestServant();
        /** Released at the end of a test so that the blocked client threads end. */
        final CountDownLatch never = new CountDownLatch(1);
        private final int blockAfterEchoes;
        private int echoes;

        HangingService(int blockAfterEchoes) {
            this.blockAfterEchoes = blockAfterEchoes;
        }

        @Override
        public void firstCall() {
            real.firstCall();
        }

        @Override
        public long lastCall() {
            return real.lastCall();
        }

        @Override
        public synchronized long echo(long value) {
            if (++echoes > blockAfterEchoes) {
                try {
                    never.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return value;
        }

        @Override
        public int inCall(byte[] data) {
            return real.inCall(data);
        }

        @Override
        public byte[] outCall(int sizeBytes) {
            return real.outCall(sizeBytes);
        }

        @Override
        public byte[] inOutCall(byte[] data) {
            return real.inOutCall(data);
        }
    }

    @Test
    void shouldGiveUpWithExitOneWhenNoCallCompletesWithinTheStallTimeout() {
        List<CaseResult> finished = new ArrayList<>();
        StringWriter out = new StringWriter();
        HangingService service = new HangingService(5);
        SpeedTestClient client = new SpeedTestClient(service, "test:1", new PrintWriter(out),
                finished::add, 300);
        List<SpeedCase> cases = SpeedCase.select(SpeedCase.MULTI_THREAD_ORDER, List.of("out-1000", "echo"));
        long t0 = System.nanoTime();

        assertThatThrownBy(() -> client.run(10, 2, cases))
                .isInstanceOf(WirebenchException.class)
                .hasMessageStartingWith("rpc client: case 1 (echo calls): no call completed for 300 ms (5 of 20 calls "
                        + "done); the server at test:1 is not answering")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(WirebenchException.RUN_FAILED);

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(10_000);
        assertThat(finished).isEmpty();
        assertThat(out.toString()).contains("-- testing echo calls with 2 threads").doesNotContain("Finished Test In");
        service.never.countDown();
    }

    @Test
    void shouldKeepEarlierCasesWhenALaterCaseHangs() {
        List<CaseResult> finished = new ArrayList<>();
        HangingService service = new HangingService(0);
        SpeedTestClient client = new SpeedTestClient(service, "test:1",
                new PrintWriter(new StringWriter()), finished::add, 300);
        // an inbound case first, then echo, which hangs at once
        List<SpeedCase> inThenEcho = List.of(
                SpeedCase.select(SpeedCase.SINGLE_THREAD_ORDER, List.of("in-same-1000")).get(0), SpeedCase.ECHO);

        assertThatThrownBy(() -> client.run(10, 0, inThenEcho)).isInstanceOf(WirebenchException.class)
                .hasMessageContaining("case 2 (echo calls): no call completed for 300 ms");
        assertThat(finished).extracting(r -> r.speedCase().id()).containsExactly("in-same-1000");
        assertThat(finished.get(0).calls()).isEqualTo(10);
        service.never.countDown();
    }
}
