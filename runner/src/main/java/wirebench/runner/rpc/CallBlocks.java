package wirebench.runner.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The calls of one case cut into consecutive blocks of equal call counts in the order they
 * completed (all client threads together): each block's call latencies and its span of time, the
 * previous block's end to the completion of its last call. The blocks tile the case's time, so a
 * block's calls over its span is the case's rate in that part of the run. What {@code compare}
 * judges two single runs' cases on (docs/rpc.md, docs/compare.md). Up to {@value #MAX_BLOCKS}
 * blocks of at least {@value #MIN_CALLS_PER_BLOCK} calls: in memory, 32 histograms a case whatever
 * its length.
 */
public final class CallBlocks {
    static final int MAX_BLOCKS = 32;
    static final int MIN_CALLS_PER_BLOCK = 5;

    /** One block: its start after the case's start, its length and the latency of each of its calls (ns). */
    public record Block(long startNs, long durationNs, Histogram latencyNs) {
    }

    private final long expected;
    private final int count;
    private final Histogram[] histograms;
    private final long[] endNs;
    private final AtomicLong completed = new AtomicLong();
    private long startNs;

    CallBlocks(long expectedCalls) {
        this.expected = Math.max(1, expectedCalls);
        this.count = (int) Math.max(1, Math.min(MAX_BLOCKS, expected / MIN_CALLS_PER_BLOCK));
        this.histograms = new Histogram[count];
        for (int i = 0; i < count; i++) {
            histograms[i] = new ConcurrentHistogram(3);
        }
        this.endNs = new long[count];
    }

    /** The case's timed part starts (before the threads are released). */
    void start(long nowNs) {
        startNs = nowNs;
    }

    private int block(long k) {
        return (int) Math.min(count - 1, k * count / expected);
    }

    /** A call of {@code callNs} completed at {@code nowNs} (any thread). */
    void record(long callNs, long nowNs) {
        long k = completed.getAndIncrement();
        int b = block(k);
        histograms[b].recordValue(callNs);
        if (k + 1 >= expected || block(k + 1) != b) {
            endNs[b] = nowNs;
        }
    }

    /**
     * The finished blocks in order, once every thread has ended (their end happens-before this
     * call); a block whose last call never completed (an aborted case) ends the list.
     */
    List<Block> blocks() {
        List<Block> out = new ArrayList<>();
        long from = startNs;
        for (int b = 0; b < count && endNs[b] != 0; b++) {
            out.add(new Block(from - startNs, Math.max(1, endNs[b] - from), histograms[b]));
            from = Math.max(from, endNs[b]);
        }
        return out;
    }
}
