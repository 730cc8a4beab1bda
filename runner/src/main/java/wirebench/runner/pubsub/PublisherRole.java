package wirebench.runner.pubsub;

import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;

/**
 * The publisher: discovers the subscribers, then per data size sends warm-up pings, the test
 * (ping-pong or a stream with a ping every latencyCount batches) and FINISHED until every
 * subscriber acknowledged; it measures and prints latency (RTT / 2).
 *
 * <p>Over 400 lines, one piece on purpose: one thread runs discovery, pacing, pings and FINISHED
 * for a size, and each step reads the state the previous one left (the ping in flight, the
 * subscribers heard, the size's {@link LatencyStats}); cutting it would hand that state across
 * classes in the sending loop. Pacing lives in {@link Pacer}.
 */
final class PublisherRole extends RoleBase implements MessageHandler {
    private static final long HELLO_PERIOD_NS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long STALL_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    static final long RELIABLE_PONG_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final long BEST_EFFORT_PONG_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long FINISH_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    /**
     * A pong wait that returns this long after its deadline was not running (an await returns
     * within microseconds of the time it was given): the wait starts again, at most
     * {@link #MAX_WAIT_RESTARTS} times per ping.
     */
    private static final long NOT_RUNNING_NS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final int MAX_WAIT_RESTARTS = 10;

    private Runnable peerSeen;

    private final UnsafeBuffer buf;
    private final UnsafeBuffer control = new UnsafeBuffer(ByteBuffer.allocateDirect(64));
    private Sender data;
    private Receiver echo;

    private final TreeSet<Integer> announced = new TreeSet<>();
    private final TreeSet<Integer> acked = new TreeSet<>();
    private int sizeIndex = -1;
    private int sizeBytes;
    private LatencyStats stats;
    private boolean measuring;
    private long awaitedSeq = -1;
    private boolean awaitedArrived;
    private long lostPings;
    /** {@link Wire#WARM_UP_FLAG} while the size's warm-up runs, 0 in its window: data, not a branch, in the pings. */
    private int phaseFlags;
    /** This process's JIT gauge, or null when the JVM does not measure compilation time. */
    private final JitActivity jit = JitActivity.here();
    /** Pongs whose subscriber said its compilers were busy: counted without a branch, compared at each tick. */
    private long peerCompilingPongs;
    /** {@link #peerCompilingPongs} at the previous tick. */
    private long peerCompilingSeen;
    /**
     * The latency loop's phase (the warm-up, then the window), changed only by {@link #tick}: the
     * loop itself runs the same code in both, so what the JIT compiled and profiled in the warm-up
     * is what the window runs (a branch the warm-up never took would be compiled as a trap, and
     * taking it in the window would throw the compiled loop away).
     */
    private long phaseStartNs;
    private long phaseEndNs;
    private long phaseStartRound;
    private long phaseLimit;
    private long seqBase;
    private long nextTickNs;
    private boolean warmingUp;
    private long warmUpStartNs;
    private long warmUpCapNs;
    private LatencyStats windowStats;
    /** run.json {@code latency_warm_up}: per size, its round trips, milliseconds and how it ended. */
    private final java.util.Map<String, Object> warmUpRecord = new java.util.LinkedHashMap<>();
    long strayMessages;
    private final MessageCompression compression;
    private final WireCount count = new WireCount();
    private final boolean verify;
    private int lastSentBytes;
    /**
     * A failure found in a message handler (a subscriber's compression settings differ), thrown by
     * the discovery loop: the first mismatch is kept, the rest of the batch is still read.
     */
    private WirebenchException failure;
    /** -latencyFile, or null. */
    private final LatencyFile latencyFile;
    /** Every time this role reads: send times, timeouts, pace; injected so tests control it. */
    private final NanoClock clock;
    /** -pubRate on {@link #clock}. */
    private final Pacer pacer;

    PublisherRole(PubSubConfig cfg, Transport transport, PerftestPrinter printerOrNull, PubSubResults results,
            PrintWriter err, boolean showCpu) {
        this(cfg, transport, printerOrNull, results, err, showCpu, SystemNanoClock.INSTANCE);
    }

    /** With the clock every time of this role is read from (the system's monotonic clock outside tests). */
    PublisherRole(PubSubConfig cfg, Transport transport, PerftestPrinter printerOrNull, PubSubResults results,
            PrintWriter err, boolean showCpu, NanoClock clock) {
        super(cfg, transport, printerOrNull, results, err, showCpu);
        this.clock = clock;
        this.pacer = new Pacer(clock, cfg.pubRatePerS(), cfg.pubRateSleep());
        int maxBatch = 0;
        for (int i = 0; i < cfg.sizesBytes().size(); i++) {
            maxBatch = Math.max(maxBatch, Math.max(cfg.sizesBytes().get(i), cfg.batchBytes().get(i)));
        }
        this.buf = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + maxBatch));
        this.compression = new MessageCompression(cfg.compression());
        this.verify = cfg.compressionExplicit();
        this.latencyFile = cfg.latencyFile() == null ? null
                : new LatencyFile(cfg.latencyFile(), cfg.latencyTest() ? cfg.numIter() : cfg.numIter() / cfg.latencyCount());
    }

    void run() {
        try {
            runSizes();
        } finally {
            compression.close();
        }
    }

    /** Runs {@code r} on this role's thread once every subscriber has announced itself (before any sample). */
    void onPeerSeen(Runnable r) {
        peerSeen = r;
    }

    private void runSizes() {
        data = transport.openSender(Topic.DATA);
        echo = transport.openReceiver(Topic.ECHO);
        discover();
        if (peerSeen != null) {
            peerSeen.run();
        }
        err.println(cfg.latencyTest() ? "Sending data ..." : "Sending data ...");
        err.flush();
        for (int i = 0; i < cfg.sizesBytes().size(); i++) {
            runSize(i, cfg.sizesBytes().get(i), cfg.batchBytes().get(i), i == cfg.sizesBytes().size() - 1);
        }
        if (strayMessages > 0) {
            err.println("publisher: ignored " + strayMessages + " stray or malformed messages");
        }
        err.println("Test ended.");
        err.flush();
    }

    private void discover() {
        err.println(wirebench.contract.Numbers.fmt("Waiting to discover %d subscribers ...", cfg.numSubscribers()));
        err.flush();
        long start = clock.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(cfg.discoveryTimeoutS());
        long nextHello = start;
        while (announced.size() < cfg.numSubscribers()) {
            long now = clock.nanoTime();
            if (now - nextHello >= 0) {
                Wire.header(control, cfg.domain(), Wire.HELLO, 0, cfg.publisherId(), 0, 0, 0);
                data.offer(control, 0, Wire.putCompression(control, cfg.compression(), cfg.compressionExplicit()));
                nextHello = now + HELLO_PERIOD_NS;
            }
            if (now - deadline >= 0) {
                throw Discovery.missing("publisher " + cfg.publisherId(), cfg, announced, cfg.numSubscribers(),
                        "subscribers", "-sidMultiSubTest");
            }
            echo.awaitParked(this, 16, TimeUnit.MILLISECONDS.toNanos(10)); // nothing measured yet: no spinning
            if (failure != null) {
                throw failure;
            }
        }
    }

    private void runSize(int index, int size, int batchBytes, boolean last) {
        sizeIndex = index;
        sizeBytes = size;
        measuring = false;
        // the measured window's statistics, made now: recording into them allocates nothing; a
        // latency test's warm-up records into statistics of its own, thrown away
        windowStats = new LatencyStats();
        stats = cfg.latencyTest() ? new LatencyStats() : windowStats;
        lostPings = 0;
        phaseFlags = Wire.WARM_UP_FLAG;
        if (printer != null) {
            printer.muted = true; // the warm-up's pongs print nothing
        }
        collectBeforeWarmUp();
        // warm-up: ping-pongs that are not recorded
        int warmUps = cfg.warmUpPings(size);
        err.println(wirebench.contract.Numbers.fmt("Sending %d initialization pings ...", warmUps));
        err.flush();
        for (int i = 0; i < warmUps; i++) {
            pingPong(-1 - i, clock.nanoTime(), i % cfg.numSubscribers(), 0);
        }
        long sent;
        if (cfg.latencyTest()) {
            announceLatencyWarmUp();
            sent = latencyLoop();
        } else {
            if (cfg.warmUpMs() > 0) {
                err.println(wirebench.contract.Numbers.fmt("Sending samples for %d ms before the measured window (not counted) ...",
                        cfg.warmUpMs()));
                err.flush();
                long warmStart = clock.nanoTime();
                throughputLoop(warmStart, warmStart + TimeUnit.MILLISECONDS.toNanos(cfg.warmUpMs()), batchBytes, true);
            } else {
                sayCold("samples");
            }
            openWindow();
            long start = clock.nanoTime();
            long end = cfg.executionTimeS() > 0 ? start + TimeUnit.SECONDS.toNanos(cfg.executionTimeS()) : Long.MAX_VALUE;
            sent = throughputLoop(start, end, batchBytes, false);
        }
        finish(sent - 1, last, cfg.latencyTest() ? 0 : batchBytes);
        measuring = false;
        if (lostPings > 0) {
            err.println("publisher: " + lostPings + " pings got no pong within the timeout (best effort)");
        }
        double cpuPct = cpu.summary();
        if (stats.negative() > 0) {
            err.println("publisher: " + stats.negative() + " pong(s) of size " + size + " gave a negative one-way "
                    + "latency (an echoed timestamp later than this clock: a corrupt pong), not counted");
        }
        if (stats.count() == 0) {
            err.println("No Pong samples have been received in the Publisher side. If you are interested in latency"
                    + " results, you might need to increase the Pong frequency (using the -latencyCount option).");
        } else {
            if (printer != null) {
                printer.latencySummary(PerftestPrinter.LatencySummary.of(size, stats, cpuPct));
            }
            results.latency(size, batchBytes, stats, showCpu ? CpuMeter.orMissing(cpuPct) : null);
            if (latencyFile != null) {
                err.println("Saving latency information in \"" + latencyFile.path() + "\".");
                latencyFile.append();
            }
            if (cfg.latencyTest() && cfg.compressionExplicit()) {
                results.compression(cfg.compression(), size, 0, count, stats.percentileUs(50), stats.percentileUs(99),
                        null, null);
            }
        }
        err.flush();
    }

    /** What is measured from here: counters, lost pings, the latency file and the CPU meter start again. */
    private void openWindow() {
        stats = windowStats;
        stats.open();
        phaseFlags = 0;
        lostPings = 0;
        if (latencyFile != null) {
            latencyFile.reset();
        }
        count.reset();
        measuring = true;
        if (printer != null) {
            printer.muted = false;
            if (cfg.latencyTest()) {
                printer.latencyHeader(sizeBytes);
            }
        }
        cpu.reset();
    }

    /** Says what the latency test's warm-up will wait for, and sets its phase up. */
    private void announceLatencyWarmUp() {
        long now = clock.nanoTime();
        warmingUp = true;
        warmUpStartNs = now;
        warmUpCapNs = TimeUnit.MILLISECONDS.toNanos(cfg.warmUpMs());
        phaseStartNs = now;
        phaseEndNs = now + FAR_NS;
        phaseStartRound = 0;
        phaseLimit = Long.MAX_VALUE;
        seqBase = -WARM_UP_SEQ;
        nextTickNs = now;
        if (cfg.warmUpMs() > 0) {
            if (untilQuiet()) {
                jit.restart(now);
                peerCompilingSeen = peerCompilingPongs;
                err.println(wirebench.contract.Numbers.fmt("Warming up until the JIT compilers of this process and of the "
                        + "subscribers are quiet, at most %d ms (-warmUpMs) ...", cfg.warmUpMs()));
            } else {
                err.println(wirebench.contract.Numbers.fmt("Warming up for %d ms (-warmUpMs) ...", cfg.warmUpMs()));
            }
            err.flush();
        } else {
            sayCold("round trips");
        }
    }

    /** Once per run, before the first size's window, when it opens with no warm-up (stats and report say it too). */
    private void sayCold(String what) {
        if (sizeIndex == 0) {
            err.println("No warm-up before the measured window (-numIter without -executionTime, or -warmUpMs 0): the "
                    + "first " + what + " run while the JIT compiles the path, and what is measured includes them; "
                    + "-warmUpMs MS warms up first");
            err.flush();
        }
    }

    private boolean untilQuiet() {
        return cfg.warmUpUntilQuiet() && jit != null;
    }

    /** Far enough ahead to be never, near enough not to overflow a difference of clock readings. */
    private static final long FAR_NS = 1L << 62;
    /** A warm-up round trip's sequence number is this plus its round: positive (as the window's), never one of the window's. */
    private static final long WARM_UP_SEQ = 1L << 61;

    /**
     * The latency test: the warm-up, then the measured window, in one loop (see {@link #phaseStartNs});
     * returns the round trips of the window.
     */
    private long latencyLoop() {
        long round = 0;
        while (round - phaseStartRound < phaseLimit) {
            long intended = pacer.dueNs(phaseStartNs, round - phaseStartRound);
            pacer.awaitNs(intended);
            long now = clock.nanoTime();
            if (now - nextTickNs >= 0) {
                intended = tick(now, round, intended);
            }
            if (intended - phaseEndNs >= 0 || now - phaseEndNs >= 0) {
                break;
            }
            pingPong(round - seqBase, intended, (int) (round % cfg.numSubscribers()), (int) (round % cfg.instances()));
            round++;
            sleepAfter(1);
        }
        return round - phaseStartRound;
    }

    /**
     * Every {@link JitActivity#TICK_NS} of the latency loop: ends the warm-up when its time is up or
     * when this process's compilers and every subscriber's have been quiet, and opens the window
     * with the round trip about to go; returns that round trip's intended send time (a new one when
     * the window opened: the window's schedule starts after the warm-up's line is printed). Not
     * inlined into the loop (it is cold), so its branches cost the loop nothing.
     */
    private long tick(long now, long round, long intended) {
        nextTickNs = now + JitActivity.TICK_NS;
        if (!warmingUp) {
            return intended;
        }
        boolean peerBusy = peerCompilingPongs != peerCompilingSeen;
        peerCompilingSeen = peerCompilingPongs;
        boolean timeUp = now - warmUpStartNs >= warmUpCapNs;
        boolean quiet = untilQuiet() && !jit.busy(now) && !peerBusy;
        if (!timeUp && !quiet) {
            return intended;
        }
        warmingUp = false;
        if (cfg.warmUpMs() > 0) {
            sayWarmUp(now, round, quiet, peerBusy);
        }
        openWindow();
        long start = clock.nanoTime();
        phaseStartNs = start;
        phaseStartRound = round;
        seqBase = round;
        phaseLimit = cfg.numIter();
        phaseEndNs = start + (cfg.executionTimeS() > 0 ? TimeUnit.SECONDS.toNanos(cfg.executionTimeS()) : FAR_NS);
        return pacer.dueNs(start, 0);
    }

    /** Says what the warm-up that ended at {@code now} did: a line on stderr and run.json's {@code latency_warm_up}. */
    private void sayWarmUp(long now, long round, boolean quiet, boolean peerBusy) {
        long ms = TimeUnit.NANOSECONDS.toMillis(now - warmUpStartNs);
        String ended = !untilQuiet() ? "time" : quiet ? "jit_quiet" : "time_jit_busy";
        java.util.Map<String, Object> w = new java.util.LinkedHashMap<>();
        w.put("round_trips", round);
        w.put("ms", ms);
        w.put("ended", ended);
        if (untilQuiet()) {
            w.put("last_compile_ms", jit.lastSpanMs());
            w.put("subscriber_compiling", peerBusy);
        }
        warmUpRecord.put(Integer.toString(sizeBytes), w);
        results.note("latency_warm_up", warmUpRecord);
        String outcome = wirebench.contract.Numbers.fmt("%d round trips in %d ms; ", round, ms) + switch (ended) {
            case "time" -> "-warmUpMs";
            case "jit_quiet" -> "the JIT compilers quiet (this process and the subscribers)";
            default -> "still compiling when -warmUpMs ran out (this process " + jit.lastSpanMs() + " ms of compilation in its last "
                    + JitActivity.SPAN_NS / 1_000_000 + " ms" + (peerBusy ? ", a subscriber busy" : "")
                    + "): the window may include compilation; a longer -warmUpMs";
        };
        // before the window's first round trip, whose schedule starts after this line
        err.println("publisher: warm-up of " + sizeBytes + " bytes: " + outcome + "; measuring ...");
        err.flush();
    }

    /**
     * One ping and its pong; the timestamp is the intended send time, so a stall counts. The same
     * code in the warm-up and in the window: what differs ({@link #phaseFlags}, the statistics and
     * counters written) is data, reset when the window opens.
     */
    private void pingPong(long seq, long timestampNs, int target, int key) {
        int len = Wire.HEADER_BYTES + sizeBytes;
        Wire.header(buf, cfg.domain(), Wire.DATA, 0, cfg.publisherId(), 1, sizeBytes, sizeIndex);
        Wire.sample(buf, Wire.HEADER_BYTES, seq, timestampNs, key, Wire.pingFlags(target, cfg.publisherId()) | phaseFlags);
        fillPayload(Wire.HEADER_BYTES);
        if (verify) {
            count.checksum(buf, Wire.HEADER_BYTES, sizeBytes);
        }
        awaitedSeq = seq;
        awaitedArrived = false;
        send(len);
        count.message(1, transport.wireBytes(len), transport.wireBytes(lastSentBytes));
        long timeout = cfg.transport().reliable() ? RELIABLE_PONG_TIMEOUT_NS : BEST_EFFORT_PONG_TIMEOUT_NS;
        long deadline = clock.nanoTime() + timeout;
        int restarts = 0;
        while (!awaitedArrived) {
            echo.await(this, 16, Math.max(1, deadline - clock.nanoTime()));
            long now;
            if (!awaitedArrived && (now = clock.nanoTime()) - deadline >= 0) {
                if (now - deadline > NOT_RUNNING_NS && restarts++ < MAX_WAIT_RESTARTS) {
                    // this thread looked long after the deadline: the process was not running (a
                    // SIGSTOP, ^Z, a suspended VM), which stops the subscriber's clock no more than
                    // ours; the wait starts again rather than blaming the subscriber
                    deadline = now + timeout;
                    continue;
                }
                if (cfg.transport().reliable()) {
                    throw new WirebenchException(WirebenchException.RUN_FAILED, "publisher: no pong for ping " + seq
                            + " of " + sizeBytes + " bytes from subscriber " + target + " within "
                            + TimeUnit.NANOSECONDS.toSeconds(timeout) + " s (reliable); did the subscriber stop?");
                }
                lostPings++;
                break;
            }
        }
    }

    /**
     * Sends samples until {@code end} (or -numIter); returns how many. {@code warmUp}: the samples
     * before the measured window (-warmUpMs), flagged so that no subscriber counts them, with no
     * pings, not counted here either and bounded by time alone; the same loop, so the JIT compiles
     * what the measured window then runs.
     */
    private long throughputLoop(long start, long end, int batchBytes, boolean warmUp) {
        int perBatch = batchBytes >= 2 * sizeBytes ? batchBytes / sizeBytes : 1;
        long limit = warmUp ? Long.MAX_VALUE : cfg.numIter();
        int warmUpFlags = warmUp ? Wire.WARM_UP_FLAG : 0;
        long seq = 0;
        long batchIndex = 0;
        long pings = 0;
        while (seq < limit) {
            long now = clock.nanoTime();
            if (now - end >= 0) {
                break;
            }
            long intended = pacer.paced() ? pacer.dueNs(start, seq) : now;
            pacer.awaitNs(intended);
            int n = (int) Math.min(perBatch, limit - seq);
            Wire.header(buf, cfg.domain(), Wire.DATA, 0, cfg.publisherId(), n, sizeBytes, sizeIndex);
            int pingAt = -1;
            if (!warmUp && cfg.publisherId() == 0 && batchIndex % cfg.latencyCount() == 0) {
                pingAt = (int) (pings % n);
            }
            int at = Wire.HEADER_BYTES;
            for (int j = 0; j < n; j++) {
                int key = cfg.keyed() ? (int) ((seq + j) % cfg.instances()) : 0;
                int flags = j == pingAt ? Wire.pingFlags((int) (pings % cfg.numSubscribers()), cfg.publisherId()) : warmUpFlags;
                Wire.sample(buf, at, seq + j, j == pingAt ? intended : 0, key, flags);
                fillPayload(at);
                if (verify && !warmUp) {
                    count.checksum(buf, at, sizeBytes);
                }
                at += sizeBytes;
            }
            send(at);
            if (!warmUp) {
                count.message(n, transport.wireBytes(at), transport.wireBytes(lastSentBytes));
            }
            if (pingAt >= 0) {
                pings++;
            }
            seq += n;
            batchIndex++;
            echo.poll(this, 16);
            sleepAfter(n);
        }
        return seq;
    }

    /** -sleep: Perftest sleeps after every sample it writes; a batch of n samples sleeps n times as long. */
    private void sleepAfter(int samples) {
        if (cfg.sleepMs() > 0) {
            pacer.sleepNs(TimeUnit.MILLISECONDS.toNanos(cfg.sleepMs() * samples));
        }
    }

    /** -loadDataFromFile: the sample at {@code at} gets the file's next bytes after its header. */
    private void fillPayload(int at) {
        if (cfg.payload() != null) {
            cfg.payload().fill(buf, at + Wire.SAMPLE_HEADER_BYTES, sizeBytes - Wire.SAMPLE_HEADER_BYTES);
        }
    }

    /**
     * Sends {@code len} bytes of {@link #buf} (compressed when the settings say so), retrying while
     * the transport pushes back; {@link #lastSentBytes} is the length that went out.
     */
    private void send(int len) {
        UnsafeBuffer msg = buf;
        int c = compression.encode(buf, len);
        if (c > 0) {
            msg = compression.encoded();
            len = c;
        }
        lastSentBytes = len;
        long stallDeadline = 0;
        while (!data.offer(msg, 0, len)) {
            long now = clock.nanoTime();
            if (stallDeadline == 0) {
                stallDeadline = now + STALL_TIMEOUT_NS;
            } else if (now - stallDeadline >= 0) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "publisher: the transport refused a "
                        + len + "-byte message for " + TimeUnit.NANOSECONDS.toSeconds(STALL_TIMEOUT_NS)
                        + " s (back pressure or no subscriber connected)");
            }
            echo.poll(this, 16);
            Thread.yield(); // let the media driver run: on small machines it shares our cores
        }
    }

    private void finish(long lastSeq, boolean last, int batchBytes) {
        acked.clear();
        long deadline = clock.nanoTime() + FINISH_TIMEOUT_NS;
        long next = 0;
        while (acked.size() < cfg.numSubscribers()) {
            long now = clock.nanoTime();
            if (now - next >= 0) {
                int flags = (last ? Wire.FLAG_LAST_SIZE : 0) | (cfg.latencyTest() ? Wire.FLAG_LATENCY_TEST : 0)
                        | (verify ? Wire.FLAG_CHECKSUM : 0);
                Wire.header(control, cfg.domain(), Wire.FINISHED, flags, cfg.publisherId(), 0,
                        sizeBytes, sizeIndex);
                control.putLong(Wire.HEADER_BYTES, lastSeq);
                control.putInt(Wire.HEADER_BYTES + 8, batchBytes >= 2 * sizeBytes ? batchBytes : 0);
                control.putLong(Wire.HEADER_BYTES + 12, count.checksum);
                data.offer(control, 0, Wire.FINISHED_BYTES);
                next = now + HELLO_PERIOD_NS;
            }
            if (now - deadline >= 0) {
                List<Integer> missing = new ArrayList<>();
                for (int id = 0; id < cfg.numSubscribers(); id++) {
                    if (!acked.contains(id)) {
                        missing.add(id);
                    }
                }
                err.println("publisher: subscribers " + missing + " did not acknowledge the end of the "
                        + sizeBytes + "-byte test within " + TimeUnit.NANOSECONDS.toSeconds(FINISH_TIMEOUT_NS) + " s");
                return;
            }
            echo.await(this, 16, TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    @Override
    public void onMessage(DirectBuffer b, int off, int len) {
        int type = Wire.validate(b, off, len, cfg.domain());
        if (type <= 0) {
            strayMessages++;
            return;
        }
        int sender = b.getShort(off + 10);
        switch (type) {
            case Wire.ANNOUNCE:
                checkCompression(b, off, len, sender);
                if (sender >= cfg.numSubscribers() && failure == null) {
                    // fail now rather than after the discovery timeout
                    failure = new WirebenchException(WirebenchException.RUN_FAILED, "publisher " + cfg.publisherId()
                            + ": a subscriber with -sidMultiSubTest " + sender + " answered, but this publisher waits for"
                            + " -numSubscribers " + cfg.numSubscribers() + " (ids 0.." + (cfg.numSubscribers() - 1)
                            + "); give the subscribers ids below " + cfg.numSubscribers() + " or raise -numSubscribers");
                }
                announced.add(sender);
                break;
            case Wire.FINISHED_ACK:
                if (b.getInt(off + 20) == sizeIndex && b.getInt(off + 12) == cfg.publisherId()) {
                    acked.add(sender);
                }
                break;
            case Wire.PONG:
                if (Wire.compressed(b, off)) {
                    DirectBuffer d = compression.decode(b, off, len);
                    if (d == null) {
                        strayMessages++;
                        return;
                    }
                    onPong(d, 0);
                } else {
                    onPong(b, off);
                }
                break;
            default:
                strayMessages++;
        }
    }

    /** A subscriber that was given compression options must have given the same as this publisher. */
    private void checkCompression(DirectBuffer b, int off, int len, int sender) {
        if (!Wire.compressionExplicit(b, off, len)) {
            return;
        }
        var theirs = Wire.compression(b, off, len);
        if (!theirs.equals(cfg.compression())) {
            if (failure == null) {
                failure = WirebenchException.badInput(compressionMismatch(cfg.publisherId(), cfg.compression(), sender,
                        theirs));
            }
        }
    }

    /** The one message both sides print for a compression mismatch. */
    static String compressionMismatch(int publisherId, wirebench.runner.compression.CompressionSettings pub,
            int subscriberId, wirebench.runner.compression.CompressionSettings sub) {
        return "compression settings differ: publisher " + publisherId + " has " + pub.describe() + ", subscriber "
                + subscriberId + " has " + sub.describe()
                + "; give both sides the same -compression* options (or none on the subscriber)";
    }

    /**
     * A garbage collection before each size's warm-up, so that the garbage of start-up and of the
     * sizes before is not collected inside the measured window: a young collection stops this
     * process for 10-40 ms on 2 cores (its peer's waits then outlast their spin and park, the state
     * docs/pubsub.md, "The publisher's garbage", describes). Before the warm-up, not after it: the
     * pause is what the warm-up's round trips then recover from. run.json: {@code
     * collect_before_warm_up}.
     */
    private static void collectBeforeWarmUp() {
        System.gc();
    }

    private void onPong(DirectBuffer b, int off) {
        long now = clock.nanoTime();
        if (b.getInt(off + 20) != sizeIndex || b.getInt(off + 16) != sizeBytes) {
            return; // a late pong of an earlier size
        }
        int s = off + Wire.HEADER_BYTES;
        if (Wire.pingPublisher(b.getInt(s + 20)) != cfg.publisherId()) {
            return; // the pong of another publisher's ping
        }
        long seq = b.getLong(s);
        long ts = b.getLong(s + 8);
        // a subscriber still compiling sets a flag in the warm-up's pongs: counted without a branch
        peerCompilingPongs += (b.getInt(s + 20) & Wire.COMPILING_FLAG) >>> Wire.COMPILING_SHIFT;
        if (seq == awaitedSeq) {
            awaitedArrived = true;
        } else if (cfg.latencyTest() || seq < 0) {
            return; // a pong that came after its timeout: ignored, as Perftest does
        }
        // a latency test records its warm-up's pongs too, into statistics thrown away (see latencyLoop)
        if (!cfg.latencyTest() && (!measuring || seq < 0)) {
            return;
        }
        long oneWayNs = (now - ts) / 2;
        boolean first = stats.count() == 0;
        if (!stats.record(oneWayNs)) {
            return; // negative: counted by stats, reported with the summary
        }
        if (latencyFile != null) {
            latencyFile.add(oneWayNs);
        }
        if (printer != null) {
            if (!cfg.latencyTest() && first) { // a latency test's header: when its window opens
                printer.latencyHeader(sizeBytes);
            }
            if (printer.intervals && !printer.muted) {
                printer.latencyInterval(sizeBytes, Math.round(oneWayNs / 1000.0), stats.aveUs(), stats.stdUs(),
                        Math.round(stats.minUs()), Math.round(stats.maxUs()), showCpu ? cpu.interval() : 0);
            }
        }
    }
}
