package wirebench.runner.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.MessageHandler;

/**
 * What the subscriber says it reads of a message at its first fragment
 * ({@link SubscriberRole#leadingBytesRead}): the 48 header bytes of a plain sample, so the Aeron
 * transport need not join its fragments; every byte of anything whose payload it reads.
 */
class SubscriberLeadingBytesTest {
    private static final int START_BYTES = 48;
    private static final int DOMAIN = 27;
    private static final int SAMPLE_BYTES = 65536;

    private static SubscriberRole subscriber(String... more) {
        String[] args = new String[more.length + 4];
        args[0] = "-sub";
        args[1] = "-noPrint";
        args[2] = "-domain";
        args[3] = Integer.toString(DOMAIN);
        System.arraycopy(more, 0, args, 4, more.length);
        PubSubConfig cfg = PerftestDropInTest.resolve(args);
        return new SubscriberRole(cfg, null, null, new PubSubResults(null, cfg),
                new PrintWriter(new StringWriter()), false);
    }

    /** The first fragment of a DATA message of {@code count} samples whose first has {@code flags}. */
    private static UnsafeBuffer data(int count, int messageFlags, int sampleFlags) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[65472]);
        Wire.header(b, DOMAIN, Wire.DATA, messageFlags, 0, count, SAMPLE_BYTES, 0);
        Wire.sample(b, Wire.HEADER_BYTES, 5, 123_456_789L, 0, sampleFlags);
        return b;
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void shouldReadOnlyTheHeadersOfAPlainSampleWhenNothingChecksItsPayload() {
        SubscriberRole s = subscriber();
        assertEquals(START_BYTES, s.leadingBytesRead(data(1, 0, 0), 0, 65472));
        // a ping to another subscriber: not echoed here
        assertEquals(START_BYTES, s.leadingBytesRead(data(1, 0, Wire.pingFlags(3, 0)), 0, 65472));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void shouldReadTheWholeMessageWhenItsPayloadIsUsed() {
        SubscriberRole s = subscriber();
        int whole = MessageHandler.WHOLE_MESSAGE;
        assertEquals(whole, s.leadingBytesRead(data(1, 0, Wire.pingFlags(0, 0)), 0, 65472), "a ping to echo");
        assertEquals(whole, s.leadingBytesRead(data(1, Wire.FLAG_COMPRESSED, 0), 0, 65472), "compressed");
        assertEquals(whole, s.leadingBytesRead(data(2, 0, 0), 0, 65472), "a batch of two samples");
        assertEquals(whole, s.leadingBytesRead(data(1, 0, 0), 0, START_BYTES - 1), "a first fragment too short");
        UnsafeBuffer hello = new UnsafeBuffer(new byte[64]);
        Wire.header(hello, DOMAIN, Wire.HELLO, 0, 0, 0, 0, 0);
        assertEquals(whole, s.leadingBytesRead(hello, 0, 64), "not a sample");
        SubscriberRole verifying = subscriber("-compressionId", "ZLIB");
        assertEquals(whole, verifying.leadingBytesRead(data(1, 0, 0), 0, 65472), "payload verified (CRC32C sums)");
    }
}
