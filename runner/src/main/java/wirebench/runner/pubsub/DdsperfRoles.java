package wirebench.runner.pubsub;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import wirebench.contract.WirebenchException;
import wirebench.runner.compression.CompressionSettings;
import wirebench.runner.transport.dds.CycloneDdsEngine;
import wirebench.runner.transport.dds.DdsperfPeer;

/**
 * The roles of {@code -engine dds -ddsperf} (docs/dds.md "ddsperf interop"): Perftest's latency
 * test against {@code ddsperf pong} ({@code -pub -latencyTest}: one ping at a time, one-way =
 * RTT / 2, Perftest's latency rows and the results directory's latency row), or the pong side for
 * {@code ddsperf ping} ({@code -sub}: answers every ping, prints the pings answered per second as
 * Perftest's subscriber rows, lost = gaps in each pinger's sequence numbers, and ends when
 * {@code -executionTime} has passed or every pinger has gone).
 */
final class DdsperfRoles {
    private static final long PONG_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final long BEST_EFFORT_PONG_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long SECOND_NS = TimeUnit.SECONDS.toNanos(1);

    private final PubSubConfig cfg;
    private final DdsperfPeer peer;
    private final PubSubResults results;
    private final PrintWriter err;
    private final CpuMeter cpu = new CpuMeter();

    DdsperfRoles(PubSubConfig cfg, DdsperfPeer peer, PubSubResults results, PrintWriter err) {
        this.cfg = cfg;
        this.peer = peer;
        this.results = results;
        this.err = err;
    }

    /** {@code cfg}, after the checks of the ddsperf mode's combinations (usage errors naming the option). */
    static PubSubConfig checked(PubSubConfig cfg) {
        if (cfg.engine().profile().options().contains(DdsperfPeer.OPTION) && CycloneDdsEngine.ddsperf(cfg.transport())) {
            String o = DdsperfPeer.OPTION + ": ";
            if (cfg.publisher() == cfg.subscriber()) {
                throw usage(o + "one role against ddsperf: -pub -latencyTest against 'ddsperf pong', or -sub for"
                        + " 'ddsperf ping'");
            }
            if (cfg.publisher() && !cfg.latencyTest()) {
                throw usage(o + "the publisher runs Perftest's latency test against 'ddsperf pong': add -latencyTest");
            }
            for (int s : cfg.sizesBytes()) {
                if (s < DdsperfPeer.OVERHEAD_BYTES) {
                    throw usage(o + "-dataLen is ddsperf's size (seq, key and the baggage's length take "
                            + DdsperfPeer.OVERHEAD_BYTES + " bytes): at least " + DdsperfPeer.OVERHEAD_BYTES + ", got " + s);
                }
            }
        }
        return cfg;
    }

    private static WirebenchException usage(String message) {
        return new WirebenchException(WirebenchException.USAGE, message);
    }

    void run(PerftestPrinter pubPrinter, PerftestPrinter subPrinter) {
        if (cfg.publisher()) {
            ping(pubPrinter);
        } else {
            pong(subPrinter);
        }
    }

    /**
     * Answers pings until {@code matched}, at most the discovery timeout (then a run failure naming the
     * ddsperf {@code wanted} mode to start), then says {@code next} on stderr.
     */
    private void awaitPeer(BooleanSupplier matched, String role, String wanted, String next) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(cfg.discoveryTimeoutS());
        while (!matched.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, role + ": no ddsperf " + wanted
                        + " matched in " + cfg.discoveryTimeoutS() + " s (start 'ddsperf -i " + cfg.domain()
                        + (cfg.transport().reliable() ? "" : " -u") + " " + wanted
                        + "' with the same Cyclone configuration)");
            }
            peer.answerPings(TimeUnit.MILLISECONDS.toNanos(10), (h, s, b) -> { });
        }
        err.println(next);
        err.flush();
    }

    private void ping(PerftestPrinter printer) {
        err.println("Waiting to discover ddsperf pong (its pongs in partition " + peer.guid() + ") ...");
        err.flush();
        awaitPeer(peer::pongerMatched, "publisher", "pong", "Sending data ...");
        int seq = 0;
        for (int size : cfg.sizesBytes()) {
            for (int i = 0; i < cfg.warmUpPings(size); i++) {
                pingPong(seq++, size, true);
            }
            LatencyStats stats = new LatencyStats();
            long lost = 0;
            cpu.reset();
            long start = System.nanoTime();
            long end = cfg.executionTimeS() > 0 ? start + TimeUnit.SECONDS.toNanos(cfg.executionTimeS()) : Long.MAX_VALUE;
            for (long n = 0; n < cfg.numIter() && System.nanoTime() - end < 0; n++) {
                long oneWayNs = pingPong(seq++, size, false);
                if (oneWayNs < 0) {
                    lost++;
                    continue;
                }
                boolean first = stats.count() == 0;
                stats.record(oneWayNs);
                if (printer != null && first) {
                    printer.latencyHeader(size);
                }
                if (printer != null && printer.intervals) {
                    printer.latencyInterval(size, Math.round(oneWayNs / 1000.0), stats.aveUs(), stats.stdUs(),
                            Math.round(stats.minUs()), Math.round(stats.maxUs()), cfg.output().cpu() ? cpu.interval() : 0);
                }
            }
            double cpuPct = cpu.summary();
            if (lost > 0) {
                err.println("publisher: " + lost + " pings got no pong within the timeout (best effort)");
            }
            if (stats.count() == 0) {
                err.println("publisher: no pong of size " + size + " came back from ddsperf");
                continue;
            }
            if (printer != null) {
                printer.latencySummary(PerftestPrinter.LatencySummary.of(size, stats, cpuPct));
            }
            results.latency(size, 0, stats, cfg.output().cpu() ? CpuMeter.orMissing(cpuPct) : null);
        }
        err.println("Test ended.");
        err.flush();
    }

    /**
     * One ping and its pong; the one-way latency in ns, or -1 when a best-effort or warm-up pong did
     * not come (a warm-up pong may be lost for good: ddsperf's KEEP_LAST 1 pong writer drops what it
     * wrote before it matched this reader, which both sides may see at different moments).
     */
    private long pingPong(int seq, int size, boolean warmUp) {
        long t0 = System.nanoTime();
        long deadline = t0 + PONG_TIMEOUT_NS;
        while (!peer.ping(seq, size)) {
            if (System.nanoTime() - deadline >= 0) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "publisher: the ping writer stayed full");
            }
        }
        boolean reliable = cfg.transport().reliable() && !warmUp;
        if (peer.awaitPong(seq, reliable ? PONG_TIMEOUT_NS : BEST_EFFORT_PONG_TIMEOUT_NS)) {
            return (System.nanoTime() - t0) / 2;
        }
        if (reliable) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "publisher: no pong for ping " + seq + " of "
                    + size + " bytes from ddsperf within " + TimeUnit.NANOSECONDS.toSeconds(PONG_TIMEOUT_NS)
                    + " s (reliable); did ddsperf pong stop?");
        }
        return -1;
    }

    /** Pings answered, per second and in all, with the losses found from sequence gaps. */
    private static final class Answers {
        final Map<Long, Integer> lastSeq = new HashMap<>();
        int sizeBytes = -1;
        long total;
        long lost;
        long interval;
        boolean header;

        void ping(long publication, int seq, int size) {
            Integer before = lastSeq.put(publication, seq);
            if (before != null && seq - before > 1) {
                long gap = seq - before - 1L;
                lost += gap;
            }
            sizeBytes = size;
            total++;
            interval++;
        }
    }

    private void pong(PerftestPrinter printer) {
        err.println("Waiting to discover ddsperf ping (participant user data DDSPerf:..., topic DDSPerf"
                + (cfg.transport().reliable() ? "R" : "U") + "PingKS) ...");
        err.flush();
        awaitPeer(() -> peer.refresh() != 0, "subscriber", "ping", "Waiting for data ...");
        Answers a = new Answers();
        cpu.reset();
        long start = System.nanoTime();
        long end = cfg.executionTimeS() > 0 ? start + TimeUnit.SECONDS.toNanos(cfg.executionTimeS()) : Long.MAX_VALUE;
        long next = start + SECOND_NS;
        while (System.nanoTime() - end < 0) {
            peer.answerPings(TimeUnit.MILLISECONDS.toNanos(100), a::ping);
            long now = System.nanoTime();
            if (now - next >= 0) {
                printInterval(printer, a, now - start);
                next += SECOND_NS;
                if (peer.refresh() == 0) {
                    break; // every pinger has gone
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (a.total == 0) {
            throw new WirebenchException(WirebenchException.PARTIAL, "subscriber: ddsperf matched but no ping"
                    + " arrived");
        }
        long perS = Math.round(a.total / seconds);
        double mbps = a.total * (double) a.sizeBytes * 8 / 1e6 / seconds;
        double lostPct = 100.0 * a.lost / (a.total + a.lost);
        double cpuPct = cpu.summary();
        if (printer != null) {
            header(printer, a);
            printer.throughputSummary(new PerftestPrinter.ThroughputSummary(a.sizeBytes, a.total, perS, mbps, a.lost,
                    lostPct, cpuPct));
        }
        results.throughput(a.sizeBytes, 0, CompressionSettings.OFF, a.total, perS, mbps, a.lost, lostPct,
                cfg.output().cpu() ? CpuMeter.orMissing(cpuPct) : null);
        err.println("subscriber: answered " + a.total + " pings of " + a.sizeBytes + " bytes from ddsperf");
        err.flush();
    }

    private void printInterval(PerftestPrinter printer, Answers a, long elapsedNs) {
        if (printer != null && a.sizeBytes >= 0) {
            header(printer, a);
            if (printer.intervals) {
                double s = elapsedNs / 1e9;
                double mbps = a.interval * (double) a.sizeBytes * 8 / 1e6;
                printer.throughputInterval(new PerftestPrinter.ThroughputInterval(a.sizeBytes, a.total, a.interval,
                        a.total / s, mbps, a.total * (double) a.sizeBytes * 8 / 1e6 / s, a.lost,
                        100.0 * a.lost / Math.max(1, a.total + a.lost), cfg.output().cpu() ? cpu.interval() : 0));
            }
        }
        a.interval = 0;
    }

    private static void header(PerftestPrinter printer, Answers a) {
        if (!a.header) {
            a.header = true;
            printer.throughputHeader(a.sizeBytes);
        }
    }
}
