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
 * its Receiver agent alone or its whole duty cycle, as {@link WaitTurns} decides.
 */
final class AeronReceiver implements Receiver {
    private final Subscription sub;
    private final IdleStrategy idle;
    private final DriverDuty duty;
    private MessageHandler target;
    private Throwable thrown;
    private final FragmentAssembler assembler;
    private final InFlight inFlight = new InFlight();
    /** Which waiting turns run the driver's whole cycle; null without INVOKER. */
    private final WaitTurns turns;

    AeronReceiver(Subscription sub, IdleStrategy idle, DriverDuty duty) {
        this.sub = sub;
        this.idle = idle;
        this.duty = duty;
        this.turns = duty == null ? null : new WaitTurns(System::nanoTime);
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
        if (!inFlight.enter()) {
            return 0; // closed (the JVM is stopping): the image may be unmapped
        }
        target = handler;
        int n;
        try {
            n = sub.poll(assembler, limit);
        } finally {
            inFlight.exit();
        }
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
        // image; work done means poll again at once instead of yielding the core. Most waiting
        // turns run the driver's receiver alone (WaitTurns says which run the whole cycle).
        return Idle.await(this, idle, handler, limit, timeoutNs, leftNs -> idle.idle(
                duty == null ? 0 : turns.turn(duty)));
    }

    @Override
    public void close() {
        inFlight.close(InFlight.CLOSE_WAIT_NS);
        sub.close();
    }
}
