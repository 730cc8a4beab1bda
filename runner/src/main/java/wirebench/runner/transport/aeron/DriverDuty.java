package wirebench.runner.transport.aeron;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntSupplier;

import io.aeron.driver.DriverConductor;
import io.aeron.driver.Receiver;
import io.aeron.driver.Sender;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.CompositeAgent;

/**
 * The driver's duty cycle under INVOKER threading, run by whichever thread is waiting: a role
 * thread after each offer and while it awaits a message, the Aeron client's own calls (adding or
 * closing a publication) through {@link #clientInvoker}, and a keeper thread that runs a cycle
 * whenever nobody else has for {@link #KEEPER_PERIOD_NS}, so the driver stays alive while the
 * roles are busy elsewhere (a handler decompressing 10 MB, a pause between sizes): the Aeron
 * client declares the driver dead after 10 s without a cycle. The driver's agents are not
 * thread-safe, so every cycle runs under one lock.
 */
final class DriverDuty implements AutoCloseable {
    static final long KEEPER_PERIOD_NS = 50_000_000L;
    /** {@link #runSend}: the Sender is called again after a call that did at least this much work (bytes sent)... */
    static final int SEND_BURST_MIN_BYTES = 4096;
    /** ...up to this many calls per turn (64 datagrams of 64 KB: a 4 MiB window). */
    static final int SEND_BURST_DATAGRAMS = 64;
    private final AgentInvoker invoker;
    /** The driver's Receiver agent alone (it polls the data sockets); null when not found. */
    private final Receiver receiver;
    /** The driver's Sender and conductor agents ({@link #runSend}); null when not found. */
    private final Sender sender;
    private final DriverConductor driverConductor;
    /** An offer left its frame for the next cycle ({@link SendWindow}): that cycle must be a whole one. */
    private volatile boolean sendPending;
    private final ReentrantLock lock = new ReentrantLock();
    /** Cycles run so far; written under {@link #lock}, read by the keeper. */
    private volatile long cycles;
    private volatile boolean closed;
    private final AgentInvoker clientInvoker;
    private final Thread keeper;
    /** The Aeron client's conductor (Aeron 1.48+ runs it on an invoker with the driver's); null until connected. */
    private volatile AgentInvoker conductor;
    /** A cycle is running on the lock holder's thread (the conductor's work calls back into the driver). */
    private boolean inCycle;

    /** An offer's whole turn under the lock: a cycle with the Sender's burst. */
    private final IntSupplier wholeTurn = this::wholeTurn;
    /** An offer's turn under the lock: the Sender's burst and the driver's conductor. */
    private final IntSupplier sendTurn = this::sendTurn;

    DriverDuty(AgentInvoker invoker) {
        this.invoker = invoker;
        this.receiver = receiverOf(invoker.agent());
        this.sender = agentOf(invoker.agent(), Sender.class);
        this.driverConductor = agentOf(invoker.agent(), DriverConductor.class);
        Agent locked = new Agent() {
            @Override
            public int doWork() {
                return runLocked();
            }

            @Override
            public String roleName() {
                return "wirebench-driver-duty";
            }
        };
        this.clientInvoker = new AgentInvoker(e -> {
            throw new IllegalStateException("aeron: the media driver's duty cycle failed", e);
        }, null, locked);
        this.clientInvoker.start();
        this.keeper = new Thread(this::keep, "wirebench-aeron-keeper");
        this.keeper.setDaemon(true);
        this.keeper.start();
    }

    /** Runs one duty cycle unless another thread is running one; returns the work done. */
    int run() {
        if (!lock.tryLock()) {
            return 0;
        }
        try {
            return closed ? 0 : cycle();
        } finally {
            lock.unlock();
        }
    }

    /**
     * An offer's whole turn ({@link OfferTurns}): one duty cycle with the Sender's burst
     * ({@link #runSend}) so a large sample leaves in this turn, not one datagram per cycle. When
     * another thread is running a cycle the frame is marked pending: the next cycle, whoever runs
     * it, sends the burst.
     */
    int runAfterOffer() {
        return offerTurn(wholeTurn);
    }

    private int wholeTurn() {
        sendPending = true;
        return cycle();
    }

    private int sendTurn() {
        sendPending = false;
        return sendBurst() + driverConductor.doWork();
    }

    /** Runs {@code turn} under the lock unless another thread holds it; then the frame is marked pending. */
    private int offerTurn(IntSupplier turn) {
        if (!lock.tryLock()) {
            sendPending = true;
            return 0;
        }
        try {
            return closed ? 0 : turn.getAsInt();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs the driver's Receiver agent alone (one poll of the data sockets, the receiver's status
     * messages and NAKs) unless another thread is running a cycle or a frame waits to be sent; a
     * whole cycle when the agent was not found. Returns the work done.
     */
    int runReceiver() {
        if (receiver == null || sendPending) {
            return run();
        }
        if (!lock.tryLock()) {
            return 0;
        }
        try {
            return closed ? 0 : receiver.doWork();
        } finally {
            lock.unlock();
        }
    }

    /** A frame was left in the term for the next cycle: the next waiting turn runs a whole one. */
    void sendPending() {
        sendPending = true;
    }

    /**
     * The Receiver inside INVOKER's composite agent. Agrona's {@code CompositeAgent} keeps its agents
     * in a private array; when it cannot be read (another Agrona version) the waiting turns run whole
     * cycles as before.
     */
    static Receiver receiverOf(Agent agent) {
        return agentOf(agent, Receiver.class);
    }

    /** The agent of {@code type} inside INVOKER's composite agent; null when not found (as {@link #receiverOf}). */
    static <T extends Agent> T agentOf(Agent agent, Class<T> type) {
        if (!(agent instanceof CompositeAgent)) {
            return null;
        }
        try {
            java.lang.reflect.Field f = CompositeAgent.class.getDeclaredField("agents");
            f.setAccessible(true);
            for (Agent a : (Agent[]) f.get(agent)) {
                if (type.isInstance(a)) {
                    return type.cast(a);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not readable: whole cycles only
        }
        return null;
    }

    /**
     * An offer's turn ({@link OfferTurns}): the driver's Sender agent (it sends what the offers left in
     * the term, one datagram per call, called again while it sends large ones, up to
     * {@link #SEND_BURST_DATAGRAMS}; when it has nothing to send it polls its control socket for status
     * messages) and its conductor (it moves the publication's limit and cleans the term behind the
     * sender; no system call), without the Receiver's poll of the data sockets or the client's conductor.
     * When another thread runs a cycle (the keeper, a waiting role) the frame is marked pending: the
     * next cycle, whoever runs it, sends the burst (it used to send one datagram per cycle, a 1 MB
     * sample over 17 cycles: issue 28's flaky OfferTurnsTest). A whole cycle when the agents were not
     * found. Returns the work done.
     */
    int runSend() {
        if (sender == null || driverConductor == null) {
            return runAfterOffer();
        }
        return offerTurn(sendTurn);
    }

    /**
     * Aeron's Sender sends at most one datagram per publication per call: a 1 MB sample is 17 calls.
     * Calls it again while the last call sent a large datagram (more of the sample likely waits), up
     * to {@link #SEND_BURST_DATAGRAMS} calls; a small one or none ends the burst without a further
     * (empty) control-socket poll. Under the lock.
     */
    private int sendBurst() {
        int work = 0;
        int last;
        int datagrams = 0;
        do {
            last = sender.doWork();
            work += last;
        } while (last >= SEND_BURST_MIN_BYTES && ++datagrams < SEND_BURST_DATAGRAMS);
        return work;
    }

    /** Whether the Sender and conductor agents were found (offer turns can run them alone). */
    boolean senderAlone() {
        return sender != null && driverConductor != null;
    }

    /** Whether the Receiver agent was found (waiting turns can poll the data sockets alone). */
    boolean receiverAlone() {
        return receiver != null;
    }

    /** Runs one duty cycle, waiting for the lock (the client's calls must see the driver act). */
    private int runLocked() {
        lock.lock();
        try {
            return closed ? 0 : driverCycle();
        } finally {
            lock.unlock();
        }
    }

    /** The driver alone: what the client's conductor asks for while it waits for the driver. */
    private int driverCycle() {
        int work = invoker.invoke();
        cycles = cycles + 1;
        return work;
    }

    private int cycle() {
        if (inCycle) {
            return invoker.invoke(); // the conductor's own call into the driver, inside a cycle
        }
        inCycle = true;
        boolean burst = sendPending && sender != null;
        sendPending = false;
        try {
            int work = invoker.invoke();
            if (burst) {
                // a frame an offer left: the cycle's own Sender call sent one datagram, the rest now
                work += sendBurst();
            }
            AgentInvoker c = conductor;
            if (c != null) {
                work += c.invoke();
            }
            cycles = cycles + 1; // only under the lock: no lost update
            return work;
        } finally {
            inCycle = false;
        }
    }

    /** From now on each cycle also runs the client's conductor (keep-alives, image and publication updates). */
    void conductor(AgentInvoker clientConductor) {
        this.conductor = clientConductor;
    }

    private void keep() {
        long seen = -1;
        while (!closed) {
            LockSupport.parkNanos(KEEPER_PERIOD_NS);
            long now = cycles;
            if (now == seen) {
                run();
            }
            seen = cycles;
        }
    }

    /** The invoker handed to the Aeron client: its cycles take the same lock. */
    AgentInvoker clientInvoker() {
        return clientInvoker;
    }

    /** Cycles run so far, by anyone. */
    long cycles() {
        return cycles;
    }

    boolean keeperAlive() {
        return keeper.isAlive();
    }

    /** The cycles' lock, for tests that play another thread's cycle. */
    ReentrantLock lock() {
        return lock;
    }

    /** Stops the keeper; after this no cycle runs. The caller then closes the driver. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
        } finally {
            lock.unlock();
        }
        LockSupport.unpark(keeper);
        try {
            keeper.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
