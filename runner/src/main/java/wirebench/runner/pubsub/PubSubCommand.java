package wirebench.runner.pubsub;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import wirebench.contract.WirebenchException;
import wirebench.runner.compression.Algorithm;
import wirebench.runner.compression.CompressionSettings;
import wirebench.runner.results.ResultsDirectory;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.idle.AutoIdle;
import wirebench.runner.transport.idle.Contention;
import wirebench.runner.transport.idle.CpuFacts;
import wirebench.runner.transport.idle.PeerCpus;
import wirebench.runner.transport.idle.SpinningThreads;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;
import wirebench.runner.transport.aeron.AeronTransport;
import wirebench.runner.transport.raw.RawUdpTransport;
import wirebench.runner.transport.tcp.TcpTransport;
import wirebench.runner.transport.tcp.TlsKeys;
import wirebench.runner.transport.tcp.TlsTransport;

/**
 * {@code wirebench run pubsub}: RTI Perftest's publisher/subscriber model on Aeron (or raw UDP),
 * with Perftest's option names (case-insensitive) and stdout formats. See docs/pubsub.md.
 */
@Command(name = "pubsub", sortOptions = false,
        description = {"Perftest-style publish/subscribe benchmark on Aeron (embedded media driver) or raw UDP.",
                "Option names as RTI Perftest spells them, case-insensitive, abbreviated as Perftest allows (-exec = -executionTime)."
                        + " Without -pub a subscriber runs, as in Perftest; -bothRoles runs publisher and subscriber in this"
                        + " process (a quick local run). Every Perftest 4.x option is accepted, ignored with a note, or refused"
                        + " naming the wirebench way: the table is in docs/pubsub.md."})
public final class PubSubCommand implements Callable<Integer> {
    static final int MIN_DATA_BYTES = 28;
    static final int MAX_DATA_BYTES = 10485760;
    static final int DEFAULT_BATCH_BYTES = 8192;
    /** Most -instances accepted: a subscriber keeps one long per instance (800 MB at this limit). */
    static final int MAX_INSTANCES = 100_000_000;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "-help", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;
    @Option(names = "-pub", description = "Run the publisher role.")
    boolean pub;
    @Option(names = "-sub", description = "Run a subscriber role (the default, as in Perftest).")
    boolean sub;
    @Option(names = "-bothRoles", description = "wirebench: run the publisher and a subscriber in this process (a quick local run; not with -pub or -sub).")
    boolean bothRoles;
    @Option(names = "-subOutputFile", description = "wirebench, with -bothRoles: append the subscriber's printed output to this file, so both roles print (default: the publisher prints in the latency test, the subscriber in the throughput test).")
    Path subOutputFile;
    @Option(names = "-latencyTest", description = "Ping-pong latency test (default: throughput test).")
    boolean latencyTest;
    @Option(names = "-bestEffort", description = "Best-effort delivery (default: reliable).")
    boolean bestEffort;
    @Option(names = "-dataLen", defaultValue = "100", description = "Sample size in bytes, 28..10485760 (default 100).")
    int dataLen;
    @Option(names = "-scan", description = "Sizes to test one after the other, s1:s2:... (executionTime defaults to 60 s per size).")
    String scan;
    @Option(names = "-domain", defaultValue = "1", description = "Keeps runs apart: ports and stream ids derive from it (0..250, default 1).")
    int domain;
    @Option(names = "-keyed", description = "Samples carry an instance key.")
    boolean keyed;
    @Option(names = "-instances", defaultValue = "1", description = "Instances written round robin (default 1).")
    int instances;
    @Option(names = "-batchSize", description = "Harness batch in bytes (default 8192 in the throughput test; 0 = off; off when < 2 x dataLen).")
    Integer batchSize;
    @Option(names = "-latencyCount", description = "Batches between latency pings (default 10000; 1 in the latency test).")
    Long latencyCount;
    @Option(names = "-executionTime", defaultValue = "0", description = "Seconds per size (0 = until -numIter).")
    long executionTimeS;
    @Option(names = "-numIter", description = "Samples per size (default 100000000; 10000000 in the latency test).")
    Long numIter;
    @Option(names = "-numSubscribers", defaultValue = "1", description = "Subscribers the publisher waits for (default 1).")
    int numSubscribers;
    @Option(names = "-numPublishers", defaultValue = "1", description = "Publishers the subscriber waits for (default 1).")
    int numPublishers;
    @Option(names = "-pidMultiPubTest", defaultValue = "0", description = "Publisher id (default 0).")
    int publisherId;
    @Option(names = "-sidMultiSubTest", defaultValue = "0", description = "Subscriber id, 0..numSubscribers-1 (default 0).")
    int subscriberId;
    @Option(names = "-pubRate", description = "Samples per second, N[:spin|sleep] (default: as fast as possible).")
    String pubRate;

    @Option(names = "-sleep", defaultValue = "0", description = "Milliseconds to sleep after each sample sent (with batching, per sample in the batch; default 0).")
    long sleepMs;

    @Option(names = "-latencyFile", description = "Publisher: append every latency sample (one-way us, arrival order) of each size to this file, as Perftest does.")
    Path latencyFile;

    @Option(names = "-initialBurstSize", description = "Warm-up round trips before each size, not recorded (default min(1000, 16 MiB / dataLen)).")
    Integer initialBurstSize;

    @Option(names = "-pubRatebps", description = "Publication rate in bits/s of payload, N[:spin|sleep]: -pubRate N / (8 x dataLen) samples/s, at least 1 (Perftest's calculation; with -scan the largest size).")
    String pubRateBps;

    /** The samples/s -pubRatebps came to (0 = not given), printed with the configuration. */
    private long calculatedRate;
    @Option(names = "-noPrintIntervals", description = "Print summaries only.")
    boolean noPrintIntervals;
    @Option(names = "-noOutputHeaders", description = "No titles and headers.")
    boolean noOutputHeaders;
    @Option(names = "-outputFormat", defaultValue = "csv", description = "csv (default), json or legacy: Perftest 4.x layouts; legacy2: Perftest 2.x text (seed 001's example).")
    String outputFormat;
    @Option(names = "-outputFile", description = "Append the printed results to this file instead of stdout.")
    Path outputFile;
    @Option(names = "-cpu", description = "Add the process CPU usage column.")
    boolean cpu;
    @Option(names = "-transport", defaultValue = "UDPv4", description = "UDPv4 (Aeron UDP, default), SHMEM (Aeron IPC), TCP (NIO, length-prefixed frames) or TLS (TLS 1.3 over TCP).")
    String transport;
    @Option(names = {"-nic", "-allowInterfaces"}, description = "Local IPv4 address or interface name to bind and to send multicast from.")
    String nic;
    @Option(names = "-peer", description = "Peer address (repeatable): on the publisher each subscriber host, on a subscriber each publisher host (default -nic or 127.0.0.1).")
    List<String> peers;
    @Option(names = "-multicast", description = "Send data by multicast.")
    boolean multicast;
    @Option(names = "-multicastAddr", description = "Multicast groups <data>[,<echo>] (default 239.255.1.1,239.255.1.3; odd for Aeron).")
    String multicastAddr;
    @Option(names = "-transportCertFile", description = "TLS: this side's PEM certificate (default: a self-signed pair generated at start).")
    Path transportCertFile;
    @Option(names = "-transportPrivateKey", description = "TLS: the PEM PKCS#8 private key of -transportCertFile.")
    Path transportPrivateKey;
    @Option(names = "-transportCertAuthority", description = "TLS: PEM CA certificate(s) peers must be signed by (default: peers are not verified).")
    Path transportCertAuthority;
    @Option(names = "-engine", defaultValue = "aeron", description = "aeron (default) or dds: Eclipse Cyclone DDS (RTPS; Java 22+ and libddsc0debian), docs/dds.md.")
    String engine;
    @Option(names = "-ddsHistoryDepth", description = "DDS: KEEP_LAST depth of writers and readers, 0 = KEEP_ALL (default: KEEP_ALL reliable, 1000 best effort).")
    Integer ddsHistoryDepth;
    @Option(names = "-ddsWaitset", description = "DDS: receivers block in a Cyclone waitset instead of polling with -idleStrategy.")
    boolean ddsWaitset;
    /** The DDS engine's settings when -engine dds (set by resolve), else null. */
    private wirebench.runner.transport.dds.DdsSettings dds;
    @Option(names = "-rawTransport", description = "Plain UDP sockets with harness batching instead of Aeron (best effort).")
    boolean rawTransport;
    @Option(names = "-noBlockingSockets", description = "Raw transport: non-blocking sockets, busy polling.")
    boolean noBlockingSockets;

    @Option(names = "-compressionId", description = "Compress samples: LZ4, ZLIB, ZSTD or NONE (MASK_NONE); set it on both sides (default NONE; a subscriber without compression options accepts the publisher's). See docs/compression.md.")
    String compressionId;
    @Option(names = "-compressionLevel", description = "0 disables, 1 fastest .. 10 best (default 10); mapped onto each library's levels.")
    Integer compressionLevel;
    @Option(names = "-compressionThreshold", description = "Compress samples (or batches) larger than this many bytes (default 0).")
    Integer compressionThreshold;
    @Option(names = "-loadDataFromFile", description = "Sample payloads from this file: successive slices of -dataLen bytes (after each sample's 24-byte header), wrapping.")
    Path loadDataFromFile;

    @Option(names = "--out", description = "Write a results directory (run.json, pubsub-*.csv, *.hlog).")
    Path out;
    @Option(names = "-basePort", description = "UDP port of the data; echo uses basePort+1 (default 20000 + 2 x domain).")
    Integer basePort;
    @Option(names = "-threadingMode", description = "Aeron driver threading: SHARED, SHARED_NETWORK, DEDICATED, or INVOKER (no driver thread: the role threads run its duty cycle while they wait); default from the core count.")
    String threadingMode;
    @Option(names = "-idleStrategy", description = "How waiting threads wait (Aeron harness and driver loops): auto (default: measures its waits and keeps the faster of spinyield and yield, re-checked every 500 ms), yield, spinyield (spin 50 us, then yield), spin, backoff, sleep.")
    String idleStrategy;
    /** The run's CPUs, spinning threads and load at start (set by resolve). */
    private Contention contention;
    @Option(names = "-aeronDir", description = "Use the external Aeron media driver in this directory instead of an embedded one.")
    String aeronDir;
    @Option(names = "-aeronMtu", defaultValue = "0", description = "Aeron UDP MTU in bytes, a multiple of 32 up to 65504 (default: Aeron's 1408; loopback allows more).")
    int aeronMtuBytes;
    @Option(names = "-discoveryTimeout", defaultValue = "30", description = "Seconds to wait for the peers (default 30).")
    long discoveryTimeoutS;

    private final List<String> notes = new ArrayList<>();

    private static boolean isLoopback(String address) {
        try {
            return java.net.InetAddress.getByName(address).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    @Override
    public Integer call() {
        PubSubConfig cfg = resolve();
        PrintWriter err = spec.commandLine().getErr();
        notes.forEach(err::println);
        PrintWriter stdout = outputFile == null ? spec.commandLine().getOut() : openOutputFile(outputFile);
        try {
            return execute(cfg, stdout, err);
        } finally {
            stdout.flush();
            if (outputFile != null) {
                stdout.close();
            }
        }
    }

    private static PrintWriter openOutputFile(Path file) {
        try {
            return new PrintWriter(new OutputStreamWriter(new FileOutputStream(file.toFile(), true),
                    StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot open -outputFile (" + e.getMessage() + ")");
        }
    }

    private int execute(PubSubConfig cfg, PrintWriter stdout, PrintWriter err) {
        boolean intervals = !noPrintIntervals;
        boolean headers = !noOutputHeaders;
        boolean both = cfg.publisher() && cfg.subscriber();
        if (cfg.publisher() && cfg.publisherId() != 0) {
            err.println("Latency results are only shown when -pidMultiPubTest = 0");
        }
        PrintWriter subOut = subOutputFile == null ? stdout : openOutputFile(subOutputFile);
        try {
            PerftestPrinter pubPrinter = cfg.publisher() && cfg.publisherId() == 0
                    && (!both || cfg.latencyTest() || subOutputFile != null)
                    ? PerftestPrinter.of(outputFormat, stdout, intervals, headers, cpu) : null;
            PerftestPrinter subPrinter = cfg.subscriber() && (!both || !cfg.latencyTest() || subOutputFile != null)
                    ? PerftestPrinter.of(outputFormat, subOut, intervals, headers, cpu) : null;
            return execute(cfg, pubPrinter, subPrinter, err);
        } finally {
            if (subOutputFile != null) {
                subOut.close();
            }
        }
    }

    private int execute(PubSubConfig cfg, PerftestPrinter pubPrinter, PerftestPrinter subPrinter, PrintWriter err) {
        boolean both = cfg.publisher() && cfg.subscriber();
        printConfiguration(cfg, err);
        try (Transport t = dds != null ? DdsEngine.open(cfg.transport(), dds) : open(cfg.transport());
             Transport subTransport = dds == null && both && driverPerRole(cfg.transport()) ? open(cfg.transport()) : null) {
            Map<String, Object> engine = t.describe();
            if (subTransport != null) {
                engine.put("drivers", "one embedded driver per role, as with two processes");
            }
            err.println("wirebench pubsub: engine " + engine);
            err.flush();
            ResultsDirectory dir = out == null ? null
                    : ResultsDirectory.create(out, commandLine(), configMap(cfg));
            try {
                if (dir != null) {
                    dir.note("engine", engine);
                }
                PubSubResults results = new PubSubResults(dir, cfg);
                SubscriberRole subscriber = cfg.subscriber()
                        ? new SubscriberRole(cfg, subTransport != null ? subTransport : t, subPrinter, results, err, cpu)
                        : null;
                PublisherRole publisher = cfg.publisher()
                        ? new PublisherRole(cfg, t, pubPrinter, results, err, cpu) : null;
                if (subscriber != null) {
                    subscriber.open();
                }
                if (SpinningThreads.peerHere(cfg.transport(), cfg.publisher(), cfg.subscriber())) {
                    // the peer is alive and has bound its receive port once it has been heard from
                    int port = SpinningThreads.peerPort(cfg.transport(), cfg.publisher());
                    Runnable lookUp = () -> PeerCpus.here().bound(port).ifPresent(contention::peer);
                    if (publisher != null) {
                        publisher.onPeerSeen(lookUp);
                    } else {
                        subscriber.onPeerSeen(lookUp);
                    }
                }
                Thread stopHook = subscriber == null || dir == null ? null
                        : new Thread(subscriber::interrupted, "wirebench-subscriber-stop");
                if (stopHook != null) {
                    Runtime.getRuntime().addShutdownHook(stopHook);
                }
                try {
                    runRoles(publisher, subscriber);
                } finally {
                    removeHook(stopHook);
                }
                Map<String, Object> cont = contention(cfg.transport());
                err.println(Contention.line(cont));
                err.flush();
                if (dir != null) {
                    dir.note("contention", cont);
                    dir.finish();
                }
            } finally {
                if (dir != null) {
                    dir.close();
                }
            }
        }
        return 0;
    }

    /** The run.json {@code contention} entry at the end of the run (docs/pubsub.md). */
    private Map<String, Object> contention(TransportSettings ts) {
        Threading th = ts.threading();
        String idle;
        String reason;
        if (ts.kind() != TransportSettings.Kind.AERON_UDP && ts.kind() != TransportSettings.Kind.AERON_IPC) {
            idle = ts.blockingSockets() || ts.kind() == TransportSettings.Kind.TLS ? "kernel-wait" : "busy-poll";
            reason = "the " + ts.kind() + " transport uses no idle strategy: "
                    + (idle.equals("busy-poll") ? "-noBlockingSockets polls without pause" : "a blocking receive");
        } else if (th.auto() != null) {
            idle = th.auto().chosen();
            reason = th.auto().reason();
        } else {
            idle = th.idle();
            reason = idleStrategy != null ? "set on the command line" : th.reason();
        }
        return contention.finish(CpuFacts.loadAverage1m(), idle, reason);
    }

    /** Runs the roles: both (the subscriber on its own thread) or the one given. */
    private static void runRoles(PublisherRole publisher, SubscriberRole subscriber) {
        if (publisher != null && subscriber != null) {
            AtomicReference<RuntimeException> failure = new AtomicReference<>();
            Thread subThread = new Thread(() -> {
                try {
                    subscriber.run();
                } catch (RuntimeException e) {
                    failure.set(e);
                }
            }, "wirebench-subscriber");
            subThread.setDaemon(true);
            subThread.start();
            try {
                publisher.run();
            } catch (RuntimeException | Error e) {
                // the transports close when this returns: the subscriber must stop polling them first
                subscriber.abandon();
                joinBriefly(subThread);
                throw e;
            }
            join(subThread);
            if (failure.get() != null) {
                throw failure.get();
            }
        } else if (publisher != null) {
            publisher.run();
        } else {
            subscriber.run();
        }
    }

    /** Removes a shutdown hook unless the JVM is already stopping (then the hook runs). */
    private static void removeHook(Thread hook) {
        if (hook == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook writes the partial row
        }
    }

    /** Waits up to 10 s for {@code t} (the subscriber stopping after the publisher failed). */
    private static void joinBriefly(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WirebenchException(WirebenchException.RUN_FAILED, "interrupted while waiting for the subscriber");
        }
    }

    /**
     * Both roles in one process over Aeron UDP with INVOKER threading get a driver each, so the quick
     * local run measures what a run in two processes does: with one shared driver, a single lock
     * serialises both roles' duty cycles and every cycle polls both roles' sockets (2 cores, 32 B:
     * 10.8 us one-way p50 shared, 8.7 us in two processes). IPC needs the one shared driver; the
     * other threading modes would add a driver thread per role.
     */
    static boolean driverPerRole(TransportSettings s) {
        return s.kind() == TransportSettings.Kind.AERON_UDP && s.aeronDir() == null
                && "INVOKER".equals(s.threading().mode());
    }

    static Transport open(TransportSettings s) {
        switch (s.kind()) {
            case RAW_UDP:
                return new RawUdpTransport(s);
            case TCP:
                return new TcpTransport(s);
            case TLS:
                return new TlsTransport(s, TlsKeys.load(s.tls()));
            default:
                return new AeronTransport(s);
        }
    }

    private String commandLine() {
        return ResultsDirectory.commandLine(spec);
    }

    private void printConfiguration(PubSubConfig cfg, PrintWriter err) {
        err.println();
        err.println("Mode: " + (cfg.latencyTest() ? "LATENCY TEST (Ping-Pong test)" : "THROUGHPUT TEST"));
        err.println("Roles: " + (cfg.publisher() ? "publisher " + cfg.publisherId() + " " : "")
                + (cfg.subscriber() ? "subscriber " + cfg.subscriberId() : ""));
        err.println("Transport: " + cfg.transportName() + ", " + cfg.reliability() + ", domain " + cfg.domain()
                + ", ports " + cfg.transport().dataPort() + "/" + cfg.transport().echoPort());
        err.println("Data sizes: " + cfg.sizesBytes() + " bytes, batch " + cfg.batchBytes() + " bytes, "
                + (cfg.keyed() ? "keyed, " + cfg.instances() + " instances" : "unkeyed"));
        if (calculatedRate > 0) {
            err.println("Calculated Publication Rate is: " + calculatedRate + " samples/s");
        }
        if (cfg.compressionExplicit()) {
            err.println("Compression: " + cfg.compression().describe() + " (library level "
                    + cfg.compression().libraryLevel() + ")" + (cfg.payload() != null ? ", payload from "
                    + cfg.payload().path + " (" + cfg.payload().sizeBytes() + " bytes)" : ""));
            boolean batching = cfg.batchBytes().stream().anyMatch(b -> b > 0);
            if (batching && cfg.compression().enabled()
                    && cfg.compression().algorithm() != Algorithm.ZLIB && cfg.publisher()) {
                err.println("Note: Connext allows only ZLIB with batching; wirebench compresses each whole batch with "
                        + cfg.compression().algorithm() + " too (use -batchSize 0 to compare with Connext)");
            }
        }
        if (cfg.transport().kind() != TransportSettings.Kind.RAW_UDP) {
            Threading th = cfg.transport().threading();
            if (cfg.transport().aeronDir() != null) {
                err.println("Threading: the external driver's own (-aeronDir), harness idle " + th.idle());
            } else {
                err.println("Threading: " + th.mode() + ", idle " + th.idle()
                        + (th.auto() != null ? " from " + th.auto().startStrategy() : "") + " (" + th.reason() + ")");
            }
        }
        err.flush();
    }

    private Map<String, Object> configMap(PubSubConfig cfg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("roles", (cfg.publisher() ? "pub" : "") + (cfg.subscriber() ? (cfg.publisher() ? "+sub" : "sub") : ""));
        m.put("test", cfg.latencyTest() ? "latency" : "throughput");
        m.put("transport", cfg.transportName());
        m.put("reliability", cfg.reliability());
        m.put("sizes_bytes", cfg.sizesBytes());
        m.put("batch_bytes", cfg.batchBytes());
        m.put("domain", cfg.domain());
        m.put("keyed", cfg.keyed());
        m.put("instances", cfg.instances());
        m.put("num_iter", cfg.numIter());
        m.put("execution_time_s", cfg.executionTimeS());
        m.put("latency_count", cfg.latencyCount());
        m.put("pub_rate_per_s", cfg.pubRatePerS());
        m.put("sleep_ms", cfg.sleepMs());
        if (cfg.latencyFile() != null) {
            m.put("latency_file", cfg.latencyFile().toString());
        }
        m.put("warm_up_round_trips", cfg.initialBurstSize() > 0 ? Integer.toString(cfg.initialBurstSize())
                : "min(1000, 16 MiB / size)");
        m.put("num_subscribers", cfg.numSubscribers());
        m.put("num_publishers", cfg.numPublishers());
        m.put("pid", cfg.publisherId());
        m.put("sid", cfg.subscriberId());
        m.put("nic", cfg.transport().nic());
        m.put("data_peers", cfg.transport().dataPeers());
        m.put("echo_peers", cfg.transport().echoPeers());
        m.put("multicast", cfg.transport().multicast() ? cfg.transport().multicastGroup() : null);
        m.put("data_port", cfg.transport().dataPort());
        m.put("echo_port", cfg.transport().echoPort());
        m.put("blocking_sockets", cfg.transport().blockingSockets());
        m.put("aeron_mtu_bytes", cfg.transport().mtuBytes() == 0 ? null : cfg.transport().mtuBytes());
        m.put("threading_mode", cfg.transport().threading().mode());
        m.put("idle_strategy", cfg.transport().threading().idle());
        m.put("compression_id", cfg.compression().algorithm().name());
        m.put("compression_level", cfg.compression().level());
        m.put("compression_library_level", cfg.compression().libraryLevel());
        m.put("compression_threshold_bytes", cfg.compression().thresholdBytes());
        m.put("compression_explicit", cfg.compressionExplicit());
        m.put("load_data_from_file", cfg.payload() == null ? null : cfg.payload().path.toString());
        m.put("output_format", outputFormat.toLowerCase(Locale.ROOT));
        m.put("print_intervals", !noPrintIntervals);
        m.put("output_headers", !noOutputHeaders);
        m.put("cpu", cpu);
        m.put("discovery_timeout_s", cfg.discoveryTimeoutS());
        m.put("latency_precision", "HdrHistogram " + LatencyStats.SIGNIFICANT_DIGITS + " significant digits, ns");
        return m;
    }

    /** Why a Perftest transport wirebench does not run is refused, and what to use instead. */
    static String unsupportedTransport(String upper, String given) {
        switch (upper) {
            case "UDPV4_WAN":
            case "WAN":
                return "-transport " + given + ": RTI's WAN transport (NAT traversal through a locator service) has no"
                        + " wirebench counterpart; across NATs use -transport TCP or TLS with -peer ADDR (one side"
                        + " reachable), on a LAN UDPv4";
            case "DTLS":
                return "-transport DTLS: wirebench has no DTLS; for an encrypted link use -transport TLS (TLS 1.3 over"
                        + " TCP), for UDP measurements UDPv4";
            case "UDPV6":
                return "-transport UDPv6: wirebench runs over IPv4; use UDPv4";
            default:
                return "-transport: expected UDPv4, SHMEM, TCP or TLS (wirebench's engines), got '" + given + "'";
        }
    }

    private static WirebenchException usage(String message) {
        return new WirebenchException(WirebenchException.USAGE, message);
    }

    /**
     * The usage or input error {@code wirebench run pubsub ARGS} would stop with before running, or
     * null: abbreviations expanded, options parsed, Perftest's rules applied (a campaign checks every
     * command line it will start this way, before the first test).
     */
    public static WirebenchException argumentsError(List<String> args) {
        picocli.CommandLine cl = new picocli.CommandLine(new PubSubCommand());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOptionsCaseInsensitive(true);
        try {
            cl.parseArgs(PerftestAbbreviations.expand(args.toArray(new String[0]), cl.getCommandSpec()));
            ((PubSubCommand) cl.getCommand()).resolve();
            return null;
        } catch (picocli.CommandLine.ParameterException e) {
            return usage(e.getMessage());
        } catch (WirebenchException e) {
            return e;
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
        if (spec == null || bothRoles) {
            return;
        }
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        if (parsed == null) {
            return;
        }
        for (String name : pub ? SUBSCRIBER_ONLY : PUBLISHER_ONLY) {
            if (parsed.hasMatchedOption(name)) {
                throw usage(name + ": a " + (pub ? "subscriber" : "publisher") + " option, not for " + (pub ? "-pub"
                        : "-sub") + " (Perftest rejects it too); give it to the " + (pub ? "subscriber" : "publisher")
                        + " only");
            }
        }
    }

    /** Applies Perftest's defaults and rules; throws a usage error naming the option. */
    PubSubConfig resolve() {
        if (pub && sub) {
            throw usage("-pub and -sub: give one (Perftest runs the publisher then); -bothRoles runs both in this process");
        }
        if (bothRoles && (pub || sub)) {
            throw usage("-bothRoles: runs the publisher and a subscriber itself; drop -" + (pub ? "pub" : "sub"));
        }
        if (subOutputFile != null && !bothRoles) {
            throw usage("-subOutputFile: only with -bothRoles (a lone subscriber prints to -outputFile or stdout)");
        }
        boolean isPub = pub || bothRoles;
        boolean isSub = !pub;
        rejectOtherRolesOptions();
        List<Integer> sizes = new ArrayList<>();
        if (scan != null) {
            if (scan.isBlank() || scan.strip().startsWith(":") || scan.strip().endsWith(":") || scan.contains("::")) {
                throw usage("-scan: expected sizes in bytes separated by ':' (e.g. 32:1024:63000), got '" + scan + "'");
            }
            for (String s : scan.split(":")) {
                try {
                    sizes.add(Integer.parseInt(s.trim()));
                } catch (NumberFormatException e) {
                    throw usage("-scan: expected sizes in bytes separated by ':', got '" + s + "' in '" + scan + "'");
                }
            }
        } else {
            sizes.add(dataLen);
        }
        for (int s : sizes) {
            if (s < MIN_DATA_BYTES || s > MAX_DATA_BYTES) {
                throw usage((scan != null ? "-scan" : "-dataLen") + ": expected " + MIN_DATA_BYTES + ".." + MAX_DATA_BYTES
                        + " bytes, got " + s);
            }
        }
        PerftestPrinter.of(outputFormat, new PrintWriter(java.io.Writer.nullWriter()), true, true, false);
        if (latencyFile != null) {
            LatencyFile.checkWritable(latencyFile);
        }
        if (sleepMs < 0) {
            throw usage("-sleep: expected milliseconds >= 0, got " + sleepMs);
        }
        if (initialBurstSize != null && initialBurstSize < 1) {
            throw usage("-initialBurstSize: expected at least 1, got " + initialBurstSize);
        }
        if (domain < 0 || domain > 250) {
            throw usage("-domain: expected 0..250, got " + domain);
        }
        if (instances < 1) {
            throw usage("-instances: expected at least 1, got " + instances);
        }
        wirebench.runner.cli.Ranges.check("-instances", instances, 1, MAX_INSTANCES,
                "(a subscriber keeps a counter per instance)");
        wirebench.runner.cli.Ranges.check("-executionTime", executionTimeS, 0, wirebench.runner.cli.Ranges.MAX_SECONDS,
                "seconds (0 = until -numIter)");
        wirebench.runner.cli.Ranges.check("-discoveryTimeout", discoveryTimeoutS, 1,
                wirebench.runner.cli.Ranges.MAX_SECONDS, "seconds");
        if (batchSize != null) {
            wirebench.runner.cli.Ranges.check("-batchSize", batchSize, 0, MAX_DATA_BYTES, "bytes (0 = no batching)");
        }
        wirebench.runner.cli.Ranges.check("-sleep", sleepMs, 0, wirebench.runner.cli.Ranges.MAX_SECONDS * 1000,
                "milliseconds");
        if (latencyTest && batchSize != null && batchSize > 0) {
            throw usage("-batchSize: batching is not allowed in the latency test (-latencyTest), got " + batchSize);
        }
        if (numSubscribers < 1 || numPublishers < 1) {
            throw usage("-numSubscribers/-numPublishers: expected at least 1");
        }
        if (subscriberId < 0 || subscriberId > 32767 || publisherId < 0 || publisherId > 255) {
            throw usage("-sidMultiSubTest/-pidMultiPubTest: expected 0..32767 and 0..255, got " + subscriberId + "/"
                    + publisherId);
        }
        if (latencyTest && publisherId != 0) {
            throw usage("-latencyTest: only the publisher with -pidMultiPubTest 0 runs the latency test, got " + publisherId);
        }
        if (isPub && isSub && (numSubscribers > 1 || numPublishers > 1)) {
            throw usage("-numSubscribers/-numPublishers > 1 need separate processes (-pub / -sub)");
        }
        if (isPub && isSub && (subscriberId != 0 || publisherId != 0)) {
            throw usage("-sidMultiSubTest/-pidMultiPubTest: with -bothRoles there is one subscriber and one publisher,"
                    + " ids 0; got " + subscriberId + "/" + publisherId);
        }
        long iter = numIter != null ? numIter : latencyTest ? 10_000_000L : 100_000_000L;
        long latCount = latencyCount != null ? latencyCount : latencyTest ? 1 : 10_000;
        if (iter < 1 || latCount < 1) {
            throw usage("-numIter and -latencyCount: expected at least 1");
        }
        if (iter < latCount) {
            throw usage("-numIter (" + iter + ") must not be smaller than -latencyCount (" + latCount + ")");
        }
        long execS = executionTimeS;
        if (scan != null && execS == 0 && numIter == null) {
            execS = 60;
        }
        long rate = 0;
        boolean sleep = false;
        String pubRate = this.pubRate;
        if (pubRateBps != null) {
            if (pubRate != null) {
                throw usage("-pubRate and -pubRatebps: give one of them");
            }
            String[] p = pubRateBps.split(":", 2);
            long bps;
            try {
                bps = Long.parseLong(p[0].trim());
            } catch (NumberFormatException e) {
                throw usage("-pubRatebps: expected <bits/s>[:spin|sleep], got '" + pubRateBps + "'");
            }
            if (bps < 1) {
                throw usage("-pubRatebps: expected at least 1 bit/s, got " + bps);
            }
            long largest = sizes.stream().mapToInt(Integer::intValue).max().orElse(dataLen);
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
                        ? "-pubRatebps: " + pubRateBps + " comes to " + rate + " samples/s; expected 1..10000000"
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
        String t = transport.toUpperCase(Locale.ROOT);
        boolean ddsEngine = DdsEngine.selected(engine);
        if (ddsEngine && (rawTransport || !t.equals("UDPV4"))) {
            throw usage("-engine dds: runs over -transport UDPv4 (RTPS), got " + (rawTransport ? "-rawTransport"
                    : "-transport " + transport));
        }
        if (!ddsEngine && (ddsHistoryDepth != null || ddsWaitset)) {
            throw usage("-ddsHistoryDepth/-ddsWaitset: only with -engine dds");
        }
        TransportSettings.Kind kind;
        String name;
        if (rawTransport) {
            if (!t.equals("UDPV4")) {
                throw usage("-rawTransport: works over UDPv4 only, got -transport " + transport);
            }
            kind = TransportSettings.Kind.RAW_UDP;
            name = "raw-UDPv4" + (multicast ? "-multicast" : "") + (noBlockingSockets ? "-nonblocking" : "");
        } else if (t.equals("UDPV4")) {
            kind = TransportSettings.Kind.AERON_UDP;
            name = "UDPv4" + (multicast ? "-multicast" : "");
        } else if (t.equals("SHMEM")) {
            if (multicast) {
                throw usage("-multicast: not with -transport SHMEM");
            }
            kind = TransportSettings.Kind.AERON_IPC;
            name = "SHMEM";
        } else if (t.equals("TCP") || t.equals("TLS")) {
            if (multicast) {
                throw usage("-multicast: -transport " + t + " is unicast; give -peer, or use UDPv4 for multicast");
            }
            kind = t.equals("TCP") ? TransportSettings.Kind.TCP : TransportSettings.Kind.TLS;
            name = t;
            if (bestEffort) {
                notes.add("-bestEffort over " + t + ": every message arrives (a TCP stream is reliable), as with"
                        + " Perftest's TCP transport; rows keep the best_effort key");
            }
        } else {
            throw usage(unsupportedTransport(t, transport));
        }
        if (!rawTransport && (kind == TransportSettings.Kind.TCP || kind == TransportSettings.Kind.TLS)
                && aeronMtuBytes != 0) {
            throw usage("-aeronMtu: only with Aeron (UDPv4), not -transport " + transport);
        }
        if ((transportCertFile != null || transportPrivateKey != null || transportCertAuthority != null)
                && kind != TransportSettings.Kind.TLS) {
            throw usage("-transportCertFile/-transportPrivateKey/-transportCertAuthority: only with -transport TLS");
        }
        if (transportPrivateKey != null && transportCertFile == null) {
            throw usage("-transportPrivateKey: needs -transportCertFile");
        }
        if (aeronMtuBytes != 0 && (aeronMtuBytes < 64 || aeronMtuBytes > 65504 || aeronMtuBytes % 32 != 0)) {
            throw usage("-aeronMtu: expected a multiple of 32 in 64..65504, got " + aeronMtuBytes);
        }
        if (noBlockingSockets && !rawTransport && kind != TransportSettings.Kind.TCP) {
            throw usage("-noBlockingSockets: only with -rawTransport or -transport TCP");
        }
        List<Integer> batches = new ArrayList<>();
        for (int s : sizes) {
            int b;
            if (latencyTest) {
                b = 0;
            } else if (batchSize == null) {
                b = DEFAULT_BATCH_BYTES;
            } else {
                b = Math.max(0, batchSize);
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
        if (kind == TransportSettings.Kind.RAW_UDP && maxMessage > RawUdpTransport.MAX_DATAGRAM_BYTES) {
            throw usage("-rawTransport: a message of " + maxMessage + " bytes (sample or batch + " + Wire.HEADER_BYTES
                    + "-byte header) does not fit one UDP datagram (" + RawUdpTransport.MAX_DATAGRAM_BYTES
                    + "); use Aeron (drop -rawTransport) or smaller -dataLen/-batchSize");
        }
        String nic = this.nic == null ? null : PeerLocators.nic(this.nic, notes::add);
        List<String> peers = new ArrayList<>();
        if (this.peers != null) {
            for (String p : this.peers) {
                peers.add(PeerLocators.address(p, notes::add));
            }
        }
        boolean noPeers = peers.isEmpty();
        boolean mcast = multicast;
        if (!mcast && noPeers && nic != null && !(isPub && isSub) && (kind == TransportSettings.Kind.AERON_UDP
                || kind == TransportSettings.Kind.RAW_UDP) && !isLoopback(nic)) {
            // Perftest finds its peers by multicast: a -pub/-sub pair given only -nic must meet too
            mcast = true;
            name = name.replace("UDPv4", "UDPv4-multicast");
            notes.add("no -peer given: data and echo go by multicast (as Perftest discovers peers); give -peer for"
                    + " unicast");
        }
        // Aeron takes odd multicast addresses (address + 1 carries its control traffic)
        String[] groups = multicastAddr == null ? new String[] {"239.255.1.1", "239.255.1.3"} : multicastAddr.split(",");
        String dataGroup = groups[0].trim();
        String echoGroup = groups.length > 1 ? groups[1].trim() : dataGroup;
        if (mcast && kind != TransportSettings.Kind.RAW_UDP) {
            for (String g : new String[] {dataGroup, echoGroup}) {
                if (g.matches(".*[02468]$")) {
                    throw usage("-multicastAddr: Aeron needs odd multicast addresses (the next one carries control"
                            + " traffic), got " + g);
                }
            }
        }
        List<String> peerList = noPeers ? List.of(nic != null ? nic : "127.0.0.1") : peers;
        int base = basePort != null ? basePort : 20000 + 2 * domain;
        if (base < 1 || base > 65534) {
            throw usage("-basePort: expected 1..65534, got " + base);
        }
        Threading threading = Threading.forCores(Runtime.getRuntime().availableProcessors())
                .override(threadingMode, idleStrategy);
        if (!Idle.NAMES.contains(threading.idle())) {
            throw usage(Idle.expected(idleStrategy));
        }
        boolean reliable = !bestEffort && kind != TransportSettings.Kind.RAW_UDP;
        final TransportSettings.Kind k = kind;
        final boolean mc = mcast;
        final int maxBytes = maxMessage;
        java.util.function.Function<Threading, TransportSettings> settings = th -> new TransportSettings(k, reliable,
                mc, dataGroup, echoGroup, nic, peerList, peerList, base, base + 1, 1000 + 2 * domain,
                1001 + 2 * domain, maxBytes, !noBlockingSockets, th, aeronDir, aeronMtuBytes,
                k == TransportSettings.Kind.TLS
                        ? new TransportSettings.TlsFiles(transportCertFile, transportPrivateKey, transportCertAuthority)
                        : null);
        TransportSettings ts = settings.apply(threading);
        dds = ddsEngine ? DdsEngine.settings(domain, keyed, reliable, ddsHistoryDepth, ddsWaitset) : null;
        if (ddsEngine) {
            name = "DDS-" + name;
        }
        contention = Contention.now(SpinningThreads.count(ts, isPub, isSub));
        if (threading.idle().equals("auto")) {
            ts = settings.apply(threading.withAuto(new AutoIdle(SpinningThreads.own(ts, isPub, isSub), contention.cpusUsable())));
        }
        Algorithm alg = compressionId == null ? Algorithm.NONE : Algorithm.parse(compressionId);
        int level = compressionLevel == null ? CompressionSettings.DEFAULT_LEVEL : compressionLevel;
        if (level < 0 || level > 10) {
            throw usage("-compressionLevel: expected 0 (disabled) .. 10 (best), got " + level);
        }
        int threshold = compressionThreshold == null ? 0 : compressionThreshold;
        if (threshold < 0) {
            throw usage("-compressionThreshold: expected 0 or more bytes, got " + threshold);
        }
        boolean explicit = compressionId != null || compressionLevel != null || compressionThreshold != null
                || loadDataFromFile != null;
        PayloadFile payload = loadDataFromFile == null ? null : PayloadFile.load(loadDataFromFile);
        return new PubSubConfig(isPub, isSub, latencyTest, List.copyOf(sizes), List.copyOf(batches), domain, keyed,
                instances, iter, execS, latCount, rate, sleep, numSubscribers, numPublishers, publisherId, subscriberId,
                discoveryTimeoutS, name, ts, new CompressionSettings(alg, level, threshold), explicit, payload, sleepMs,
                initialBurstSize == null ? 0 : initialBurstSize, latencyFile);
    }
}
