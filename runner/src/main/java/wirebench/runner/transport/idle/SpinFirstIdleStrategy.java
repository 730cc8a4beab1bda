package wirebench.runner.transport.idle;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NanoClock;

/**
 * Busy-spins while a wait is short, then, on every idle call, yields the core ({@code spinyield})
 * or parks for {@link #PARK_NS} ({@code spinpark}). A latency ping-pong's waits (a round trip, tens
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
    /** How long both spin before they yield or park: a few round trips on loopback. */
    public static final long SPIN_NS = 50_000;
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
    private long idleSinceNs;
    private boolean idling;
    private boolean spun;

    /** Spins for up to {@code spinNs} of idle calls in a row, then does {@code then}. */
    public SpinFirstIdleStrategy(long spinNs, Then then) {
        this(spinNs, then, System::nanoTime);
    }

    /** With an injected clock (tests). */
    public SpinFirstIdleStrategy(long spinNs, Then then, NanoClock clock) {
        this.spinNs = spinNs;
        this.then = then;
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
        } else if (then == Then.PARK) {
            LockSupport.parkNanos(PARK_NS);
        } else {
            Thread.yield();
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
