package wirebench.runner.transport;

import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.idle.AdaptiveIdleStrategy;
import wirebench.runner.transport.idle.AutoIdle;
import wirebench.runner.transport.idle.SpinFirstIdleStrategy;

/** Idle strategies by the names used on the command line. */
public final class Idle {
    /**
     * What "park" parks for at each idle call: 1 us asked, about 50 us slept (Linux's default timer
     * slack for a normal thread), a wake-up the scheduler favours over busy loops (issue 25).
     */
    public static final long PARK_NS = SpinFirstIdleStrategy.PARK_NS;
    /**
     * The longest {@link #awaitParked} sleeps between polls: a wait for peers answers their hello
     * within about a millisecond (Aeron's own conductor idles up to 1 ms too).
     */
    public static final long PARKED_WAIT_NS = 1_000_000;
    /** The names {@link #of(String)} takes. */
    public static final java.util.List<String> NAMES = java.util.List.of("auto", "yield", "spinyield", "spinpark",
            "spin", "backoff", "sleep", "park");

    private Idle() {
    }

    /** A new idle strategy for {@code t}'s idle name; auto comes from its run's {@link AutoIdle}. */
    public static IdleStrategy of(Threading t) {
        if ("auto".equals(t.idle())) {
            return (t.auto() != null ? t.auto() : new AutoIdle(1, Runtime.getRuntime().availableProcessors()))
                    .newStrategy();
        }
        return of(t.idle());
    }

    /** Tells {@code idle} that the awaited data arrived (ends an adaptive strategy's measured wait). */
    public static void arrived(IdleStrategy idle) {
        if (idle instanceof AdaptiveIdleStrategy) {
            ((AdaptiveIdleStrategy) idle).arrived();
        }
    }

    /** What a receiver does between two polls while it awaits a message. */
    @FunctionalInterface
    public interface Pause {
        /** Waits a little (idles, runs a driver duty cycle, blocks in a waitset), at most {@code leftNs}. */
        void pause(long leftNs);
    }

    /**
     * {@link Receiver#await} of a receiver that polls: polls {@code r} until a message arrives (then
     * tells {@code idle} it {@link #arrived}) or {@code timeoutNs} has passed (0), pausing between polls.
     */
    public static int await(Receiver r, IdleStrategy idle, MessageHandler handler, int limit, long timeoutNs,
            Pause between) {
        long deadline = System.nanoTime() + timeoutNs;
        idle.reset();
        while (true) {
            int n = r.poll(handler, limit);
            if (n > 0) {
                arrived(idle);
                return n;
            }
            long leftNs = deadline - System.nanoTime();
            if (leftNs <= 0) {
                return 0;
            }
            between.pause(leftNs);
        }
    }

    /**
     * {@link Receiver#awaitParked} of a receiver that polls: polls {@code r}, runs {@code work} (a driver
     * duty cycle under INVOKER threading; its result the work done) and, when both found nothing,
     * parks for up to {@link #PARKED_WAIT_NS}, until a message arrives or {@code timeoutNs} has passed (0).
     */
    public static int awaitParked(Receiver r, MessageHandler handler, int limit, long timeoutNs,
            IntSupplier work) {
        long deadline = System.nanoTime() + timeoutNs;
        while (true) {
            int n = r.poll(handler, limit);
            if (n > 0) {
                return n;
            }
            long leftNs = deadline - System.nanoTime();
            if (leftNs <= 0) {
                return 0;
            }
            if (work.getAsInt() == 0) {
                LockSupport.parkNanos(Math.min(leftNs, PARKED_WAIT_NS));
            }
        }
    }

    /** The usage error's text for an unknown {@code name}. */
    public static String expected(String name) {
        return "-idleStrategy: expected auto, yield, spinyield, spinpark, spin, backoff, sleep or park, got '" + name + "'";
    }

    /**
     * A new idle strategy for {@code name}: auto, yield, spinyield (spin 300 us, then yield), spinpark
     * (spin 300 us, then park), spin, backoff, sleep (1 ms) or park ({@link #PARK_NS}).
     */
    public static IdleStrategy of(String name) {
        switch (name) {
            case "auto":
                return new AutoIdle(1, Runtime.getRuntime().availableProcessors()).newStrategy();
            case "yield":
                return new YieldingIdleStrategy();
            case "spin":
                return new BusySpinIdleStrategy();
            case "backoff":
                return new BackoffIdleStrategy();
            case "spinyield":
                return new SpinFirstIdleStrategy(SpinFirstIdleStrategy.SPIN_NS, SpinFirstIdleStrategy.Then.YIELD);
            case "spinpark":
                return new SpinFirstIdleStrategy(SpinFirstIdleStrategy.SPIN_NS, SpinFirstIdleStrategy.Then.PARK);
            case "sleep":
                return new SleepingMillisIdleStrategy(1);
            case "park":
                return new SleepingIdleStrategy(PARK_NS);
            default:
                throw new WirebenchException(WirebenchException.USAGE,
                        expected(name));
        }
    }
}
