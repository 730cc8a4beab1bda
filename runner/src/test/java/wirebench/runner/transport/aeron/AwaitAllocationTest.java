package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;

/**
 * A waiting role allocates nothing per wait: the publisher of a latency test awaits every pong, and
 * a lambda made per await (what it did before) was about 1.2 MB/s of garbage at 45 000 round trips/s,
 * a young collection inside the measured window now and then. Counted with the JVM's per-thread
 * allocation counter over waits that run the driver's turns (INVOKER, Aeron UDP on loopback), and
 * bounded per wait: under half of the smallest object a wait could make.
 */
class AwaitAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldAllocateLessThanAnObjectPerWaitInTwentyThousandWaitsThatFindNothing() {
        try (AeronTransport t = InvokerLoopback.udp(1024)) {
            Receiver receiver = t.openReceiver(wirebench.runner.transport.Topic.DATA);
            Sender sender = t.openSender(wirebench.runner.transport.Topic.DATA);
            int[] received = {0};
            InvokerLoopback.firstMessage(sender, receiver, new UnsafeBuffer(new byte[64]), received);
            MessageHandler handler = (b, o, l) -> received[0]++;
            long waitNs = TimeUnit.MICROSECONDS.toNanos(20); // a few polls and driver turns each
            waits(receiver, handler, waitNs, 2_000); // compiled, and the driver's periodic work once
            long before = THREADS.getCurrentThreadAllocatedBytes();

            int found = waits(receiver, handler, waitNs, 20_000);

            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            assertThat(found).as("messages found (none was sent)").isZero();
            // per wait, not none at all: the waits run the driver's turns, and now and then its periodic
            // work allocates a little on this thread (21 584 bytes once in 20 000 waits, CI run 75); a
            // lambda per wait is at least 16 bytes each, 320 000 here
            assertThat(allocated).as("bytes allocated by 20 000 waits").isLessThan(20_000L * 8);
        }
    }

    private static int waits(Receiver receiver, MessageHandler handler, long waitNs, int n) {
        int found = 0;
        for (int i = 0; i < n; i++) {
            found += receiver.await(handler, 64, waitNs);
        }
        return found;
    }
}
