package wirebench.runner.transport.dds;

import org.agrona.DirectBuffer;

/**
 * What the DDS engine takes beyond {@link wirebench.runner.transport.TransportSettings}: the
 * Perftest options with a DDS meaning, mapped by the harness (docs/dds.md).
 *
 * @param domainId          the DDS domain id, 0..232 (ports 7400 + 250 x id; Perftest's {@code -domain})
 * @param keyed             a keyed topic type (KeyedSeq): each message is written to the instance
 *                          {@code keyOf} names; else UnkeyedSeq, one instance
 * @param historyDepth      KEEP_LAST depth of writers and readers; 0 = KEEP_ALL
 * @param maxSamples        resource limit max_samples of readers and writers; -1 = unlimited
 * @param waitset           a receiver waits for data in a Cyclone waitset (the kernel) instead of
 *                          polling with the harness's idle strategy
 * @param socketBufferBytes the largest UDP socket receive/send buffer Cyclone asks for
 * @param keyOf             the instance of a message (the harness knows its layout; the engine does not)
 * @param writeBatch        Cyclone's write batching (Internal/WriteBatch, what ddsperf turns on): samples
 *                          are packed into RTPS messages until one is full or the writer is flushed
 * @param durability        Perftest's {@code -durability}: {@link #VOLATILE} or {@link #TRANSIENT_LOCAL}
 *                          (writers and readers of both topics)
 * @param sendQueueSize     Perftest's {@code -sendQueueSize}: the messages a reliable writer may have
 *                          unacknowledged before it waits (Cyclone's WHC high-water mark, this many
 *                          largest messages); 0 = Cyclone's default watermarks
 * @param handOff           {@code -ddsDelivery listener} (the default): a DATA reader delivers to the harness in
 *                          Cyclone's receive thread while the role thread parks ({@link HandOff}); false
 *                          ({@code -ddsDelivery role}): the role thread takes (polling, or in a waitset)
 */
public record DdsSettings(int domainId, boolean keyed, int historyDepth, int maxSamples, boolean waitset,
        int socketBufferBytes, KeyOf keyOf, boolean writeBatch, int durability, int sendQueueSize,
        boolean handOff) {

    /** {@code DDS_DURABILITY_VOLATILE}, Perftest's {@code -durability 0}. */
    public static final int VOLATILE = 0;
    /** {@code DDS_DURABILITY_TRANSIENT_LOCAL}, Perftest's {@code -durability 1}. */
    public static final int TRANSIENT_LOCAL = 1;
    /**
     * What a transient-local writer keeps for late joiners when its history is KEEP_ALL: Perftest's
     * default send queue (50 samples) per instance, so that a long run's memory stays bounded.
     */
    public static final int KEEP_ALL_LATE_JOINER_DEPTH = 50;

    /** The highest DDS domain id whose ports fit (7400 + 250 x 232 + ...). */
    public static final int MAX_DOMAIN_ID = 232;
    /** The default socket buffer: 4 MiB. */
    public static final int DEFAULT_SOCKET_BUFFER_BYTES = 4 << 20;

    /** The instance key of a message. */
    @FunctionalInterface
    public interface KeyOf {
        int key(DirectBuffer buffer, int offset, int lengthBytes);
    }

    /**
     * Perftest's defaults: KEEP_ALL when reliable, KEEP_LAST 1000 best effort (a reader slower than the
     * writer loses samples); polling; best effort, DATA delivered in the receive thread ({@link HandOff}).
     */
    public static DdsSettings defaults(int domainId, boolean keyed, boolean reliable) {
        return new DdsSettings(domainId, keyed, reliable ? 0 : 1000, -1, false, DEFAULT_SOCKET_BUFFER_BYTES,
                (b, o, l) -> 0, false, VOLATILE, 0, !reliable);
    }

    /** These settings with another history depth (0 = KEEP_ALL). */
    public DdsSettings withHistoryDepth(int depth) {
        return new DdsSettings(domainId, keyed, depth, maxSamples, waitset, socketBufferBytes, keyOf, writeBatch, durability, sendQueueSize, handOff);
    }

    /** These settings with receivers waiting in a waitset ({@code true}) or polling. */
    public DdsSettings withWaitset(boolean wait) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, wait, socketBufferBytes, keyOf, writeBatch, durability, sendQueueSize, handOff);
    }

    /** These settings with the instance of each message taken from {@code k}. */
    public DdsSettings withKeyOf(KeyOf k) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, waitset, socketBufferBytes, k, writeBatch, durability, sendQueueSize, handOff);
    }

    /** These settings with Cyclone's write batching on ({@code true}) or off. */
    public DdsSettings withWriteBatch(boolean batch) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, waitset, socketBufferBytes, keyOf, batch, durability, sendQueueSize, handOff);
    }

    /** These settings with Perftest's durability ({@link #VOLATILE} or {@link #TRANSIENT_LOCAL}) and send queue (0 = default). */
    public DdsSettings withQos(int durabilityKind, int queue) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, waitset, socketBufferBytes, keyOf, writeBatch,
                durabilityKind, queue, handOff);
    }

    /** These settings with delivery in Cyclone's receive thread ({@code true}) or in the role thread. */
    public DdsSettings withHandOff(boolean listener) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, waitset, socketBufferBytes, keyOf, writeBatch,
                durability, sendQueueSize, listener);
    }

    /** The history a transient-local writer keeps for late joiners: its own KEEP_LAST depth, else {@link #KEEP_ALL_LATE_JOINER_DEPTH}. */
    public int lateJoinerDepth() {
        return historyDepth > 0 ? historyDepth : KEEP_ALL_LATE_JOINER_DEPTH;
    }
}
