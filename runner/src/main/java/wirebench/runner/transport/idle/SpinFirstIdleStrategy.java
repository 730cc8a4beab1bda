package wirebench.runner.transport.idle;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NanoClock;

/**
 * Busy-spins while a wait is short ({@link #SPIN_NS}), then, on every idle call, yields the core
 * ({@code spinyield}) or parks for {@link #PARK_NS} ({@code spinpark}). A latency ping-pong's waits (a round trip, tens
 * of microseconds) stay in the spin phase, so the waiting thread sees the message without a system
 * call in between; a long wait yields like {@code YieldingIdleStrategy} or sleeps like
 * {@code park}.
 *
 * <p>Why both: a yield hands the core to whatever else is runnable for its whole time slice (a busy
 * loop beside: milliseconds); a park sleeps about 50 us (Linux's default timer slack) and the
 * scheduler (EEVDF, Linux 6.6+) places a thread that slept ahead of one that ran its slice, so a
 * parked role gets its core back at its wake-up. Under a busy loop per core, {@code spinpark}'s p50
 * stays at the spin's microseconds where {@code spinyield}'s swings to time slices (docs/pubsub.md,
 * issue 25).
 */
public final class SpinFirstIdleStrategy implements IdleStrategy {
    /**
     * How long both spin before they yield or park: 300 us, longer than the round trip of the slow
     * state a 50 us spin could fall into under oversubscription (issue 25 item 4: with three busy
     * loops and two roles on 2 CPUs, a run now and then settled at a p50 near 77 us, round trips
     * near 160 us, each side parked when its peer's message came; a wait longer than the spin
     * leaves the thread asleep when the answer arrives, so the next wait is long too, a state that
     * keeps itself. A spin longer than that round trip sees the answer and the fast state returns;
     * docs/pubsub.md). Older results (no {@code idle_spin_ns} in run.json): 50 us.
     */
    public static final long SPIN_NS = 300_000;
    /** What {@code spinpark} parks for at each idle call after the spin: 1 us asked, about 50 us slept. */
    public static final long PARK_NS = 1_000;

    /** What a wait does once it has lasted the spin time. */
    public enum Then {
        /** {@code Thread.yield()} on every call: "spinyield". */
        YIELD("spinyield"),
        /** {@code LockSupport.parkNanos(PARK_NS)} on every call: "spinpark". */
        PARK("spinpark");

        private final String alias;

        Then(String alias) {
            this.alias = alias;
        }

        /** The strategy's name on the command line. */
        public String alias() {
            return alias;
        }
    }

    private final long spinNs;
    private final Then then;
    private final NanoClock clock;
    private final LongConsumer parker;
    private final Runnable yielder;
    private long idleSinceNs;
    private boolean idling;
    private boolean spun;

    /** Spins for up to {@code spinNs} of idle calls in a row, then does {@code then}. */
    public SpinFirstIdleStrategy(long spinNs, Then then) {
        this(spinNs, then, System::nanoTime);
    }

    /** With an injected clock (tests). */
    public SpinFirstIdleStrategy(long spinNs, Then then, NanoClock clock) {
        this(spinNs, then, clock, LockSupport::parkNanos, Thread::yield);
    }

    /** With an injected clock, park and yield (tests count what a wait does instead of sampling a thread's state). */
    SpinFirstIdleStrategy(long spinNs, Then then, NanoClock clock, LongConsumer parker, Runnable yielder) {
        this.spinNs = spinNs;
        this.then = then;
        this.clock = clock;
        this.parker = parker;
        this.yielder = yielder;
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
        } else if (then == Then.PARK) {
            parker.accept(PARK_NS);
        } else {
            yielder.run();
        }
    }

    /** Whether the last idle call spun (true) or yielded or parked (false). */
    public boolean spun() {
        return spun;
    }

    @Override
    public void reset() {
        idling = false;
    }

    @Override
    public String alias() {
        return then.alias();
    }
}
