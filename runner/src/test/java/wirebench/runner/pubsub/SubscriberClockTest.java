package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;

/**
 * The subscriber's data path reads the clock once per message it handles (a DATA message of many
 * samples, with pings among them, included): messages are handed straight to the role's handler, as
 * a transport's receive thread does, with a clock that counts its reads.
 */
class SubscriberClockTest {
    private static final int DOMAIN = 7;
    private static final int SAMPLE_BYTES = 64;
    private static final int SAMPLES_PER_MESSAGE = 4;

    /** A clock that advances 1 us per read and counts the reads. */
    private static final class CountingClock implements NanoClock {
        long reads;
        long nowNs = 1_000_000_000L;

        @Override
        public long nanoTime() {
            reads++;
            return nowNs += 1000;
        }
    }

    /** Accepts every message, or refuses the first {@code refusals} offers; counts what it accepted. */
    private static final class Echo implements Sender {
        int refusals;
        final List<Integer> acceptedTypes = new ArrayList<>();

        @Override
        public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
            if (refusals > 0) {
                refusals--;
                return false;
            }
            acceptedTypes.add((int) buffer.getByte(offset + 8));
            return true;
        }

        @Override
        public void close() {
        }
    }

    private static Transport transport(Echo echo) {
        return new Transport() {
            @Override
            public Sender openSender(Topic topic) {
                return echo;
            }

            @Override
            public Receiver openReceiver(Topic topic) {
                return new Receiver() {
                    @Override
                    public int poll(MessageHandler handler, int limit) {
                        return 0;
                    }

                    @Override
                    public int await(MessageHandler handler, int limit, long timeoutNs) {
                        return 0;
                    }

                    @Override
                    public void close() {
                    }
                };
            }

            @Override
            public int maxMessageBytes() {
                return 1 << 16;
            }

            @Override
            public Map<String, Object> describe() {
                return Map.of();
            }

            @Override
            public void close() {
            }
        };
    }

    private static UnsafeBuffer hello() {
        UnsafeBuffer b = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HELLO_BYTES));
        Wire.header(b, DOMAIN, Wire.HELLO, 0, 0, 0, 0, 0);
        return b;
    }

    /** DATA of publisher 0, size index 0: samples first..first+3, the second of them a ping to subscriber 0. */
    private static UnsafeBuffer data(long first) {
        UnsafeBuffer b = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + SAMPLES_PER_MESSAGE * SAMPLE_BYTES));
        Wire.header(b, DOMAIN, Wire.DATA, 0, 0, SAMPLES_PER_MESSAGE, SAMPLE_BYTES, 0);
        for (int i = 0; i < SAMPLES_PER_MESSAGE; i++) {
            Wire.sample(b, Wire.HEADER_BYTES + i * SAMPLE_BYTES, first + i, 0, 0, i == 1 ? Wire.pingFlags(0, 0) : 0);
        }
        return b;
    }

    private static UnsafeBuffer finished(long lastSeq) {
        UnsafeBuffer b = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.FINISHED_BYTES));
        Wire.header(b, DOMAIN, Wire.FINISHED, Wire.FLAG_LAST_SIZE, 0, 0, SAMPLE_BYTES, 0);
        b.putLong(Wire.HEADER_BYTES, lastSeq);
        b.putInt(Wire.HEADER_BYTES + 8, 0);
        return b;
    }

    private static SubscriberRole subscriber(Echo echo, CountingClock clock) {
        PubSubConfig cfg = PerftestDropInTest.resolve("-sub", "-domain", Integer.toString(DOMAIN), "-dataLen",
                Integer.toString(SAMPLE_BYTES), "-noPrint");
        SubscriberRole role = new SubscriberRole(cfg, transport(echo), null, new PubSubResults(null, cfg),
                new PrintWriter(new StringWriter()), false, clock);
        role.open();
        return role;
    }

    @Test
    void shouldReadTheClockOncePerMessageWhenDataWithPingsArrives() {
        Echo echo = new Echo();
        CountingClock clock = new CountingClock();
        SubscriberRole role = subscriber(echo, clock);
        int messages = 100;

        UnsafeBuffer h = hello();
        role.onMessage(h, 0, Wire.HELLO_BYTES);
        for (int m = 0; m < messages; m++) {
            UnsafeBuffer d = data((long) m * SAMPLES_PER_MESSAGE);
            role.onMessage(d, 0, d.capacity());
        }
        role.onMessage(finished((long) messages * SAMPLES_PER_MESSAGE - 1), 0, Wire.FINISHED_BYTES);

        assertThat(clock.reads).as("clock reads for HELLO, %d DATA and FINISHED", messages).isEqualTo(messages + 2);
        assertThat(role.summaries).singleElement()
                .satisfies(s -> assertThat(s).containsExactly(SAMPLE_BYTES, (long) messages * SAMPLES_PER_MESSAGE, 0));
        assertThat(echo.acceptedTypes.stream().filter(t -> t == Wire.PONG).count()).as("pongs").isEqualTo(messages);
    }

    @Test
    void shouldReadTheClockForAPongOnlyWhenTheWriterRefusesIt() {
        Echo echo = new Echo();
        CountingClock clock = new CountingClock();
        SubscriberRole role = subscriber(echo, clock);
        role.onMessage(hello(), 0, Wire.HELLO_BYTES);
        long before = clock.reads;
        echo.refusals = 2;

        UnsafeBuffer d = data(0);
        role.onMessage(d, 0, d.capacity());

        // the arrival; then, the pong refused, its 10 s deadline, and one look at it after the second refusal
        assertThat(clock.reads - before).isEqualTo(3);
        assertThat(echo.acceptedTypes).containsExactly((int) Wire.ANNOUNCE, (int) Wire.PONG);
    }
}
