package wirebench.runner.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;

import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.TransportSettings;

/** Aeron transports of the tests under INVOKER threading on this host, and the first message through them. */
final class InvokerLoopback {
    private InvokerLoopback() {
    }

    /** Aeron UDP on loopback, best effort, both topics on a port block of {@code TestPorts}. */
    static AeronTransport udp(int maxBytes) {
        int port = wirebench.testsupport.TestPorts.basePort();
        return new AeronTransport(new TransportSettings(TransportSettings.Kind.AERON_UDP, false, false, null, null,
                null, List.of("127.0.0.1"), List.of("127.0.0.1"), port, port + 1, 1234, 1235, maxBytes, true,
                new Threading("INVOKER", "spinyield", "test"), null, 0, null));
    }

    /** Aeron IPC, reliable. */
    static AeronTransport ipc(int maxBytes) {
        return new AeronTransport(new TransportSettings(TransportSettings.Kind.AERON_IPC, true, false, null, null,
                null, List.of(), List.of(), 0, 0, 1234, 1235, maxBytes, true,
                new Threading("INVOKER", "spinyield", "test"), null, 0, null));
    }

    /**
     * Connects (offers are refused until the subscriber's image is up) and lets {@code msg} through
     * once, counting receipts in {@code received[0]}: the waits run whole cycles, so all of it is sent
     * and the status messages flow. Fails unless it arrived within 30 s.
     */
    static void firstMessage(Sender sender, Receiver receiver, UnsafeBuffer msg, int[] received) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean accepted = false;
        while (!accepted && System.nanoTime() < deadline) {
            accepted = sender.offer(msg, 0, msg.capacity());
            receiver.poll((b, o, l) -> received[0]++, 64);
        }
        while (received[0] == 0 && System.nanoTime() < deadline) {
            receiver.await((b, o, l) -> received[0]++, 64, TimeUnit.MILLISECONDS.toNanos(100));
        }
        assertEquals(1, received[0], "the first message");
    }
}
