package wirebench.runner.transport.dds;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Sender;

/**
 * A Cyclone writer: {@link #offer} points one native sample at the message (the harness's direct
 * buffer itself, else a native copy) and calls {@code dds_write}, which serialises it before it
 * returns. Until a reader has matched, offer returns false (a write then would reach nobody); a
 * reliable writer whose unacknowledged data stays above Cyclone's high-water mark for the max blocking
 * time ({@link DdsTransport#MAX_BLOCKING_NS}) returns DDS_RETCODE_TIMEOUT: back pressure, false. Over
 * shared memory a write that finds no free iceoryx chunk (Cyclone tries for about 10 ms) returns
 * DDS_RETCODE_OUT_OF_RESOURCES: back pressure too. In Cyclone's receive thread (a {@link HandOff}
 * listener call) back pressure would never end, since that thread reads the acknowledgements: there a
 * refused write, and every write after it in the call, is kept for the role thread and counts as done.
 */
final class DdsSender implements Sender {
    private final Cyclone dds;
    private final int writer;
    private final DdsSettings.KeyOf keyOf;
    private final boolean keyed;
    private final UnsafeBuffer sample = Cyclone.memory(TopicType.SAMPLE_BYTES);
    private final UnsafeBuffer status = Cyclone.memory(Cyclone.MATCHED_STATUS_BYTES);
    private UnsafeBuffer copy = Cyclone.memory(64);
    private final boolean batching;
    private boolean matched;
    private int seq;
    /** With write batching: when the oldest write not yet flushed went in (0: none pending), and by which thread. */
    private long pendingSinceNs;
    private Thread writerThread;
    private boolean closed;
    /** Cyclone's statistics of the writer, read as it was deleted (null while it lives). */
    private java.util.Map<String, Long> lastStatistics;

    /** The writer statistics wirebench reads (Cyclone's names; the times in ns). */
    static final java.util.List<String> STATISTICS = java.util.List.of("throttle_count", "time_throttle", "rexmit_bytes",
            "time_rexmit");

    DdsSender(Cyclone dds, int writer, DdsSettings settings) {
        this.dds = dds;
        this.writer = writer;
        this.keyOf = settings.keyOf();
        this.keyed = settings.keyed();
        this.batching = settings.writeBatch();
    }

    @Override
    public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
        if (!matched) {
            matched = dds.matchedNow(writer, true, status) > 0;
            if (!matched) {
                return false;
            }
        }
        HandOff listenerCall = HandOff.calling();
        if (listenerCall != null && listenerCall.keeping()) {
            listenerCall.keep(this, buffer, offset, lengthBytes); // after a kept write: kept too, in order
            return true;
        }
        long address;
        if (buffer.byteArray() == null && buffer.addressOffset() != 0) {
            address = buffer.addressOffset() + offset;
        } else {
            if (copy.capacity() < lengthBytes) {
                copy = Cyclone.memory(lengthBytes);
            }
            copy.putBytes(0, buffer, offset, lengthBytes);
            address = copy.addressOffset();
        }
        sample.putInt(TopicType.SEQ_AT, seq);
        sample.putInt(TopicType.KEY_AT, keyed ? keyOf.key(buffer, offset, lengthBytes) : 0);
        sample.putInt(8, lengthBytes);
        sample.putInt(TopicType.LENGTH_AT, lengthBytes);
        sample.putLong(TopicType.BUFFER_AT, address);
        int rc = dds.write(writer, sample.addressOffset());
        if (rc == Cyclone.RETCODE_TIMEOUT || rc == Cyclone.RETCODE_OUT_OF_RESOURCES) {
            if (listenerCall != null) {
                listenerCall.keep(this, buffer, offset, lengthBytes);
                return true;
            }
            return false;
        }
        if (rc < 0) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "Cyclone DDS: dds_write failed: "
                    + dds.errorText(rc));
        }
        seq++;
        if (batching && pendingSinceNs == 0) {
            pendingSinceNs = Math.max(1, System.nanoTime());
            writerThread = Thread.currentThread();
        }
        return true;
    }

    /**
     * With write batching: sends what the writer holds back when its oldest write is at least
     * {@code minAgeNs} old, if the calling thread is the one that wrote it (the role that waits
     * flushes its own writes: a ping or a pong then never waits for the batch to fill).
     */
    void flushIfPending(long minAgeNs) {
        if (pendingSinceNs != 0 && writerThread == Thread.currentThread()
                && System.nanoTime() - pendingSinceNs >= minAgeNs) {
            pendingSinceNs = 0;
            dds.writeFlush(writer);
        }
    }

    /** Cyclone's statistics of this writer ({@link #STATISTICS} that this libddsc keeps), now or as it was deleted. */
    synchronized java.util.Map<String, Long> statistics() {
        return lastStatistics != null ? lastStatistics : dds.statistics(writer, STATISTICS);
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            try {
                lastStatistics = dds.statistics(writer, STATISTICS);
            } catch (RuntimeException e) {
                lastStatistics = java.util.Map.of(); // the counters are a diagnostic: their loss never fails the run
            }
            dds.delete(writer);
        }
    }
}
