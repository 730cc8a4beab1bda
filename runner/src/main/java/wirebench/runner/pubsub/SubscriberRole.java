package wirebench.runner.pubsub;

import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.EndReason;
import wirebench.contract.WirebenchException;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;

/**
 * A subscriber: announces itself to every publisher it hears, counts samples per size (loss from
 * per-publisher sequence gaps, per-instance state when keyed), echoes the pings addressed to it,
 * prints throughput every second and a summary when FINISHED has come from every publisher.
 *
 * <p>Over 400 lines, one piece on purpose: it is one thread's state machine, and every handler
 * (HELLO, DATA, FINISHED, the silence timeout, the partial row written from a shutdown hook) reads
 * and changes the same per-size state (counters, sequence gaps, instances, compression learned,
 * checksums) under the same lock; cutting it would hand that state across classes with every
 * message. The numbers live in {@link ThroughputStats}.
 */
final class SubscriberRole extends RoleBase implements MessageHandler {
    private static final long INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long LINGER_NS = TimeUnit.MILLISECONDS.toNanos(300);

    /** The size index whose warm-up samples (initialization pings, -warmUpMs samples) {@link #warmUpSamples} counts. */
    private int warmUpIndex = -1;
    /** Samples flagged as warm-up received for {@link #warmUpIndex}: not counted, said with the size's summary. */
    private long warmUpSamples;
    /** This process's JIT gauge, or null when the JVM does not measure compilation time. */
    private final JitActivity jit = JitActivity.here();
    /** {@link Wire#COMPILING_FLAG} while this process's compilers were busy at the last warm-up sample, else 0. */
    private int compilingFlag;
    private Runnable peerSeen;

    private Receiver data;
    private Sender echo;
    private UnsafeBuffer out;
    /** The publisher's batch of the size under way, from its FINISHED; -1 until that arrived. */
    private int publisherBatchBytes = -1;
    private boolean latencyTestSeen;
    private final UnsafeBuffer control = new UnsafeBuffer(ByteBuffer.allocateDirect(64));

    private final TreeSet<Integer> publishers = new TreeSet<>();
    /** The sender of the last DATA message, already in {@link #publishers} (none yet: a value no 16-bit sender id has). */
    private int lastDataSender = Integer.MIN_VALUE;
    private final TreeSet<Integer> finished = new TreeSet<>();
    private int sizeIndex = -1;
    private ThroughputStats stats;
    private long[] instanceSamples;
    private int instancesSeen;
    private boolean skipNextInterval;
    private boolean summarized;
    private boolean done;
    /** A partial row has been written (or the run ended early with nothing to write). */
    private boolean endedEarly;
    private long lastMessageNs;
    /** Set from another thread when the publisher in this process failed: the receive loop stops. */
    private volatile boolean abandoned;
    /** When this subscriber started waiting: no publisher sent a sample before (plausible sequences). */
    private long startNs = Long.MIN_VALUE / 2;
    /** Samples and FINISHED messages with sequence numbers no publisher can have sent, over all sizes. */
    long straySamples;
    long strayMessages;
    long otherDomainMessages;
    long badKeys;
    long corruptPayloads;
    /**
     * A failure found in a message handler, thrown by the receive loop once the handler has finished,
     * so the size's summary and rows are still written (a payload checksum mismatch is found before them).
     */
    private WirebenchException failure;
    /** Compression learned from the publishers' HELLO (or given on this side); null until known. */
    private MessageCompression compression;
    private boolean publisherExplicit;
    private String mismatch;
    private long mismatchDeadlineNs;
    private final WireCount count = new WireCount();
    private final java.util.Map<Integer, long[]> checksums = new java.util.HashMap<>();
    /** Payload checks passed, for tests: publisher id, size bytes, samples. */
    final List<long[]> verified = new ArrayList<>();
    /** Summaries printed, for tests: size bytes to {samples, lost}. */
    final List<long[]> summaries = new ArrayList<>();
    /**
     * Every time this role reads; a message's handling reads it once, when the message arrives, and
     * hands that time on (arrival, per-sample rates, FINISHED); injected so tests count the reads.
     */
    private final NanoClock clock;

    SubscriberRole(PubSubConfig cfg, Transport transport, PerftestPrinter printerOrNull, PubSubResults results,
            PrintWriter err, boolean showCpu) {
        this(cfg, transport, printerOrNull, results, err, showCpu, SystemNanoClock.INSTANCE);
    }

    /** With the clock every time of this role is read from (the system's monotonic clock outside tests). */
    SubscriberRole(PubSubConfig cfg, Transport transport, PerftestPrinter printerOrNull, PubSubResults results,
            PrintWriter err, boolean showCpu, NanoClock clock) {
        super(cfg, transport, printerOrNull, results, err, showCpu);
        this.clock = clock;
        int max = cfg.sizesBytes().stream().mapToInt(Integer::intValue).max().orElse(0);
        this.out = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + max));
    }

    /** Opens the receiving end first, so a publisher in the same process finds it bound. */
    void open() {
        if (cfg.compressionExplicit() && compression == null) {
            compression = new MessageCompression(cfg.compression());
        }
        data = transport.openReceiver(Topic.DATA);
        echo = transport.openSender(Topic.ECHO);
    }

    void run() {
        try {
            receive();
        } finally {
            if (compression != null) {
                compression.close();
            }
        }
    }

    private void receive() {
        if (data == null) {
            open();
        }
        err.println("Waiting for data ...");
        err.flush();
        long start = clock.nanoTime();
        startNs = start;
        long discoveryDeadline = start + TimeUnit.SECONDS.toNanos(cfg.discoveryTimeoutS());
        long nextInterval = start + INTERVAL_NS;
        long lingerEnd = 0;
        lastMessageNs = start;
        while (true) {
            if (publishers.isEmpty()) {
                // no publisher seen yet, nothing to measure: wait without spinning (its hello is
                // answered within a millisecond; its first sample follows discovery, by then this spins)
                data.awaitParked(this, 64, TimeUnit.MILLISECONDS.toNanos(100));
            } else {
                data.await(this, 64, TimeUnit.MILLISECONDS.toNanos(100));
            }
            if (abandoned) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId()
                        + ": stopped, the publisher in this process failed");
            }
            long now = clock.nanoTime();
            if (mismatch != null && now - mismatchDeadlineNs >= 0) {
                throw WirebenchException.badInput(mismatch);
            }
            if (failure != null) {
                throw failure;
            }
            if (now - nextInterval >= 0) {
                printInterval(now);
                nextInterval = now + INTERVAL_NS;
            }
            if (done) {
                if (lingerEnd == 0) {
                    lingerEnd = now + LINGER_NS;
                } else if (now - lingerEnd >= 0) {
                    break;
                }
                continue;
            }
            if (publishers.size() < cfg.numPublishers() && now - discoveryDeadline >= 0) {
                throw Discovery.missing("subscriber " + cfg.subscriberId(), cfg, publishers, cfg.numPublishers(),
                        "publishers", "-pidMultiPubTest");
            }
            if (publishers.size() >= cfg.numPublishers()
                    && now - lastMessageNs > TimeUnit.SECONDS.toNanos(cfg.discoveryTimeoutS())) {
                throw publisherLost();
            }
        }
        if (corruptPayloads > 0) {
            err.println("subscriber " + cfg.subscriberId() + ": " + corruptPayloads
                    + " compressed messages did not decompress (counted as malformed)");
        }
        long straySeq = straySamples + (stats == null ? 0 : stats.straySamples);
        if (straySeq > 0) {
            err.println("subscriber " + cfg.subscriberId() + ": ignored " + straySeq + " samples whose sequence number"
                    + " no publisher can have sent yet (forged or corrupt; counted neither as received nor as lost)");
        }
        if (strayMessages + otherDomainMessages > 0) {
            err.println("subscriber " + cfg.subscriberId() + ": ignored " + strayMessages
                    + " stray or malformed messages and " + otherDomainMessages + " of other domains");
        }
        err.println("Test ended.");
        err.flush();
    }

    /**
     * The publishers fell silent in the middle of the test: the size under way is written as a
     * partial row ({@link EndReason#PUBLISHER_LOST}: its samples, loss seen so far, rates up to the
     * last message), run.json gets the end reason, and the run fails with exit code
     * {@link WirebenchException#PARTIAL} (rows kept) or {@link WirebenchException#RUN_FAILED} (nothing
     * measured of the size).
     */
    private WirebenchException publisherLost() {
        String silence = "no message from the publishers for " + cfg.discoveryTimeoutS() + " s (publisher gone?)";
        long samples = endPartial(EndReason.PUBLISHER_LOST, lastMessageNs);
        if (samples > 0) {
            return new WirebenchException(WirebenchException.PARTIAL, "subscriber " + cfg.subscriberId() + ": "
                    + silence + "; size " + stats.sizeBytes + " ended after " + samples + " samples, written as a"
                    + " partial row (end_reason " + EndReason.PUBLISHER_LOST + ")" + (results.writes()
                            ? "" : " (no --out: printed only)"));
        }
        return new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId() + ": "
                + silence);
    }

    /**
     * The publisher running in this process failed: the receive loop stops within one wait (at most
     * 100 ms), before the transport it polls is closed. Safe from another thread.
     */
    void abandon() {
        abandoned = true;
    }

    /**
     * Stopped from outside (a shutdown hook on SIGTERM or Ctrl-C): the size under way is written as a
     * partial row {@link EndReason#INTERRUPTED}. Once only; safe from another thread (the counters
     * are read as they stand).
     */
    void interrupted() {
        if (done) {
            return; // every size finished: the run completes while the process stops
        }
        try {
            endPartial(EndReason.INTERRUPTED, lastMessageNs);
        } catch (RuntimeException e) {
            err.println("subscriber " + cfg.subscriberId() + ": stopping: the partial row could not be written ("
                    + e.getMessage() + ")");
            err.flush();
        }
    }

    /**
     * Writes what was measured of the size under way, if anything, as a partial row ending at
     * {@code endNs} with {@code reason}, and records the reason in run.json. Once only: the samples
     * written, 0 when there was nothing to write (or it was written already).
     */
    synchronized long endPartial(String reason, long endNs) {
        if (endedEarly) {
            return 0;
        }
        endedEarly = true;
        results.endedEarly(reason);
        if (stats == null || summarized || stats.packets == 0 || cfg.latencyTest() || latencyTestSeen) {
            return 0;
        }
        long samples = stats.packets;
        // the batch size travels with FINISHED: unknown (an empty key) when the publisher vanished before
        results.throughput(stats.sizeBytes, publisherBatchBytes < 0 ? null : publisherBatchBytes,
                compression != null ? compression.settings : cfg.compression(), samples,
                stats.summaryPacketsPerS(endNs), stats.summaryMbps(endNs), stats.lost, stats.lostPct(),
                showCpu ? CpuMeter.orMissing(cpu.summary()) : null, reason);
        err.println("subscriber " + cfg.subscriberId() + ": partial: " + EndReason.describe(reason) + " after "
                + samples + " samples of size " + stats.sizeBytes + " (" + stats.lost + " lost so far)");
        err.flush();
        return samples;
    }

    private void printInterval(long now) {
        if (stats == null || summarized) {
            return;
        }
        if (skipNextInterval) {
            skipNextInterval = false;
            stats.interval(now);
            return;
        }
        if (stats.interval(now) && printer != null && printer.intervals) {
            printer.throughputInterval(new PerftestPrinter.ThroughputInterval(stats.sizeBytes, stats.packets,
                    stats.lastPacketsPerS, stats.avePacketsPerS, stats.lastMbps, stats.aveMbpsIntervals(), stats.lost,
                    stats.lostPct(), showCpu ? cpu.interval() : 0));
        }
    }

    @Override
    public void onMessage(DirectBuffer b, int off, int len) {
        int type = Wire.validate(b, off, len, cfg.domain());
        if (type == 0) {
            strayMessages++;
            return;
        }
        if (type < 0) {
            otherDomainMessages++;
            return;
        }
        long now = clock.nanoTime();
        lastMessageNs = now;
        int sender = b.getShort(off + 10);
        switch (type) {
            case Wire.HELLO:
                Wire.header(control, cfg.domain(), Wire.ANNOUNCE, 0, cfg.subscriberId(), 0, 0, 0);
                echo.offer(control, 0, Wire.putCompression(control, cfg.compression(), cfg.compressionExplicit()));
                onHello(b, off, len, sender, now);
                break;
            case Wire.DATA:
                if (mismatch != null) {
                    return;
                }
                if (sender != lastDataSender) { // a set insertion per message only when the sender changes
                    publishers.add(sender);
                    lastDataSender = sender;
                }
                if (Wire.compressed(b, off)) {
                    DirectBuffer d = compression == null ? null : compression.decode(b, off, len);
                    if (d == null) {
                        corruptPayloads++;
                        strayMessages++;
                        return;
                    }
                    onData(d, 0, sender, len, now);
                } else {
                    onData(b, off, sender, len, now);
                }
                break;
            case Wire.FINISHED:
                onFinished(b, off, sender, now);
                break;
            default:
                strayMessages++;
        }
    }

    /**
     * A DATA message of one sample that is neither compressed, nor payload-checked, nor a ping to
     * echo is read only up to its sample header (sequence number, timestamp, key, flags; the length
     * comes with the message): a transport that receives it in fragments need not join them
     * ({@link MessageHandler#leadingBytesRead}). Every other message is read whole.
     */
    @Override
    public int leadingBytesRead(DirectBuffer b, int off, int availableBytes) {
        int start = Wire.HEADER_BYTES + Wire.SAMPLE_HEADER_BYTES;
        if (availableBytes < start || b.getInt(off) != Wire.MAGIC || b.getByte(off + 8) != Wire.DATA
                || Wire.compressed(b, off) || b.getInt(off + 12) != 1 || compressionRows()) {
            return WHOLE_MESSAGE;
        }
        int flags = b.getInt(off + Wire.HEADER_BYTES + 20);
        return Wire.isPing(flags) && Wire.pingTarget(flags) == cfg.subscriberId() ? WHOLE_MESSAGE : start;
    }

    /**
     * The publisher's compression settings: adopted when this subscriber was given none (as a Connext
     * reader accepts any writer's compression); else they must be equal. A mismatch is answered
     * (ANNOUNCE carries this side's settings, so the publisher reports it too) for one second, then
     * fails with exit code 3.
     */
    private void onHello(DirectBuffer b, int off, int len, int sender, long now) {
        var theirs = Wire.compression(b, off, len);
        if (mismatch == null) {
            if (compression != null && !compression.settings.equals(theirs)) {
                mismatch = cfg.compressionExplicit()
                        ? PublisherRole.compressionMismatch(sender, theirs, cfg.subscriberId(), cfg.compression())
                        : "compression settings differ between publishers: publisher " + sender + " has "
                                + theirs.describe() + ", another publisher " + compression.settings.describe();
                mismatchDeadlineNs = now + TimeUnit.SECONDS.toNanos(1);
                err.println("subscriber " + cfg.subscriberId() + ": " + mismatch);
                err.flush();
                return;
            }
            if (compression == null) {
                compression = new MessageCompression(theirs);
            }
        }
        if (mismatch == null) {
            publishers.add(sender);
            publisherExplicit |= Wire.compressionExplicit(b, off, len);
            Runnable seen = peerSeen;
            peerSeen = null;
            if (seen != null) {
                seen.run();
            }
        }
    }

    /** Runs {@code r} once, on this role's thread, when the first publisher's HELLO arrives (before any sample). */
    void onPeerSeen(Runnable r) {
        peerSeen = r;
    }

    private boolean compressionRows() {
        return cfg.compressionExplicit() || publisherExplicit;
    }

    private void startSize(int index, int sizeBytes, long now) {
        sizeIndex = index;
        publisherBatchBytes = -1;
        finished.clear();
        count.reset();
        checksums.clear();
        if (stats != null) {
            straySamples += stats.straySamples;
        }
        stats = new ThroughputStats(sizeBytes, now, startNs);
        instanceSamples = cfg.keyed() ? new long[cfg.instances()] : null;
        instancesSeen = 0;
        skipNextInterval = true;
        summarized = false;
        cpu.reset();
        if (printer != null) {
            printer.throughputHeader(sizeBytes);
        }
    }

    /** A DATA message, decompressed, that arrived at {@code now}; {@code wireLen} is its length as received. */
    private void onData(DirectBuffer b, int off, int sender, int wireLen, long now) {
        int index = b.getInt(off + 20);
        int count = b.getInt(off + 12);
        int sampleBytes = b.getInt(off + 16);
        if (index < sizeIndex) {
            return; // late data of an earlier size
        }
        int at = off + Wire.HEADER_BYTES;
        boolean verify = compressionRows();
        boolean counted = false;
        for (int i = 0; i < count; i++, at += sampleBytes) {
            int flags = b.getInt(at + 20);
            if ((flags & Wire.WARM_UP_FLAG) != 0) {
                if (index != warmUpIndex) {
                    warmUpIndex = index;
                    warmUpSamples = 0;
                }
                warmUpSamples++;
                compilingFlag = jit != null && jit.busy(now) ? Wire.COMPILING_FLAG : 0;
            } else {
                if (index > sizeIndex || stats == null) {
                    startSize(index, sampleBytes, now);
                }
                if (!stats.onSample(sender, b.getLong(at), now)) {
                    continue; // a sequence number the publisher cannot have sent: a stray, not loss
                }
                counted = true;
                if (verify) {
                    checksums.computeIfAbsent(sender, k -> new long[2])[0] += this.count.checksum(b, at, sampleBytes);
                    checksums.get(sender)[1]++;
                }
                if (instanceSamples != null) {
                    int key = b.getInt(at + 16);
                    if (key < 0 || key >= instanceSamples.length) {
                        badKeys++;
                    } else if (instanceSamples[key]++ == 0) {
                        instancesSeen++;
                    }
                }
            }
            if (Wire.isPing(flags) && Wire.pingTarget(flags) == cfg.subscriberId()) {
                pong(b, at, sampleBytes, index);
            }
        }
        if (counted) {
            this.count.message(count, transport.wireBytes(Wire.HEADER_BYTES + count * sampleBytes),
                    transport.wireBytes(wireLen));
        }
    }

    private void pong(DirectBuffer b, int sampleAt, int sampleBytes, int index) {
        int len = Wire.HEADER_BYTES + sampleBytes;
        if (len > transport.maxMessageBytes()) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId() + ": a pong of "
                    + len + " bytes exceeds what this subscriber's transport was sized for (" + transport.maxMessageBytes()
                    + "); give the subscriber the same -dataLen/-scan as the publisher");
        }
        MutableDirectBuffer msg;
        if (compression == null && sampleAt == Wire.HEADER_BYTES && b.capacity() == len && b instanceof MutableDirectBuffer in
                && transport.receivedMessagesWritable()) {
            msg = in; // the ping is this one sample in a buffer lent for writing: the pong is written over it, no copy
        } else {
            if (out.capacity() < len) {
                out = new UnsafeBuffer(ByteBuffer.allocateDirect(len));
            }
            out.putBytes(Wire.HEADER_BYTES, b, sampleAt, sampleBytes);
            msg = out;
        }
        Wire.header(msg, cfg.domain(), Wire.PONG, 0, cfg.subscriberId(), 1, sampleBytes, index);
        // a warm-up ping's pong says whether this process is still compiling (without a branch:
        // the window's pongs run the code the warm-up's compiled)
        int flags = msg.getInt(Wire.HEADER_BYTES + 20);
        msg.putInt(Wire.HEADER_BYTES + 20, flags | (compilingFlag & -((flags & Wire.WARM_UP_FLAG) >>> 1)));
        int msgLen = len;
        int c = compression == null ? -1 : compression.encode(out, len);
        if (c > 0) {
            msg = compression.encoded();
            msgLen = c;
        }
        if (!echo.offer(msg, 0, msgLen)) {
            offerFor10s(msg, msgLen); // the clock is read only when the writer pushes back
        }
    }

    private void offerFor10s(DirectBuffer msg, int msgLen) {
        long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!echo.offer(msg, 0, msgLen)) {
            if (clock.nanoTime() - deadline >= 0) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId()
                        + ": could not send a pong for 10 s (publisher gone?)");
            }
            Thread.onSpinWait();
        }
    }

    private void onFinished(DirectBuffer b, int off, int sender, long now) {
        int index = b.getInt(off + 20);
        int sizeBytes = b.getInt(off + 16);
        boolean lastSize = (b.getByte(off + 9) & Wire.FLAG_LAST_SIZE) != 0;
        Wire.header(control, cfg.domain(), Wire.FINISHED_ACK, 0, cfg.subscriberId(), sender, sizeBytes, index);
        latencyTestSeen = (b.getByte(off + 9) & Wire.FLAG_LATENCY_TEST) != 0;
        echo.offer(control, 0, Wire.HEADER_BYTES);
        if (index < sizeIndex || (index == sizeIndex && finished.contains(sender))) {
            return; // a repeated FINISHED: acknowledged again above
        }
        if (index > sizeIndex || stats == null) {
            startSize(index, sizeBytes, now); // a size of which nothing arrived
        }
        if (!stats.onFinished(sender, b.getLong(off + Wire.HEADER_BYTES), now)) {
            return; // names a sequence number the publisher cannot have reached: a stray
        }
        publisherBatchBytes = b.getInt(off + Wire.HEADER_BYTES + 8);
        if ((b.getByte(off + 9) & Wire.FLAG_CHECKSUM) != 0) {
            verifyPayload(sender, sizeBytes, b.getLong(off + Wire.HEADER_BYTES + 12));
        }
        finished.add(sender);
        if (finished.size() >= cfg.numPublishers()) {
            summary(now);
            if (lastSize) {
                done = true;
            }
        }
    }

    /**
     * Compares the sum of the CRC32C of the samples decoded from {@code publisher} with the sum it
     * sent; only when nothing was lost (else the sums cannot match and nothing is claimed).
     */
    private void verifyPayload(int publisher, int sizeBytes, long sentChecksum) {
        long[] got = checksums.getOrDefault(publisher, new long[2]);
        if (stats.lost > 0) {
            err.println("subscriber " + cfg.subscriberId() + ": payload of size " + sizeBytes
                    + " not verified (samples were lost)");
            return;
        }
        if (got[0] != sentChecksum) {
            failure = new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId()
                    + ": the payload of the " + sizeBytes + "-byte samples from publisher " + publisher
                    + " differs from what it sent (CRC32C sum " + Long.toHexString(got[0]) + " over " + got[1]
                    + " samples, sent " + Long.toHexString(sentChecksum) + ")");
            return;
        }
        verified.add(new long[] {publisher, sizeBytes, got[1]});
        err.println("subscriber " + cfg.subscriberId() + ": payload verified, " + got[1] + " samples of "
                + sizeBytes + " bytes from publisher " + publisher + " equal what it sent (CRC32C)");
    }

    private synchronized void summary(long now) {
        if (endedEarly) {
            return; // the size was written as a partial row when the process was being stopped
        }
        long pps = stats.summaryPacketsPerS(now);
        double mbps = stats.summaryMbps(now);
        double cpuPct = cpu.summary();
        summarized = true;
        summaries.add(new long[] {stats.sizeBytes, stats.packets, stats.lost});
        if (stats.packets == 0) {
            err.println("No samples have been received by the Subscriber side for size " + stats.sizeBytes);
        } else {
            if (printer != null) {
                printer.throughputSummary(new PerftestPrinter.ThroughputSummary(stats.sizeBytes, stats.packets, pps, mbps,
                        stats.lost, stats.lostPct(), cpuPct));
            }
        }
        if (stats.packets > 0 && !cfg.latencyTest() && !latencyTestSeen) {
            results.throughput(stats.sizeBytes, publisherBatchBytes,
                    compression != null ? compression.settings : cfg.compression(),
                    stats.packets, pps, mbps, stats.lost, stats.lostPct(), showCpu ? CpuMeter.orMissing(cpuPct) : null);
            results.throughputSlices(stats.sizeBytes, publisherBatchBytes,
                    compression != null ? compression.settings : cfg.compression(), stats.slices.slices(now));
            if (compressionRows()) {
                results.compression(compression != null ? compression.settings : cfg.compression(), stats.sizeBytes,
                        publisherBatchBytes > 0 ? publisherBatchBytes / stats.sizeBytes : 0, count, null, null,
                        pps, mbps);
            }
        }
        if (warmUpIndex == sizeIndex && warmUpSamples > 0 && !cfg.latencyTest() && !latencyTestSeen) {
            err.println("subscriber " + cfg.subscriberId() + ": " + warmUpSamples + " samples of " + stats.sizeBytes
                    + " bytes before the measured window (warm-up), not counted");
        }
        if (cfg.keyed()) {
            err.println("subscriber " + cfg.subscriberId() + ": " + instancesSeen + " of " + cfg.instances()
                    + " instances received samples" + (badKeys > 0 ? ", " + badKeys + " samples with a bad key" : ""));
        }
        err.flush();
    }
}
