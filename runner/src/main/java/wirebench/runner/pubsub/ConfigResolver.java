package wirebench.runner.pubsub;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import wirebench.contract.WirebenchException;
import wirebench.runner.cli.Ranges;
import wirebench.runner.compression.Algorithm;
import wirebench.runner.compression.CompressionSettings;
import wirebench.runner.engines.Engines;
import wirebench.runner.transport.Engine;
import wirebench.runner.transport.EngineOptions;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.SpinningThreads;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.TransportSettings;
import wirebench.runner.transport.idle.AutoIdle;
import wirebench.runner.transport.idle.Contention;

/**
 * The one place {@code wirebench run pubsub}'s options become a {@link PubSubConfig}: Perftest's
 * defaults and rules applied, every option checked (usage errors name the option), the engine
 * chosen from the table and given its own options to check. The command's fields are read, never
 * written; the notes (one stderr line each) are kept for the command to print.
 */
final class ConfigResolver {
    private final PubSubCommand o;
    private final List<String> notes = new ArrayList<>();
    /** The samples/s -pubRatebps came to (0 = not given), printed with the configuration. */
    private long calculatedRate;

    ConfigResolver(PubSubCommand options) {
        this.o = options;
    }

    /** What the user should know about the options (ignored values, implied multicast...). */
    List<String> notes() {
        return notes;
    }

    private static boolean isLoopback(String address) {
        try {
            return java.net.InetAddress.getByName(address).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** Perftest's publisher-only options (PERFTEST-FORMATS.md section 4) that wirebench implements. */
    static final List<String> PUBLISHER_ONLY = List.of("-batchSize", "-latencyCount", "-executionTime",
            "-initialBurstSize", "-latencyTest", "-numIter", "-numSubscribers", "-pidMultiPubTest", "-pubRate",
            "-pubRatebps", "-latencyFile", "-sleep", "-loadDataFromFile");
    /** Perftest's subscriber-only options that wirebench implements. */
    static final List<String> SUBSCRIBER_ONLY = List.of("-numPublishers", "-sidMultiSubTest");

    /**
     * As Perftest's {@code check_incompatible_parameters}: a publisher option given to an explicit
     * {@code -sub}, or a subscriber option to an explicit {@code -pub}, is a usage error rather than
     * silently ignored (a subscriber given {@code -executionTime} does not stop after it). With both
     * roles in one process every option applies. {@code -scan} stays allowed on a subscriber: it sizes
     * the subscriber's buffers for the largest sample (Perftest 4.x learns sizes from the data).
     */
    private void rejectOtherRolesOptions() {
        if (o.spec == null || o.bothRoles) {
            return;
        }
        picocli.CommandLine.ParseResult parsed = o.spec.commandLine().getParseResult();
        if (parsed == null) {
            return;
        }
        for (String name : o.pub ? SUBSCRIBER_ONLY : PUBLISHER_ONLY) {
            if (parsed.hasMatchedOption(name)) {
                throw usage(name + ": a " + (o.pub ? "subscriber" : "publisher") + " option, not for " + (o.pub ? "-pub"
                        : "-sub") + " (Perftest rejects it too); give it to the " + (o.pub ? "subscriber" : "publisher")
                        + " only");
            }
        }
        if (!o.pub && parsed.hasMatchedOption("-warmUpMs")) {
            // wirebench's own, not Perftest's: the publisher sends the warm-up
            throw usage("-warmUpMs: a publisher option, not for a subscriber; give it to the publisher only");
        }
    }

    /** Applies Perftest's defaults and rules; throws a usage error naming the option. */
    PubSubConfig resolve() {
        if (o.pub && o.sub) {
            throw usage("-pub and -sub: give one (Perftest runs the publisher then); -bothRoles runs both in this process");
        }
        if (o.bothRoles && (o.pub || o.sub)) {
            throw usage("-bothRoles: runs the publisher and a subscriber itself; drop -" + (o.pub ? "pub" : "sub"));
        }
        if (o.subOutputFile != null && !o.bothRoles) {
            throw usage("-subOutputFile: only with -bothRoles (a lone subscriber prints to -outputFile or stdout)");
        }
        boolean isPub = o.pub || o.bothRoles;
        boolean isSub = !o.pub;
        rejectOtherRolesOptions();
        List<Integer> sizes = new ArrayList<>();
        if (o.scan != null) {
            if (o.scan.isBlank() || o.scan.strip().startsWith(":") || o.scan.strip().endsWith(":") || o.scan.contains("::")) {
                throw usage("-scan: expected sizes in bytes separated by ':' (e.g. 32:1024:63000), got '" + o.scan + "'");
            }
            for (String s : o.scan.split(":")) {
                try {
                    sizes.add(Integer.parseInt(s.trim()));
                } catch (NumberFormatException e) {
                    throw usage("-scan: expected sizes in bytes separated by ':', got '" + s + "' in '" + o.scan + "'");
                }
            }
        } else {
            sizes.add(o.dataLen);
        }
        for (int s : sizes) {
            if (s < PubSubCommand.MIN_DATA_BYTES || s > PubSubCommand.MAX_DATA_BYTES) {
                throw usage((o.scan != null ? "-scan" : "-dataLen") + ": expected " + PubSubCommand.MIN_DATA_BYTES + ".." + PubSubCommand.MAX_DATA_BYTES
                        + " bytes, got " + s);
            }
        }
        PerftestPrinter.of(o.outputFormat, new PrintWriter(java.io.Writer.nullWriter()), true, true, false);
        if (o.latencyFile != null) {
            LatencyFile.checkWritable(o.latencyFile);
        }
        if (o.sleepMs < 0) {
            throw usage("-sleep: expected milliseconds >= 0, got " + o.sleepMs);
        }
        if (o.initialBurstSize != null && o.initialBurstSize < 1) {
            throw usage("-initialBurstSize: expected at least 1, got " + o.initialBurstSize);
        }
        if (o.warmUpMs != null && (o.warmUpMs < 0 || o.warmUpMs > MAX_WARM_UP_MS)) {
            throw usage("-warmUpMs: expected 0.." + MAX_WARM_UP_MS + " milliseconds, got " + o.warmUpMs);
        }
        if (o.domain < 0 || o.domain > 250) {
            throw usage("-domain: expected 0..250, got " + o.domain);
        }
        if (o.instances < 1) {
            throw usage("-instances: expected at least 1, got " + o.instances);
        }
        Ranges.check("-instances", o.instances, 1, PubSubCommand.MAX_INSTANCES,
                "(a subscriber keeps a counter per instance)");
        Ranges.check("-executionTime", o.executionTimeS, 0, Ranges.MAX_SECONDS,
                "seconds (0 = until -numIter)");
        Ranges.check("-discoveryTimeout", o.discoveryTimeoutS, 1,
                Ranges.MAX_SECONDS, "seconds");
        if (o.batchSize != null) {
            Ranges.check("-batchSize", o.batchSize, 0, PubSubCommand.MAX_DATA_BYTES, "bytes (0 = no batching)");
        }
        Ranges.check("-sleep", o.sleepMs, 0, Ranges.MAX_SECONDS * 1000,
                "milliseconds");
        if (o.latencyTest && o.batchSize != null && o.batchSize > 0) {
            throw usage("-batchSize: batching is not allowed in the latency test (-latencyTest), got " + o.batchSize);
        }
        if (o.numSubscribers < 1 || o.numPublishers < 1) {
            throw usage("-numSubscribers/-numPublishers: expected at least 1");
        }
        if (o.subscriberId < 0 || o.subscriberId > 32767 || o.publisherId < 0 || o.publisherId > 255) {
            throw usage("-sidMultiSubTest/-pidMultiPubTest: expected 0..32767 and 0..255, got " + o.subscriberId + "/"
                    + o.publisherId);
        }
        if (o.latencyTest && o.publisherId != 0) {
            throw usage("-latencyTest: only the publisher with -pidMultiPubTest 0 runs the latency test, got " + o.publisherId);
        }
        if (isPub && isSub && (o.numSubscribers > 1 || o.numPublishers > 1)) {
            throw usage("-numSubscribers/-numPublishers > 1 need separate processes (-pub / -sub)");
        }
        if (isPub && isSub && (o.subscriberId != 0 || o.publisherId != 0)) {
            throw usage("-sidMultiSubTest/-pidMultiPubTest: with -bothRoles there is one subscriber and one publisher,"
                    + " ids 0; got " + o.subscriberId + "/" + o.publisherId);
        }
        long iter = o.numIter != null ? o.numIter : o.latencyTest ? 10_000_000L : 100_000_000L;
        long latCount = o.latencyCount != null ? o.latencyCount : o.latencyTest ? 1 : 10_000;
        if (iter < 1 || latCount < 1) {
            throw usage("-numIter and -latencyCount: expected at least 1");
        }
        if (iter < latCount) {
            throw usage("-numIter (" + iter + ") must not be smaller than -latencyCount (" + latCount + ")");
        }
        long execS = o.executionTimeS;
        if (o.scan != null && execS == 0 && o.numIter == null) {
            execS = 60;
        }
        long rate = 0;
        boolean sleep = false;
        String pubRate = o.pubRate;
        if (o.pubRateBps != null) {
            if (pubRate != null) {
                throw usage("-pubRate and -pubRatebps: give one of them");
            }
            String[] p = o.pubRateBps.split(":", 2);
            long bps;
            try {
                bps = Long.parseLong(p[0].trim());
            } catch (NumberFormatException e) {
                throw usage("-pubRatebps: expected <bits/s>[:spin|sleep], got '" + o.pubRateBps + "'");
            }
            if (bps < 1) {
                throw usage("-pubRatebps: expected at least 1 bit/s, got " + bps);
            }
            long largest = sizes.stream().mapToInt(Integer::intValue).max().orElse(o.dataLen);
            calculatedRate = Math.max(1, bps / (8 * largest));
            pubRate = calculatedRate + (p.length > 1 ? ":" + p[1] : "");
        }
        if (pubRate != null) {
            String[] p = pubRate.split(":");
            try {
                rate = Long.parseLong(p[0].trim());
            } catch (NumberFormatException e) {
                throw usage("-pubRate: expected <samples/s>[:spin|sleep], got '" + pubRate + "'");
            }
            if (rate < 1 || rate > 10_000_000) {
                throw usage(calculatedRate > 0
                        ? "-pubRatebps: " + o.pubRateBps + " comes to " + rate + " samples/s; expected 1..10000000"
                        : "-pubRate: expected 1..10000000 samples/s, got " + rate);
            }
            if (p.length > 1) {
                String method = p[1].trim().toLowerCase(Locale.ROOT);
                if (!method.equals("spin") && !method.equals("sleep")) {
                    throw usage("-pubRate: method must be spin or sleep, got '" + p[1] + "'");
                }
                sleep = method.equals("sleep");
            }
        }
        Set<String> given = new java.util.LinkedHashSet<>();
        picocli.CommandLine.ParseResult parsed = o.spec == null ? null : o.spec.commandLine().getParseResult();
        for (String option : Engines.options()) {
            if (parsed != null && parsed.hasMatchedOption(option)) {
                given.add(option);
            }
        }
        boolean sendQueue = given.remove(SEND_QUEUE_SIZE);
        Engine engine = Engines.select(o.engine, o.rawTransport, o.transport, given);
        if (sendQueue && engine.options().contains(SEND_QUEUE_SIZE)) {
            given.add(SEND_QUEUE_SIZE);
        } else if (sendQueue) {
            if (o.sendQueueSize != null && o.sendQueueSize < 1) {
                throw usage(SEND_QUEUE_SIZE + ": expected a number of messages >= 1, got " + o.sendQueueSize);
            }
            notes.add(SEND_QUEUE_SIZE + ": ignored with " + engine.profile().selection() + " ("
                    + PerftestOptions.SEND_QUEUE_ELSEWHERE + ")");
        }
        TransportSettings.TlsFiles tls = new TransportSettings.TlsFiles(o.transportCertFile, o.transportPrivateKey,
                o.transportCertAuthority);
        Engine.Choice choice = engine.choose(new EngineOptions(o.transport != null ? o.transport
                : engine.transports().get(0), o.multicast, o.bestEffort, !o.noBlockingSockets, o.aeronMtuBytes, tls, given),
                notes::add);
        String name = choice.keyName();
        List<Integer> batches = new ArrayList<>();
        for (int s : sizes) {
            int b;
            if (o.latencyTest) {
                b = 0;
            } else if (o.batchSize == null) {
                b = PubSubCommand.DEFAULT_BATCH_BYTES;
            } else {
                b = Math.max(0, o.batchSize);
            }
            if (b < 2 * s) {
                b = 0;
            }
            batches.add(b);
        }
        int maxMessage = Wire.HEADER_BYTES;
        for (int i = 0; i < sizes.size(); i++) {
            maxMessage = Math.max(maxMessage, Wire.HEADER_BYTES + Math.max(sizes.get(i), batches.get(i)));
        }
        String nic = o.nic == null ? null : PeerLocators.nic(o.nic, notes::add);
        List<String> peers = new ArrayList<>();
        if (o.peers != null) {
            for (String p : o.peers) {
                peers.add(PeerLocators.address(p, notes::add));
            }
        }
        boolean noPeers = peers.isEmpty();
        boolean mcast = o.multicast;
        if (!mcast && noPeers && nic != null && !(isPub && isSub) && choice.multicastDiscovery() && !isLoopback(nic)) {
            // Perftest finds its peers by o.multicast: a -pub/-sub pair given only -nic must meet too
            mcast = true;
            name = name.replace("UDPv4", "UDPv4-multicast");
            notes.add("no -peer given: data and echo go by multicast (as Perftest discovers peers); give -peer for"
                    + " unicast");
        }
        // Aeron takes odd o.multicast addresses (address + 1 carries its control traffic)
        String[] groups = o.multicastAddr == null ? new String[] {"239.255.1.1", "239.255.1.3"} : o.multicastAddr.split(",");
        String dataGroup = groups[0].trim();
        String echoGroup = groups.length > 1 ? groups[1].trim() : dataGroup;
        List<String> peerList = noPeers ? List.of(nic != null ? nic : "127.0.0.1") : peers;
        int base = o.basePort != null ? o.basePort : 20000 + 2 * o.domain;
        if (base < 1 || base > 65534) {
            throw usage("-basePort: expected 1..65534, got " + base);
        }
        Threading threading = Threading.forCores(Runtime.getRuntime().availableProcessors())
                .override(o.threadingMode, o.idleStrategy);
        if (!Threading.MODES.contains(threading.mode())) {
            throw usage("-threadingMode: expected " + String.join(", ", Threading.MODES) + ", got '" + o.threadingMode
                    + "'");
        }
        if (!Idle.NAMES.contains(threading.idle())) {
            throw usage(Idle.expected(o.idleStrategy));
        }
        boolean reliable = choice.reliable();
        final TransportSettings.Kind k = choice.kind();
        final boolean mc = mcast;
        final int maxBytes = maxMessage;
        java.util.function.Function<Threading, TransportSettings> settings = th -> new TransportSettings(k, reliable,
                mc, dataGroup, echoGroup, nic, peerList, peerList, base, base + 1, 1000 + 2 * o.domain,
                1001 + 2 * o.domain, maxBytes, !o.noBlockingSockets, th, o.aeronDir, o.aeronMtuBytes, tls,
                new TransportSettings.Extras(o.domain, o.keyed, Wire::instanceKey, engineValues(parsed, given)));
        TransportSettings ts = settings.apply(threading);
        engine.check(ts);
        Contention contention = Contention.now(SpinningThreads.count(ts, isPub, isSub));
        if (threading.idle().equals("auto")) {
            ts = settings.apply(threading.withAuto(new AutoIdle(SpinningThreads.own(ts, isPub, isSub),
                    contention.cpusUsable())));
        }
        Algorithm alg = o.compressionId == null ? Algorithm.NONE : Algorithm.parse(o.compressionId);
        int level = o.compressionLevel == null ? CompressionSettings.DEFAULT_LEVEL : o.compressionLevel;
        if (level < 0 || level > 10) {
            throw usage("-compressionLevel: expected 0 (disabled) .. 10 (best), got " + level);
        }
        int threshold = o.compressionThreshold == null ? 0 : o.compressionThreshold;
        if (threshold < 0) {
            throw usage("-compressionThreshold: expected 0 or more bytes, got " + threshold);
        }
        boolean explicit = o.compressionId != null || o.compressionLevel != null || o.compressionThreshold != null
                || o.loadDataFromFile != null;
        PayloadFile payload = o.loadDataFromFile == null ? null : PayloadFile.load(o.loadDataFromFile);
        PubSubConfig.Output output = new PubSubConfig.Output(o.outputFormat, !o.noPrintIntervals, !o.noOutputHeaders,
                o.cpu, o.outputFile, o.subOutputFile, o.out);
        return DdsperfRoles.checked(new PubSubConfig(isPub, isSub, o.latencyTest, List.copyOf(sizes), List.copyOf(batches), o.domain,
                o.keyed, o.instances, iter, execS, latCount, rate, sleep, o.numSubscribers, o.numPublishers,
                o.publisherId, o.subscriberId, o.discoveryTimeoutS, name, engine, ts,
                new CompressionSettings(alg, level, threshold), explicit, payload, o.sleepMs,
                o.initialBurstSize == null ? 0 : o.initialBurstSize, warmUpMs(o.warmUpMs, o.latencyTest, execS, o.numIter != null),
                o.latencyTest && o.warmUpMs == null,
                o.latencyFile, output, calculatedRate,
                o.idleStrategy != null, contention));
    }

    /** The longest -warmUpMs: ten minutes. */
    static final long MAX_WARM_UP_MS = 600_000;
    /** The default warm-up's cap: one second (the first second of a cold 64 KiB run carries about a quarter of the rate of the next). */
    static final long DEFAULT_WARM_UP_MS = 1000;

    /** The default latency warm-up's limit: ten seconds (on 2 CPUs the JIT compilers of two processes took 4 s to settle). */
    static final long DEFAULT_LATENCY_WARM_UP_MS = 10_000;

    /**
     * The warm-up per size: -warmUpMs when given. Otherwise, a throughput test: a fifth of
     * -executionTime, at most {@link #DEFAULT_WARM_UP_MS}; a latency test: until the JIT compilers
     * of both sides are quiet, at most -executionTime and {@link #DEFAULT_LATENCY_WARM_UP_MS}. None
     * when -numIter alone bounds the run (a run of a given number of samples stays that short).
     */
    static long warmUpMs(Long given, boolean latencyTest, long executionTimeS, boolean numIterGiven) {
        if (given != null) {
            return given;
        }
        if (executionTimeS == 0) {
            return latencyTest && !numIterGiven ? DEFAULT_LATENCY_WARM_UP_MS : 0;
        }
        return latencyTest ? Math.min(DEFAULT_LATENCY_WARM_UP_MS, executionTimeS * 1000)
                : Math.min(DEFAULT_WARM_UP_MS, executionTimeS * 1000 / 5);
    }

    /** Perftest's writer queue: the dds engine's option, which the other engines ignore with a note (as Perftest's table says). */
    private static final String SEND_QUEUE_SIZE = "-sendQueueSize";

    private static WirebenchException usage(String message) {
        return new WirebenchException(WirebenchException.USAGE, message);
    }

    /** The values of the engine-specific options given, name to value (a flag: "true"). */
    private static java.util.Map<String, String> engineValues(picocli.CommandLine.ParseResult parsed, Set<String> given) {
        java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
        for (String option : given) {
            List<String> v = parsed.matchedOption(option).stringValues();
            values.put(option, v.isEmpty() ? "true" : v.get(v.size() - 1));
        }
        return java.util.Map.copyOf(values);
    }
}
