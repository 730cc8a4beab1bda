package wirebench.runner.udp;

import java.util.BitSet;
import java.util.List;

import wirebench.runner.results.RateSlices;

/**
 * What the server counts during one run: DATA datagrams and bytes, the arrival times of the first
 * and the last, unique sequence numbers (a bitmap), duplicates, reordering and RFC 3550 jitter.
 * Not thread-safe: one receive thread owns it. Times in nanoseconds of the caller's clock.
 *
 * <p>Reordering is counted as iperf3 counts "out of order": a datagram whose sequence number is
 * below the highest seen so far (and is not a duplicate). Jitter is RFC 3550 section 6.4.1 as
 * iperf3 computes it: the transit time {@code arrival - send time} of each datagram carrying a send
 * time, {@code D = |transit - previous transit|}, {@code J += (D - J) / 16}, reported in ms.
 */
final class RunStats {
    private final BitSet seen = new BitSet();
    private long datagrams;
    private long bytes;
    private long unique;
    private long unsequenced;
    private long duplicates;
    private long reordered;
    private long highestSeq = -1;
    private long firstArrivalNs;
    private long lastArrivalNs;
    private boolean haveTransit;
    private long previousTransitNs;
    private double jitterNs;
    private long jitterSamples;
    /** DATA datagrams per time slice from the first on (null before the first). */
    private RateSlices slices;

    /**
     * Counts one DATA datagram.
     *
     * @param seq        its sequence number, or -1 when the payload is too short to carry one
     * @param sendTimeNs the sender's clock at sending, or {@link Long#MIN_VALUE} when not carried
     */
    void onData(long arrivalNs, int lengthBytes, long seq, long sendTimeNs) {
        if (datagrams == 0) {
            firstArrivalNs = arrivalNs;
            slices = new RateSlices(arrivalNs);
        }
        slices.add(arrivalNs, 1);
        lastArrivalNs = arrivalNs;
        datagrams++;
        bytes += lengthBytes;
        if (seq < 0) {
            unsequenced++;
        } else if (seq > Integer.MAX_VALUE || !seen.get((int) seq)) {
            if (seq <= Integer.MAX_VALUE) {
                seen.set((int) seq);
            }
            unique++;
            if (seq > highestSeq) {
                highestSeq = seq;
            } else {
                reordered++;
            }
        } else {
            duplicates++;
        }
        if (sendTimeNs != Long.MIN_VALUE) {
            long transit = arrivalNs - sendTimeNs;
            if (haveTransit) {
                long d = Math.abs(transit - previousTransitNs);
                jitterNs += (d - jitterNs) / 16.0;
                jitterSamples++;
            }
            previousTransitNs = transit;
            haveTransit = true;
        }
    }

    /** Every DATA datagram received, duplicates included. */
    long datagrams() {
        return datagrams;
    }

    /** Distinct DATA datagrams: unique sequence numbers plus those too short to carry one. */
    long received() {
        return unique + unsequenced;
    }

    long bytes() {
        return bytes;
    }

    /** Duplicates, or -1 when no datagram carried a sequence number (not measurable). */
    long duplicates() {
        return unique == 0 && unsequenced > 0 ? -1 : duplicates;
    }

    /** Reordered datagrams, or -1 when not measurable. */
    long reordered() {
        return unique == 0 && unsequenced > 0 ? -1 : reordered;
    }

    /** Highest sequence number seen + 1: a lower bound of what was sent, when START and END were both lost. */
    long sequenceSpan() {
        return highestSeq + 1;
    }

    long firstArrivalNs() {
        return firstArrivalNs;
    }

    long lastArrivalNs() {
        return lastArrivalNs;
    }

    /** The DATA datagrams (duplicates included) per time slice, first arrival to {@code endNs}; none without data. */
    List<RateSlices.Slice> slices(long endNs) {
        return slices == null ? List.of() : slices.slices(endNs);
    }

    /** RFC 3550 jitter in ms, or NaN when fewer than two datagrams carried a send time. */
    double jitterMs() {
        return jitterSamples == 0 ? Double.NaN : jitterNs / 1e6;
    }
}
