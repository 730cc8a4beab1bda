package wirebench.runner.transport.dds;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * Sample memory a reader keeps from one {@code dds_take} to the next, instead of a loan returned per
 * take: {@code capacity} zeroed samples of {@link TopicType} in native memory and the array of their
 * pointers, filled once, which {@code dds_take} is given as its buffer. Cyclone deserialises into
 * samples it is given: a sample's octet sequence gets a buffer of its own the first time
 * ({@code _release} set), which later takes reuse, growing it only for a longer message. A loan
 * ({@code dds_take} with a null first pointer) instead mallocs each sample's octet buffer as it is
 * deserialised and frees it, then zeroes the loan's samples, in {@code dds_return_loan}: two heap
 * calls per sample and a memset per take that this saves. The octet buffers stay until {@link #close},
 * as large as the largest messages the slots have held (a take's peak, as a loan's while it is out).
 *
 * <p>Not thread-safe: one thread takes at a time (the reader's {@link HandOff} orders its two threads).
 */
final class KeptSamples {
    /** What run.json's {@code engine.take} says. */
    static final String MODE = "kept sample memory: dds_take deserialises into samples the reader keeps, their octet"
            + " buffers reused from take to take (no loan, no dds_return_loan)";

    private final UnsafeBuffer samples;
    private final UnsafeBuffer pointers;
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);
    /** Slots a take has filled at least once: the ones that may hold an octet buffer to free. */
    private int used;

    KeptSamples(int capacity) {
        samples = Cyclone.memory(capacity * TopicType.SAMPLE_BYTES);
        pointers = Cyclone.memory(capacity * 8);
        for (int i = 0; i < capacity; i++) {
            pointers.putLong(i * 8, samples.addressOffset() + (long) i * TopicType.SAMPLE_BYTES);
        }
    }

    /** The address of the pointer array, {@code dds_take}'s {@code buf}. */
    long buffers() {
        return pointers.addressOffset();
    }

    /** Notes that a take filled slots 0..n-1. */
    void filled(int n) {
        used = Math.max(used, n);
    }

    /** The address of sample {@code i}. */
    long sample(int i) {
        return pointers.getLong(i * 8);
    }

    /** Frees the octet buffers Cyclone allocated (after the readers that took into these samples are deleted). */
    void close(Cyclone dds) {
        for (int i = 0; i < used; i++) {
            view.wrap(sample(i), TopicType.SAMPLE_BYTES);
            long buffer = view.getLong(TopicType.BUFFER_AT);
            if (buffer != 0 && view.getByte(TopicType.RELEASE_AT) != 0) {
                dds.free(buffer);
            }
            view.putLong(TopicType.BUFFER_AT, 0);
            view.putInt(TopicType.MAXIMUM_AT, 0);
            view.putInt(TopicType.LENGTH_AT, 0);
        }
        used = 0;
    }
}
