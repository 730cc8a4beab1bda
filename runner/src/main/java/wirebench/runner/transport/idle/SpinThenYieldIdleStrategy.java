package wirebench.runner.transport.idle;

import org.agrona.concurrent.IdleStrategy;

/**
 * Busy-spins while a wait is short, then yields the core on every idle call. A latency ping-pong's
 * waits (a round trip, tens of microseconds) stay in the spin phase, so the waiting thread sees
 * the message without a {@code sched_yield} in between (on these VMs a yield costs a few
 * microseconds); a long wait, or more spinning threads than cores, soon yields like
 * {@code YieldingIdleStrategy}.
 */
public final class SpinThenYieldIdleStrategy implements IdleStrategy {
    /** How long "spinyield" spins before it yields: a few round trips on loopback. */
    public static final long SPIN_NS = 50_000;
    private final long spinNs;
    private final org.agrona.concurrent.NanoClock clock;
    private long idleSinceNs;
    private boolean idling;
    private boolean spun;

    /** Spins for up to {@code spinNs} of idle calls in a row, then yields. */
    public SpinThenYieldIdleStrategy(long spinNs) {
        this(spinNs, System::nanoTime);
    }

    /** With an injected clock (tests). */
    public SpinThenYieldIdleStrategy(long spinNs, org.agrona.concurrent.NanoClock clock) {
        this.spinNs = spinNs;
        this.clock = clock;
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            reset();
            return;
        }
        idle();
    }

    @Override
    public void idle() {
        long now = clock.nanoTime();
        if (!idling) {
            idling = true;
            idleSinceNs = now;
        }
        spun = now - idleSinceNs < spinNs;
        if (spun) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /** Whether the last idle call spun (true) or yielded (false). */
    public boolean spun() {
        return spun;
    }

    @Override
    public void reset() {
        idling = false;
    }

    @Override
    public String alias() {
        return "spinyield";
    }
}
