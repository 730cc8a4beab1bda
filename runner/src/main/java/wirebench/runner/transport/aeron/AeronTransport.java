package wirebench.runner.transport.aeron;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import io.aeron.Aeron;
import io.aeron.AeronCounters;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.exceptions.AeronException;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.IdleStrategy;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * Aeron as a {@link Transport}: an embedded media driver (default; one per process, shared by the
 * roles of that process) or an external one ({@code aeronDir}). DATA unicast goes to
 * {@code aeron:udp?endpoint=peer:dataPort} (several peers: a manual multi-destination publication),
 * multicast to {@code aeron:udp?endpoint=group:dataPort|interface=nic}, IPC to {@code aeron:ipc}.
 * ECHO goes to {@code aeron:udp?endpoint=echoPeer:echoPort} (several publishers: multi-destination). Best effort = {@code reliable=false} on
 * the subscriptions. The term length is sized from the largest message: at least 8 x message, a
 * power of two, 4 MiB at least (Aeron's maximum message is termLength / 8).
 */
public final class AeronTransport implements Transport {
    private static final String DIR_PREFIX = "wirebench-aeron-";
    private static final int MIN_TERM_BYTES = 4 << 20;
    /** Socket buffers and receiver window: 2 MiB (Aeron's 128 KiB default throttles loopback). */
    private static final int SOCKET_BUFFER_BYTES = 2 << 20;
    private static final int MAX_TERM_BYTES = 1 << 30;

    private final TransportSettings settings;
    private final int termLengthBytes;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final List<AutoCloseable> ends = new ArrayList<>();
    private final Thread shutdownHook;
    private boolean closed;
    /**
     * INVOKER threading: no driver thread; the role threads run the driver's duty cycle whenever
     * they wait (a failed offer, an empty poll), one at a time. Null in the other modes.
     */
    private final DriverDuty duty;

    public AeronTransport(TransportSettings settings) {
        this.settings = settings;
        this.termLengthBytes = termLengthFor(settings.maxMessageBytes());
        Threading t = settings.threading();
        if (settings.aeronDir() == null) {
            deleteStaleDirectories();
            String dir = Paths.get(sharedMemoryRoot(), DIR_PREFIX + ProcessHandle.current().pid() + "-"
                    + Long.toHexString(ThreadLocalRandom.current().nextLong())).toString();
            MediaDriver.Context ctx = new MediaDriver.Context()
                    .aeronDirectoryName(dir)
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true)
                    .termBufferSparseFile(true)
                    .socketRcvbufLength(SOCKET_BUFFER_BYTES)
                    .socketSndbufLength(SOCKET_BUFFER_BYTES)
                    .initialWindowLength(SOCKET_BUFFER_BYTES)
                    .threadingMode(threadingMode(t.mode()))
                    .sharedIdleStrategy(Idle.of(t))
                    .sharedNetworkIdleStrategy(Idle.of(t))
                    .conductorIdleStrategy(Idle.of(t))
                    .senderIdleStrategy(Idle.of(t))
                    .receiverIdleStrategy(Idle.of(t));
            try {
                driver = MediaDriver.launch(ctx);
                duty = ctx.threadingMode() == ThreadingMode.INVOKER ? new DriverDuty(driver.sharedAgentInvoker()) : null;
            } catch (RuntimeException | LinkageError e) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot start the media driver in "
                        + dir + " (" + e + "; Java 17 needs --add-opens java.base/jdk.internal.misc=ALL-UNNAMED)", e);
            }
        } else {
            driver = null;
            duty = null;
        }
        String dir = driver != null ? driver.aeronDirectoryName() : settings.aeronDir();
        try {
            Aeron.Context client = new Aeron.Context().aeronDirectoryName(dir);
            if (duty != null) {
                client.driverAgentInvoker(duty.clientInvoker());
            }
            aeron = Aeron.connect(client);
        } catch (RuntimeException e) {
            if (duty != null) {
                duty.close();
            }
            if (driver != null) {
                driver.close();
            }
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot connect to the media driver in "
                    + dir + " (" + e.getMessage() + ")", e);
        }
        shutdownHook = new Thread(this::close, "wirebench-aeron-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Term length for messages up to {@code maxMessageBytes}: >= 8 x message, power of two. */
    public static int termLengthFor(int maxMessageBytes) {
        long needed = Math.max(MIN_TERM_BYTES, 8L * maxMessageBytes);
        long term = Long.highestOneBit(needed);
        if (term < needed) {
            term <<= 1;
        }
        if (term > MAX_TERM_BYTES) {
            throw WirebenchException.badInput("aeron: a " + maxMessageBytes
                    + "-byte message needs a term longer than 1 GiB; use a smaller -dataLen or -batchSize");
        }
        return (int) term;
    }

    private static ThreadingMode threadingMode(String name) {
        try {
            return ThreadingMode.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new WirebenchException(WirebenchException.USAGE,
                    "-threadingMode: expected SHARED, SHARED_NETWORK, DEDICATED or INVOKER, got '" + name + "'");
        }
    }

    private static String sharedMemoryRoot() {
        return Files.isDirectory(Paths.get("/dev/shm")) ? "/dev/shm" : System.getProperty("java.io.tmpdir");
    }

    /** Removes driver directories left by wirebench processes that no longer run (killed runs). */
    static void deleteStaleDirectories() {
        Path root = Paths.get(sharedMemoryRoot());
        try (Stream<Path> s = Files.list(root)) {
            s.filter(p -> p.getFileName().toString().startsWith(DIR_PREFIX)).forEach(p -> {
                String rest = p.getFileName().toString().substring(DIR_PREFIX.length());
                int dash = rest.indexOf('-');
                try {
                    long pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                    if (ProcessHandle.of(pid).isEmpty()) {
                        deleteRecursively(p);
                    }
                } catch (NumberFormatException e) {
                    // not ours after all: leave it
                }
            });
        } catch (IOException e) {
            // cleaning is best effort: a stale directory only costs space
        }
    }

    private static void deleteRecursively(Path p) {
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(q -> q.toFile().delete());
        } catch (IOException e) {
            // best effort, see above
        }
    }

    private String mtu() {
        return settings.mtuBytes() > 0 ? "|mtu=" + settings.mtuBytes() : "";
    }

    private String dataChannel(boolean publication) {
        if (settings.kind() == TransportSettings.Kind.AERON_IPC) {
            return "aeron:ipc?term-length=" + termLengthBytes;
        }
        String reliability = publication ? "" : "|reliable=" + settings.reliable();
        if (settings.multicast()) {
            String nic = settings.nic() == null ? "" : "|interface=" + settings.nic();
            return "aeron:udp?endpoint=" + settings.multicastGroup() + ":" + settings.dataPort() + nic
                    + (publication ? "|fc=min|term-length=" + termLengthBytes + mtu() : reliability);
        }
        if (publication) {
            if (settings.dataPeers().size() == 1) {
                return "aeron:udp?endpoint=" + settings.dataPeers().get(0) + ":" + settings.dataPort()
                        + "|term-length=" + termLengthBytes + mtu();
            }
            return "aeron:udp?control-mode=manual|fc=min|term-length=" + termLengthBytes + mtu();
        }
        String bind = settings.nic() == null ? "0.0.0.0" : settings.nic();
        return "aeron:udp?endpoint=" + bind + ":" + settings.dataPort() + reliability;
    }

    private String echoChannel(boolean publication) {
        if (settings.kind() == TransportSettings.Kind.AERON_IPC) {
            return "aeron:ipc?term-length=" + termLengthBytes;
        }
        if (settings.multicast()) {
            String nic = settings.nic() == null ? "" : "|interface=" + settings.nic();
            return "aeron:udp?endpoint=" + settings.echoMulticastGroup() + ":" + settings.echoPort() + nic
                    + (publication ? "|term-length=" + termLengthBytes + mtu() : "|reliable=" + settings.reliable());
        }
        if (publication) {
            if (settings.echoPeers().size() == 1) {
                return "aeron:udp?endpoint=" + settings.echoPeers().get(0) + ":" + settings.echoPort() + "|term-length="
                        + termLengthBytes + mtu();
            }
            return "aeron:udp?control-mode=manual|fc=min|term-length=" + termLengthBytes + mtu();
        }
        String bind = settings.nic() == null ? "0.0.0.0" : settings.nic();
        return "aeron:udp?endpoint=" + bind + ":" + settings.echoPort() + "|reliable=" + settings.reliable();
    }

    @Override
    public synchronized Sender openSender(Topic topic) {
        boolean data = topic == Topic.DATA;
        String channel = data ? dataChannel(true) : echoChannel(true);
        int stream = data ? settings.dataStreamId() : settings.echoStreamId();
        try {
            ExclusivePublication pub = aeron.addExclusivePublication(channel, stream);
            if (settings.kind() == TransportSettings.Kind.AERON_UDP && !settings.multicast()) {
                List<String> peers = data ? settings.dataPeers() : settings.echoPeers();
                if (peers.size() > 1) {
                    for (String peer : peers) {
                        pub.addDestination("aeron:udp?endpoint=" + peer + ":"
                                + (data ? settings.dataPort() : settings.echoPort()));
                    }
                }
            }
            AeronSender s = new AeronSender(pub, channel, duty);
            ends.add(s);
            return s;
        } catch (AeronException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot publish on " + channel
                    + " stream " + stream + " (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public synchronized Receiver openReceiver(Topic topic) {
        boolean data = topic == Topic.DATA;
        String channel = data ? dataChannel(false) : echoChannel(false);
        int stream = data ? settings.dataStreamId() : settings.echoStreamId();
        try {
            Subscription sub = aeron.addSubscription(channel, stream);
            AeronReceiver r = new AeronReceiver(sub, Idle.of(settings.threading()), duty);
            ends.add(r);
            return r;
        } catch (AeronException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot subscribe to " + channel
                    + " stream " + stream + " (" + e.getMessage() + (e.getMessage() != null
                    && e.getMessage().contains("Address already in use") ? "; " + topic.portInUseHint() : "") + ")", e);
        }
    }

    /** Aeron's data frame header (DataHeaderFlyweight.HEADER_LENGTH). */
    public static final int FRAME_HEADER_BYTES = 32;
    /** Aeron aligns every frame in the term to this (FrameDescriptor.FRAME_ALIGNMENT). */
    public static final int FRAME_ALIGNMENT_BYTES = 32;
    /** Aeron's default MTU (aeron.mtu.length and aeron.ipc.mtu.length). */
    public static final int DEFAULT_MTU_BYTES = 1408;

    /**
     * Aeron's framing of one message: fragments of at most MTU - 32 bytes, each with a 32-byte data
     * frame header and padded to 32-byte alignment (the padding is sent: the sender scans aligned
     * frames). IP/UDP headers are not counted: Aeron packs several frames into one datagram.
     */
    @Override
    public long wireBytes(int messageBytes) {
        return framedBytes(messageBytes, settings.mtuBytes() > 0 ? settings.mtuBytes() : DEFAULT_MTU_BYTES);
    }

    /** {@link #wireBytes} for a given MTU. */
    public static long framedBytes(int messageBytes, int mtuBytes) {
        int maxPayload = mtuBytes - FRAME_HEADER_BYTES;
        long full = messageBytes / maxPayload;
        int rest = messageBytes % maxPayload;
        long bytes = full * align(maxPayload + FRAME_HEADER_BYTES);
        if (rest > 0 || full == 0) {
            bytes += align(rest + FRAME_HEADER_BYTES);
        }
        return bytes;
    }

    private static long align(int frameBytes) {
        return (frameBytes + FRAME_ALIGNMENT_BYTES - 1L) & -FRAME_ALIGNMENT_BYTES;
    }

    @Override
    public int maxMessageBytes() {
        return Math.min(termLengthBytes / 8, 16 << 20);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "aeron");
        m.put("version", AeronCounters.class.getPackage().getImplementationVersion());
        m.put("driver", driver != null ? "embedded" : "external " + settings.aeronDir());
        if (driver != null) {
            m.put("threading_mode", settings.threading().mode());
            m.put("threading_reason", settings.threading().reason());
        } else {
            m.put("threading_mode", "the external driver's own");
        }
        m.put("idle_strategy", settings.threading().idle());
        m.put("term_length_bytes", termLengthBytes);
        m.put("data_channel", settings.kind() == TransportSettings.Kind.AERON_IPC ? dataChannel(true)
                : dataChannel(true) + " -> " + dataChannel(false));
        m.put("echo_channel", settings.kind() == TransportSettings.Kind.AERON_IPC ? echoChannel(true)
                : echoChannel(true) + " -> " + echoChannel(false));
        m.put("reliable", settings.reliable());
        return m;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        for (AutoCloseable e : ends) {
            try {
                e.close();
            } catch (Exception ex) {
                // closing the client below releases everything anyway
            }
        }
        aeron.close();
        if (duty != null) {
            duty.close(); // no cycle may run while or after the driver closes
        }
        if (driver != null) {
            driver.close();
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already
            }
        }
    }

    /**
     * The driver's duty cycle under INVOKER threading, run by whichever thread is waiting: a role
     * thread after each offer and while it awaits a message, the Aeron client's own calls (adding or
     * closing a publication) through {@link #clientInvoker}, and a keeper thread that runs a cycle
     * whenever nobody else has for {@link #KEEPER_PERIOD_NS}, so the driver stays alive while the
     * roles are busy elsewhere (a handler decompressing 10 MB, a pause between sizes): the Aeron
     * client declares the driver dead after 10 s without a cycle. The driver's agents are not
     * thread-safe, so every cycle runs under one lock.
     */
    static final class DriverDuty implements AutoCloseable {
        static final long KEEPER_PERIOD_NS = 50_000_000L;
        private final AgentInvoker invoker;
        private final ReentrantLock lock = new ReentrantLock();
        /** Cycles run so far; written under {@link #lock}, read by the keeper. */
        private volatile long cycles;
        private volatile boolean closed;
        private final AgentInvoker clientInvoker;
        private final Thread keeper;

        DriverDuty(AgentInvoker invoker) {
            this.invoker = invoker;
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

        /** Runs one duty cycle, waiting for the lock (the client's calls must see the driver act). */
        private int runLocked() {
            lock.lock();
            try {
                return closed ? 0 : cycle();
            } finally {
                lock.unlock();
            }
        }

        private int cycle() {
            int work = invoker.invoke();
            cycles = cycles + 1; // only under the lock: no lost update
            return work;
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

    private static final class AeronSender implements Sender {
        private final ExclusivePublication pub;
        private final String channel;
        private final DriverDuty duty;

        AeronSender(ExclusivePublication pub, String channel, DriverDuty duty) {
            this.pub = pub;
            this.channel = channel;
            this.duty = duty;
        }

        @Override
        public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
            long r = pub.offer(buffer, offset, lengthBytes);
            if (duty != null) {
                duty.run();
            }
            if (r > 0) {
                return true;
            }
            if (r == Publication.CLOSED || r == Publication.MAX_POSITION_EXCEEDED) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: publication " + channel
                        + " can no longer send (" + Publication.errorString(r) + ")");
            }
            return false;
        }

        @Override
        public void close() {
            pub.close();
        }
    }

    private static final class AeronReceiver implements Receiver {
        private final Subscription sub;
        private final IdleStrategy idle;
        private final DriverDuty duty;
        private MessageHandler target;
        private Throwable thrown;
        private final FragmentAssembler assembler;

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
            long deadline = System.nanoTime() + timeoutNs;
            idle.reset();
            while (true) {
                int n = poll(handler, limit);
                if (n > 0) {
                    Idle.arrived(idle);
                    return n;
                }
                // INVOKER: the driver's cycle may just have received the awaited message into the
                // image; work done means poll again at once instead of yielding the core.
                int work = duty != null ? duty.run() : 0;
                if (System.nanoTime() - deadline >= 0) {
                    return 0;
                }
                idle.idle(work);
            }
        }

        @Override
        public void close() {
            sub.close();
        }
    }
}
