package wirebench.runner.results;

import java.util.ArrayList;
import java.util.List;

/**
 * What a receiver got of one test point (a pub/sub subscriber's samples of one size, the UDP
 * server's datagrams of one run), counted in consecutive time slices of equal length from the first
 * arrival on, so that {@code compare} can judge a single run's throughput from the variation
 * within it (docs/compare.md). Slices start at {@value #FIRST_SLICE_NS} ns;
 * whenever a sample falls beyond {@value #MAX_SLICES} slices, adjacent pairs are merged and the
 * slice length doubles: a test of at least {@code 32 * FIRST_SLICE_NS} ends with 32 to 64 slices
 * whatever its length, in fixed memory. Written as {@code pubsub-throughput-intervals.csv} and
 * {@code udp-intervals.csv} rows (docs/results-format.md).
 */
public final class RateSlices {
    /** The first slices' length, ns. */
    public static final long FIRST_SLICE_NS = 1_000_000;
    /** At most this many slices are kept; adjacent pairs are merged when one more is needed. */
    public static final int MAX_SLICES = 64;

    /** One slice: its start after the first sample, its length and the samples received in it. */
    public record Slice(long startNs, long durationNs, long samples) {
    }

    private final long originNs;
    private final long[] samples = new long[MAX_SLICES];
    private long sliceNs = FIRST_SLICE_NS;
    private int current;
    private long currentEndNs;

    /** Slices from {@code originNs} (the first sample's arrival) on. */
    public RateSlices(long originNs) {
        this.originNs = originNs;
        this.currentEndNs = originNs + sliceNs;
    }

    /** {@code n} samples arrived at {@code nowNs}. */
    public void add(long nowNs, long n) {
        if (nowNs < currentEndNs && nowNs >= currentEndNs - sliceNs) {
            samples[current] += n; // the usual case: no division
            return;
        }
        long at = Math.max(0, nowNs - originNs);
        while (at / sliceNs >= MAX_SLICES) {
            mergePairs();
        }
        current = (int) (at / sliceNs);
        currentEndNs = originNs + (current + 1) * sliceNs;
        samples[current] += n;
    }

    private void mergePairs() {
        for (int i = 0; i < MAX_SLICES / 2; i++) {
            samples[i] = samples[2 * i] + samples[2 * i + 1];
        }
        java.util.Arrays.fill(samples, MAX_SLICES / 2, MAX_SLICES, 0);
        sliceNs *= 2;
        current /= 2;
        currentEndNs = originNs + (current + 1) * sliceNs;
    }

    /**
     * The slices from the first sample to {@code endNs} (the end of the test, as its summary rate
     * counts it). The last slice ends at {@code endNs}; when it is shorter than half a slice it is
     * added to the one before, so no slice is shorter than half the others.
     */
    public List<Slice> slices(long endNs) {
        long span = Math.max(1, endNs - originNs);
        while ((span + sliceNs - 1) / sliceNs > MAX_SLICES) {
            mergePairs();
        }
        int n = (int) ((span + sliceNs - 1) / sliceNs);
        List<Slice> out = new ArrayList<>();
        long late = 0; // samples stamped after endNs (none when endNs is the last arrival or later)
        for (int i = n; i < MAX_SLICES; i++) {
            late += samples[i];
        }
        for (int i = 0; i < n; i++) {
            long start = i * sliceNs;
            out.add(new Slice(start, Math.min(sliceNs, span - start), samples[i] + (i == n - 1 ? late : 0)));
        }
        Slice last = out.get(out.size() - 1);
        if (out.size() > 1 && last.durationNs() * 2 < sliceNs) {
            Slice before = out.get(out.size() - 2);
            out.set(out.size() - 2, new Slice(before.startNs(), before.durationNs() + last.durationNs(),
                    before.samples() + last.samples()));
            out.remove(out.size() - 1);
        }
        return out;
    }
}
