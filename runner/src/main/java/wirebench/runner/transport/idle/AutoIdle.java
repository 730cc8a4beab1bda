package wirebench.runner.transport.idle;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.YieldingIdleStrategy;

import wirebench.contract.Numbers;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.SpinThenYieldIdleStrategy;

/**
 * One run's {@code -idleStrategy auto}: makes an {@link AdaptiveIdleStrategy} per waiting thread,
 * all starting from one guess from the facts, and sums up at the end what they chose and why.
 * Candidates: {@code spinyield} (spin 50 us, then yield), {@code yield}, {@code backoff} (Agrona's:
 * a few spins and yields, then parks of 1 us doubling up to 1 ms).
 */
public final class AutoIdle {
    /** The candidates, in trial order. */
    public static final List<String> CANDIDATES = List.of("spinyield", "yield", "backoff");

    private final int start;
    private final String startReason;
    private final NanoClock clock;
    private final long epochOffsetNs;
    private final List<AdaptiveIdleStrategy> made = new ArrayList<>();

    /** Starts from the guess for {@code spinningThreads} busy-waiting threads on {@code cpusUsable} CPUs. */
    public AutoIdle(int spinningThreads, int cpusUsable) {
        this(spinningThreads, cpusUsable, System::nanoTime,
                System.currentTimeMillis() * 1_000_000L - System.nanoTime());
    }

    /** With an injected clock and its offset to the epoch (tests). */
    public AutoIdle(int spinningThreads, int cpusUsable, NanoClock clock, long epochOffsetNs) {
        boolean spinsFit = spinningThreads <= cpusUsable;
        this.start = spinsFit ? 0 : 1;
        this.startReason = spinsFit
                ? "started with spinyield: " + spinningThreads + " spinning threads fit " + cpusUsable + " usable CPUs"
                : "started with yield: " + spinningThreads + " spinning threads on " + cpusUsable
                        + " usable CPUs, a spin could not win";
        this.clock = clock;
        this.epochOffsetNs = epochOffsetNs;
    }

    /** The starting guess's name. */
    public String startStrategy() {
        return CANDIDATES.get(start);
    }

    /** A new adaptive strategy for one waiting thread. */
    public synchronized AdaptiveIdleStrategy newStrategy() {
        IdleStrategy[] c = {new SpinThenYieldIdleStrategy(Idle.SPIN_YIELD_NS, clock), new YieldingIdleStrategy(),
            new BackoffIdleStrategy()};
        AdaptiveIdleStrategy s = new AdaptiveIdleStrategy(c, new IdleChooser(c.length, start, epochOffsetNs), clock);
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
        StringBuilder sb = new StringBuilder("auto: each 500 ms cycle tries every candidate for 10 ms and keeps"
                + " the lowest median wait");
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
        return sb.append("; ").append(startReason).append("; ").append(switches).append(" switches").toString();
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
