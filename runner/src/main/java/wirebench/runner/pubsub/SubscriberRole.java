package wirebench.runner.pubsub;

import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.runner.WirebenchException;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;

/**
 * A subscriber: announces itself to every publisher it hears, counts samples per size (loss from
 * per-publisher sequence gaps, per-instance state when keyed), echoes the pings addressed to it,
 * prints throughput every second and a summary when FINISHED has come from every publisher.
 */
final class SubscriberRole implements MessageHandler {
    private static final long INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long LINGER_NS = TimeUnit.MILLISECONDS.toNanos(300);
    private static final int WARM_UP_FLAG = 2;

    private final PubSubConfig cfg;
    private final Transport transport;
    private final PerftestPrinter printer;
    private final PubSubResults results;
    private final PrintWriter err;
    private final boolean showCpu;
    private final CpuMeter cpu = new CpuMeter();

    private Receiver data;
    private Sender echo;
    private UnsafeBuffer out;
    private int publisherBatchBytes;
    private boolean latencyTestSeen;
    private final UnsafeBuffer control = new UnsafeBuffer(ByteBuffer.allocateDirect(64));

    private final TreeSet<Integer> publishers = new TreeSet<>();
    private final TreeSet<Integer> finished = new TreeSet<>();
    private int sizeIndex = -1;
    private ThroughputStats stats;
    private long[] instanceSamples;
    private int instancesSeen;
    private boolean skipNextInterval;
    private boolean summarized;
    private boolean done;
    private long lastMessageNs;
    long strayMessages;
    long otherDomainMessages;
    long badKeys;
    /** Summaries printed, for tests: size bytes to {samples, lost}. */
    final List<long[]> summaries = new ArrayList<>();

    SubscriberRole(PubSubConfig cfg, Transport transport, PerftestPrinter printerOrNull, PubSubResults results,
            PrintWriter err, boolean showCpu) {
        this.cfg = cfg;
        this.transport = transport;
        this.printer = printerOrNull;
        this.results = results;
        this.err = err;
        this.showCpu = showCpu;
        int max = cfg.sizesBytes().stream().mapToInt(Integer::intValue).max().orElse(0);
        this.out = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + max));
    }

    /** Opens the receiving end first, so a publisher in the same process finds it bound. */
    void open() {
        data = transport.openReceiver(Topic.DATA);
        echo = transport.openSender(Topic.ECHO);
    }

    void run() {
        if (data == null) {
            open();
        }
        err.println("Waiting for data ...");
        err.flush();
        long start = System.nanoTime();
        long discoveryDeadline = start + TimeUnit.SECONDS.toNanos(cfg.discoveryTimeoutS());
        long nextInterval = start + INTERVAL_NS;
        long lingerEnd = 0;
        lastMessageNs = start;
        while (true) {
            data.await(this, 64, TimeUnit.MILLISECONDS.toNanos(100));
            long now = System.nanoTime();
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
                List<Integer> missing = new ArrayList<>();
                for (int id = 0; id < cfg.numPublishers(); id++) {
                    if (!publishers.contains(id)) {
                        missing.add(id);
                    }
                }
                throw new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId()
                        + ": after " + cfg.discoveryTimeoutS() + " s heard from " + publishers.size() + " of "
                        + cfg.numPublishers() + " publishers on domain " + cfg.domain() + "; missing -pidMultiPubTest "
                        + missing + " (start them with the same -domain and -transport, check -peer/-nic)");
            }
            if (publishers.size() >= cfg.numPublishers()
                    && now - lastMessageNs > TimeUnit.SECONDS.toNanos(cfg.discoveryTimeoutS())) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId()
                        + ": no message from the publishers for " + cfg.discoveryTimeoutS() + " s (publisher gone?)");
            }
        }
        if (strayMessages + otherDomainMessages > 0) {
            err.println("subscriber " + cfg.subscriberId() + ": ignored " + strayMessages
                    + " stray or malformed messages and " + otherDomainMessages + " of other domains");
        }
        err.println("Test ended.");
        err.flush();
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
        lastMessageNs = System.nanoTime();
        int sender = b.getShort(off + 10);
        switch (type) {
            case Wire.HELLO:
                publishers.add(sender);
                Wire.header(control, cfg.domain(), Wire.ANNOUNCE, 0, cfg.subscriberId(), 0, 0, 0);
                echo.offer(control, 0, Wire.HEADER_BYTES);
                break;
            case Wire.DATA:
                publishers.add(sender);
                onData(b, off, sender);
                break;
            case Wire.FINISHED:
                onFinished(b, off, sender);
                break;
            default:
                strayMessages++;
        }
    }

    private void startSize(int index, int sizeBytes, long now) {
        sizeIndex = index;
        finished.clear();
        stats = new ThroughputStats(sizeBytes, now);
        instanceSamples = cfg.keyed() ? new long[cfg.instances()] : null;
        instancesSeen = 0;
        skipNextInterval = true;
        summarized = false;
        cpu.reset();
        if (printer != null) {
            printer.throughputHeader(sizeBytes);
        }
    }

    private void onData(DirectBuffer b, int off, int sender) {
        int index = b.getInt(off + 20);
        int count = b.getInt(off + 12);
        int sampleBytes = b.getInt(off + 16);
        if (index < sizeIndex) {
            return; // late data of an earlier size
        }
        int at = off + Wire.HEADER_BYTES;
        for (int i = 0; i < count; i++, at += sampleBytes) {
            int flags = b.getInt(at + 20);
            if ((flags & WARM_UP_FLAG) == 0) {
                if (index > sizeIndex || stats == null) {
                    startSize(index, sampleBytes, System.nanoTime());
                }
                stats.onSample(sender, b.getLong(at));
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
    }

    private void pong(DirectBuffer b, int sampleAt, int sampleBytes, int index) {
        int len = Wire.HEADER_BYTES + sampleBytes;
        if (len > transport.maxMessageBytes()) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId() + ": a pong of "
                    + len + " bytes exceeds what this subscriber's transport was sized for (" + transport.maxMessageBytes()
                    + "); give the subscriber the same -dataLen/-scan as the publisher");
        }
        if (out.capacity() < len) {
            out = new UnsafeBuffer(ByteBuffer.allocateDirect(len));
        }
        Wire.header(out, cfg.domain(), Wire.PONG, 0, cfg.subscriberId(), 1, sampleBytes, index);
        out.putBytes(Wire.HEADER_BYTES, b, sampleAt, sampleBytes);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!echo.offer(out, 0, Wire.HEADER_BYTES + sampleBytes)) {
            if (System.nanoTime() - deadline >= 0) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "subscriber " + cfg.subscriberId()
                        + ": could not send a pong for 10 s (publisher gone?)");
            }
            Thread.onSpinWait();
        }
    }

    private void onFinished(DirectBuffer b, int off, int sender) {
        int index = b.getInt(off + 20);
        int sizeBytes = b.getInt(off + 16);
        boolean lastSize = (b.getByte(off + 9) & Wire.FLAG_LAST_SIZE) != 0;
        Wire.header(control, cfg.domain(), Wire.FINISHED_ACK, 0, cfg.subscriberId(), sender, sizeBytes, index);
        latencyTestSeen = (b.getByte(off + 9) & Wire.FLAG_LATENCY_TEST) != 0;
        echo.offer(control, 0, Wire.HEADER_BYTES);
        if (index < sizeIndex || (index == sizeIndex && finished.contains(sender))) {
            return; // a repeated FINISHED: acknowledged again above
        }
        long now = System.nanoTime();
        if (index > sizeIndex || stats == null) {
            startSize(index, sizeBytes, now); // a size of which nothing arrived
        }
        stats.onFinished(sender, b.getLong(off + Wire.HEADER_BYTES));
        publisherBatchBytes = b.getInt(off + Wire.HEADER_BYTES + 8);
        finished.add(sender);
        if (finished.size() >= cfg.numPublishers()) {
            summary(now);
            if (lastSize) {
                done = true;
            }
        }
    }

    private void summary(long now) {
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
                    stats.packets, pps, mbps, stats.lost, stats.lostPct(), showCpu ? cpuPct : null);
        }
        if (cfg.keyed()) {
            err.println("subscriber " + cfg.subscriberId() + ": " + instancesSeen + " of " + cfg.instances()
                    + " instances received samples" + (badKeys > 0 ? ", " + badKeys + " samples with a bad key" : ""));
        }
        err.flush();
    }
}
