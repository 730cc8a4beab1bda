package wirebench.runner.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Idle#awaitParked}, the wait of a role for its peers: it sleeps between polls (counted: a
 * spinning wait polls millions of times in the same time), delivers what arrives, and polls again at
 * once while the driver's duty cycle finds work.
 */
class AwaitParkedTest {

    /** A receiver whose poll counts its calls and delivers one message from the {@code arriveAt}-th call on. */
    private static final class CountingReceiver implements Receiver {
        final AtomicInteger polls = new AtomicInteger();
        final int arriveAt;

        CountingReceiver(int arriveAt) {
            this.arriveAt = arriveAt;
        }

        @Override
        public int poll(MessageHandler handler, int limit) {
            if (polls.incrementAndGet() >= arriveAt) {
                handler.onMessage(new UnsafeBuffer(new byte[4]), 0, 4);
                return 1;
            }
            return 0;
        }

        @Override
        public int await(MessageHandler handler, int limit, long timeoutNs) {
            throw new AssertionError("awaitParked must not fall back to the spinning await");
        }

        @Override
        public void close() {
        }
    }

    private static final MessageHandler IGNORE = (DirectBuffer b, int off, int len) -> { };

    @Test
    @Timeout(10)
    void shouldSleepBetweenPollsWhileNothingArrives() {
        CountingReceiver r = new CountingReceiver(Integer.MAX_VALUE);
        AtomicInteger cycles = new AtomicInteger();
        long timeoutNs = TimeUnit.MILLISECONDS.toNanos(50);

        int n = Idle.awaitParked(r, IGNORE, 16, timeoutNs, () -> {
            cycles.incrementAndGet();
            return 0;
        });

        assertThat(n).isZero();
        // at most one poll per park of up to 1 ms (a park may end early, rarely): 50 parks, 4x headroom
        assertThat(r.polls.get()).isBetween(2, (int) (4 * timeoutNs / Idle.PARKED_WAIT_NS));
        assertThat(cycles.get()).as("the driver's duty cycle runs before each park").isEqualTo(r.polls.get() - 1);
    }

    @Test
    @Timeout(10)
    void shouldReturnWhatArrivesAndPollAgainAtOnceWhileTheDutyCycleWorks() {
        CountingReceiver r = new CountingReceiver(5000);
        // the duty cycle reports work every time: no park, so the 5000 polls fit in the 2 s easily
        // (parked between them they would take at least 5 s and the wait would end empty)
        int n = Idle.awaitParked(r, IGNORE, 16, TimeUnit.SECONDS.toNanos(2), () -> 1);

        assertThat(n).isEqualTo(1);
        assertThat(r.polls.get()).isEqualTo(5000);
    }

    @Test
    @Timeout(10)
    void shouldWaitAsAwaitByDefault() {
        AtomicInteger awaits = new AtomicInteger();
        Receiver blocking = new Receiver() {
            @Override
            public int poll(MessageHandler handler, int limit) {
                return 0;
            }

            @Override
            public int await(MessageHandler handler, int limit, long timeoutNs) {
                awaits.incrementAndGet();
                return 0;
            }

            @Override
            public void close() {
            }
        };
        blocking.awaitParked(IGNORE, 16, 1_000_000);
        assertThat(awaits.get()).as("a receiver that waits in the kernel waits as await").isEqualTo(1);
    }
}
