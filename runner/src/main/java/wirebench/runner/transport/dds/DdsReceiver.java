package wirebench.runner.transport.dds;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.runner.transport.Idle;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;

/**
 * A Cyclone reader: {@link #poll} takes the waiting samples ({@code dds_take} into samples this
 * receiver keeps from take to take, {@link KeptSamples}: Cyclone deserialises each message into an
 * octet buffer it allocated once for that slot) and hands each message to the handler straight from
 * that buffer, no copy. {@link #await} polls with the harness's idle strategy, or, with
 * {@link DdsSettings#waitset()}, waits in a Cyclone waitset on a read condition. A polling receiver
 * of the ECHO topic calls {@code dds_take} only when Cyclone's data-available listener has raised its
 * {@link DataSignal} since the last take (a throughput publisher polls for echoes after every write,
 * and nearly every such take would find nothing). An unkeyed take holds at most the harness's limit
 * per poll: Cyclone deserialises the samples it takes inside the reader history's lock, so a take of
 * thousands would hold off the receive thread that long. A keyed take holds everything waiting, up to
 * {@link #TAKE_MAX} samples, to sort it (below); the harness's polls, each up to its limit, deliver
 * them before the next take.
 *
 * <p>Order: Cyclone's take walks the reader's instances one after the other, so with a keyed
 * topic the samples of one take are not in arrival order. Every sample carries its writer's
 * sequence number, so a take holding more than one instance is sorted back into each writer's
 * order (stable over writers); one take holds all that was waiting, up to {@link #TAKE_MAX}.
 */
final class DdsReceiver implements Receiver {
    /**
     * With write batching, a poll sends this thread's batched writes once the oldest is this old (a
     * publisher polls for pongs after every write); before waiting, a receiver sends them at once.
     */
    static final long FLUSH_AGE_NS = 1_000_000;
    /** Samples taken per call at most. */
    static final int TAKE_MAX = 4096;

    private final Cyclone dds;
    private final int reader;
    private final boolean keyed;
    private final IdleStrategy idle;
    private final int waitset;
    /** Polling: raised by Cyclone when data arrives (null with a waitset). */
    private final DataSignal signal;
    /** Delivery in Cyclone's receive thread while the role thread parks (null: the role thread takes). */
    private final HandOff handOff;
    /** Flushes this process's batched writes older than the given age (write batching; else nothing). */
    private final java.util.function.LongConsumer flush;
    private final KeptSamples samples = new KeptSamples(TAKE_MAX);
    private final UnsafeBuffer infos = Cyclone.memory(TAKE_MAX * Cyclone.SAMPLE_INFO_BYTES);
    private final UnsafeBuffer sample = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer message = new UnsafeBuffer(0, 0);
    private final long[] order = new long[TAKE_MAX];
    private final long[] writerHandles = new long[TAKE_MAX];
    private final int[] writerFirstSeq = new int[TAKE_MAX];
    /** The samples of the current take with data: order[next..withData) still to deliver. */
    private int withData;
    private int next;
    /** dds_take calls so far (for the proofs: a poll of an empty reader makes none). */
    private long takes;
    private boolean closed;

    /**
     * {@code signalled}: a polling receiver of a topic that carries few samples (ECHO: pongs and
     * acknowledgements, which a throughput publisher polls for after every write) gets a
     * {@link DataSignal}; on DATA, whose every sample would cost the receive thread the listener's
     * upcall, each poll takes.
     */
    DdsReceiver(Cyclone dds, int participant, int reader, DdsSettings settings, IdleStrategy idle,
            java.util.function.LongConsumer flush, boolean signalled, boolean handOff) {
        this.dds = dds;
        this.flush = flush;
        this.reader = reader;
        this.keyed = settings.keyed();
        this.idle = idle;
        if (settings.waitset()) {
            waitset = dds.check(dds.createWaitset(participant), "dds_create_waitset");
            int condition = dds.check(dds.createReadCondition(reader, Cyclone.ANY_STATE), "dds_create_readcondition");
            dds.check(dds.waitsetAttach(waitset, condition, 0), "dds_waitset_attach");
            signal = null;
            this.handOff = null;
        } else {
            waitset = 0;
            signal = signalled && !handOff ? new DataSignal(dds, reader) : null;
            this.handOff = handOff ? new HandOff(dds, reader, this, flush) : null;
        }
    }

    @Override
    public int poll(MessageHandler handler, int limit) {
        flush.accept(FLUSH_AGE_NS);
        if (next == withData && !take(keyed ? TAKE_MAX : Math.max(1, Math.min(limit, TAKE_MAX)))) {
            return 0;
        }
        int delivered = 0;
        boolean ok = false;
        try {
            while (next < withData && delivered < limit) {
                int i = (int) order[next++];
                sample.wrap(samples.sample(i), TopicType.SAMPLE_BYTES);
                int length = sample.getInt(TopicType.LENGTH_AT);
                message.wrap(sample.getLong(TopicType.BUFFER_AT), length);
                delivered++;
                handler.onMessage(message, 0, length);
            }
            ok = true;
        } finally {
            if (!ok) {
                next = withData; // a failing handler drops the rest of the take
            }
        }
        return delivered;
    }

    /** Whether a take left messages the harness's limit did not deliver yet (the next poll delivers them). */
    boolean holding() {
        return next < withData;
    }

    /**
     * Takes up to {@code max} samples into the kept samples, their indexes into {@link #order} (the
     * samples with data, in each writer's order); false when nothing was waiting. The samples are
     * delivered over as many polls as the harness's limit asks for before the next take.
     */
    private boolean take(int max) {
        if (signal != null && !signal.takeRaised()) {
            return false;
        }
        int n = dds.take(reader, samples.buffers(), infos.addressOffset(), max, max);
        takes++;
        if (n <= 0) {
            return false;
        }
        samples.filled(n);
        if (n == max && signal != null) {
            signal.raise(); // more may be waiting
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (infos.getByte(i * Cyclone.SAMPLE_INFO_BYTES + 12) != 0) { // valid_data; not a state change
                order[m++] = i;
            }
        }
        if (keyed && m > 1) {
            sortByWriterSequence(m);
        }
        next = 0;
        withData = m;
        return m > 0;
    }

    /**
     * Sorts order[0..m) (sample indexes) into each writer's order: each entry becomes
     * writer ordinal (16 bits) | sequence distance from the writer's first sample here + 2^31 (32 bits) | index (16 bits).
     */
    private void sortByWriterSequence(int m) {
        int writers = 0;
        for (int k = 0; k < m; k++) {
            int i = (int) order[k];
            long handle = infos.getLong(i * Cyclone.SAMPLE_INFO_BYTES + 32);
            sample.wrap(samples.sample(i), TopicType.SAMPLE_BYTES);
            int seq = sample.getInt(TopicType.SEQ_AT);
            int w = 0;
            while (w < writers && writerHandles[w] != handle) {
                w++;
            }
            if (w == writers) {
                writerHandles[writers] = handle;
                writerFirstSeq[writers++] = seq;
            }
            long distance = (long) (seq - writerFirstSeq[w]) + (1L << 31);
            order[k] = (long) w << 48 | distance << 16 | i;
        }
        java.util.Arrays.sort(order, 0, m);
        for (int k = 0; k < m; k++) {
            order[k] &= 0xffff;
        }
    }

    /** How many times this receiver has called {@code dds_take}. */
    long takes() {
        return takes;
    }

    /** The samples Cyclone's receive thread delivered (hand-off; 0 without). */
    long listenerSamples() {
        return handOff == null ? 0 : handOff.listenerSamples();
    }

    /** Whether the receive thread delivers ({@code -ddsDelivery listener}, not disabled by a writer of the topic in this process). */
    boolean handsOff() {
        return handOff != null && handOff.enabled();
    }

    /** The role thread takes from now on (a writer of this topic opened in this process). */
    void stopHandOff() {
        if (handOff != null) {
            handOff.disable();
        }
    }

    @Override
    public int await(MessageHandler handler, int limit, long timeoutNs) {
        if (handOff != null && handOff.enabled()) {
            return handOff.await(handler, limit, timeoutNs);
        }
        long deadline = System.nanoTime() + timeoutNs;
        idle.reset();
        while (true) {
            int n = poll(handler, limit);
            if (n > 0) {
                Idle.arrived(idle);
                return n;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return 0;
            }
            flush.accept(0); // about to wait: whatever this thread wrote goes out now
            if (waitset != 0) {
                dds.waitsetWait(waitset, left);
            } else {
                idle.idle(0);
            }
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (handOff != null) {
                handOff.close();
            }
            next = withData;
            if (waitset != 0) {
                dds.delete(waitset);
            }
            dds.delete(reader); // waits for a listener call in progress, which may be taking into the samples
            samples.close(dds);
        }
    }
}
