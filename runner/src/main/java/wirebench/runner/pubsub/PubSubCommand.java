package wirebench.runner.pubsub;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import wirebench.contract.WirebenchException;
import wirebench.runner.engines.Engines;
import wirebench.runner.results.ResultsDirectory;

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

    @Option(names = "-warmUpMs", paramLabel = "MS", description = "Warm-up before each size's measured window, not counted, so the JIT has compiled the send and receive paths before anything is measured. Throughput test: MS of samples (default: a fifth of -executionTime, at most 1000). Latency test: round trips until the JIT compilers of both sides have been quiet for 0.5 s, at most MS (default: -executionTime, at most 10000); given, exactly MS. Either: none by default when -numIter alone bounds the run; 0 = none (the window starts cold, as before 2026-12-04).")
    Long warmUpMs;

    @Option(names = "-pubRatebps", description = "Publication rate in bits/s of payload, N[:spin|sleep]: -pubRate N / (8 x dataLen) samples/s, at least 1 (Perftest's calculation; with -scan the largest size).")
    String pubRateBps;

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
    @Option(names = "-engine", completionCandidates = Engines.Names.class, description = "wirebench: the engine, one of ${COMPLETION-CANDIDATES} (default: the one -transport or -rawTransport selects, else aeron).")
    String engine;
    @Option(names = "-transport", description = "UDPv4 (Aeron UDP, default), SHMEM (Aeron IPC; with -engine dds Cyclone's shared memory through iceoryx), TCP (NIO, length-prefixed frames) or TLS (TLS 1.3 over TCP).")
    String transport;
    @Option(names = {"-nic", "-allowInterfaces"}, description = "Local IPv4 address or interface name to bind and to send multicast from.")
    String nic;
    @Option(names = "-peer", description = "Peer address (repeatable): on the publisher each subscriber host, on a subscriber each publisher host (default -nic or 127.0.0.1).")
    List<String> peers;
    @Option(names = "-multicast", description = "Send data by multicast.")
    boolean multicast;
    @Option(names = "-multicastAddr", description = "Multicast groups <data>[,<echo>] (default 239.255.1.1,239.255.1.3; odd for Aeron).")
    String multicastAddr;
    @Option(names = "-transportCertFile", description = "TLS: this side's PEM certificate, which peers must present too unless -transportCertAuthority is given (default: this user's, made on first use in ~/.wirebench/tls).")
    Path transportCertFile;
    @Option(names = "-transportPrivateKey", description = "TLS: the PEM PKCS#8 private key of -transportCertFile.")
    Path transportPrivateKey;
    @Option(names = "-transportCertAuthority", description = "TLS: PEM CA certificate(s) peers must be signed by (default: peers must present this side's own certificate).")
    Path transportCertAuthority;
    @Option(names = "-ddsHistoryDepth", description = "DDS: KEEP_LAST depth of writers and readers, 0 = KEEP_ALL (default: KEEP_ALL reliable, 1000 best effort; read by the dds engine).")
    Integer ddsHistoryDepth;
    @Option(names = "-ddsWaitset", description = "DDS: receivers block in a Cyclone waitset instead of polling with -idleStrategy (read by the dds engine).")
    boolean ddsWaitset;
    @Option(names = "-ddsDelivery", paramLabel = "listener|role", description = "DDS: which thread hands a received DATA sample to the harness: listener (Cyclone's receive thread, while the role thread parks, as ddsperf's sub and pong; the default: a reliable write the receive thread would have to wait for moves delivery to the role thread, said on stderr) or role (the role thread takes, polling or with -ddsWaitset) (read by the dds engine; docs/dds.md).")
    String ddsDelivery;
    @Option(names = "-ddsWriteBatch", description = "DDS: Cyclone's write batching (as ddsperf): samples packed into RTPS messages, flushed before a role waits (read by the dds engine).")
    boolean ddsWriteBatch;
    @Option(names = "-ddsperf", description = "DDS: speak ddsperf's ping/pong protocol: -pub -latencyTest measures against 'ddsperf pong', -sub answers 'ddsperf ping' (read by the dds engine; docs/dds.md).")
    boolean ddsperf;
    @Option(names = "-durability", description = "DDS: Perftest's durability kind, 0 VOLATILE (default) or 1 TRANSIENT_LOCAL (a late-joining reader gets what the writer keeps); 2 and 3 need a durability service and are refused (read by the dds engine; other engines keep no history for late joiners).")
    Integer durability;
    @Option(names = "-sendQueueSize", description = "DDS: Perftest's writer queue length in messages: a reliable writer waits once this many of the largest message are unacknowledged (Cyclone's WHC high-water mark; default Cyclone's). Ignored by the other engines.")
    Integer sendQueueSize;
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
    @Option(names = "-idleStrategy", description = "How waiting threads wait (Aeron harness and driver loops): auto (default: measures its waits and keeps the faster of spinpark and yield, re-checked every 500 ms), yield, spinyield (spin 300 us, then yield), spinpark (spin 300 us, then park), spin, backoff, sleep (1 ms), park (1 us asked, about 50 us slept).")
    String idleStrategy;
    @Option(names = "-aeronDir", description = "Use the external Aeron media driver in this directory instead of an embedded one.")
    String aeronDir;
    @Option(names = "-aeronMtu", defaultValue = "0", description = "Aeron MTU in bytes, a multiple of 32 up to 65504 (default: from the path: 65504 on loopback and IPC, the interface MTU - 28 elsewhere; docs/pubsub.md).")
    int aeronMtuBytes;
    @Option(names = "-discoveryTimeout", defaultValue = "30", description = "Seconds to wait for the peers (default 30).")
    long discoveryTimeoutS;

    @Override
    public Integer call() {
        ConfigResolver resolver = new ConfigResolver(this);
        PubSubConfig cfg = resolver.resolve();
        PrintWriter err = spec.commandLine().getErr();
        resolver.notes().forEach(err::println);
        return new PubSubRun(cfg, ResultsDirectory.commandLine(spec), spec.commandLine().getOut(), err).run();
    }

    /** The configuration these options resolve to ({@link ConfigResolver}); throws a usage error naming the option. */
    PubSubConfig resolve() {
        return new ConfigResolver(this).resolve();
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


}
