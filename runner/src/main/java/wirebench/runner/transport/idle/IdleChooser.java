package wirebench.runner.transport.idle;

import java.util.Arrays;

/**
 * Chooses among candidate idle strategies by measuring waits; pure logic, fed with times (no clock
 * of its own), so tests drive it with synthetic timings.
 *
 * <p>Time is cut into cycles of {@link #CYCLE_NS} aligned to the wall clock (every process on a
 * host, and hosts within NTP's error, agree where a cycle starts). The first {@code candidates x}
 * {@link #SLOT_NS} of each cycle are trial slots, candidate {@code i} in slot {@code i}; the rest
 * of the cycle uses the incumbent. Publisher and subscriber therefore try the same candidate at the
 * same time, and a ping-pong's round trip measured in a slot is the round trip with both sides
 * waiting that way: the wall clock is the signal both sides share, no message carries it.
 *
 * <p>Score of a candidate: the median of its waits (ns, a wait = first idle call to the awaited
 * data) in its trial slots since the last decision; the incumbent is scored from its own slot too,
 * never from the waits outside the slots (there one side may still wait the other way, and both
 * sides would each see their incumbent's mixed round trips as worse and swap). Waits pool over
 * cycles until the comparison has evidence: a decision falls at a cycle's end when every candidate
 * has {@link #MIN_DECISION_SAMPLES} waits, or has at least {@link #MIN_SAMPLES} with a median over
 * {@link #ABORT_FACTOR} x a candidate that has them (a clear loss), or after {@link #MAX_POOL_CYCLES}
 * cycles with what there is. Under a busy loop per core the waits are time slices (milliseconds), a
 * 10 ms slot holds one or two, and a decision on them flipped the incumbent on noise. At a decision
 * the lowest score replaces the incumbent if it is below {@link #CLEAR_WIN} x the incumbent's score,
 * or below {@link #SWITCH_MARGIN} x it in two decisions in a row (publisher and subscriber decide
 * apart, each from its own waits: the hysteresis keeps noise from flipping one side and not the
 * other). Every wait that started in a slot counts for its candidate however long it lasts (a 6 ms
 * wait in a 10 ms slot is one sample of 6 ms); a candidate with no wait in its slots is not scored.
 * When even the lowest score is {@link #TIME_SLICE_NS} or more, every candidate lost the core for a
 * time slice (a busy loop beside: yielding hands it over at every wait, spinning only when the peer
 * is slow), the scores measure the other work, and the first candidate (the spin) is taken.
 * A candidate whose waits already have a median over {@link #ABORT_FACTOR} x the incumbent's score
 * (checked after {@link #MIN_SAMPLES}, then twice, four times as many waits in a slot) is abandoned
 * for the rest of its slot (a spin that cannot win backs off at once). Without traffic (no waits)
 * the incumbent stays.
 */
public final class IdleChooser {
    /** Length of one measure-and-use cycle: 500 ms. */
    public static final long CYCLE_NS = 500_000_000L;
    /** Length of one candidate's trial slot: 10 ms. */
    public static final long SLOT_NS = 10_000_000L;
    /** Waits a trial needs before it may be abandoned. */
    public static final int MIN_SAMPLES = 3;
    /** Waits a candidate needs before its score may decide a comparison it does not lose clearly. */
    public static final int MIN_DECISION_SAMPLES = 8;
    /** Cycles waits pool over at most before a decision is taken with what there is. */
    public static final int MAX_POOL_CYCLES = 4;
    /**
     * A median wait this long is a scheduler's time slice: when even the best candidate's is, the
     * first candidate (the one that holds the core longest) is chosen.
     */
    public static final long TIME_SLICE_NS = 1_000_000L;
    /** A trial is abandoned when its median exceeds the incumbent's score by this factor. */
    public static final double ABORT_FACTOR = 3.0;
    /** A challenger must score below this fraction of the incumbent's score, two cycles in a row, to replace it. */
    public static final double SWITCH_MARGIN = 0.75;
    /** A challenger below this fraction of the incumbent's score replaces it at once. */
    public static final double CLEAR_WIN = 0.5;
    private static final int MAX_SAMPLES = 512;

    private final int candidates;
    private final long epochOffsetNs;
    private int incumbent;
    private long gatheringCycle = Long.MIN_VALUE;
    private final long[][] samples;
    private final int[] counts;
    private final int[] slotCounts;
    private final boolean[] aborted;
    private int poolCycles;
    private final long[] lastScoreNs;
    private final long[] waitsUsed;
    private long decisions;
    private long switches;
    private int picked;
    private boolean pickedInTrial;
    /** The challenger that beat the incumbent in the last decided cycle, -1 if none. */
    private int challenger = -1;

    /**
     * @param candidates    how many candidate strategies (indexes 0..candidates-1)
     * @param startIndex    the incumbent until the first cycle is decided (a guess from the facts)
     * @param epochOffsetNs added to the clock's nanoTime to get ns since the epoch (aligns cycles)
     */
    public IdleChooser(int candidates, int startIndex, long epochOffsetNs) {
        if (candidates < 1 || startIndex < 0 || startIndex >= candidates || candidates * SLOT_NS >= CYCLE_NS) {
            throw new IllegalArgumentException("candidates " + candidates + ", start " + startIndex);
        }
        this.candidates = candidates;
        this.incumbent = startIndex;
        this.epochOffsetNs = epochOffsetNs;
        this.samples = new long[candidates][MAX_SAMPLES];
        this.counts = new int[candidates];
        this.slotCounts = new int[candidates];
        this.aborted = new boolean[candidates];
        this.lastScoreNs = new long[candidates];
        Arrays.fill(lastScoreNs, -1);
        this.waitsUsed = new long[candidates];
    }

    /** The candidate to wait with for a wait starting at {@code nowNs} (the clock's nanoTime). */
    public int pick(long nowNs) {
        long t = nowNs + epochOffsetNs;
        long cycle = Math.floorDiv(t, CYCLE_NS);
        if (cycle != gatheringCycle) {
            if (gatheringCycle != Long.MIN_VALUE) {
                endCycle();
            }
            gatheringCycle = cycle;
        }
        long slot = Math.floorMod(t, CYCLE_NS) / SLOT_NS;
        pickedInTrial = slot < candidates && !aborted[(int) slot];
        picked = pickedInTrial ? (int) slot : incumbent;
        return picked;
    }

    /** Records the wait that the last {@link #pick} started, {@code waitNs} long. */
    public void record(long waitNs) {
        waitsUsed[picked]++;
        if (!pickedInTrial) {
            return;
        }
        int c = picked;
        if (counts[c] < MAX_SAMPLES) {
            samples[c][counts[c]++] = waitNs;
        }
        int n = ++slotCounts[c];
        if (c != incumbent && n >= MIN_SAMPLES && Integer.bitCount(n / MIN_SAMPLES) == 1 && n % MIN_SAMPLES == 0) {
            long reference = counts[incumbent] >= MIN_DECISION_SAMPLES
                    ? median(samples[incumbent], counts[incumbent]) : lastScoreNs[incumbent];
            if (reference > 0 && median(samples[c], counts[c]) > ABORT_FACTOR * reference) {
                aborted[c] = true;
            }
        }
    }

    private void endCycle() {
        Arrays.fill(slotCounts, 0);
        Arrays.fill(aborted, false);
        if (++poolCycles >= MAX_POOL_CYCLES || enoughEvidence()) {
            decide();
            Arrays.fill(counts, 0);
            poolCycles = 0;
        }
    }

    /** Every candidate has enough waits, or enough to lose clearly against one that has. */
    private boolean enoughEvidence() {
        long bestReady = Long.MAX_VALUE;
        for (int c = 0; c < candidates; c++) {
            if (counts[c] >= MIN_DECISION_SAMPLES) {
                bestReady = Math.min(bestReady, median(samples[c], counts[c]));
            }
        }
        if (bestReady == Long.MAX_VALUE) {
            return false;
        }
        for (int c = 0; c < candidates; c++) {
            boolean lostClearly = counts[c] >= MIN_SAMPLES && median(samples[c], counts[c]) > ABORT_FACTOR * bestReady;
            if (counts[c] < MIN_DECISION_SAMPLES && !lostClearly) {
                return false;
            }
        }
        return true;
    }

    private void decide() {
        int best = -1;
        long bestScore = Long.MAX_VALUE;
        long[] scores = new long[candidates];
        for (int c = 0; c < candidates; c++) {
            scores[c] = counts[c] > 0 ? median(samples[c], counts[c]) : -1;
            if (scores[c] >= 0 && scores[c] < bestScore) {
                bestScore = scores[c];
                best = c;
            }
        }
        if (best >= 0) {
            decisions++;
            long incumbentScore = scores[incumbent];
            if (bestScore >= TIME_SLICE_NS) {
                // every candidate's median wait is a time slice: whoever let go of the core lost it
                // to other work for a slice, the scores are that work's slices, not the strategies'
                challenger = -1;
                if (incumbent != 0) {
                    incumbent = 0;
                    switches++;
                }
                System.arraycopy(scores, 0, lastScoreNs, 0, candidates);
                return;
            }
            boolean beats = best != incumbent && (incumbentScore < 0 || bestScore < SWITCH_MARGIN * incumbentScore);
            if (beats && (incumbentScore < 0 || bestScore < CLEAR_WIN * incumbentScore || challenger == best)) {
                incumbent = best;
                switches++;
                challenger = -1;
            } else {
                challenger = beats ? best : -1;
            }
            System.arraycopy(scores, 0, lastScoreNs, 0, candidates);
        }
    }

    private static long median(long[] values, int n) {
        long[] copy = Arrays.copyOf(values, n);
        Arrays.sort(copy);
        return copy[(n - 1) / 2];
    }

    /** The strategy in use outside trial slots. */
    public int incumbent() {
        return incumbent;
    }

    /** Each candidate's median wait (ns) at the last decision; -1 = not scored. */
    public long[] lastScoresNs() {
        return lastScoreNs.clone();
    }

    /** Waits that used each candidate so far (trial and incumbent). */
    public long[] waitsUsed() {
        return waitsUsed.clone();
    }

    /** Decisions taken (with waits to score a candidate). */
    public long decisions() {
        return decisions;
    }

    /** Times the incumbent changed. */
    public long switches() {
        return switches;
    }
}
