package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.IntToLongFunction;

import org.junit.jupiter.api.Test;

/** The chooser fed with synthetic waits: no clock, no threads. */
class IdleChooserTest {
    private static final int SPINYIELD = 0;
    private static final int YIELD = 1;
    private static final int BACKOFF = 2;
    private static final long US = 1_000;
    private static final long PROCESSING_NS = 2 * US;

    /** How long a wait with {@code candidate} starting at {@code atNs} lasts. */
    private interface WaitScript {
        long waitNs(int candidate, long atNs);
    }

    /** A ping-pong from {@code fromNs} to {@code toNs}: each wait takes what {@code waitNs} says for its candidate. */
    private static long run(IdleChooser c, long fromNs, long toNs, IntToLongFunction waitNs) {
        return run(c, fromNs, toNs, (k, at) -> waitNs.applyAsLong(k));
    }

    /** As above, the wait's length scripted by candidate and start time. */
    private static long run(IdleChooser c, long fromNs, long toNs, WaitScript script) {
        long t = fromNs;
        while (true) {
            int picked = c.pick(t); // the first wait at or after toNs is picked, not recorded: it decides the cycle
            if (t >= toNs) {
                return t;
            }
            long w = script.waitNs(picked, t);
            c.record(w);
            t += w + PROCESSING_NS;
        }
    }

    /** 1 ms into cycle {@code n}: its first wait has decided the cycle before. */
    private static long cycles(int n) {
        return n * IdleChooser.CYCLE_NS + 1_000_000L;
    }

    @Test
    void shouldSelectTheLowerMedianOfAnyInput() {
        IdleChooser c = new IdleChooser(3, SPINYIELD, 0);
        java.util.Random random = new java.util.Random(42);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + random.nextInt(512);
            long[] values = new long[n];
            int shape = trial % 4;
            for (int i = 0; i < n; i++) {
                values[i] = switch (shape) {
                    case 0 -> random.nextInt(1_000_000);
                    case 1 -> random.nextInt(4); // many equal values
                    case 2 -> i; // ordered
                    default -> n - i; // reversed
                };
            }
            long[] sorted = values.clone();
            java.util.Arrays.sort(sorted);
            long[] before = values.clone();

            assertThat(c.median(values, n)).as("trial %d, n %d, shape %d", trial, n, shape).isEqualTo(sorted[(n - 1) / 2]);
            assertThat(values).as("the samples are left as they were").containsExactly(before);
        }
    }

    @Test
    void shouldAllocateNothingWhileItDecides() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        IdleChooser c = new IdleChooser(3, SPINYIELD, 0);
        // waits of many lengths, so the medians sort real arrays (up to the 512 kept per slot)
        WaitScript varied = (k, at) -> (k + 1) * US + (at / 1000) % (7 * US);
        long t = run(c, 0, cycles(2), varied); // the classes and the counter once, outside the count
        long decisionsBefore = c.decisions();
        long before = threads.getCurrentThreadAllocatedBytes();

        run(c, t, cycles(40), varied);

        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(c.decisions() - decisionsBefore).as("decisions made").isGreaterThanOrEqualTo(30);
        // a copy per median (the code before) allocated 4 KiB for each of several medians per decision
        assertThat(allocated).as("bytes allocated by the chooser in 38 cycles").isLessThan(1024);
    }

    @Test
    void shouldKeepTheCandidateWithTheShortestWaitsWhenTheStartGuessWasWrong() {
        IdleChooser c = new IdleChooser(3, SPINYIELD, 0);
        // a loaded machine: spinning holds the core the peer needs (58 us), yield 6 us, backoff 20 us
        IntToLongFunction waits = k -> k == SPINYIELD ? 58 * US : k == YIELD ? 6 * US : 20 * US;
        long t = run(c, 0, cycles(1), waits);
        assertThat(c.incumbent()).as("away from the start guess: not on one decision").isEqualTo(SPINYIELD);

        run(c, t, cycles(2), waits);

        assertThat(c.incumbent()).isEqualTo(YIELD);
        assertThat(c.lastScoresNs()).containsExactly(58 * US, 6 * US, 20 * US);
        assertThat(c.switches()).isEqualTo(1);
    }

    @Test
    void shouldKeepTheSpinWhenYieldingHandsTheCoreToAHog() {
        IdleChooser c = new IdleChooser(3, YIELD, 0);
        // a busy loop per core: a yield waits for the hog's time slice
        run(c, 0, cycles(2), k -> k == SPINYIELD ? 5 * US : k == YIELD ? 2648 * US : 7 * US);

        assertThat(c.decisions()).isEqualTo(2);
        assertThat(c.incumbent()).isEqualTo(SPINYIELD);
    }

    @Test
    void shouldAbandonATrialThatCannotWinWithinItsSlot() {
        IdleChooser c = new IdleChooser(3, SPINYIELD, 0);
        IntToLongFunction hog = k -> k == SPINYIELD ? 5 * US : k == YIELD ? 2648 * US : 7 * US;
        long t = run(c, 0, cycles(1), hog);
        long yieldSlotStart = IdleChooser.CYCLE_NS + IdleChooser.SLOT_NS;
        run(c, t, yieldSlotStart, hog);
        long before = c.waitsUsed()[YIELD];

        run(c, yieldSlotStart, yieldSlotStart + IdleChooser.SLOT_NS, hog);

        assertThat(c.waitsUsed()[YIELD] - before).as("yield waits in its second slot")
                .isEqualTo(IdleChooser.MIN_SAMPLES);
        assertThat(c.incumbent()).isEqualTo(SPINYIELD);
    }

    @Test
    void shouldFollowWhenTheMachineChanges() {
        IdleChooser c = new IdleChooser(3, SPINYIELD, 0);
        long t = run(c, 0, cycles(2), k -> k == SPINYIELD ? 58 * US : k == YIELD ? 6 * US : 20 * US);
        assertThat(c.incumbent()).isEqualTo(YIELD);

        t = run(c, t, cycles(4), k -> k == SPINYIELD ? 5 * US : k == YIELD ? 2648 * US : 9 * US);
        assertThat(c.incumbent()).as("away from yield at once: a clear loss").isNotEqualTo(YIELD);

        run(c, t, cycles(6), k -> k == SPINYIELD ? 5 * US : k == YIELD ? 2648 * US : 9 * US);

        assertThat(c.incumbent()).isEqualTo(SPINYIELD);
    }

    @Test
    void shouldNotSwitchForADifferenceWithinTheMargin() {
        IdleChooser c = new IdleChooser(3, SPINYIELD, 0);
        run(c, 0, cycles(3), k -> k == SPINYIELD ? 100 * US : k == YIELD ? 80 * US : 200 * US);

        assertThat(c.incumbent()).isEqualTo(SPINYIELD);
        assertThat(c.decisions()).isEqualTo(3);
        assertThat(c.switches()).isZero();
    }

    @Test
    void shouldSwitchForAModestWinOnlyWhenItHoldsTwoCyclesInARow() {
        IdleChooser c = new IdleChooser(3, SPINYIELD, 0);
        long t = run(c, 0, cycles(1), k -> k == SPINYIELD ? 10 * US : k == YIELD ? 7 * US : 30 * US);
        assertThat(c.incumbent()).as("0.7x once").isEqualTo(SPINYIELD);
        t = run(c, t, cycles(2), k -> k == SPINYIELD ? 10 * US : k == YIELD ? 12 * US : 30 * US);
        assertThat(c.incumbent()).as("then not at all: the count starts over").isEqualTo(SPINYIELD);
        t = run(c, t, cycles(3), k -> k == SPINYIELD ? 10 * US : k == YIELD ? 7 * US : 30 * US);
        assertThat(c.incumbent()).isEqualTo(SPINYIELD);

        run(c, t, cycles(4), k -> k == SPINYIELD ? 10 * US : k == YIELD ? 7 * US : 30 * US);

        assertThat(c.incumbent()).as("0.7x twice in a row").isEqualTo(YIELD);
    }

    @Test
    void shouldKeepTheIncumbentWhenNothingArrives() {
        IdleChooser c = new IdleChooser(3, BACKOFF, 0);
        for (long t = 0; t < cycles(3); t += IdleChooser.SLOT_NS / 2) {
            c.pick(t);
        }

        assertThat(c.incumbent()).isEqualTo(BACKOFF);
        assertThat(c.decisions()).isZero();
        assertThat(c.lastScoresNs()).containsExactly(-1, -1, -1);
    }

    @Test
    void shouldScoreAWaitLongerThanItsSlotWithItsWholeLength() {
        IdleChooser c = new IdleChooser(2, YIELD, 0);
        // yield's waits outlast its slot: one sample a cycle, 40 ms long, so the waits pool until the
        // cycles run out
        run(c, 0, cycles(IdleChooser.MAX_POOL_CYCLES), k -> k == YIELD ? 4 * IdleChooser.SLOT_NS : 30 * US);

        assertThat(c.decisions()).isEqualTo(1);
        assertThat(c.lastScoresNs()).containsExactly(30 * US, 4 * IdleChooser.SLOT_NS);
        assertThat(c.incumbent()).as("one decision does not leave the start guess").isEqualTo(YIELD);
    }

    @Test
    void shouldAlignTrialSlotsToTheWallClockSoBothSidesTryTheSameCandidate() {
        long offset = 123_456_789L;
        IdleChooser publisher = new IdleChooser(3, SPINYIELD, offset);
        IdleChooser subscriber = new IdleChooser(3, SPINYIELD, offset + 77_000_000L);
        // the same instant on the epoch clock, read from two processes' nanoTime origins
        long epochNs = 10 * IdleChooser.CYCLE_NS + IdleChooser.SLOT_NS + 1;

        assertThat(publisher.pick(epochNs - offset)).isEqualTo(YIELD);
        assertThat(subscriber.pick(epochNs - offset - 77_000_000L)).isEqualTo(YIELD);
    }

    @Test
    void shouldNotSwitchToYieldWhenOneTimeSliceHitTheSpinsSlot() {
        IdleChooser c = new IdleChooser(2, SPINYIELD, 0);
        // a busy loop per core: in the first cycle the hog's time slice falls on spinyield's slot
        // (two 9 ms waits), yield's waits are time slices throughout; then the spin's waits are short
        WaitScript hog = (k, at) -> k == YIELD ? 4_000 * US : at < IdleChooser.CYCLE_NS ? 9_000 * US : 30 * US;

        run(c, 0, cycles(2), hog);

        assertThat(c.switches()).as("two 9 ms waits are no evidence against the spin").isZero();
        assertThat(c.incumbent()).isEqualTo(SPINYIELD);
        assertThat(c.decisions()).as("none on the first cycle's two waits, one when the second gave more").isEqualTo(1);
        assertThat(c.lastScoresNs()[SPINYIELD]).isEqualTo(30 * US);
        assertThat(c.lastScoresNs()[YIELD]).isEqualTo(4_000 * US);
    }

    @Test
    void shouldPoolTimeSliceLongWaitsOverCyclesBeforeDeciding() {
        IdleChooser c = new IdleChooser(2, YIELD, 0);
        // yield's waits are 5 ms: two fit its 10 ms slot, too few to judge it (MIN_SAMPLES)
        IntToLongFunction waits = k -> k == SPINYIELD ? 900 * US : 5_000 * US;
        long t = run(c, 0, cycles(1), waits);
        assertThat(c.decisions()).as("two yield waits after one cycle").isZero();
        assertThat(c.lastScoresNs()).containsExactly(-1, -1);

        t = run(c, t, cycles(2), waits);
        assertThat(c.decisions()).as("four yield waits, pooled over two cycles").isEqualTo(1);
        assertThat(c.lastScoresNs()).containsExactly(900 * US, 5_000 * US);

        run(c, t, cycles(4), waits);

        assertThat(c.decisions()).isEqualTo(2);
        assertThat(c.incumbent()).as("away from the start guess on the second decision").isEqualTo(SPINYIELD);
    }

    @Test
    void shouldReturnHomeWhenEveryCandidateWaitsTimeSlices() {
        IdleChooser c = new IdleChooser(2, SPINYIELD, 0);
        // first a burst of other work on the peer's core: yield clearly wins and is taken
        long t = run(c, 0, cycles(2), k -> k == SPINYIELD ? 58 * US : 6 * US);
        assertThat(c.incumbent()).isEqualTo(YIELD);
        // then a busy loop per core: yield's waits are the hog's slices (2 ms), and the spin's too
        // when its trial falls on a slice (3 ms); the lower of two time slices says nothing of the
        // strategies, the facts' guess (spin: the spinning threads fit the CPUs) decides
        WaitScript hog = (k, at) -> k == SPINYIELD ? 3_000 * US : 2_000 * US;
        t = run(c, t, cycles(2 + IdleChooser.MAX_POOL_CYCLES), hog);
        assertThat(c.incumbent()).as("one decision on time slices is not enough").isEqualTo(YIELD);

        run(c, t, cycles(2 + 2 * IdleChooser.MAX_POOL_CYCLES), hog);

        assertThat(c.lastScoresNs()).containsExactly(3_000 * US, 2_000 * US);
        assertThat(c.incumbent()).as("home after two decisions on time slices").isEqualTo(SPINYIELD);
        assertThat(c.switches()).isEqualTo(2);
    }

    @Test
    void shouldKeepHomeWhenThePeersPaceSetsEveryWait() {
        // a subscriber of a publisher paced at 100 messages/s: every wait is the 10 ms pacing,
        // whichever way it waits; home stays, whether the facts said spin or yield
        for (int home : new int[] {SPINYIELD, YIELD}) {
            IdleChooser c = new IdleChooser(2, home, 0);
            run(c, 0, cycles(4 * IdleChooser.MAX_POOL_CYCLES), k -> k == home ? 10_020 * US : 9_990 * US);

            assertThat(c.decisions()).as("home %d", home).isPositive();
            assertThat(c.incumbent()).as("home %d", home).isEqualTo(home);
            assertThat(c.switches()).as("home %d", home).isZero();
        }
    }

    @Test
    void shouldNotLeaveHomeAmongTimeSlicesEvenForAFewfoldWin() {
        IdleChooser c = new IdleChooser(2, SPINYIELD, 0);
        // a busy loop on each core: a slot holds a few waits of a time slice or more each, and their
        // medians differ 3-8x by chance; one side leaving on them ran a mix with the other
        IntToLongFunction waits = k -> k == SPINYIELD ? 10_000 * US : 1_200 * US;

        run(c, 0, cycles(4 * IdleChooser.MAX_POOL_CYCLES), waits);

        assertThat(c.decisions()).as("decided on these scores again and again").isGreaterThanOrEqualTo(4);
        assertThat(c.incumbent()).isEqualTo(SPINYIELD);
        assertThat(c.switches()).isZero();
    }

    @Test
    void shouldReturnHomeAfterAWarmUpSwitchOnceTheCandidatesMeasureAlike() {
        IdleChooser c = new IdleChooser(2, SPINYIELD, 0);
        // JIT warm-up: the spin's round trips are slow for a second, yield looks clearly better
        long t = run(c, 0, cycles(2), k -> k == SPINYIELD ? 30 * US : 10 * US);
        assertThat(c.incumbent()).isEqualTo(YIELD);
        // warmed up, an idle machine: the spin a little faster (5 us against 6 us), within the
        // margin that would keep a challenger out, so only the way home is open
        IntToLongFunction alike = k -> k == SPINYIELD ? 5 * US : 6 * US;
        t = run(c, t, cycles(3), alike);
        assertThat(c.incumbent()).as("one decision").isEqualTo(YIELD);

        run(c, t, cycles(4), alike);

        assertThat(c.incumbent()).as("two decisions in a row").isEqualTo(SPINYIELD);
        assertThat(c.switches()).isEqualTo(2);
    }

    @Test
    void shouldNotLeaveHomeForAChallengerThatIsOnlyAlike() {
        IdleChooser c = new IdleChooser(2, SPINYIELD, 0);
        run(c, 0, cycles(6), k -> k == SPINYIELD ? 6 * US : 5 * US);

        assertThat(c.decisions()).isEqualTo(6);
        assertThat(c.switches()).isZero();
    }

    @Test
    void shouldKeepTheYieldWhoseWaitsAreShorterThanATimeSlice() {
        IdleChooser c = new IdleChooser(2, YIELD, 0);
        // both roles on one CPU: the spin holds the core the peer needs, yield hands it over
        run(c, 0, cycles(1), k -> k == SPINYIELD ? 58 * US : 10 * US);

        assertThat(c.decisions()).isEqualTo(1);
        assertThat(c.incumbent()).isEqualTo(YIELD);
    }

    @Test
    void shouldKeepWhatTheFactsSettledWithoutTrials() {
        IdleChooser c = new IdleChooser(2, SPINYIELD, 0);
        long t = run(c, 0, cycles(1), k -> k == SPINYIELD ? 100 * US : 80 * US);
        long decided = c.decisions();

        c.settle(YIELD);
        assertThat(c.incumbent()).isEqualTo(YIELD);
        assertThat(c.home()).isEqualTo(YIELD);
        assertThat(c.switches()).isEqualTo(1);
        long before = c.waitsUsed()[SPINYIELD];
        // the spin measures far better from now on: no trial sees it, nothing is decided
        run(c, t, cycles(1 + 3 * IdleChooser.MAX_POOL_CYCLES), k -> k == SPINYIELD ? 5 * US : 4_000 * US);

        assertThat(c.incumbent()).isEqualTo(YIELD);
        assertThat(c.waitsUsed()[SPINYIELD]).as("no spin trial after settling").isEqualTo(before);
        assertThat(c.decisions()).isEqualTo(decided);
        assertThat(c.switches()).isEqualTo(1);
    }
}
