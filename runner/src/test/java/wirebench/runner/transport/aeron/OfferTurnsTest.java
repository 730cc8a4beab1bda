package wirebench.runner.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;

/**
 * The offers' turns under INVOKER threading (issue 25, docs/pubsub.md): the engine line records them,
 * and a back-pressured offer is retried with a driver turn before each try before the role sees the
 * refusal (the whole cycles among those turns are counted by {@link DriverDuty#cycles}).
 */
class OfferTurnsTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRecordTheOfferTurnsInTheEngineLineWhenTheDriverRunsAsAnInvoker() {
        try (AeronTransport t = InvokerLoopback.ipc(1 << 16)) {
            Map<String, Object> engine = t.describe();
            assertEquals(8, engine.get("invoker_offer_whole_cycle_every"));
            assertEquals(32, engine.get("invoker_back_pressure_turns"));
            assertEquals(64, engine.get("invoker_offer_send_burst_datagrams"));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRetryABackPressuredOfferWithDriverTurnsWhenNobodyConsumes() {
        int bytes = 1 << 16;
        try (AeronTransport t = InvokerLoopback.ipc(bytes)) {
            t.openReceiver(Topic.DATA); // never polled: the publication fills its window and pushes back
            Sender sender = t.openSender(Topic.DATA);
            UnsafeBuffer msg = new UnsafeBuffer(new byte[bytes]);
            int accepted = 0;
            long refusedCycles = -1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (refusedCycles < 0 && System.nanoTime() < deadline) {
                long before = t.duty().cycles();
                if (sender.offer(msg, 0, bytes)) {
                    accepted++;
                } else if (accepted > 0) {
                    refusedCycles = t.duty().cycles() - before;
                }
            }
            assertTrue(accepted > 0, "no offer was accepted");
            // 1 + 32 turns, one whole cycle in 8: 4 or 5 (a refusal used to run one)
            assertTrue(refusedCycles >= 4, "whole cycles during one refused offer: " + refusedCycles);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldSendAWholeMegabyteSampleInTheOffersTurnWhenTheWindowHasRoom() {
        long wholeCycles = secondMegabyteSample(false);
        // sent one datagram per whole cycle it would need 16 of them (one per 50 ms of the keeper's)
        assertTrue(wholeCycles < 8, "whole cycles meanwhile: " + wholeCycles);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldSendTheWholeSampleInTheNextCycleWhenTheOffersTurnFoundTheDriverBusy() {
        // the offer's turn finds another thread in a cycle (the keeper, a waiting role): the next
        // cycle, run by whoever comes next, sends the whole sample (it used to send one datagram a cycle)
        long wholeCycles = secondMegabyteSample(true);
        assertTrue(wholeCycles < 8, "whole cycles meanwhile: " + wholeCycles);
    }

    /**
     * Connects a 1 MiB UDP publication to its subscriber over loopback, lets one message through,
     * then offers a second one (while another thread holds the driver's lock when {@code busy}) and
     * from then on runs only the driver's Receiver turns until it arrives. Returns the whole cycles
     * run meanwhile.
     */
    private static long secondMegabyteSample(boolean busy) {
        int bytes = 1 << 20;
        try (AeronTransport t = InvokerLoopback.udp(bytes)) {
            Receiver receiver = t.openReceiver(Topic.DATA);
            Sender sender = t.openSender(Topic.DATA);
            UnsafeBuffer msg = new UnsafeBuffer(new byte[bytes]);
            int[] received = {0};
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            InvokerLoopback.firstMessage(sender, receiver, msg, received);

            long whole;
            if (busy) {
                CountDownLatch held = new CountDownLatch(1);
                CountDownLatch offered = new CountDownLatch(1);
                Thread other = new Thread(() -> {
                    t.duty().lock().lock();
                    try {
                        held.countDown();
                        offered.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        t.duty().lock().unlock();
                    }
                });
                other.start();
                await(held);
                whole = t.duty().cycles();
                assertTrue(sender.offer(msg, 0, bytes), "a 1 MiB offer with the window open");
                offered.countDown();
                join(other);
            } else {
                whole = t.duty().cycles();
                assertTrue(sender.offer(msg, 0, bytes), "a 1 MiB offer with the window open");
            }
            // from here the test runs only the driver's Receiver turns (whole cycles when a frame is
            // pending) and the keeper its cycles when nobody has for 50 ms
            while (received[0] == 1 && System.nanoTime() < deadline) {
                t.duty().runReceiver();
                receiver.poll((b, o, l) -> received[0]++, 64);
            }
            assertEquals(2, received[0], "the second message, with Receiver turns only");
            return t.duty().cycles() - whole;
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, TimeUnit.SECONDS), "the other thread took the driver's lock");
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void join(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
