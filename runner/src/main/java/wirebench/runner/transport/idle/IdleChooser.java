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
 * the start candidate (the guess from the facts: spin when the spinning threads fit the CPUs, else
 * yield) is <em>home</em>:
 * <ul>
 * <li>leaving home needs the lowest score below {@link #SWITCH_MARGIN} x the incumbent's in two
 * decisions in a row (one decision may fall on JIT warm-up or a burst of other work; publisher and
 * subscriber decide apart, each from its own waits, and the hysteresis keeps noise from flipping
 * one side and not the other); moving between two others needs below {@link #CLEAR_WIN} x at once
 * or {@link #SWITCH_MARGIN} x twice;</li>
 * <li>returning home needs home's score no higher than the incumbent's in two decisions in a row, or
 * below {@link #CLEAR_WIN} x it at once (a switch away on noise does not stick once the candidates
 * measure alike);</li>
 * <li>when even the lowest score is {@link #TIME_SLICE_NS} or more, the waits are the scheduler's
 * time slices (a busy loop beside) or the peer's pace (a paced or slow publisher), not the
 * strategies: home is taken, two decisions in a row, and never left on such scores.</li>
 * </ul>
 * Every wait that started in a slot counts for its candidate however long it lasts (a 6 ms
 * wait in a 10 ms slot is one sample of 6 ms); a candidate with no wait in its slots is not scored.
 * A candidate whose waits already have a median over {@link #ABORT_FACTOR} x the incumbent's score
 * (checked after {@link #MIN_SAMPLES}, then twice, four times as many waits in a slot) is abandoned
 * for the rest of its slot (a spin that cannot win backs off at once). Without traffic (no waits)
 * the incumbent stays. Facts that settle the choice ({@link #settle}: the peer process found on this
 * process's only CPU) end the trials: every later wait uses the settled candidate.
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
     * A median wait this long is a scheduler's time slice (or the peer's pace): when even the best
     * candidate's is, the waits cannot tell the candidates apart and home (the facts' guess) is chosen.
     */
    public static final long TIME_SLICE_NS = 1_000_000L;
    /** A trial is abandoned when its median exceeds the incumbent's score by this factor. */
    public static final double ABORT_FACTOR = 3.0;
    /** A challenger must score below this fraction of the incumbent's score, two decisions in a row, to replace it. */
    public static final double SWITCH_MARGIN = 0.75;
    /** Home, or a challenger to a candidate other than home, below this fraction of the incumbent's score replaces it at once. */
    public static final double CLEAR_WIN = 0.5;
    private static final int MAX_SAMPLES = 512;

    private final int candidates;
    private final long epochOffsetNs;
    private int incumbent;
    /**
     * The facts' guess (the start, or what {@link #settle} set): decides when the waits cannot, and
     * needs less evidence to return to.
     */
    private int home;
    private long gatheringCycle = Long.MIN_VALUE;
    private final long[][] samples;
    /** Where a median selects in its copy (one chooser per waiting thread). */
    private final long[] scratch;
    /** A decision's medians per candidate (made once). */
    private final long[] scores;
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
    private boolean settled;
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
        this.home = startIndex;
        this.epochOffsetNs = epochOffsetNs;
        this.samples = new long[candidates][MAX_SAMPLES];
        this.scratch = new long[MAX_SAMPLES];
        this.scores = new long[candidates];
        this.counts = new int[candidates];
        this.slotCounts = new int[candidates];
        this.aborted = new boolean[candidates];
        this.lastScoreNs = new long[candidates];
        Arrays.fill(lastScoreNs, -1);
        this.waitsUsed = new long[candidates];
    }

    /** The candidate to wait with for a wait starting at {@code nowNs} (the clock's nanoTime). */
    public int pick(long nowNs) {
        if (settled) {
            pickedInTrial = false;
            picked = incumbent;
            return picked;
        }
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
        long[] scores = this.scores;
        int best = -1;
        for (int c = 0; c < candidates; c++) {
            scores[c] = counts[c] > 0 ? median(samples[c], counts[c]) : -1;
            if (scores[c] >= 0 && (best < 0 || scores[c] < scores[best])) {
                best = c;
            }
        }
        if (best < 0) {
            return; // no waits in any slot: nothing to decide on, the incumbent stays
        }
        decisions++;
        System.arraycopy(scores, 0, lastScoreNs, 0, candidates);
        long incumbentScore = scores[incumbent];
        int proposal;
        boolean atOnce;
        if (scores[best] >= TIME_SLICE_NS) {
            // every median wait is a time slice or longer: the waits measure the scheduler's slices
            // (a busy loop beside) or the peer's pace, not the strategies, and a few of them per slot
            // differ 3x and more by chance. The facts' guess (home) decides; a way out on such a
            // difference (once: 3x, two decisions in a row) put one side of a busy-loop run on yield
            // now and then while the other stayed, a mix no trial measured (p50 55 us against 2.6).
            proposal = scores[home] < 0 ? incumbent : home;
            atOnce = false;
        } else if (incumbentScore < 0) {
            proposal = best;
            atOnce = true;
        } else if (best == home) {
            // back home (the facts' guess) when it is no worse, two decisions in a row, or clearly better
            proposal = scores[best] <= incumbentScore ? best : incumbent;
            atOnce = scores[best] < CLEAR_WIN * incumbentScore;
        } else {
            // away from home only on evidence: below SWITCH_MARGIN x, two decisions in a row (one
            // decision may fall on JIT warm-up or a burst of other work); between two others below
            // CLEAR_WIN x at once
            proposal = scores[best] < SWITCH_MARGIN * incumbentScore ? best : incumbent;
            atOnce = incumbent != home && scores[best] < CLEAR_WIN * incumbentScore;
        }
        if (proposal == incumbent) {
            challenger = -1;
        } else if (atOnce || challenger == proposal) {
            incumbent = proposal;
            switches++;
            challenger = -1;
        } else {
            challenger = proposal;
        }
    }

    /**
     * The lower median of the first {@code n} values, selected in {@link #scratch}. Written here
     * rather than {@code Arrays.sort} on a copy: that allocated the copy, and the JDK's sort also
     * allocates a buffer to merge the runs it finds in partly ordered input (waits often are): 1.3 MB
     * in 38 decision cycles, garbage in a measured window. Quickselect (Hoare's partition, the
     * middle element as pivot): O(n) on average, n at most {@link #MAX_SAMPLES}.
     */
    long median(long[] values, int n) {
        long[] a = scratch;
        System.arraycopy(values, 0, a, 0, n);
        int k = (n - 1) / 2;
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            long pivot = a[(lo + hi) >>> 1];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long t = a[i];
                    a[i++] = a[j];
                    a[j--] = t;
                }
            }
            // [lo, j] <= pivot <= [i, hi]; between them, pivot values
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k];
            }
        }
        return a[k];
    }

    /**
     * Facts that settle the choice (the peer process found on this process's only CPU: a spin holds
     * the core the peer needs, so it cannot win): {@code newHome} becomes home and the incumbent at
     * once, and no more trials run (every later wait uses it, nothing is decided any more).
     */
    public void settle(int newHome) {
        if (newHome < 0 || newHome >= candidates) {
            throw new IllegalArgumentException("home " + newHome + " of " + candidates);
        }
        if (incumbent != newHome) {
            switches++;
        }
        home = newHome;
        incumbent = newHome;
        challenger = -1;
        settled = true;
    }

    /** Whether {@link #settle} ended the trials. */
    public boolean settled() {
        return settled;
    }

    /** The facts' guess the rules treat as home. */
    public int home() {
        return home;
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
