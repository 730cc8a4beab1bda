package wirebench.runner.pubsub;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;

import wirebench.contract.LatencySummary;

/**
 * One-way latencies of one data size in ns ({@link LatencySummary} over an HdrHistogram of 3
 * significant decimal digits), shown in us. One-way = RTT / 2.
 *
 * <p>Besides the whole test's histogram it keeps the test as consecutive <b>intervals</b> of equal
 * sample counts (a fixed share of the samples, not of time): intervals of
 * {@value #FIRST_INTERVAL_SAMPLES} samples, and whenever {@value #MAX_INTERVALS} are full, adjacent
 * pairs are merged and the interval size doubles. A test of n >= 1600 samples thus ends with 32 to
 * 64 intervals (plus the last, partly filled one), whatever its length; they are written to the
 * {@code .hlog} so that {@code compare} can judge a single run from its intervals.
 *
 * <p>Recording allocates nothing once the test runs: the interval histograms are made when the
 * stats are ({@value #MAX_INTERVALS} of them, sized for {@value #INTERVAL_HIGHEST_NS} ns and growing
 * past that only for a slower sample), and a merge hands the emptied half back for the next
 * intervals. Before, each interval was a new histogram that grew as it filled: about 8 MB/s of
 * garbage at a quiet machine's 45 000 round trips/s, a young collection every 1.5 s in the
 * publisher, each a 13-38 ms stall inside the measured window (docs/pubsub.md, "The publisher's
 * garbage").
 */
final class LatencyStats {
    /** HdrHistogram precision: 3 significant digits (0.1% value resolution). */
    static final int SIGNIFICANT_DIGITS = 3;
    private static final long HIGHEST_NS = 3_600_000_000_000L;

    final Histogram histogram = new Histogram(1, HIGHEST_NS, SIGNIFICANT_DIGITS);
    private final LatencySummary summary = new LatencySummary(histogram);
    long lastNs;
    /** When the measured window opened (the histogram log's base time): when made, or {@link #open()}. */
    long startEpochMs = System.currentTimeMillis();
    /** The next interval's start: the window's start for the first, then Long.MAX_VALUE (its first sample's time). */
    private long pendingStartMs = startEpochMs;
    /** Samples in the first intervals. */
    static final int FIRST_INTERVAL_SAMPLES = 50;
    /** At this many full intervals, adjacent pairs are merged. */
    static final int MAX_INTERVALS = 64;
    /** What an interval histogram covers before it grows (auto-resize): 1 ms. */
    static final long INTERVAL_HIGHEST_NS = 1_000_000L;
    private final List<Histogram> intervals = new ArrayList<>();
    /** Interval histograms not in use: made up front, refilled by {@link #mergePairs}. */
    private final ArrayDeque<Histogram> spare = new ArrayDeque<>();
    private Histogram current;
    private long intervalSamples = FIRST_INTERVAL_SAMPLES;

    private long negative;

    LatencyStats() {
        for (int i = 0; i < MAX_INTERVALS; i++) {
            spare.push(newInterval());
        }
    }

    /**
     * Records one one-way latency. A negative one (an echoed timestamp later than this clock: a
     * corrupt pong) is not a latency: it is counted ({@link #negative()}) and not recorded, never
     * clamped into the statistics. Returns whether the value was recorded.
     */
    boolean record(long oneWayNs) {
        if (oneWayNs < 0) {
            negative++;
            return false;
        }
        long v = Math.max(1, Math.min(oneWayNs, HIGHEST_NS));
        summary.record(v);
        if (current == null) {
            current = spareHistogram();
            // no branch on whether this is the first interval: a latency test's warm-up records into
            // statistics of its own for seconds, so a branch taken only by the window's first interval
            // would be compiled as a trap and taking it would throw the compiled receive path away
            current.setStartTimeStamp(Math.min(pendingStartMs, System.currentTimeMillis()));
            pendingStartMs = Long.MAX_VALUE;
        }
        current.recordValue(v);
        if (current.getTotalCount() >= intervalSamples) {
            current.setEndTimeStamp(System.currentTimeMillis());
            intervals.add(current);
            current = null;
            if (intervals.size() >= MAX_INTERVALS) {
                mergePairs();
            }
        }
        lastNs = v;
        return true;
    }

    /** The measured window opens now: the first interval and the histogram log start here. */
    void open() {
        startEpochMs = System.currentTimeMillis();
        pendingStartMs = startEpochMs;
    }

    /** An empty interval histogram: a spare one, or a new one when none is left (not while recording, see the class doc). */
    private Histogram spareHistogram() {
        Histogram h = spare.poll();
        return h != null ? h : newInterval();
    }

    /** An interval histogram: {@value #INTERVAL_HIGHEST_NS} ns at first, growing for a slower sample. */
    private static Histogram newInterval() {
        Histogram h = new Histogram(1, INTERVAL_HIGHEST_NS, SIGNIFICANT_DIGITS);
        h.setAutoResize(true);
        return h;
    }

    /** Interval histograms made but not in use (for tests: recording takes from and merging returns to them). */
    int spareCount() {
        return spare.size();
    }

    /** How many negative latencies were refused. */
    long negative() {
        return negative;
    }

    /** Merges adjacent pairs in place; the emptied one of each pair becomes a spare. */
    private void mergePairs() {
        int pairs = intervals.size() / 2;
        for (int i = 0; i < pairs; i++) {
            Histogram a = intervals.get(2 * i);
            Histogram b = intervals.get(2 * i + 1);
            // into the one that covers more (it grew for a slow sample): adding needs no resize then
            Histogram into = b.getHighestTrackableValue() > a.getHighestTrackableValue() ? b : a;
            Histogram from = into == a ? b : a;
            into.add(from);
            into.setStartTimeStamp(a.getStartTimeStamp());
            into.setEndTimeStamp(b.getEndTimeStamp());
            intervals.set(i, into);
            from.reset();
            spare.push(from);
        }
        int kept = pairs;
        if (intervals.size() % 2 == 1) {
            intervals.set(kept++, intervals.get(intervals.size() - 1)); // an unpaired last one stays as it is
        }
        while (intervals.size() > kept) {
            intervals.remove(intervals.size() - 1);
        }
        intervalSamples *= 2;
    }

    /**
     * The test's intervals in time order; their sum is the whole test's histogram. The last, partly
     * filled interval is its own when it holds at least half an interval's samples, else it is
     * added to the one before (so no interval is less than half the others' size).
     */
    List<Histogram> intervals() {
        List<Histogram> out = new ArrayList<>();
        intervals.forEach(h -> out.add(h.copy()));
        if (current != null) {
            Histogram last = current.copy();
            last.setEndTimeStamp(System.currentTimeMillis());
            if (out.isEmpty() || last.getTotalCount() * 2 >= intervalSamples) {
                out.add(last);
            } else {
                Histogram before = out.get(out.size() - 1);
                before.add(last);
                before.setEndTimeStamp(last.getEndTimeStamp());
            }
        }
        return out;
    }

    long count() {
        return summary.count();
    }

    double aveUs() {
        return summary.mean() / 1000.0;
    }

    /** Population standard deviation (divide by n), as Perftest computes it. */
    double stdUs() {
        return summary.std() / 1000.0;
    }

    double minUs() {
        return summary.min() / 1000.0;
    }

    double maxUs() {
        return summary.max() / 1000.0;
    }

    /** The value at {@code percentile} (0..100) in us, capped at the exact maximum. */
    double percentileUs(double percentile) {
        return summary.percentile(percentile) / 1000.0;
    }
}
