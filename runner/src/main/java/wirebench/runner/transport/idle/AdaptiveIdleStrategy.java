package wirebench.runner.transport.idle;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NanoClock;

/**
 * {@code -idleStrategy auto}: waits with one of several candidate strategies, chosen and re-checked
 * by an {@link IdleChooser} from the measured waits. One instance per waiting thread (not
 * thread-safe, as every Agrona idle strategy).
 *
 * <p>A wait starts at the first {@link #idle()} call after {@link #reset()} (a wait that finds data
 * at once is not a wait and is not measured) and ends at {@link #arrived()} (a receiver saw the
 * awaited data). Used by a driver agent that never calls {@code arrived}, a wait ends at the next
 * {@code idle(workCount > 0)}.
 */
public final class AdaptiveIdleStrategy implements IdleStrategy {
    private final IdleStrategy[] candidates;
    private final IdleChooser chooser;
    private final NanoClock clock;
    private final java.util.function.IntSupplier homeHint;
    private IdleStrategy current;
    private boolean waiting;
    private boolean receiver;
    private long startNs;

    /** With these candidates (index = the chooser's), the chooser and a clock. */
    public AdaptiveIdleStrategy(IdleStrategy[] candidates, IdleChooser chooser, NanoClock clock) {
        this(candidates, chooser, clock, () -> -1);
    }

    /**
     * As above, and {@code homeHint}: read at the start of each wait from this strategy's own thread,
     * a candidate index (not -1) settles the chooser there ({@link IdleChooser#settle}); -1 = no new
     * facts.
     */
    public AdaptiveIdleStrategy(IdleStrategy[] candidates, IdleChooser chooser, NanoClock clock,
            java.util.function.IntSupplier homeHint) {
        this.candidates = candidates.clone();
        this.chooser = chooser;
        this.clock = clock;
        this.homeHint = homeHint;
        this.current = this.candidates[chooser.incumbent()];
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            current.reset();
            if (!receiver) {
                endWait();
            }
            return;
        }
        idle();
    }

    @Override
    public void idle() {
        if (!waiting) {
            waiting = true;
            int hint = homeHint.getAsInt();
            if (hint >= 0 && !chooser.settled()) {
                chooser.settle(hint);
            }
            startNs = clock.nanoTime();
            current = candidates[chooser.pick(startNs)];
            current.reset();
        }
        current.idle();
    }

    @Override
    public void reset() {
        current.reset();
        waiting = false;
    }

    /** The awaited data arrived: ends the wait in progress (if any) and records its length. */
    public void arrived() {
        receiver = true;
        endWait();
    }

    private void endWait() {
        if (waiting) {
            waiting = false;
            chooser.record(clock.nanoTime() - startNs);
        }
    }

    /** The chooser (its scores and counts). */
    public IdleChooser chooser() {
        return chooser;
    }

    /** True once {@link #arrived} was called: a receiver's wait, not a driver agent's. */
    public boolean receiver() {
        return receiver;
    }

    @Override
    public String alias() {
        return "auto";
    }
}
