package wirebench.runner.pubsub;

import java.util.HashMap;
import java.util.Map;

/**
 * What a subscriber received of one data size: Perftest's counting (PERFTEST-FORMATS.md section 3).
 * Samples and payload bytes (-dataLen per sample), loss from per-publisher sequence gaps (a lower
 * sequence resynchronises), per-interval integer rates with incremental means, and the summary rate
 * over first sample to FINISHED.
 *
 * <p>One departure from Perftest, whose subscriber lets the first sample it receives only initialise
 * the sequence: a wirebench publisher numbers each size's samples from 0, so samples lost before the
 * first one received are counted too (gap from 0), and so is a publisher of which nothing arrived
 * (FINISHED's last sequence + 1). Received + lost is then exactly what each publisher sent.
 */
final class ThroughputStats {
    final int sizeBytes;
    long packets;
    long bytes;
    long lost;
    long firstSampleNs;
    /** The sequence number of every publisher's first sample of a size. */
    static final long FIRST_SEQ = 0;
    private final Map<Integer, long[]> lastSeqByPublisher = new HashMap<>();

    private long prevPackets;
    private long prevBytes;
    private long prevNs;
    private long intervals;
    double avePacketsPerS;
    double aveBytesPerS;
    long lastPacketsPerS;
    double lastMbps;

    ThroughputStats(int sizeBytes, long nowNs) {
        this.sizeBytes = sizeBytes;
        this.firstSampleNs = nowNs;
        this.prevNs = nowNs;
    }

    void onSample(int publisherId, long seq) {
        packets++;
        bytes += sizeBytes;
        long[] last = lastSeqByPublisher.get(publisherId);
        if (last == null) {
            lastSeqByPublisher.put(publisherId, new long[] {seq});
            lost += Math.max(0, seq - FIRST_SEQ);
            return;
        }
        if (seq > last[0] + 1) {
            lost += seq - (last[0] + 1);
        }
        last[0] = seq;
    }

    /** FINISHED from {@code publisherId}: samples after the last one received were lost. */
    void onFinished(int publisherId, long lastSeqSent) {
        long[] last = lastSeqByPublisher.computeIfAbsent(publisherId, k -> new long[] {FIRST_SEQ - 1});
        if (lastSeqSent > last[0]) {
            lost += lastSeqSent - last[0];
            last[0] = lastSeqSent;
        }
    }

    double lostPct() {
        return packets + lost == 0 ? 0 : (float) (lost * 100.0 / (float) (packets + lost));
    }

    /** Closes an interval at {@code nowNs}; false when it held no samples (Perftest skips those). */
    boolean interval(long nowNs) {
        long deltaUs = (nowNs - prevNs) / 1000;
        if (packets == prevPackets || deltaUs <= 0) {
            prevNs = nowNs;
            return false;
        }
        long mps = (packets - prevPackets) * 1_000_000 / deltaUs;
        long bps = (bytes - prevBytes) * 1_000_000 / deltaUs;
        intervals++;
        avePacketsPerS += (mps - avePacketsPerS) / intervals;
        aveBytesPerS += (bps - aveBytesPerS) / intervals;
        lastPacketsPerS = mps;
        lastMbps = bps * 8.0 / 1000.0 / 1000.0;
        prevPackets = packets;
        prevBytes = bytes;
        prevNs = nowNs;
        return true;
    }

    double aveMbpsIntervals() {
        return aveBytesPerS * 8.0 / 1000.0 / 1000.0;
    }

    /** Summary samples/s over first sample to {@code endNs}, truncated as Perftest does. */
    long summaryPacketsPerS(long endNs) {
        long us = Math.max(1, (endNs - firstSampleNs) / 1000);
        return packets * 1_000_000 / us;
    }

    double summaryMbps(long endNs) {
        long us = Math.max(1, (endNs - firstSampleNs) / 1000);
        return bytes * 1_000_000.0 / us * 8.0 / 1000.0 / 1000.0;
    }
}
