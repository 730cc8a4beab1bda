package wirebench.runner.transport.idle;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.YieldingIdleStrategy;

import wirebench.contract.Numbers;

/**
 * One run's {@code -idleStrategy auto}: makes an {@link AdaptiveIdleStrategy} per waiting thread,
 * all starting from one guess from the facts, and sums up at the end what they chose and why.
 * Candidates: {@code spinpark} (spin 300 us, then park) and {@code yield}. Until issue 25 the spinning
 * candidate was {@code spinyield} (spin, then yield): beside busy loops its yield hands the
 * core to a loop for a whole time slice, and its p50 swung between microseconds and milliseconds
 * from run to run, where {@code spinpark}'s stayed at the spin's microseconds (docs/pubsub.md).
 * Agrona's {@code backoff} (spins, yields, then parks up to 1 ms) was a candidate and is not: its
 * yield phase hands the core to a loop, its park grows to a millisecond, and one side parked while
 * the other yields made the round trip 20-60x what either side's trial saw.
 */
public final class AutoIdle {
    /** The candidates, in trial order. */
    public static final List<String> CANDIDATES = List.of("spinpark", "yield");

    private final int start;
    private final String startReason;
    private final NanoClock clock;
    private final long epochOffsetNs;
    private final List<AdaptiveIdleStrategy> made = new ArrayList<>();
    /** The candidate the strategies settle on at their next wait (-1 = none); set from the peer's CPUs. */
    private volatile int homeHint = -1;
    private volatile String settleReason;

    /** Starts from the guess for this process's {@code spinningThreads} busy-waiting threads on its {@code cpusUsable} CPUs. */
    public AutoIdle(int spinningThreads, int cpusUsable) {
        this(spinningThreads, cpusUsable, System::nanoTime, epochOffsetNs());
    }

    /**
     * Epoch ns minus {@code System.nanoTime()}: the wall clock (microsecond resolution on Linux) read
     * between two nanoTime reads, the tightest of 5 tries, so a preemption in between (likely on a
     * loaded CPU) does not shift this process's trial slots against its peer's.
     */
    static long epochOffsetNs() {
        long bestGap = Long.MAX_VALUE;
        long offset = 0;
        for (int i = 0; i < 5; i++) {
            long before = System.nanoTime();
            java.time.Instant now = java.time.Instant.now();
            long after = System.nanoTime();
            if (after - before < bestGap) {
                bestGap = after - before;
                offset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - (before + (after - before) / 2);
            }
        }
        return offset;
    }

    /** With an injected clock and its offset to the epoch (tests). */
    public AutoIdle(int spinningThreads, int cpusUsable, NanoClock clock, long epochOffsetNs) {
        boolean spinsFit = spinningThreads <= cpusUsable;
        this.start = spinsFit ? 0 : 1;
        this.startReason = spinsFit
                ? "started with spinpark: this process's " + spinningThreads + " spinning threads fit its "
                        + cpusUsable + " usable CPUs"
                : "started with yield: this process's " + spinningThreads + " spinning threads on " + cpusUsable
                        + " usable CPUs, a spin could not win";
        this.clock = clock;
        this.epochOffsetNs = epochOffsetNs;
    }

    /**
     * The peer process was found on this host and recorded in {@code contention}: when the roles
     * share a CPU there ({@link Contention#rolesShareCpu}: the spinning threads of both exceed the
     * CPUs of both affinity masks together), a spin holds the core the peer needs, so every strategy
     * made here settles on yield at its next wait (no more trials). Measured, both roles
     * {@code taskset -c 0}: from the start guess of spin, auto left the spin only after 2-3 s of a
     * 3 s run; re-homed to yield with the trials going on, it went back to the spin in 1 run of 10
     * (7x yield's p50), because the JIT's compiler threads share that CPU too and make yield's trials
     * time slices while they compile (docs/pubsub.md). Callable from any thread.
     */
    public void peerFound(Contention contention) {
        if (start == 0 && contention.rolesShareCpu()) {
            settleReason = "settled on yield when the peer was found: " + contention.spinningThreads()
                    + " spinning threads on the " + contention.cpusForAll()
                    + " CPU(s) of both processes (peer affinity " + contention.peerAffinity() + "), a spin cannot win";
            homeHint = 1;
        }
    }

    /** The starting guess's name. */
    public String startStrategy() {
        return CANDIDATES.get(start);
    }

    /** A new adaptive strategy for one waiting thread. */
    public synchronized AdaptiveIdleStrategy newStrategy() {
        IdleStrategy[] c = {
            new SpinFirstIdleStrategy(SpinFirstIdleStrategy.SPIN_NS, SpinFirstIdleStrategy.Then.PARK, clock),
            new YieldingIdleStrategy()};
        AdaptiveIdleStrategy s = new AdaptiveIdleStrategy(c, new IdleChooser(c.length, start, epochOffsetNs), clock,
                () -> homeHint);
        made.add(s);
        return s;
    }

    /** The candidate most waits used, over the receivers (the roles' waits), else over every strategy. */
    public synchronized String chosen() {
        long[] w = waits();
        int best = start;
        for (int i = 0; i < w.length; i++) {
            if (w[i] > w[best]) {
                best = i;
            }
        }
        return CANDIDATES.get(best);
    }

    /** Why: the share of waits per candidate, the last measured medians, the start and the switches. */
    public synchronized String reason() {
        long[] w = waits();
        long total = 0;
        for (long x : w) {
            total += x;
        }
        StringBuilder sb = new StringBuilder("auto: each 500 ms cycle tries spinpark and yield for 10 ms each;"
                + " a decision pools the trials' waits until each has 8 (or 3 that lose 3x, or 4 cycles have passed);"
                + " it leaves the start guess for a median wait below 0.75x its own in two decisions in a row, returns"
                + " when the guess measures no worse, and keeps the guess when both medians are time slices (1 ms+)");
        if (total == 0) {
            return sb.append("; no measured waits, ").append(startReason).toString();
        }
        sb.append("; waits used");
        for (int i = 0; i < w.length; i++) {
            sb.append(i == 0 ? " " : ", ").append(CANDIDATES.get(i)).append(' ')
                    .append(Numbers.fmt("%.1f%%", 100.0 * w[i] / total));
        }
        long[] scores = lastScores();
        if (scores != null) {
            sb.append("; last medians");
            for (int i = 0; i < scores.length; i++) {
                sb.append(i == 0 ? " " : ", ").append(CANDIDATES.get(i)).append(' ')
                        .append(scores[i] < 0 ? "n/a" : Numbers.fmt("%.1f us", scores[i] / 1000.0));
            }
        }
        long switches = 0;
        for (AdaptiveIdleStrategy s : counted()) {
            switches += s.chooser().switches();
        }
        String settled = settleReason;
        return sb.append("; ").append(startReason).append(settled == null ? "" : "; " + settled).append("; ")
                .append(switches).append(" switches").toString();
    }

    private List<AdaptiveIdleStrategy> counted() {
        List<AdaptiveIdleStrategy> receivers = made.stream().filter(AdaptiveIdleStrategy::receiver).toList();
        return receivers.isEmpty() ? made : receivers;
    }

    private long[] waits() {
        long[] w = new long[CANDIDATES.size()];
        for (AdaptiveIdleStrategy s : counted()) {
            long[] u = s.chooser().waitsUsed();
            for (int i = 0; i < w.length; i++) {
                w[i] += u[i];
            }
        }
        return w;
    }

    /** The last scores of the busiest strategy with a decided cycle, null if none decided. */
    private long[] lastScores() {
        AdaptiveIdleStrategy busiest = null;
        long most = -1;
        for (AdaptiveIdleStrategy s : counted()) {
            long n = 0;
            for (long u : s.chooser().waitsUsed()) {
                n += u;
            }
            if (s.chooser().decisions() > 0 && n > most) {
                most = n;
                busiest = s;
            }
        }
        return busiest == null ? null : busiest.chooser().lastScoresNs();
    }
}
