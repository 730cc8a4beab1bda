package wirebench.runner.transport.aeron;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.concurrent.IdleStrategy;

import wirebench.runner.transport.Idle;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;

/**
 * A {@link Receiver} on a subscription: whole messages (fragments reassembled); {@link #await}
 * waits with the given idle strategy and, under INVOKER threading, runs the driver between polls:
 * its Receiver agent alone on most turns, its whole duty cycle on every {@link #WHOLE_CYCLE_EVERY}th.
 */
final class AeronReceiver implements Receiver {
    /**
     * INVOKER: of the waiting turns, one in this many runs the driver's whole duty cycle, the others
     * its Receiver agent alone (one data-socket poll, without the Sender's control-socket poll and
     * the conductors), so an arriving message is seen sooner. 3: in 8 interleaved rounds on the quiet
     * 2-core machine (issue 25) the 32 B one-way p50 was lower than with whole cycles in every round
     * (median ratio to sockperf's busy-poll floor 1.50x against 1.68x; 2 gave 1.64x).
     */
    static final int WHOLE_CYCLE_EVERY = 3;
    private final Subscription sub;
    private final IdleStrategy idle;
    private final DriverDuty duty;
    private MessageHandler target;
    private Throwable thrown;
    private final FragmentAssembler assembler;
    /** Waiting turns so far: every {@link #WHOLE_CYCLE_EVERY}th runs the driver's whole cycle. */
    private long turns;

    AeronReceiver(Subscription sub, IdleStrategy idle, DriverDuty duty) {
        this.sub = sub;
        this.idle = idle;
        this.duty = duty;
        // Image.poll hands what a handler throws to Aeron's error handler and carries on; the
        // roles' handlers throw to stop the run (bad input, a pong that cannot be sent), so
        // keep the first failure, skip the rest of the batch and rethrow it from poll.
        FragmentHandler h = (buffer, offset, length, header) -> {
            if (thrown == null) {
                try {
                    target.onMessage(buffer, offset, length);
                } catch (RuntimeException | Error e) {
                    thrown = e;
                }
            }
        };
        this.assembler = new FragmentAssembler(h);
    }

    /** Polls the image only: a waiting caller uses {@link #await}, which also runs the driver. */
    @Override
    public int poll(MessageHandler handler, int limit) {
        target = handler;
        int n = sub.poll(assembler, limit);
        if (thrown != null) {
            Throwable t = thrown;
            thrown = null;
            if (t instanceof Error) {
                throw (Error) t;
            }
            throw (RuntimeException) t;
        }
        return n;
    }

    @Override
    public int await(MessageHandler handler, int limit, long timeoutNs) {
        // INVOKER: the driver's cycle may just have received the awaited message into the
        // image; work done means poll again at once instead of yielding the core. Two waiting
        // turns in three run the driver's receiver alone, the third the whole duty cycle.
        return Idle.await(this, idle, handler, limit, timeoutNs, leftNs -> idle.idle(
                duty == null ? 0 : ++turns % WHOLE_CYCLE_EVERY == 0 ? duty.run() : duty.runReceiver()));
    }

    @Override
    public void close() {
        sub.close();
    }
}
