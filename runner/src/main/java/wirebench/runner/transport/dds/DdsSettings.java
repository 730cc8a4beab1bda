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
 */
public record DdsSettings(int domainId, boolean keyed, int historyDepth, int maxSamples, boolean waitset,
        int socketBufferBytes, KeyOf keyOf, boolean writeBatch) {

    /** The highest DDS domain id whose ports fit (7400 + 250 x 232 + ...). */
    public static final int MAX_DOMAIN_ID = 232;
    /** The default socket buffer: 4 MiB. */
    public static final int DEFAULT_SOCKET_BUFFER_BYTES = 4 << 20;

    /** The instance key of a message. */
    @FunctionalInterface
    public interface KeyOf {
        int key(DirectBuffer buffer, int offset, int lengthBytes);
    }

    /** Perftest's defaults: KEEP_ALL when reliable, KEEP_LAST 1000 best effort (a reader slower than the writer loses samples); polling. */
    public static DdsSettings defaults(int domainId, boolean keyed, boolean reliable) {
        return new DdsSettings(domainId, keyed, reliable ? 0 : 1000, -1, false, DEFAULT_SOCKET_BUFFER_BYTES,
                (b, o, l) -> 0, false);
    }

    /** These settings with another history depth (0 = KEEP_ALL). */
    public DdsSettings withHistoryDepth(int depth) {
        return new DdsSettings(domainId, keyed, depth, maxSamples, waitset, socketBufferBytes, keyOf, writeBatch);
    }

    /** These settings with receivers waiting in a waitset ({@code true}) or polling. */
    public DdsSettings withWaitset(boolean wait) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, wait, socketBufferBytes, keyOf, writeBatch);
    }

    /** These settings with the instance of each message taken from {@code k}. */
    public DdsSettings withKeyOf(KeyOf k) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, waitset, socketBufferBytes, k, writeBatch);
    }

    /** These settings with Cyclone's write batching on ({@code true}) or off. */
    public DdsSettings withWriteBatch(boolean batch) {
        return new DdsSettings(domainId, keyed, historyDepth, maxSamples, waitset, socketBufferBytes, keyOf, batch);
    }
}
