package wirebench.runner.transport.dds;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Engine;
import wirebench.runner.transport.EngineOptions;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * Eclipse Cyclone DDS through the Foreign Function &amp; Memory API ({@code -engine dds}; docs/dds.md):
 * {@code -domain} is the DDS domain id, {@code -bestEffort} the reliability, {@code -keyed} the keyed
 * type with each message written to its first sample's instance, {@code -ddsHistoryDepth} the history
 * (0 = KEEP_ALL, Perftest's reliable default), {@code -ddsWaitset} a blocking receive, Perftest's
 * {@code -durability} 0/1 the DDS durability VOLATILE/TRANSIENT_LOCAL (2 and 3 need a durability service
 * Cyclone does not run here: exit 3) and {@code -sendQueueSize} the writer's WHC high-water mark in
 * largest messages ({@link DdsConfigXml}); {@code -nic},
 * {@code -peer} and {@code -multicast} go into Cyclone's XML configuration; {@code -ddsperf} speaks
 * ddsperf's ping/pong protocol ({@link DdsperfPeer}) instead of the harness's topics. Needs Java 22+ and
 * libddsc at run time: without them the run is refused (exit 3) naming what to install.
 *
 * <p>{@code -transport SHMEM}: Cyclone's shared memory through iceoryx (needs {@code iox-roudi}, package
 * iceoryx; {@link IceoryxRoudi} starts it). Cyclone 0.10.2 gives shared memory only to KEEP_LAST history
 * (and volatile or transient-local durability, ignore-local NONE, automatic liveliness, no deadline:
 * wirebench's endpoints always have those) and silently sends anything else over UDP, so: the history
 * default becomes KEEP_LAST {@value #SHM_QUEUE_CAPACITY} (iceoryx's subscriber queue capacity; Perftest's
 * reliable KEEP_ALL is not possible: over shared memory a reader that falls that far behind loses the
 * oldest samples, which the harness counts as lost), and these are refused with exit 3 and the reason:
 * {@code -ddsHistoryDepth 0} (KEEP_ALL), {@code -ddsperf} (its readers ignore local data), a {@code -peer}
 * that is not an address of this host (shared memory is one host's); {@code -multicast} is a usage error
 * (multicast discovery would let readers on other hosts in, served over UDP). Every reader and writer is
 * checked to have shared memory when it is created ({@link DdsTransport}).
 */
public final class CycloneDdsEngine implements Engine {
    static final String HISTORY_DEPTH = "-ddsHistoryDepth";
    static final String WAITSET = "-ddsWaitset";
    static final String WRITE_BATCH = "-ddsWriteBatch";
    /** Which thread hands a DATA sample to the harness: {@code listener} (Cyclone's receive thread; default) or {@code role}. */
    static final String DELIVERY = "-ddsDelivery";
    /** Perftest's durability kind: 0 VOLATILE, 1 TRANSIENT_LOCAL (2, 3 need a durability service: refused). */
    static final String DURABILITY = "-durability";
    /** Perftest's writer queue length: Cyclone's WHC high-water mark in messages. */
    static final String SEND_QUEUE_SIZE = "-sendQueueSize";
    /** The history depth with -transport SHMEM unless given: iceoryx 2.0's subscriber queue capacity (Debian's build). */
    static final int SHM_QUEUE_CAPACITY = 256;
    private static final Profile PROFILE = new Profile("dds", List.of("UDPv4", "SHMEM"), false, "-engine dds",
            List.of(HISTORY_DEPTH, WAITSET, WRITE_BATCH, DdsperfPeer.OPTION, DURABILITY, SEND_QUEUE_SIZE, DELIVERY));

    @Override
    public Profile profile() {
        return PROFILE;
    }

    @Override
    public Choice choose(EngineOptions o, Consumer<String> notes) {
        if (o.transport().equalsIgnoreCase("SHMEM")) {
            if (o.multicast()) {
                throw Engine.usage("-multicast: not with -transport SHMEM (shared memory is one host's; multicast"
                        + " discovery would serve readers on other hosts over UDP)");
            }
            if (!o.bestEffort()) {
                notes.accept("-transport SHMEM: reliable over Cyclone's shared memory keeps KEEP_LAST history: a reader"
                        + " that falls its history depth (at most " + SHM_QUEUE_CAPACITY + ") behind loses the oldest"
                        + " samples (iceoryx's queue or the reader's history), counted as lost");
            }
            return new Choice(TransportSettings.Kind.DDS_SHM, "DDS-SHMEM", !o.bestEffort(), false);
        }
        return new Choice(TransportSettings.Kind.DDS, "DDS-UDPv4", !o.bestEffort(), false);
    }

    @Override
    public void check(TransportSettings s) {
        DdsTransport.refusal().ifPresent(why -> {
            throw WirebenchException.badInput(why);
        });
        DdsSettings d = settings(s);
        if (s.kind() == TransportSettings.Kind.DDS_SHM) {
            IceoryxRoudi.refusal().ifPresent(why -> {
                throw WirebenchException.badInput(why);
            });
            checkSharedMemory(s, d);
        }
    }

    /** The -transport SHMEM cases Cyclone 0.10.2 would silently send over UDP: refused, exit 3. */
    private static void checkSharedMemory(TransportSettings s, DdsSettings d) {
        String shm = "-transport SHMEM: ";
        if (d.historyDepth() == 0) {
            throw WirebenchException.badInput(shm + "Cyclone DDS gives KEEP_ALL history (-ddsHistoryDepth 0) no shared"
                    + " memory and would send over UDP; give -ddsHistoryDepth N >= 1 (default with SHMEM: "
                    + SHM_QUEUE_CAPACITY + ")");
        }
        if (ddsperf(s)) {
            throw WirebenchException.badInput(shm + "-ddsperf's readers ignore local data, which Cyclone DDS serves"
                    + " only over UDP; drop one of them");
        }
        java.util.Set<String> peers = new java.util.LinkedHashSet<>(s.dataPeers());
        peers.addAll(s.echoPeers());
        for (String p : peers) {
            if (!thisHost(p)) {
                throw WirebenchException.badInput(shm + "-peer " + p + " is not an address of this host; shared memory"
                        + " is one host's and Cyclone DDS would serve that peer over UDP");
            }
        }
    }

    private static boolean thisHost(String host) {
        try {
            java.net.InetAddress a = java.net.InetAddress.getByName(host);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || java.net.NetworkInterface.getByInetAddress(a) != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Override
    public Transport open(TransportSettings s) {
        return ddsperf(s) ? new DdsperfPeer(s, settings(s)) : new DdsTransport(s, settings(s));
    }

    /** Both roles of one process share one participant: Cyclone delivers between them in-process. */
    @Override
    public boolean transportPerRole(TransportSettings settings) {
        return false;
    }

    @Override
    public Waiting waiting(TransportSettings s) {
        return settings(s).waitset() ? new Waiting("kernel-wait", "-ddsWaitset: receivers block in a Cyclone waitset")
                : null;
    }

    /** Cyclone's own threads receive and deliver; the role threads poll with the idle strategy or block in a waitset. */
    @Override
    public String threadingLine(TransportSettings s) {
        Threading th = s.threading();
        DdsSettings d = settings(s);
        String role = d.waitset() ? "receivers block in a waitset (-ddsWaitset)"
                : "receivers poll dds_take, idle " + th.idle() + (th.auto() != null ? " from " + th.auto().startStrategy()
                        : "") + (th.reason().equals("set on the command line") ? " (set on the command line)" : "");
        boolean listener = d.handOff() && !d.waitset() && s.kind() != TransportSettings.Kind.DDS_SHM && !ddsperf(s);
        return "Cyclone DDS's own receive and delivery threads; " + (listener ? "-ddsDelivery listener: a -sub"
                + " process's DATA is handed to the harness in Cyclone's receive thread while the role thread parks;"
                + " else " + role : role + (d.handOff() ? "" : " (-ddsDelivery role)"));
    }

    /** Whether {@code -ddsperf} was given: ddsperf's ping/pong protocol instead of the harness's topics. */
    public static boolean ddsperf(TransportSettings s) {
        return Boolean.parseBoolean(s.extras().options().getOrDefault(DdsperfPeer.OPTION, "false"));
    }

    /** The DDS settings of a run, its options checked (usage errors name the option). */
    static DdsSettings settings(TransportSettings s) {
        TransportSettings.Extras x = s.extras();
        if (x.domain() > DdsSettings.MAX_DOMAIN_ID) {
            throw Engine.usage("-domain: the DDS engine takes 0.." + DdsSettings.MAX_DOMAIN_ID
                    + " (RTPS ports 7400 + 250 x domain), got " + x.domain());
        }
        Map<String, String> o = x.options();
        DdsSettings d = DdsSettings.defaults(x.domain(), x.keyed(), s.reliable())
                .withKeyOf(x.key()::of)
                .withWaitset(Boolean.parseBoolean(o.getOrDefault(WAITSET, "false")))
                .withWriteBatch(Boolean.parseBoolean(o.getOrDefault(WRITE_BATCH, "false")))
                .withHandOff(delivery(o.get(DELIVERY)))
                .withQos(durability(o.get(DURABILITY)), sendQueueSize(o.get(SEND_QUEUE_SIZE)));
        if (d.durability() != DdsSettings.VOLATILE && ddsperf(s)) {
            throw Engine.usage(DURABILITY + " 1: not with -ddsperf (ddsperf's ping/pong endpoints are VOLATILE)");
        }
        String depth = o.get(HISTORY_DEPTH);
        if (depth == null) {
            return s.kind() == TransportSettings.Kind.DDS_SHM ? d.withHistoryDepth(SHM_QUEUE_CAPACITY) : d;
        }
        int n = number(depth);
        if (n < 0) {
            throw Engine.usage(HISTORY_DEPTH + ": expected 0 (KEEP_ALL) or a KEEP_LAST depth >= 1, got '" + depth + "'");
        }
        return d.withHistoryDepth(n);
    }

    /** A non-negative int, or -1. */
    private static int number(String value) {
        try {
            return Math.max(-1, Integer.parseInt(value.strip()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Perftest's {@code -durability}: 0 and 1 as DDS durability; 2 and 3 refused (exit 3); else a usage error. */
    private static int durability(String value) {
        if (value == null) {
            return DdsSettings.VOLATILE;
        }
        int n = number(value);
        if (n == 2 || n == 3) {
            throw WirebenchException.badInput(DURABILITY + " " + n + ": " + (n == 2 ? "TRANSIENT" : "PERSISTENT")
                    + " durability needs a durability service, which Cyclone DDS does not run here; use -durability 1"
                    + " (TRANSIENT_LOCAL: the writer serves late joiners) or 0 (VOLATILE)");
        }
        if (n != DdsSettings.VOLATILE && n != DdsSettings.TRANSIENT_LOCAL) {
            throw Engine.usage(DURABILITY + ": expected 0 (VOLATILE), 1 (TRANSIENT_LOCAL), 2 or 3, got '" + value + "'");
        }
        return n;
    }

    /**
     * {@code -ddsDelivery}: {@code listener} or {@code role}; not given, listener (best effort and
     * reliable: a reliable write that Cyclone holds back in the receive thread is kept for the role
     * thread, which takes from then on: {@link HandOff}); else a usage error.
     */
    private static boolean delivery(String value) {
        if (value == null) {
            return true;
        }
        if (value.strip().equalsIgnoreCase("listener")) {
            return true;
        }
        if (value.strip().equalsIgnoreCase("role")) {
            return false;
        }
        throw Engine.usage(DELIVERY + ": expected listener (Cyclone's receive thread hands DATA to the harness) or role"
                + " (the role thread takes), got '" + value + "'");
    }

    /** Perftest's {@code -sendQueueSize}: messages >= 1; 0 when not given (Cyclone's defaults). */
    private static int sendQueueSize(String value) {
        if (value == null) {
            return 0;
        }
        int n = number(value);
        if (n < 1) {
            throw Engine.usage(SEND_QUEUE_SIZE + ": expected a number of messages >= 1, got '" + value + "'");
        }
        return n;
    }
}
