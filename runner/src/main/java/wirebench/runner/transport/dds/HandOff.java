package wirebench.runner.transport.dds;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;

/**
 * Delivery in Cyclone's receive thread while the role thread is parked ({@code -ddsDelivery listener},
 * the default of a best-effort subscriber's DATA reader): a data-available listener (an FFM upcall, run in the
 * thread that delivered the data, Cyclone's receive thread for remote writers) takes the waiting
 * samples and hands them to the harness's handler itself, as ddsperf's subscriber and pong do, so a
 * sample needs no second thread to be scheduled and no role thread spins beside the receive thread.
 *
 * <p>The handler is only ever run by one thread at a time: the role thread's {@link #await} publishes
 * its handler and parks ({@link #PARKED}); the listener runs it only after moving the state from
 * PARKED to DELIVERING, and the role thread takes it back (PARKED to IDLE) before it returns; the
 * atomic state orders everything each side wrote. Data that arrives while the role thread is not
 * parked is left to the role thread's own take: the listener raises {@link #pending} before it looks
 * at the state, and the role thread looks at {@link #pending} after it parked, so one of the two
 * always sees the other. The role thread wakes every {@link #SLICE_NS} (the harness's loop: its
 * intervals, its end) and returns what the listener delivered meanwhile.
 *
 * <p>Hazard, why it is the default only when best effort: a reliable write made by the handler (an
 * echo, a pong) runs in the receive thread; when the writer's unacknowledged data is above its
 * high-water mark, Cyclone blocks it (up to the max blocking time, and the harness retries) waiting for
 * acknowledgements that only this very thread would read. Seen: a reliable KEEP_ALL latency test at
 * 64 KiB (256 initialisation pings answered back to back) ended with "could not send a pong for 10 s".
 * A best-effort writer has no unacknowledged data and never blocks. {@code -ddsDelivery listener}
 * asks for it when reliable too (a throughput test's rare, small echoes stay far below the mark).
 */
final class HandOff {
    /** The longest the role thread parks before it looks at its loop again. */
    static final long SLICE_NS = 10_000_000;
    /** Samples one listener call delivers at most (ddsperf's listener takes up to 1000 per call). */
    static final int MAX_PER_CALL = 1024;

    private static final int IDLE = 0;
    private static final int PARKED = 1;
    private static final int DELIVERING = 2;
    private static final Map<Long, HandOff> LIVE = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();
    private static long callback;

    private final Cyclone dds;
    private final int reader;
    private final Receiver receiver;
    private final java.util.function.LongConsumer flush;
    private final long id = IDS.incrementAndGet();
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private volatile boolean pending;
    private volatile boolean enabled = true;
    /** Written by the role thread before PARKED, read by the listener after it took the state. */
    private MessageHandler handler;
    private int limit;
    /** Written by the listener while DELIVERING, read by the role thread after it took the state back. */
    private long delivered;
    private long listenerSamples;
    private RuntimeException failure;

    /** Installs the listener on {@code reader}; {@code receiver} takes (its {@code poll}), {@code flush} sends batched writes. */
    HandOff(Cyclone dds, int reader, Receiver receiver, java.util.function.LongConsumer flush) {
        this.dds = dds;
        this.reader = reader;
        this.receiver = receiver;
        this.flush = flush;
        LIVE.put(id, this);
        DataSignal.install(dds, reader, callback(dds), id);
    }

    private static synchronized long callback(Cyclone dds) {
        if (callback == 0) {
            try {
                callback = DataSignal.upcall(dds, MethodHandles.lookup().findStatic(HandOff.class, "onDataAvailable",
                        MethodType.methodType(void.class, int.class, long.class)));
            } catch (ReflectiveOperationException e) {
                throw Cyclone.rethrow(e);
            }
        }
        return callback;
    }

    /** Whether the listener still delivers (false once {@link #disable} ran: the role thread takes). */
    boolean enabled() {
        return enabled;
    }

    /** From now on the role thread takes itself (a writer of the topic opened in this process: Cyclone would run the listener in its thread). */
    void disable() {
        if (enabled) {
            enabled = false;
            LIVE.remove(id);
            DataSignal.remove(dds, reader);
        }
    }

    /** The reader is being deleted. */
    void close() {
        enabled = false;
        LIVE.remove(id);
    }

    /** Samples the listener delivered so far (for the proofs). */
    long listenerSamples() {
        return listenerSamples;
    }

    /**
     * The role thread: takes what is waiting itself; if nothing is, parks while the listener delivers,
     * in slices of {@link #SLICE_NS}, until it delivered something or {@code timeoutNs} passed.
     */
    int await(MessageHandler h, int max, long timeoutNs) {
        long deadline = System.nanoTime() + timeoutNs;
        while (true) {
            pending = false;
            int n = receiver.poll(h, max);
            if (n > 0) {
                return n;
            }
            flush.accept(0); // about to park: whatever this thread wrote goes out now
            handler = h;
            limit = max;
            delivered = 0;
            state.set(PARKED);
            if (!pending) {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    LockSupport.parkNanos(this, Math.min(left, SLICE_NS));
                }
            }
            takeBack();
            if (failure != null) {
                RuntimeException f = failure;
                failure = null;
                throw f;
            }
            if (delivered > 0) {
                return (int) Math.min(Integer.MAX_VALUE, delivered);
            }
            if (!enabled) {
                return 0; // the caller's next await takes in the role thread
            }
            if (!pending && deadline - System.nanoTime() <= 0) {
                return 0;
            }
        }
    }

    /** PARKED back to IDLE, waiting for a listener call that is delivering to end. */
    private void takeBack() {
        while (!state.compareAndSet(PARKED, IDLE)) {
            Thread.yield();
        }
        handler = null;
    }

    /** In the listener: delivers what is waiting if the role thread is parked; else leaves it to the role thread. */
    private void deliver() {
        pending = true;
        if (!enabled || !state.compareAndSet(PARKED, DELIVERING)) {
            return;
        }
        try {
            pending = false;
            int total = 0;
            int asked;
            int n;
            do { // one take per call unless it came back full: the next sample calls the listener again
                asked = Math.min(limit, MAX_PER_CALL - total);
                n = receiver.poll(handler, asked);
                total += n;
            } while (n == asked && total < MAX_PER_CALL);
            if (total >= MAX_PER_CALL) {
                pending = true; // more may be waiting: the role thread looks when it wakes
            }
            delivered += total;
            listenerSamples += total;
            flush.accept(0); // the handler's writes (echoes, pongs) go out now, as ddsperf's pong flushes
        } catch (RuntimeException | Error e) {
            failure = e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            state.set(PARKED);
        }
    }

    /** The upcall: must not throw (an exception in an upcall ends the JVM). */
    private static void onDataAvailable(int reader, long id) {
        HandOff h = LIVE.get(id);
        if (h != null) {
            h.deliver();
        }
    }
}
