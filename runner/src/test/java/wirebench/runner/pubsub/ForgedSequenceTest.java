package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Forged DATA datagrams (right magic, domain and length) with sequence numbers no publisher can
 * have sent, sent with a real socket to a raw-UDP subscriber during a real run. Before the
 * plausibility check, six of them made the subscriber report lost = 1 999 961 606 661.
 */
class ForgedSequenceTest {
    private static final long FORGED_SEQ = 1_999_961_606_661L;

    /** One DATA message of one 64-byte sample of publisher 0, size index 0, domain 7. */
    static byte[] forgedData(long seq) {
        ByteBuffer b = ByteBuffer.allocate(Wire.HEADER_BYTES + 64).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(Wire.MAGIC).putInt(7).put(Wire.DATA).put((byte) 0).putShort((short) 0).putInt(1).putInt(64).putInt(0);
        b.putLong(seq).putLong(System.nanoTime()).putInt(0).putInt(0);
        return b.array();
    }

    @Test
    @Timeout(120)
    void shouldCountImpossibleSequenceNumbersAsStraysNeverAsLossWhenForgedDataArrives() throws Exception {
        int port = RunResult.freeBasePort();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong forged = new AtomicLong();
        Thread forger = new Thread(() -> {
            try (DatagramSocket s = new DatagramSocket()) {
                while (running.get()) {
                    for (long seq : List.of(FORGED_SEQ, Long.MAX_VALUE, 1L << 40)) {
                        byte[] d = forgedData(seq);
                        s.send(new DatagramPacket(d, d.length, InetAddress.getLoopbackAddress(), port));
                        forged.incrementAndGet();
                    }
                    Thread.sleep(5); // pacing, so the real samples are not drowned
                }
            } catch (IOException | InterruptedException e) {
                // the test asserts on what the run saw
            }
        });
        forger.start();
        RunResult r;
        try {
            r = RunResult.run("-bothRoles", "-basePort", Integer.toString(port), "-domain", "7", "-rawTransport",
                    "-dataLen", "64",
                    "-numIter", "50000", "-pubRate", "50000", "-noPrintIntervals");
        } finally {
            running.set(false);
            forger.join();
        }

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(forged.get()).isPositive();
        String[] row = r.csvRows().get(0);
        long received = Long.parseLong(row[1]);
        long lost = Long.parseLong(row[4]);
        assertThat(lost).as("loss never exceeds what was sent").isBetween(0L, 50_000L);
        assertThat(received + lost).as("received + lost = what the publisher sent; %s", r.err()).isEqualTo(50_000);
        assertThat(r.err()).containsPattern("subscriber 0: ignored [1-9]\\d* samples whose sequence number no publisher "
                + "can have sent yet \\(forged or corrupt; counted neither as received nor as lost\\)");
    }
}
