package wirebench.runner.pubsub;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

import org.agrona.concurrent.NanoClock;

/**
 * The publisher's pace ({@code -pubRate R[:spin|sleep]}): sample {@code k} of a run that started at
 * {@code startNs} is due at {@code startNs + k x 1e9 / R} and is not released before. Waiting spins,
 * or with {@code sleep} parks while more than {@link #PARK_ABOVE_NS} are left (waking
 * {@link #PARK_MARGIN_NS} early, then spinning to the due time). Time comes from an injected
 * {@link NanoClock} and parking from an injected parker, so tests run it on a controlled clock.
 * {@link #sleepNs} is Perftest's {@code -sleep} on the same clock and parker.
 */
final class Pacer {
    /** Park only when more than this is left: a park shorter than this overshoots. */
    static final long PARK_ABOVE_NS = 50_000;
    /** Wake this much before the due time and spin the rest. */
    static final long PARK_MARGIN_NS = 20_000;

    private final NanoClock clock;
    private final LongConsumer parker;
    private final double nsPerSample;
    private final boolean sleep;

    /**
     * A pacer for {@code ratePerS} samples per second (0 = unpaced: every sample is due at once),
     * sleeping ({@code sleep}) or spinning while it waits.
     */
    Pacer(NanoClock clock, long ratePerS, boolean sleep) {
        this(clock, LockSupport::parkNanos, ratePerS, sleep);
    }

    /** With an injected parker (tests: one that advances a controlled clock). */
    Pacer(NanoClock clock, LongConsumer parker, long ratePerS, boolean sleep) {
        this.clock = clock;
        this.parker = parker;
        this.nsPerSample = ratePerS > 0 ? 1e9 / ratePerS : 0;
        this.sleep = sleep;
    }

    /** Whether a rate was given. */
    boolean paced() {
        return nsPerSample > 0;
    }

    /** When sample {@code seq} of a run started at {@code startNs} is due; the clock's now when unpaced. */
    long dueNs(long startNs, long seq) {
        return paced() ? startNs + (long) (seq * nsPerSample) : clock.nanoTime();
    }

    /** Waits until the clock reaches {@code dueNs}; returns at once when it has, or when unpaced. */
    void awaitNs(long dueNs) {
        if (!paced()) {
            return;
        }
        while (true) {
            long left = dueNs - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            if (sleep && left > PARK_ABOVE_NS) {
                parker.accept(left - PARK_MARGIN_NS);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Sleeps {@code ns} on the clock: parks until it has passed, however early a park returns. */
    void sleepNs(long ns) {
        long deadline = clock.nanoTime() + ns;
        for (long left = deadline - clock.nanoTime(); left > 0; left = deadline - clock.nanoTime()) {
            parker.accept(left);
        }
    }
}
