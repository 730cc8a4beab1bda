package wirebench.runner.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;

/**
 * Samples of 64 KiB and 1 MiB over Aeron UDP on loopback under INVOKER threading (the default engine
 * of a two-core machine: 64 KB frames, so 2 and 17 fragments), received by a handler that reads only
 * their start (the subscriber's case: held, 48 bytes copied) and by one that reads them whole (the
 * copying path: byte for byte what was sent).
 */
class FragmentedSampleTest {
    private static final int LEADING_BYTES = 48;
    private static final int HEADER_BYTES = 24;

    /** What a handler received: the lengths and the bytes it reads of each message. */
    private static final class Received implements MessageHandler {
        final boolean whole;
        final List<Integer> lengths = new ArrayList<>();
        final List<byte[]> bytes = new ArrayList<>();

        Received(boolean whole) {
            this.whole = whole;
        }

        @Override
        public void onMessage(DirectBuffer buffer, int offset, int lengthBytes) {
            byte[] b = new byte[whole ? lengthBytes : LEADING_BYTES];
            buffer.getBytes(offset, b);
            lengths.add(lengthBytes);
            bytes.add(b);
        }

        @Override
        public int leadingBytesRead(DirectBuffer buffer, int offset, int availableBytes) {
            return whole ? WHOLE_MESSAGE : LEADING_BYTES;
        }
    }

    private static AeronTransport loopback(int maxBytes) {
        return InvokerLoopback.udp(maxBytes);
    }

    /** A message of a header and one sample of {@code sampleBytes}: every byte distinct from its neighbours, the header fields set. */
    private static UnsafeBuffer sample(int sampleBytes, long seq) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[HEADER_BYTES + sampleBytes]);
        for (int i = 0; i < b.capacity(); i++) {
            b.putByte(i, (byte) (i * 7 + 3));
        }
        b.putInt(12, 1);
        b.putInt(16, sampleBytes);
        b.putLong(HEADER_BYTES, seq);
        b.putLong(HEADER_BYTES + 8, 1_000_000_000L + seq);
        return b;
    }

    /** Sends {@code msg} until accepted (the first waits for the connection) and awaits it; returns the receiver's copied bytes meanwhile. */
    private static long sendAndReceive(Sender sender, AeronReceiver receiver, UnsafeBuffer msg, Received got) {
        int before = got.lengths.size();
        long copied = receiver.copiedBytes();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean accepted = false;
        while (!accepted && System.nanoTime() < deadline) {
            accepted = sender.offer(msg, 0, msg.capacity());
            receiver.poll(got, 64);
        }
        assertTrue(accepted, "the offer was accepted within 30 s");
        while (got.lengths.size() == before && System.nanoTime() < deadline) {
            receiver.await(got, 64, TimeUnit.MILLISECONDS.toNanos(100));
        }
        assertEquals(before + 1, got.lengths.size(), "the message arrived");
        return receiver.copiedBytes() - copied;
    }

    private static void assertSamples(boolean whole, int[] sampleBytes) {
        int max = sampleBytes[sampleBytes.length - 1];
        try (AeronTransport t = loopback(HEADER_BYTES + max)) {
            assertEquals("start first, held until whole", t.describe().get("fragmented_receive"));
            Receiver r = t.openReceiver(Topic.DATA);
            Sender sender = t.openSender(Topic.DATA);
            AeronReceiver receiver = (AeronReceiver) r;
            Received got = new Received(whole);
            for (int i = 0; i < sampleBytes.length; i++) {
                UnsafeBuffer msg = sample(sampleBytes[i], i);
                long copied = sendAndReceive(sender, receiver, msg, got);
                int len = msg.capacity();
                assertEquals(len, got.lengths.get(i), "the whole message's length");
                byte[] sent = new byte[whole ? len : LEADING_BYTES];
                msg.getBytes(0, sent);
                assertArrayEquals(sent, got.bytes.get(i), whole ? "byte for byte" : "the header fields");
                assertEquals(whole ? len : LEADING_BYTES, copied, "bytes copied for a " + len + "-byte message");
            }
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldDeliverLargeSamplesWithTheirLengthAndHeaderFieldsWhenTheHandlerReadsOnlyTheirStart() {
        assertSamples(false, new int[] {65536, 1 << 20});
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldDeliverLargeSamplesByteForByteWhenTheHandlerReadsThemWhole() {
        assertSamples(true, new int[] {65536, 1 << 20});
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRecordTheReceiveBurstInTheEngineLineWhenTheDriverRunsAsAnInvoker() {
        try (AeronTransport t = loopback(1 << 16)) {
            Map<String, Object> engine = t.describe();
            assertEquals(32, engine.get("invoker_wait_receive_burst_datagrams"));
            assertEquals(4096, engine.get("invoker_wait_receive_burst_min_bytes"));
        }
    }
}
