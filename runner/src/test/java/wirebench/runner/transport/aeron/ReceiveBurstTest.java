package wirebench.runner.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;

/**
 * The receive burst of the waiting turns ({@link WaitTurns#turn}): a 1 MiB sample is 17 datagrams of
 * 64 KB on loopback, and the driver's Receiver reads one per call; the waiting side now takes them in
 * a few turns instead of one turn each.
 */
class ReceiveBurstTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldTakeAMegabyteSampleInFewWaitingTurnsWhenItsDatagramsWaitInTheSocket() {
        int bytes = 1 << 20;
        try (AeronTransport t = InvokerLoopback.udp(bytes)) {
            Receiver receiver = t.openReceiver(Topic.DATA);
            Sender sender = t.openSender(Topic.DATA);
            assertTrue(t.duty().receiverAlone(), "the driver's Receiver agent was found");
            UnsafeBuffer msg = new UnsafeBuffer(new byte[bytes]);
            int[] received = {0};
            InvokerLoopback.firstMessage(sender, receiver, msg, received);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);

            // the offer's turn sends all 17 datagrams (OfferTurnsTest); they wait in the socket
            assertTrue(sender.offer(msg, 0, bytes), "a 1 MiB offer with the window open");
            // waiting turns on a stopped clock: no whole cycle for lack of one, only after a receipt
            WaitTurns turns = new WaitTurns(() -> 0L);
            int waitingTurns = 0;
            while (received[0] == 1 && System.nanoTime() < deadline) {
                turns.turn(t.duty());
                waitingTurns++;
                receiver.poll((b, o, l) -> received[0]++, 64);
            }
            assertEquals(2, received[0], "the second message, with waiting turns only");
            // one datagram per turn took 17 turns; the burst reads them in the first, the next is whole
            assertTrue(waitingTurns <= 4, "waiting turns for a 17-datagram sample: " + waitingTurns);
        }
    }
}
