package wirebench.runner.transport.dds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * Eclipse Cyclone DDS as a {@link Transport}: RTPS on the wire, reached through the Foreign
 * Function &amp; Memory API ({@link Cyclone}). One domain (configured by {@link DdsConfigXml}) and
 * one participant per transport; the topics DATA and ECHO are DDS topics of ddsperf's KeyedSeq
 * type (or its unkeyed twin), the harness's message in the sample's octet sequence. Reliable or
 * best-effort, KEEP_ALL or KEEP_LAST history ({@link DdsSettings}). Both ends of a topic in one
 * process (-bothRoles) meet in Cyclone's in-process delivery, not on the network: a run in two
 * processes (-pub, -sub) goes over RTPS/UDP.
 *
 * <p>{@code -transport SHMEM} ({@link TransportSettings.Kind#DDS_SHM}): Cyclone's shared memory through
 * iceoryx. The transport finds or starts this host's RouDi first ({@link IceoryxRoudi}: a mempool sized
 * to the largest message), creates the domain with SharedMemory enabled (bounded: iceoryx waits for
 * RouDi without end), and checks every reader and writer it creates with
 * {@code dds_is_shared_memory_available}: Cyclone 0.10.2 gives shared memory only to KEEP_LAST history,
 * volatile or transient-local durability, ignore-local NONE, automatic liveliness and no deadline, and
 * silently sends anything else over UDP, so an endpoint without it ends the run (exit 3) instead. Both
 * roles in one process then also meet through iceoryx (Cyclone's in-process delivery skips readers that
 * have an iceoryx subscriber). Discovery stays RTPS over UDP (loopback).
 */
public final class DdsTransport implements Transport {
    /** Largest message: Cyclone fragments a sample into DATA_FRAG submessages; the harness's limit is 10 MiB. */
    static final int MAX_MESSAGE_BYTES = 16 << 20;
    /**
     * Reliability's max blocking time: a reliable write that finds the writer's unacknowledged data
     * above Cyclone's high-water mark waits in Cyclone (a condition variable, off the CPU) for
     * acknowledgements up to this long, as ddsperf's writes do, instead of returning at once and
     * leaving the harness to spin on it (Connext's default, 100 ms).
     */
    static final long MAX_BLOCKING_NS = 100_000_000L;

    private final Cyclone dds;
    private final TransportSettings settings;
    private final DdsSettings dsettings;
    private final String xml;
    private final TopicType type;
    private final UnsafeBuffer xmlNative;
    private final int domain;
    private final int participant;
    private final Map<Topic, Integer> topics = new LinkedHashMap<>();
    private final List<AutoCloseable> ends = new ArrayList<>();
    private final List<DdsSender> senders = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<DdsSender> dataSenders = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The DATA readers, and whether this process writes DATA too (then Cyclone delivers in the writer's thread: no hand-off). */
    private final List<DdsReceiver> dataReaders = new ArrayList<>();
    private boolean writesData;
    private final List<UnsafeBuffer> names = new ArrayList<>();
    /** This run's RouDi with -transport SHMEM, else null. */
    private final IceoryxRoudi roudi;
    private boolean closed;

    public DdsTransport(TransportSettings settings, DdsSettings dds) {
        this(settings, dds, DdsConfigXml.of(settings, dds));
    }

    /** With the Cyclone XML configuration {@code xml} instead of the one derived from the settings. */
    DdsTransport(TransportSettings settings, DdsSettings dds, String xml) {
        if (dds.domainId() < 0 || dds.domainId() > DdsSettings.MAX_DOMAIN_ID) {
            throw WirebenchException.badInput("-domain: the DDS engine takes domain ids 0.." + DdsSettings.MAX_DOMAIN_ID
                    + " (RTPS ports 7400 + 250 x id), got " + dds.domainId());
        }
        this.dds = Cyclone.load();
        this.settings = settings;
        this.dsettings = dds;
        this.xml = xml;
        this.type = new TopicType(dds.keyed());
        this.xmlNative = Cyclone.string(xml);
        roudi = settings.kind() == TransportSettings.Kind.DDS_SHM ? IceoryxRoudi.forMessages(maxMessageBytes()) : null;
        Cyclone c = this.dds;
        int domainId = dds.domainId();
        long config = xmlNative.addressOffset();
        domain = roudi == null ? c.createDomain(domainId, config)
                : IceoryxRoudi.bounded(() -> c.createDomain(domainId, config), roudi);
        if (domain < 0) {
            throw WirebenchException.badInput("Cyclone DDS refused its configuration (" + this.dds.errorText(domain)
                    + "; domain " + dds.domainId() + " already open in this process, or a bad -nic/-peer): " + xml);
        }
        int p = this.dds.createParticipant(dds.domainId());
        if (p < 0) {
            this.dds.delete(domain);
            throw new WirebenchException(WirebenchException.RUN_FAILED, "Cyclone DDS: dds_create_participant failed: "
                    + this.dds.errorText(p));
        }
        participant = p;
    }

    /** Why the engine cannot run here (no Java 22+, no libddsc: what to install), or empty. */
    public static java.util.Optional<String> refusal() {
        return Cyclone.refusal();
    }

    /** The topic's DDS name: ddsperf's style, K(eyed)/U(nkeyed) in it so that the two never match. */
    String topicName(Topic t) {
        return "Wirebench" + (type.keyed ? "K" : "U") + (t == Topic.DATA ? "Data" : "Echo");
    }

    private synchronized int topic(Topic t) {
        Integer have = topics.get(t);
        if (have != null) {
            return have;
        }
        UnsafeBuffer name = Cyclone.string(topicName(t));
        names.add(name);
        int id = dds.check(dds.createTopic(participant, type.address(), name.addressOffset()), "dds_create_topic "
                + topicName(t));
        topics.put(t, id);
        return id;
    }

    private long qos() {
        long q = dds.qos(settings.reliable(), MAX_BLOCKING_NS, dsettings.historyDepth(), dsettings.maxSamples());
        dds.durability(q, dsettings.durability(), dsettings.lateJoinerDepth());
        return q;
    }

    @Override
    public synchronized Sender openSender(Topic t) {
        long q = qos();
        try {
            int w = requireSharedMemory(dds.check(dds.createWriter(participant, topic(t), q), "dds_create_writer "
                    + topicName(t)), "writer");
            DdsSender s = new DdsSender(dds, w, dsettings);
            ends.add(s);
            senders.add(s);
            if (t == Topic.DATA) {
                dataSenders.add(s);
                writesData = true;
                dataReaders.forEach(DdsReceiver::stopHandOff);
            }
            return s;
        } finally {
            dds.deleteQos(q);
        }
    }

    @Override
    public synchronized Receiver openReceiver(Topic t) {
        long q = qos();
        try {
            int r = requireSharedMemory(dds.check(dds.createReader(participant, topic(t), q), "dds_create_reader "
                    + topicName(t)), "reader");
            DdsReceiver rcv = new DdsReceiver(dds, participant, r, dsettings, Idle.of(settings.threading()),
                    dsettings.writeBatch() ? this::flush : age -> { }, t == Topic.ECHO, t == Topic.DATA && handOff());
            ends.add(rcv);
            if (t == Topic.DATA) {
                dataReaders.add(rcv);
            }
            return rcv;
        } finally {
            dds.deleteQos(q);
        }
    }

    /**
     * Whether a DATA reader delivers in Cyclone's receive thread ({@link HandOff}): {@code -ddsDelivery
     * listener} (the default), not with {@code -ddsWaitset}, not over shared memory, not when this
     * process writes DATA itself (both roles: Cyclone would run the subscriber's handler in the
     * publisher's thread).
     */
    private boolean handOff() {
        return dsettings.handOff() && !dsettings.waitset() && roudi == null && !writesData;
    }

    /** {@code entity}, after checking that it has shared memory when the run asked for it (exit 3 if not). */
    private int requireSharedMemory(int entity, String what) {
        if (roudi != null && !dds.sharedMemory(entity)) {
            dds.delete(entity);
            throw WirebenchException.badInput("-transport SHMEM: Cyclone DDS " + dds.version + " gives this " + what
                    + " (history " + history() + ") no shared memory and would send its samples over UDP; it needs"
                    + " KEEP_LAST history (-ddsHistoryDepth N >= 1), volatile or transient-local durability,"
                    + " ignore-local NONE, automatic liveliness and no deadline");
        }
        return entity;
    }

    private String history() {
        return dsettings.historyDepth() == 0 ? "KEEP_ALL" : "KEEP_LAST " + dsettings.historyDepth();
    }

    /** Write batching: flushes the writers the calling thread wrote to at least {@code minAgeNs} ago. */
    private void flush(long minAgeNs) {
        for (DdsSender s : senders) {
            s.flushIfPending(minAgeNs);
        }
    }

    @Override
    public int maxMessageBytes() {
        return Math.min(MAX_MESSAGE_BYTES, Math.max(settings.maxMessageBytes(), 0));
    }

    /**
     * A {@link DdsReceiver} hands out the octet sequence of a sample it took into its
     * {@link KeptSamples}: memory Cyclone allocated for that receiver's sample alone when it deserialised
     * into it, so a pong may be written over it (ddsperf's pong writes the sample it took, too). Not over shared memory, where
     * whether the sample lies in iceoryx's chunk, shared with other readers, is Cyclone's choice.
     */
    @Override
    public boolean receivedMessagesWritable() {
        return roudi == null;
    }

    /** The configuration XML given to Cyclone. */
    public String configXml() {
        return xml;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = dds.describe();
        m.put("domain_id", dsettings.domainId());
        m.put("type", type.typeName);
        m.put("topics", List.of(topicName(Topic.DATA), topicName(Topic.ECHO)));
        m.put("reliability", (settings.reliable() ? "RELIABLE (max blocking time " + MAX_BLOCKING_NS / 1_000_000
                + " ms: a full writer waits in Cyclone)" : "BEST_EFFORT") + (roudi == null ? ""
                : "; over shared memory iceoryx's subscriber queue (KEEP_LAST depth, at most "
                        + CycloneDdsEngine.SHM_QUEUE_CAPACITY + ") drops the oldest sample when the reader falls behind"));
        m.put("transport", roudi == null ? "UDPv4 (RTPS)" : "SHMEM: Cyclone's shared memory through iceoryx, every"
                + " reader and writer checked to have it (discovery RTPS/UDP)");
        if (roudi != null) {
            m.put("shared_memory", roudi.describe());
        }
        m.put("history", history());
        m.put("max_samples", dsettings.maxSamples());
        m.put("durability", dsettings.durability() == DdsSettings.TRANSIENT_LOCAL ? "TRANSIENT_LOCAL (a late-joining"
                + " reader gets the last " + dsettings.lateJoinerDepth() + " samples per instance)" : "VOLATILE");
        m.put("send_queue", dsettings.sendQueueSize() == 0 ? "Cyclone's default WHC watermarks" : dsettings.sendQueueSize()
                + " messages (WHC high-water mark " + DdsConfigXml.whcHighBytes(settings, dsettings) + " B)");
        m.put("write_batch", dsettings.writeBatch() ? "Cyclone WriteBatch: packed until a message is full; a role"
                + " flushes its writes before it waits, and when it polls once the oldest is "
                + DdsReceiver.FLUSH_AGE_NS / 1000 + " us old" : "off (one RTPS message per write)");
        m.put("receive", receiveLine(dsettings, roudi == null, settings.threading().idle()));
        m.put("take", KeptSamples.MODE);
        m.put("config_xml", xml);
        return m;
    }

    /** How receivers wait and which thread delivers, for run.json and the engine line. */
    static String receiveLine(DdsSettings d, boolean udp, String idle) {
        String role = d.waitset() ? "waitset (blocking)" : "take polling, idle " + idle;
        if (!d.handOff() || d.waitset() || !udp) {
            return role + "; -ddsDelivery role";
        }
        return "-ddsDelivery listener: DATA delivered in Cyclone's receive thread (a data-available listener takes up to "
                + HandOff.MAX_PER_CALL + " samples a call) while the subscriber's role thread parks; both roles in one"
                + " process and ECHO: " + role + "; a reliable write held back in the receive thread moves DATA to the role thread";
    }

    /**
     * The DATA writers' pacing over the run, from Cyclone's writer statistics, summed over this
     * process's DATA writers: how often and how long a write waited for acknowledgements (above the
     * writer history's high-water mark; reliable only) and what was retransmitted. Empty without a
     * DATA writer here or without statistics in this libddsc.
     */
    @Override
    public Map<String, Object> counters() {
        long[] sum = new long[DdsSender.STATISTICS.size()];
        boolean any = false;
        for (DdsSender s : dataSenders) {
            Map<String, Long> st = s.statistics();
            for (int i = 0; i < sum.length; i++) {
                Long v = st.get(DdsSender.STATISTICS.get(i));
                if (v != null) {
                    sum[i] += v;
                    any = true;
                }
            }
        }
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        if (any) {
            m.put("data_writer_throttle_count", sum[0]);
            m.put("data_writer_throttle_ms", Math.round(sum[1] / 1e3) / 1e3);
            m.put("data_writer_rexmit_bytes", sum[2]);
            m.put("data_writer_rexmit_ms", Math.round(sum[3] / 1e3) / 1e3);
        }
        return m;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (AutoCloseable e : ends) {
            try {
                e.close();
            } catch (Exception ignored) {
                // deleting the domain below deletes every entity anyway
            }
        }
        dds.delete(participant);
        dds.delete(domain);
    }
}
