package wirebench.runner.transport.dds;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.MessageHandler;

/**
 * Delivery in Cyclone's receive thread while the role thread is parked ({@code -ddsDelivery listener},
 * the default for a subscriber's DATA reader): a data-available listener (an FFM upcall, run in the
 * thread that delivered the data, Cyclone's receive thread for remote writers) takes the waiting
 * samples and hands them to the harness's handler itself, as ddsperf's subscriber and pong do, so a
 * sample needs no second thread to be scheduled and no role thread spins beside the receive thread.
 *
 * <p>The handler is only ever run by one thread at a time: the role thread's {@link #await} publishes
 * its handler and parks ({@link #PARKED}); the listener runs it only after moving the state from
 * PARKED to DELIVERING, and the role thread takes it back (PARKED to IDLE) before it returns; the
 * atomic state orders everything each side wrote. Data that arrives while the role thread is not
 * parked is left to the role thread's own take: a listener that finds the role thread not parked
 * raises {@link #pending} and then looks at the state again, and the role thread looks at
 * {@link #pending} after it parked, so one of the two always sees the other (a listener call that
 * finds it parked, the common case, writes nothing but the state). The role thread takes only then (pending raised: data the listener left,
 * or more than {@link #MAX_PER_CALL} waiting after its call; or messages of a take its limit left);
 * otherwise it parks straight away, no {@code dds_take} of an empty reader. It wakes every
 * {@link #SLICE_NS} (the harness's loop: its intervals, its end) and returns what the listener
 * delivered meanwhile.
 *
 * <p>The hazard of a reliable write made by the handler (an echo, a pong) in the receive thread: when
 * the writer's unacknowledged data is above its high-water mark, Cyclone blocks it (up to the max
 * blocking time) waiting for acknowledgements that only this very thread would read; retried there,
 * it never ends. Seen before this was handled: a reliable KEEP_ALL latency test at 64 KiB (256
 * initialisation pings answered back to back) ended with "could not send a pong for 10 s". So a write
 * that Cyclone refuses in a listener call ({@link DdsSender} asks {@link #calling}) is kept here with
 * every write after it in that call ({@link #keep}), the listener delivers no more, and the role
 * thread, unparked at once, writes what was kept in order (it may wait: the receive thread is free to
 * read the acknowledgements) and takes from then on itself, said once on stderr. A best-effort writer
 * holds nothing unacknowledged and is never refused for that.
 */
final class HandOff {
    /** The longest the role thread parks before it looks at its loop again. */
    static final long SLICE_NS = 10_000_000;
    /** Samples one listener call delivers at most (ddsperf's listener takes up to 1000 per call). */
    static final int MAX_PER_CALL = 1024;

    private static final int IDLE = 0;
    private static final int PARKED = 1;
    private static final int DELIVERING = 2;
    /**
     * The hand-offs whose listener may deliver, copied on change (a process has one or two): the
     * upcall finds its own by id and a writer looks for the one delivering in its thread, each a scan
     * of this array, where a map lookup and a thread-local would cost every sample.
     */
    private static volatile HandOff[] live = new HandOff[0];
    private static final AtomicLong IDS = new AtomicLong();
    /** How long the role thread tries to write a kept write before the run fails. */
    static final long KEPT_WRITE_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    private static long callback;

    private final Cyclone dds;
    private final int reader;
    private final DdsReceiver receiver;
    private final java.util.function.LongConsumer flush;
    private final long id = IDS.incrementAndGet();
    private final AtomicInteger state = new AtomicInteger(IDLE);
    /** Data the listener left for the role thread; raised at first, for what arrived before the listener was set. */
    private volatile boolean pending = true;
    private volatile boolean enabled = true;
    /** Written by the role thread before PARKED, read by the listener after it took the state. */
    private MessageHandler handler;
    private int limit;
    /** Written by the listener while DELIVERING, read by the role thread after it took the state back. */
    private long delivered;
    private long listenerSamples;
    private RuntimeException failure;
    /** Writes refused in a listener call, kept for the role thread in order (listener: while DELIVERING; role: after taking the state back). */
    private final ArrayDeque<Kept> kept = new ArrayDeque<>();
    private boolean keeping;
    /** Set by the listener when it kept writes: delivery moves to the role thread. */
    private volatile boolean moved;
    private boolean movedSaid;
    private volatile Thread roleThread;
    /**
     * The thread running this hand-off's listener call now, null between calls. Written and cleared
     * by that thread alone, so a plain field: any other thread reads null or another thread than itself.
     */
    private Thread delivering;

    private record Kept(DdsSender sender, byte[] bytes) {
    }

    /** Installs the listener on {@code reader}; {@code receiver} takes (its {@code poll}), {@code flush} sends batched writes. */
    HandOff(Cyclone dds, int reader, DdsReceiver receiver, java.util.function.LongConsumer flush) {
        this.dds = dds;
        this.reader = reader;
        this.receiver = receiver;
        this.flush = flush;
        register(this);
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
            unregister(this);
            DataSignal.remove(dds, reader);
        }
    }

    /** The reader is being deleted. */
    void close() {
        enabled = false;
        unregister(this);
    }

    private static synchronized void register(HandOff h) {
        HandOff[] a = java.util.Arrays.copyOf(live, live.length + 1);
        a[a.length - 1] = h;
        live = a;
    }

    private static synchronized void unregister(HandOff h) {
        live = java.util.Arrays.stream(live).filter(x -> x != h).toArray(HandOff[]::new);
    }

    /** The hand-off whose listener call runs in the calling thread, or null (then writes may wait). */
    static HandOff calling() {
        HandOff[] a = live;
        if (a.length == 0) {
            return null;
        }
        Thread t = Thread.currentThread();
        for (HandOff h : a) {
            if (h.delivering == t) {
                return h;
            }
        }
        return null;
    }

    /** In a listener call: whether a write was already kept (every later write of the call is kept too, for the order). */
    boolean keeping() {
        return keeping;
    }

    /** In a listener call: keeps a copy of a write Cyclone refused (or one after it) for the role thread. */
    void keep(DdsSender sender, DirectBuffer buffer, int offset, int lengthBytes) {
        byte[] copy = new byte[lengthBytes];
        buffer.getBytes(offset, copy);
        kept.add(new Kept(sender, copy));
        keeping = true;
    }

    /** Whether delivery moved to the role thread because a write in the listener was refused. */
    boolean moved() {
        return moved;
    }

    /** Samples the listener delivered so far (for the proofs). */
    long listenerSamples() {
        return listenerSamples;
    }

    /**
     * The role thread: takes what the listener left ({@link #pending}, or a take not yet all delivered);
     * else, or if that was nothing, parks while the listener delivers, in slices of {@link #SLICE_NS},
     * until it delivered something or {@code timeoutNs} passed.
     */
    int await(MessageHandler h, int max, long timeoutNs) {
        long deadline = System.nanoTime() + timeoutNs;
        roleThread = Thread.currentThread();
        while (true) {
            if (pending || receiver.holding()) {
                pending = false;
                int n = receiver.poll(h, max);
                if (n > 0) {
                    return n;
                }
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
            if (moved) {
                moveToRoleThread();
            }
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

    /**
     * The role thread, after a listener call kept writes: writes them in order (a refusal here is back
     * pressure: it tries again, for up to {@link #KEPT_WRITE_TIMEOUT_NS}), sends them, removes the
     * listener and says so once.
     */
    private void moveToRoleThread() {
        while (!kept.isEmpty()) {
            Kept k = kept.peek();
            UnsafeBuffer b = new UnsafeBuffer(k.bytes());
            long until = System.nanoTime() + KEPT_WRITE_TIMEOUT_NS;
            while (!k.sender().offer(b, 0, k.bytes().length)) {
                if (System.nanoTime() - until > 0) {
                    throw new WirebenchException(WirebenchException.RUN_FAILED, "Cyclone DDS: a write kept from the receive"
                            + " thread could not be written for " + TimeUnit.NANOSECONDS.toSeconds(KEPT_WRITE_TIMEOUT_NS) + " s");
                }
                Thread.onSpinWait();
            }
            kept.poll();
        }
        flush.accept(0);
        if (!movedSaid) {
            movedSaid = true;
            DataSignal.remove(dds, reader);
            unregister(this);
            System.err.println("wirebench pubsub: dds: a reliable write in Cyclone's receive thread was held back"
                    + " (unacknowledged data above the writer's high-water mark); DATA is taken by the role thread"
                    + " from now on (as -ddsDelivery role)");
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
        if (!enabled) {
            pending = true;
            return;
        }
        if (!state.compareAndSet(PARKED, DELIVERING)) {
            // the role thread is not parked: the data is left to it. It looks at pending after it parked;
            // this looks at the state again after raising pending, so one of the two sees the other
            pending = true;
            if (!state.compareAndSet(PARKED, DELIVERING)) {
                return;
            }
        }
        delivering = Thread.currentThread();
        try {
            if (pending) {
                pending = false; // what was left is taken now
            }
            int total = 0;
            int asked;
            int n;
            do { // one take per call unless it came back full: the next sample calls the listener again
                asked = Math.min(limit, MAX_PER_CALL - total);
                n = receiver.poll(handler, asked);
                total += n;
            } while (n == asked && total < MAX_PER_CALL && !keeping);
            if (total >= MAX_PER_CALL) {
                pending = true; // more may be waiting: the role thread looks when it wakes
            }
            delivered += total;
            listenerSamples += total;
            flush.accept(0); // the handler's writes (echoes, pongs) go out now, as ddsperf's pong flushes
        } catch (RuntimeException | Error e) {
            failure = e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            delivering = null;
            if (keeping) {
                keeping = false;
                enabled = false; // no more listener calls deliver; the role thread writes what was kept
                moved = true;
            }
            state.lazySet(PARKED); // a release: the role thread's compare-and-set that takes it back sees all written here
            if (moved) {
                Thread t = roleThread;
                if (t != null) {
                    LockSupport.unpark(t);
                }
            }
        }
    }

    /** The upcall: must not throw (an exception in an upcall ends the JVM). */
    private static void onDataAvailable(int reader, long id) {
        for (HandOff h : live) {
            if (h.id == id) {
                h.deliver();
                return;
            }
        }
    }
}
