package wirebench.runner.pubsub;

import java.util.HashMap;
import java.util.Map;

import wirebench.runner.results.RateSlices;

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
 *
 * <p>Hostile input: a sequence number beyond what a publisher can have sent (see
 * {@link #onSample(int, long, long)}) is a stray, never loss, and FINISHED caps each publisher's loss
 * at what it sent less what arrived: loss larger than what was sent cannot be reported.
 */
final class ThroughputStats {
    final int sizeBytes;
    long packets;
    long bytes;
    long lost;
    long firstSampleNs;
    /** The samples received per time slice, from the first on ({@link RateSlices}). */
    final RateSlices slices;
    /** The sequence number of every publisher's first sample of a size. */
    static final long FIRST_SEQ = 0;
    /**
     * Faster than any publisher sends (samples/s; the fastest measured here, Aeron IPC with batching,
     * is about 30 M/s): a sequence number further ahead than this rate allows is not the publisher's.
     */
    static final long MAX_SAMPLES_PER_S = 1_000_000_000L;
    /** Sequence numbers a publisher may be ahead regardless of time (clock granularity, late start). */
    static final long SEQ_SLACK = 1L << 24;
    /** Samples and FINISHED messages whose sequence number no publisher can have sent (forged, corrupt). */
    long straySamples;
    /** Before the publisher's first sample of the size can have been sent (the subscriber's start), ns. */
    private final long originNs;
    private final Map<Integer, Sequence> publishers = new HashMap<>();
    /** The publisher of the previous sample and its entry (null: none yet): most samples come from the same one. */
    private Sequence lastPublisher;
    private int lastPublisherId;

    /** Per publisher: the last sequence number, when it arrived, samples received and lost. */
    private static final class Sequence {
        long lastSeq = FIRST_SEQ - 1;
        long lastNs = Long.MIN_VALUE / 2;
        long received;
        long lost;
    }

    private long prevPackets;
    private long prevBytes;
    private long prevNs;
    private long intervals;
    double avePacketsPerS;
    double aveBytesPerS;
    long lastPacketsPerS;
    double lastMbps;

    ThroughputStats(int sizeBytes, long nowNs) {
        this(sizeBytes, nowNs, Long.MIN_VALUE / 2);
    }

    /** @param originNs a time before which no publisher sent a sample of this size (the subscriber's start) */
    ThroughputStats(int sizeBytes, long nowNs, long originNs) {
        this.sizeBytes = sizeBytes;
        this.firstSampleNs = nowNs;
        this.slices = new RateSlices(nowNs);
        this.prevNs = nowNs;
        this.originNs = originNs;
    }

    /** Loss from sequence gaps; {@code nowNs} (the arrival) only judges whether {@code seq} is plausible. */
    void onSample(int publisherId, long seq) {
        onSample(publisherId, seq, Long.MAX_VALUE / 2);
    }

    /**
     * A sample of {@code publisherId} arrived at {@code nowNs}: counted, with the gap before it as
     * lost, unless its sequence number lies beyond what the publisher can have sent by now (more than
     * {@link #MAX_SAMPLES_PER_S} since its previous sample, or since {@code originNs} for its first,
     * plus {@link #SEQ_SLACK}): then it is a stray (forged or corrupt), counted in
     * {@link #straySamples} only. Returns whether it was counted.
     */
    boolean onSample(int publisherId, long seq, long nowNs) {
        Sequence p = lastPublisher != null && lastPublisherId == publisherId ? lastPublisher : publishers.get(publisherId);
        long last = p == null ? FIRST_SEQ - 1 : p.lastSeq;
        // last + 1 >= 0 and seq >= 0: no overflow, even for Long.MAX_VALUE
        if (seq < 0 || seq - (last + 1) >= plausibleAdvance(p == null ? originNs : p.lastNs, nowNs)) {
            straySamples++;
            return false;
        }
        if (p == null) {
            p = new Sequence();
            publishers.put(publisherId, p);
        }
        lastPublisher = p;
        lastPublisherId = publisherId;
        packets++;
        bytes += sizeBytes;
        slices.add(nowNs, 1);
        p.received++;
        if (seq > last + 1) {
            p.lost += seq - (last + 1);
            lost += seq - (last + 1);
        }
        p.lastSeq = seq;
        p.lastNs = Math.max(p.lastNs, nowNs);
        return true;
    }

    /** FINISHED from {@code publisherId}: samples after the last one received were lost. */
    void onFinished(int publisherId, long lastSeqSent) {
        onFinished(publisherId, lastSeqSent, Long.MAX_VALUE / 2);
    }

    /**
     * FINISHED from {@code publisherId} naming the last sequence number it sent: samples after the
     * last one received were lost, and the publisher's loss is capped at what it sent less what
     * arrived, so that loss never exceeds what was sent. False (nothing changed, a stray) when the
     * sequence number is beyond what the publisher can have sent by {@code nowNs}.
     */
    boolean onFinished(int publisherId, long lastSeqSent, long nowNs) {
        Sequence p = publishers.get(publisherId);
        long last = p == null ? FIRST_SEQ - 1 : p.lastSeq;
        if (lastSeqSent < FIRST_SEQ - 1
                || lastSeqSent - (last + 1) >= plausibleAdvance(p == null ? originNs : p.lastNs, nowNs)) {
            straySamples++;
            return false;
        }
        if (p == null) {
            p = new Sequence();
            publishers.put(publisherId, p);
        }
        if (lastSeqSent > p.lastSeq) {
            p.lost += lastSeqSent - p.lastSeq;
            lost += lastSeqSent - p.lastSeq;
            p.lastSeq = lastSeqSent;
        }
        long sent = lastSeqSent + 1 - FIRST_SEQ;
        long possible = Math.max(0, sent - p.received);
        if (p.lost > possible) {
            lost -= p.lost - possible;
            p.lost = possible;
        }
        return true;
    }

    /** How far a publisher's sequence can have advanced between {@code sinceNs} and {@code nowNs}. */
    static long plausibleAdvance(long sinceNs, long nowNs) {
        long us = Math.max(0, nowNs - sinceNs) / 1000;
        long perUs = MAX_SAMPLES_PER_S / 1_000_000;
        return us > (Long.MAX_VALUE - SEQ_SLACK) / perUs ? Long.MAX_VALUE : SEQ_SLACK + us * perUs;
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
