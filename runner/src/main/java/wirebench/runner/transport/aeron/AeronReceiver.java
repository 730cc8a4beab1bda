package wirebench.runner.transport.aeron;

import java.util.function.IntSupplier;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;

import wirebench.runner.transport.Idle;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;

/**
 * A {@link Receiver} on a subscription: whole messages (fragments reassembled: on the DATA topic by a
 * {@link StartFirstAssembler}, which copies only the start of a long message whose handler reads no
 * more of it, on the ECHO topic by Aeron's {@link FragmentAssembler}); {@link #await}
 * waits with the given idle strategy and, under INVOKER threading, runs the driver between polls:
 * its Receiver agent alone or its whole duty cycle, as {@link WaitTurns} decides.
 */
final class AeronReceiver implements Receiver {
    private final Subscription sub;
    private final IdleStrategy idle;
    private final DriverDuty duty;
    private MessageHandler target;
    private Throwable thrown;
    private final FragmentHandler assembler;
    /** The DATA topic's assembler; null on the ECHO topic. */
    private final StartFirstAssembler startFirst;
    private final InFlight inFlight = new InFlight();
    /** Which waiting turns run the driver's whole cycle; null without INVOKER. */
    private final WaitTurns turns;
    /** What {@link #await} does between polls; one object for every await (a lambda made per call was garbage on each round trip). */
    private final Idle.Pause between;
    /** What {@link #awaitParked} runs between polls; one object, as {@link #between}. */
    private final IntSupplier parkedWork;

    /** {@code startFirst}: fragmented messages through a {@link StartFirstAssembler}, else a {@link FragmentAssembler}. */
    AeronReceiver(Subscription sub, IdleStrategy idle, DriverDuty duty, boolean startFirst) {
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
        this.startFirst = startFirst ? new StartFirstAssembler(h, this::leadingBytes) : null;
        this.assembler = startFirst ? this.startFirst : new FragmentAssembler(h);
        this.between = duty == null ? leftNs -> idle.idle(0) : leftNs -> idle.idle(turns.turn(duty));
        this.parkedWork = duty == null ? () -> 0 : duty::run;
    }

    /** What the handler reads of a message at its first fragment; a failure is kept as the handler's are. */
    private int leadingBytes(DirectBuffer buffer, int offset, int availableBytes) {
        try {
            return target.leadingBytesRead(buffer, offset, availableBytes);
        } catch (RuntimeException | Error e) {
            if (thrown == null) {
                thrown = e;
            }
            return MessageHandler.WHOLE_MESSAGE;
        }
    }

    /** Bytes the DATA topic's assembler copied so far (-1 on the ECHO topic): for tests and measurements. */
    long copiedBytes() {
        return startFirst == null ? -1 : startFirst.copiedBytes();
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
        return Idle.await(this, idle, handler, limit, timeoutNs, between);
    }

    /** Polls, runs the driver's whole duty cycle under INVOKER, and sleeps when neither found work. */
    @Override
    public int awaitParked(MessageHandler handler, int limit, long timeoutNs) {
        return Idle.awaitParked(this, handler, limit, timeoutNs, parkedWork);
    }

    @Override
    public void close() {
        inFlight.close(InFlight.CLOSE_WAIT_NS);
        sub.close();
    }
}
