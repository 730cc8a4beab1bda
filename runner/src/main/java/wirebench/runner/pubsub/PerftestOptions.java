package wirebench.runner.pubsub;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every RTI Perftest 4.x command-line option (C++ Traditional 4.3, {@code ParameterManager::initialize}
 * order, plus its aliases; PERFTEST-FORMATS.md section 4) and what {@code wirebench run pubsub} does
 * with it: {@link Behaviour#IMPLEMENTED} (an option of {@link PubSubCommand}, whose declaration is the
 * one place saying that it exists and what it takes), {@link Behaviour#IGNORED}
 * (accepted, its value skipped, one stderr line saying why it does not apply) or
 * {@link Behaviour#REFUSED} (a usage error naming the wirebench way, only where ignoring it would
 * silently change what is measured). The order is Perftest's: abbreviations resolve to the first
 * match ({@link PerftestAbbreviations}). docs/pubsub.md carries {@link #markdownTable()} verbatim.
 */
public final class PerftestOptions {

    /** What wirebench does with a Perftest option. */
    public enum Behaviour {
        IMPLEMENTED, IGNORED, REFUSED
    }

    /** How many arguments follow the option name. */
    public enum Arity {
        /** a flag */
        NONE,
        /** exactly one value */
        ONE,
        /** one value when the next argument does not start with '-' */
        OPTIONAL
    }

    /**
     * One option.
     *
     * @param name      the name as Perftest spells it
     * @param arity     values that follow it
     * @param perftest  what it means in Perftest
     * @param behaviour what wirebench does
     * @param wirebench how wirebench implements it, or why it is ignored or refused (the stderr line
     *                  or usage error says this)
     */
    public record Option(String name, Arity arity, String perftest, Behaviour behaviour, String wirebench) {
    }

    /** Built before {@link #ALL}, whose implemented rows read it. */
    private static final Map<String, Arity> COMMAND_ARITY = commandArity();

    private static final String XML_QOS = "Connext XML QoS; wirebench's settings are its command-line options";
    private static final String NO_TYPES = "wirebench samples are opaque byte arrays, no DDS type system or "
            + "serialization";
    private static final String DDS_SECURITY = "DDS Security is Connext's; for an encrypted link use -transport TLS";
    /** Why the engines other than dds ignore -sendQueueSize (their stderr line says this). */
    static final String SEND_QUEUE_ELSEWHERE = "Aeron's term length (sized from the largest message) bounds what is in"
            + " flight; raw UDP, TCP and TLS have no writer queue";
    private static final String WAN = "RTI's WAN transport; wirebench has none: use -transport TCP or TLS with -peer";

    /** The table, in Perftest's order. */
    public static final List<Option> ALL = List.of(
            impl("-help", "print the options and exit", "prints this command's help"),
            impl("-pub", "run the publisher", "the publisher role"),
            impl("-sub", "run a subscriber (the default role)",
                    "a subscriber; neither -pub nor -sub is a subscriber too; -bothRoles runs both here"),
            impl("-bestEffort", "best-effort reliability (default reliable)",
                    "Aeron subscriptions without NAKs (reliable=false); raw UDP is always best effort"),
            impl("-dataLen", "sample size in bytes (default 100)", "28..10485760 bytes"),
            ignored("-verbosity", Arity.ONE, "Connext log verbosity 0-3",
                    "wirebench always logs errors, warnings and progress on stderr"),
            ignored("-dynamicData", Arity.NONE, "DynamicData API instead of generated types", NO_TYPES),
            impl("-durability", "durability kind 0-3 (volatile .. persistent)",
                    "-engine dds: 0 VOLATILE, 1 TRANSIENT_LOCAL on writers and readers (a late joiner gets the writer's"
                            + " history, KEEP_ALL: the last 50 per instance); 2 and 3 need a durability service Cyclone"
                            + " does not run here: exit 3; other engines keep no history for late joiners: a usage error"),
            impl("-domain", "domain id 0-250 (default 1)",
                    "keeps runs apart: ports 20000 + 2 x D and D+1, Aeron stream ids derive from it"),
            impl("-instances", "number of instances (default 1)", "keys written round robin"),
            impl("-keyed", "keyed type", "samples carry an instance key, counted per instance"),
            refused("-noDirectCommunication", Arity.NONE, "brokered through Persistence Service",
                    "wirebench always sends directly between the roles: drop -noDirectCommunication"),
            ignored("-noPositiveAcks", Arity.NONE, "reliable without positive ACKs",
                    "Aeron's reliability is NAK-based already (no per-sample positive ACKs)"),
            impl("-noPrintIntervals", "summaries only", "summaries only"),
            ignored("-qosFile", Arity.ONE, "QoS XML file", XML_QOS),
            ignored("-qosLibrary", Arity.ONE, "QoS library name", XML_QOS),
            ignored("-noXmlQos", Arity.NONE, "QoS from the built-in string instead of the XML file", XML_QOS),
            ignored("-useReadThread", Arity.NONE, "receive with a WaitSet thread instead of a listener",
                    "wirebench's subscriber always receives on its own polling thread"),
            ignored("-waitsetDelayUsec", Arity.ONE, "WaitSet delay (with -useReadThread)",
                    "wirebench polls, it has no WaitSet"),
            ignored("-waitsetEventCount", Arity.ONE, "WaitSet event count (with -useReadThread)",
                    "wirebench polls, it has no WaitSet"),
            ignored("-asynchronous", Arity.NONE, "asynchronous publishing",
                    "Aeron publications are asynchronous already (the driver sends)"),
            ignored("-messageSizeMax", Arity.ONE, "transport message_size_max",
                    "Connext's transport setting; Aeron fragments at -aeronMtu, raw UDP sends one datagram per message"),
            refused("-flowController", Arity.ONE, "flow controller default|1Gbps|10Gbps (asynchronous)",
                    "a flow controller limits the rate: use -pubRatebps BITS instead"),
            impl("-cpu", "print CPU usage", "process CPU time / wall time / cores"),
            ignored("-unbounded", Arity.OPTIONAL, "unbounded sequences [threshold]", NO_TYPES),
            ignored("-threadPriorities", Arity.ONE, "thread priorities X:Y:Z",
                    "wirebench sets no thread priorities: use chrt on the process"),
            ignored("-threadCPUAffinity", Arity.ONE, "CPU cores of the threads",
                    "wirebench pins no thread: use taskset on the process"),
            impl("-outputFormat", "csv, json or legacy",
                    "csv, json, legacy (3.1+ text) and legacy2 (the 2.x text of seed 001)"),
            impl("-noOutputHeaders", "no header lines", "no header lines"),
            impl("-outputFile", "append the output to a file", "append the output to a file"),
            ignored("-flatData", Arity.NONE, "FlatData types", NO_TYPES),
            ignored("-zeroCopy", Arity.NONE, "Zero-Copy over SHMEM",
                    "Aeron IPC (-transport SHMEM) copies each message once into its shared log; no loans"),
            ignored("-checkConsistency", Arity.NONE, "Zero-Copy consistency check", "no Zero-Copy loans to check"),
            ignored("-preallocateFragmentedSamples", Arity.NONE, "preallocate fragment buffers",
                    "wirebench's buffers are allocated before the test"),
            impl("-sendQueueSize", "writer queue length (default 50)",
                    "-engine dds: a reliable writer waits once N largest messages are unacknowledged (Cyclone's WHC"
                            + " high-water mark); other engines: ignored (" + SEND_QUEUE_ELSEWHERE + ")"),
            ignored("-receiveQueueSize", Arity.ONE, "reader queue length (default 128)",
                    "Aeron's receiver window (sized from the path and sample, see above) bounds what is buffered"),
            ignored("-receiveBufferSize", Arity.ONE, "socket receive buffer",
                    "wirebench sets 2 MiB (Aeron) and 4 MiB (raw UDP) socket buffers, capped by net.core.rmem_max"),
            ignored("-sendBufferSize", Arity.ONE, "socket send buffer",
                    "wirebench sets 2 MiB (Aeron) and 4 MiB (raw UDP) socket buffers, capped by net.core.wmem_max"),
            ignored("-showResourceLimits", Arity.NONE, "print reader/writer resource limits",
                    "run.json's engine entry shows term length, buffers and channels"),
            ignored("-cacheStats", Arity.NONE, "print writer/reader queue statistics",
                    "Connext queue statistics; wirebench has no such queues"),
            ignored("-networkCapture", Arity.NONE, "Connext network capture", "capture with tcpdump"),
            ignored("-doNotDropNetworkCapture", Arity.NONE, "keep the network capture file", "capture with tcpdump"),
            impl("-compressionId", "ZLIB, LZ4, BZIP2 or MASK_NONE", "LZ4, ZLIB, ZSTD, NONE (docs/compression.md)"),
            impl("-compressionLevel", "0 disables, 1 fastest .. 10 best", "mapped onto each library's levels"),
            impl("-compressionThreshold", "compress samples larger than this", "as Perftest"),
            refused("-crc", Arity.NONE, "RTPS CRC on every message",
                    "wirebench adds no message CRC (the kernel's UDP/TCP checksums only): drop -crc"),
            refused("-crcKind", Arity.ONE, "CRC_32_CUSTOM or CRC_32_LEGACY",
                    "wirebench adds no message CRC (the kernel's UDP/TCP checksums only): drop -crcKind"),
            ignored("-enable-message-length", Arity.NONE, "RTPS message-length header extension",
                    "wirebench's messages carry their length already"),
            ignored("-enableInstanceStateRecovery", Arity.NONE, "instance state recovery (Connext 7.1+)",
                    "wirebench keeps no instance state to recover"),
            ignored("-enableMonitoring2", Arity.NONE, "Monitoring Library 2.0", "Connext's monitoring library"),
            ignored("-collectorPeer", Arity.ONE, "Monitoring 2.0 collector address", "Connext's monitoring library"),
            ignored("-loaningSendReceive", Arity.NONE, "DDS loans (TSS builds)", "no DDS loans in wirebench"),
            ignored("-fastQueue", Arity.NONE, "internal fast queue build", "Perftest-internal"),
            ignored("-instanceHashBuckets", Arity.ONE, "internal: instance hash buckets",
                    "wirebench counts instances in an array, no hash"),
            ignored("-keepDurationUsec", Arity.ONE, "internal: reliable keep duration",
                    "Connext's reliability setting; Aeron retransmits from its term buffer"),
            ignored("-spin", Arity.ONE, "internal: spin loop count", "Perftest-internal"),
            // publisher
            impl("-batchSize", "batch bytes (default 8192 in the throughput test), 0 = off",
                    "the harness packs batchSize / dataLen samples per message"),
            refused("-enableAutoThrottle", Arity.NONE, "Connext adapts the send rate",
                    "wirebench sends as fast as it can or at a fixed rate: use -pubRate"),
            refused("-enableTurboMode", Arity.NONE, "Connext adapts the batch size",
                    "wirebench batches a fixed -batchSize: give one"),
            impl("-latencyCount", "samples (batches) between pings", "as Perftest"),
            impl("-executionTime", "test duration in seconds", "seconds per size"),
            impl("-initialBurstSize", "initialisation samples", "warm-up round trips per size"),
            impl("-latencyTest", "ping-pong latency test", "ping-pong, one-way = RTT / 2"),
            impl("-numIter", "samples to send", "samples per size"),
            impl("-numSubscribers", "subscribers to wait for", "as Perftest"),
            impl("-pidMultiPubTest", "publisher id; only 0 measures latency", "as Perftest"),
            impl("-pubRate", "samples/s N[:spin|sleep]", "as Perftest, no coordinated omission"),
            impl("-pubRatebps", "bits/s N[:spin|sleep]", "BITS / (8 x dataLen) samples/s"),
            impl("-latencyFile", "every latency sample to a file", "as Perftest 4.1+"),
            impl("-sleep", "ms to sleep after each send", "as Perftest's writer loop"),
            ignored("-writerStats", Arity.NONE, "DataWriter statistics lines",
                    "Connext's DataWriter statistics; the results directory holds wirebench's counts"),
            ignored("-lowResolutionClock", Arity.NONE, "average-only latency for coarse clocks",
                    "System.nanoTime is fine-grained: percentiles are kept"),
            refused("-writeInstance", Arity.ONE, "write only this instance",
                    "wirebench writes instances round robin: -instances 1 writes one"),
            ignored("-showSerializationTime", Arity.NONE, "print serialization times", NO_TYPES),
            impl("-loadDataFromFile", "payload from a file", "successive slices of -dataLen bytes"),
            ignored("-maximumAllocableBufferSize", Arity.ONE, "memory cap for -loadDataFromFile",
                    "wirebench reads the whole file (its size is checked against -dataLen)"),
            impl("-scan", "sizes s1:s2:... in one run (removed in 4.2)",
                    "sizes in order, 60 s each unless -numIter or -executionTime"),
            // subscriber
            impl("-numPublishers", "publishers to wait for", "as Perftest"),
            impl("-sidMultiSubTest", "subscriber id", "0..numSubscribers-1 on the publisher's side"),
            refused("-cft", Arity.ONE, "ContentFilteredTopic on a key range",
                    "wirebench delivers every sample to every subscriber: run without -cft"),
            // transport
            impl("-transport", "UDPv4, UDPv6, SHMEM, TCP, TLS, DTLS, WAN, UDPv4_WAN",
                    "UDPv4 (Aeron UDP; RTPS/UDP with -engine dds), SHMEM (Aeron IPC; with -engine dds Cyclone's shared"
                            + " memory through iceoryx), TCP, TLS; others a usage error naming what to use"),
            impl("-nic", "interface address or name", "address or name; an unknown one lists this host's"),
            impl("-allowInterfaces", "alias of -nic", "alias of -nic"),
            impl("-peer", "peer locator (repeatable)",
                    "ADDR, ADDR:PORT, N@ADDR, udpv4://ADDR, tcpv4_lan://ADDR:PORT, tlsv4_lan://ADDR:PORT"),
            impl("-multicast", "use multicast", "Aeron or raw UDP multicast"),
            impl("-multicastAddr", "multicast group(s)", "data[,echo] groups (odd for Aeron)"),
            ignored("-transportVerbosity", Arity.ONE, "transport log verbosity",
                    "wirebench always logs transport errors on stderr"),
            ignored("-transportServerBindPort", Arity.ONE, "TCP server port (default 7400)",
                    "TCP/TLS listen on the data and echo ports of -domain/-basePort"),
            refused("-transportWan", Arity.NONE, "TCP over WAN (NAT traversal)", WAN),
            refused("-transportPublicAddress", Arity.ONE, "public address of a WAN/TCP server", WAN),
            refused("-transportHostPort", Arity.ONE, "WAN host port", WAN),
            refused("-transportWanServerAddress", Arity.ONE, "WAN server address", WAN),
            refused("-transportWanServerPort", Arity.ONE, "WAN server port", WAN),
            refused("-transportWanId", Arity.ONE, "WAN id", WAN),
            refused("-transportSecureWan", Arity.NONE, "secure WAN", WAN),
            impl("-transportCertAuthority", "CA certificate (TLS)", "PEM CA that must have signed the peer's"),
            impl("-transportCertFile", "certificate (TLS)", "PEM certificate (with -transportPrivateKey)"),
            impl("-transportPrivateKey", "private key (TLS)", "PEM PKCS#8 private key"),
            impl("-rawTransport", "plain sockets instead of DDS", "DatagramChannel sockets instead of Aeron (UDPv4)"),
            impl("-noBlockingSockets", "non-blocking sockets", "busy-poll receive (raw UDP, TCP)"),
            // security
            refused("-secureGovernanceFile", Arity.ONE, "DDS Security governance", DDS_SECURITY),
            refused("-securePermissionsFile", Arity.ONE, "DDS Security permissions", DDS_SECURITY),
            refused("-secureCertAuthority", Arity.ONE, "DDS Security CA", DDS_SECURITY),
            refused("-secureCertFile", Arity.ONE, "DDS Security certificate", DDS_SECURITY),
            refused("-securePrivateKey", Arity.ONE, "DDS Security key", DDS_SECURITY),
            refused("-secureEncryptionAlgorithm", Arity.ONE, "DDS Security cipher", DDS_SECURITY),
            refused("-secureEnableAAD", Arity.NONE, "DDS Security AAD", DDS_SECURITY),
            refused("-secureLibrary", Arity.ONE, "DDS Security plugin library", DDS_SECURITY),
            refused("-lightWeightSecurity", Arity.NONE, "lightweight DDS Security", DDS_SECURITY),
            refused("-securePSK", Arity.ONE, "pre-shared key seed", DDS_SECURITY),
            refused("-securePSKAlgorithm", Arity.ONE, "pre-shared key cipher", DDS_SECURITY),
            refused("-secureRtpsHmacOnly", Arity.ONE, "RTPS HMAC only", DDS_SECURITY),
            refused("-secureDebug", Arity.ONE, "internal: DDS Security logging", DDS_SECURITY));

    private PerftestOptions() {
    }

    /**
     * An option {@link PubSubCommand} declares: what it takes comes from that declaration (a boolean
     * field is a flag, any other one value), so the command is the one place that says it exists.
     */
    private static Option impl(String name, String perftest, String wirebench) {
        Arity arity = COMMAND_ARITY.get(name.toLowerCase(Locale.ROOT));
        if (arity == null) {
            throw new IllegalStateException(name + " is in the table as implemented, but PubSubCommand has no such"
                    + " option");
        }
        return new Option(name, arity, perftest, Behaviour.IMPLEMENTED, wirebench);
    }

    /** What each option name of {@link PubSubCommand} takes, read from its picocli declarations. */
    private static Map<String, Arity> commandArity() {
        Map<String, Arity> m = new HashMap<>();
        for (Field f : PubSubCommand.class.getDeclaredFields()) {
            picocli.CommandLine.Option o = f.getAnnotation(picocli.CommandLine.Option.class);
            if (o != null) {
                boolean flag = f.getType() == boolean.class || f.getType() == Boolean.class;
                for (String n : o.names()) {
                    m.put(n.toLowerCase(Locale.ROOT), flag ? Arity.NONE : Arity.ONE);
                }
            }
        }
        return m;
    }

    private static Option ignored(String name, Arity arity, String perftest, String why) {
        return new Option(name, arity, perftest, Behaviour.IGNORED, why);
    }

    private static Option refused(String name, Arity arity, String perftest, String instead) {
        return new Option(name, arity, perftest, Behaviour.REFUSED, instead);
    }

    /** The option named exactly {@code name} (case-insensitive), or null. */
    public static Option byName(String name) {
        for (Option o : ALL) {
            if (o.name().equalsIgnoreCase(name)) {
                return o;
            }
        }
        return null;
    }

    /** The names in Perftest's order. */
    public static List<String> names() {
        List<String> n = new ArrayList<>();
        ALL.forEach(o -> n.add(o.name()));
        return n;
    }

    /** The stderr line of an ignored option. */
    static String ignoredLine(Option o) {
        return o.name() + ": ignored (" + o.wirebench() + ")";
    }

    /** The usage error of a refused option, reached as {@code given}. */
    static String refusedLine(Option o, String given) {
        String head = given.equalsIgnoreCase(o.name()) ? o.name() : given + " (Perftest's " + o.name() + ")";
        return head + ": not supported: " + o.wirebench();
    }

    /** The table docs/pubsub.md carries: option, Perftest meaning, wirebench behaviour. */
    public static String markdownTable() {
        StringBuilder b = new StringBuilder("| option | Perftest | wirebench |\n| --- | --- | --- |\n");
        for (Option o : ALL) {
            String value = switch (o.arity()) {
                case NONE -> "";
                case ONE -> " V";
                case OPTIONAL -> " [V]";
            };
            b.append("| `").append(o.name()).append(value).append("` | ").append(o.perftest().replace("|", "\\|"))
                    .append(" | ").append(o.behaviour().name().toLowerCase(Locale.ROOT)).append(": ")
                    .append(o.wirebench().replace("|", "\\|")).append(" |\n");
        }
        return b.toString();
    }
}
