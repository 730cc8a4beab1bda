package wirebench.runner.transport.dds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * A participant that speaks Cyclone's {@code ddsperf} protocol (0.10.x, docs/dds.md "ddsperf
 * interop"), so that wirebench pings {@code ddsperf pong} and answers {@code ddsperf ping}:
 * <ul>
 * <li>participant user data {@code DDSPerf:0:PID:HOST} (ddsperf ignores participants without it;
 * 0: no reader of the Data topic);</li>
 * <li>type KeyedSeq, topics {@code DDSPerf{R|U}PingKS} and {@code DDSPerf{R|U}PongKS} (R reliable,
 * U best effort), the ping reader and writer KEEP_LAST 1 in the default partition, ignoring the
 * participant's own writers;</li>
 * <li>pongs for this participant arrive in the partition named by its GUID
 * ({@code xxxxxxxx_xxxxxxxx_xxxxxxxx_xxxxxxxx}); its pongs to a pinger go out in the pinger's, one
 * KEEP_LAST 1 writer per pinging participant, created as soon as its ping writer matches (ddsperf
 * counts a peer whose endpoints do not all match as a failure);</li>
 * <li>a ping is a sample whose source timestamp has its low bit set; the pong is the same sample
 * written with that timestamp (low bit set).</li>
 * </ul>
 * A sample of ddsperf's {@code size N} carries N - 12 bytes of baggage (seq, keyval and the
 * sequence's length make up the 12). This is a {@link Transport} only for the run's frame
 * (run.json, stderr's engine line, closing): the harness's topics are not open in this mode.
 */
public final class DdsperfPeer implements Transport {
    /** The option that selects this mode. */
    public static final String OPTION = "-ddsperf";
    /** Bytes of a KeyedSeq sample besides its baggage, as ddsperf counts its {@code size}. */
    public static final int OVERHEAD_BYTES = 12;
    private static final int TAKE_MAX = 100;
    private static final int PEERS_MAX = 64;
    /** ddsperf's resource limit on its data (and pong) readers. */
    private static final int PONG_READER_MAX_SAMPLES = 10_000;
    private static final long MAX_BLOCKING_NS = 10_000_000_000L;

    /** What an answered ping was: its writer (instance handle), sequence number and size (ddsperf's). */
    @FunctionalInterface
    public interface Answered {
        void ping(long publication, int seq, int sizeBytes);
    }

    private final Cyclone dds;
    private final CycloneInterop x;
    private final TransportSettings settings;
    private final String xml;
    private final String userData;
    private final String guid;
    private final String pingTopic;
    private final String pongTopic;
    private final TopicType type = new TopicType(true);
    /** Native strings Cyclone was given: reachable for as long as this peer is. */
    private final List<UnsafeBuffer> keep;
    private final int domain;
    private final int participant;
    private final int pingWriter;
    private final int pingReader;
    private final int pongReader;
    private final int pongTopicId;
    private final IdleStrategy idle;
    private final boolean useWaitset;
    private final Map<Integer, Integer> waitsets = new HashMap<>();
    private final Map<String, Integer> pongWriterByGuid = new LinkedHashMap<>();
    private final Map<Long, Integer> pongWriterByPublication = new HashMap<>();
    private final UnsafeBuffer sample = Cyclone.memory(TopicType.SAMPLE_BYTES);
    private final UnsafeBuffer status = Cyclone.memory(Cyclone.MATCHED_STATUS_BYTES);
    private final UnsafeBuffer handles = Cyclone.memory(PEERS_MAX * 8);
    private final UnsafeBuffer peerGuid = Cyclone.memory(CycloneInterop.GUID_BYTES);
    /** Both readers take into these (one thread takes at a time). */
    private final KeptSamples samples = new KeptSamples(TAKE_MAX);
    private final UnsafeBuffer infos = Cyclone.memory(TAKE_MAX * Cyclone.SAMPLE_INFO_BYTES);
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);
    private UnsafeBuffer baggage = Cyclone.memory(64);
    private boolean closed;

    public DdsperfPeer(TransportSettings settings, DdsSettings d) {
        this.dds = Cyclone.load();
        this.x = CycloneInterop.of(dds);
        this.settings = settings;
        this.xml = DdsConfigXml.of(settings, d.withWriteBatch(false)); // a ping waits for nothing
        this.idle = Idle.of(settings.threading());
        this.useWaitset = d.waitset();
        char r = settings.reliable() ? 'R' : 'U';
        pingTopic = "DDSPerf" + r + "PingKS";
        pongTopic = "DDSPerf" + r + "PongKS";
        userData = "DDSPerf:0:" + ProcessHandle.current().pid() + ":" + hostname();
        UnsafeBuffer xmlNative = Cyclone.string(xml);
        UnsafeBuffer udata = Cyclone.string(userData);
        UnsafeBuffer pingName = Cyclone.string(pingTopic);
        UnsafeBuffer pongName = Cyclone.string(pongTopic);
        keep = List.of(xmlNative, udata, pingName, pongName);
        domain = dds.createDomain(d.domainId(), xmlNative.addressOffset());
        if (domain < 0) {
            throw WirebenchException.badInput("Cyclone DDS refused its configuration (" + dds.errorText(domain) + "): " + xml);
        }
        long q = dds.newQos();
        try {
            x.userData(q, udata, userData.getBytes(StandardCharsets.UTF_8).length);
            participant = dds.check(x.createParticipant(d.domainId(), q), "dds_create_participant");
        } finally {
            dds.deleteQos(q);
        }
        UnsafeBuffer own = Cyclone.memory(CycloneInterop.GUID_BYTES);
        dds.check(x.guid(participant, own), "dds_get_guid");
        guid = CycloneInterop.guidString(own);
        int pingTopicId = dds.check(dds.createTopic(participant, type.address(), pingName.addressOffset()), pingTopic);
        pongTopicId = dds.check(dds.createTopic(participant, type.address(), pongName.addressOffset()), pongTopic);
        pingWriter = endpoint(participant, pingTopicId, 1, -1, true);
        pingReader = endpoint(participant, pingTopicId, 1, -1, false);
        pongReader = endpoint(partitioned(guid, false), pongTopicId, 0, PONG_READER_MAX_SAMPLES, false);
    }

    private static String hostname() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "?";
        }
    }

    /** A publisher or subscriber of the participant in the partition {@code name}. */
    private int partitioned(String name, boolean publisher) {
        UnsafeBuffer n = Cyclone.string(name);
        long q = dds.newQos();
        try {
            x.partition(q, n);
            return dds.check(x.createPublisherOrSubscriber(participant, q, publisher), "dds_create_"
                    + (publisher ? "publisher" : "subscriber") + " in partition " + name);
        } finally {
            dds.deleteQos(q);
        }
    }

    /** A writer or reader under {@code parent}: this run's reliability, KEEP_LAST depth (0: KEEP_ALL), not matching its own participant. */
    private int endpoint(int parent, int topic, int depth, int maxSamples, boolean writer) {
        long q = dds.qos(settings.reliable(), MAX_BLOCKING_NS, depth, maxSamples);
        try {
            x.ignoreLocal(q, CycloneInterop.IGNORELOCAL_PARTICIPANT);
            return dds.check(writer ? dds.createWriter(parent, topic, q) : dds.createReader(parent, topic, q),
                    "dds_create_" + (writer ? "writer" : "reader"));
        } finally {
            dds.deleteQos(q);
        }
    }

    /**
     * Makes a pong writer for the participant of every ping writer matched now (a ddsperf peer
     * expects one at once, whether it pings or not); returns how many ping writers are matched.
     */
    public int refresh() {
        int n = Math.min(PEERS_MAX, x.matchedPublications(pingReader, handles, PEERS_MAX));
        for (int i = 0; i < n; i++) {
            long h = handles.getLong(i * 8);
            if (!pongWriterByPublication.containsKey(h) && x.participantOf(pingReader, h, peerGuid)) {
                String g = CycloneInterop.guidString(peerGuid);
                Integer w = pongWriterByGuid.get(g);
                if (w == null) {
                    w = endpoint(partitioned(g, true), pongTopicId, 1, -1, true);
                    pongWriterByGuid.put(g, w);
                }
                pongWriterByPublication.put(h, w);
            }
        }
        return Math.max(n, 0);
    }

    /** Whether a pong side is there: the ping writer and the pong reader have each matched. */
    public boolean pongerMatched() {
        refresh();
        return dds.matchedNow(pingWriter, true, status) > 0 && dds.matchedNow(pongReader, false, status) > 0;
    }

    /** How many ping writers (pinging participants) are matched now. */
    public int pingers() {
        return dds.matchedNow(pingReader, false, status);
    }

    /** Writes ping {@code seq} of ddsperf's size {@code sizeBytes} (>= 12); false when the writer refused it (timeout). */
    public boolean ping(int seq, int sizeBytes) {
        int bytes = sizeBytes - OVERHEAD_BYTES;
        if (baggage.capacity() < bytes) {
            baggage = Cyclone.memory(bytes);
        }
        sample.putInt(TopicType.SEQ_AT, seq);
        sample.putInt(TopicType.KEY_AT, 0);
        sample.putInt(8, bytes);
        sample.putInt(TopicType.LENGTH_AT, bytes);
        sample.putLong(TopicType.BUFFER_AT, bytes == 0 ? 0 : baggage.addressOffset());
        int rc = x.writeTs(pingWriter, sample.addressOffset(), nowNs() | 1);
        if (rc == Cyclone.RETCODE_TIMEOUT) {
            return false;
        }
        dds.check(rc, "dds_write_ts (ping)");
        return true;
    }

    /** Waits up to {@code timeoutNs} for the pong of ping {@code seq}; true when it came (older pongs are dropped). */
    public boolean awaitPong(int seq, long timeoutNs) {
        long deadline = System.nanoTime() + timeoutNs;
        idle.reset();
        while (true) {
            int n = dds.take(pongReader, samples.buffers(), infos.addressOffset(), TAKE_MAX, TAKE_MAX);
            samples.filled(n);
            boolean found = false;
            for (int i = 0; i < n; i++) {
                int info = i * Cyclone.SAMPLE_INFO_BYTES;
                if (infos.getByte(info + 12) != 0 && (infos.getLong(info + 16) & 1) != 0) {
                    view.wrap(samples.sample(i), TopicType.SAMPLE_BYTES);
                    found |= view.getInt(TopicType.SEQ_AT) == seq;
                }
            }
            if (found) {
                Idle.arrived(idle);
                return true;
            }
            if (!waitUntil(pongReader, deadline)) {
                return false;
            }
        }
    }

    /**
     * Answers the pings that arrive within {@code timeoutNs} (returning at the first that do): each
     * goes back to its pinger's partition with its own timestamp; returns how many were answered.
     */
    public int answerPings(long timeoutNs, Answered answered) {
        long deadline = System.nanoTime() + timeoutNs;
        idle.reset();
        while (true) {
            int n = dds.take(pingReader, samples.buffers(), infos.addressOffset(), TAKE_MAX, TAKE_MAX);
            samples.filled(n);
            int done = 0;
            for (int i = 0; i < n; i++) {
                int info = i * Cyclone.SAMPLE_INFO_BYTES;
                if (infos.getByte(info + 12) == 0) {
                    continue;
                }
                long publication = infos.getLong(info + 32);
                Integer w = pongWriterByPublication.get(publication);
                if (w == null) {
                    refresh();
                    w = pongWriterByPublication.get(publication);
                }
                if (w == null) {
                    continue; // its writer is gone already
                }
                long at = samples.sample(i);
                int rc = x.writeTs(w, at, infos.getLong(info + 16) | 1);
                if (rc < 0 && rc != Cyclone.RETCODE_TIMEOUT) {
                    dds.check(rc, "dds_write_ts (pong)");
                }
                view.wrap(at, TopicType.SAMPLE_BYTES);
                answered.ping(publication, view.getInt(TopicType.SEQ_AT), view.getInt(TopicType.LENGTH_AT)
                        + OVERHEAD_BYTES);
                done++;
            }
            if (done > 0) {
                Idle.arrived(idle);
                return done;
            }
            if (!waitUntil(pingReader, deadline)) {
                return 0;
            }
        }
    }

    /** Waits a little for data on {@code reader}; false once {@code deadline} has passed. */
    private boolean waitUntil(int reader, long deadline) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        if (useWaitset) {
            int ws = waitsets.computeIfAbsent(reader, r -> {
                int w = dds.check(dds.createWaitset(participant), "dds_create_waitset");
                int c = dds.check(dds.createReadCondition(r, Cyclone.ANY_STATE), "dds_create_readcondition");
                dds.check(dds.waitsetAttach(w, c, 0), "dds_waitset_attach");
                return w;
            });
            dds.waitsetWait(ws, left);
        } else {
            idle.idle(0);
        }
        return true;
    }

    /** Wall-clock time in ns (ddsperf's dds_time()); the low bit is the ping marker. */
    private static long nowNs() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** The partition this participant's pongs arrive in: its GUID, as ddsperf names it. */
    public String guid() {
        return guid;
    }

    @Override
    public Sender openSender(Topic topic) {
        throw new IllegalStateException("the ddsperf mode runs ddsperf's ping/pong, not the harness's topics");
    }

    @Override
    public Receiver openReceiver(Topic topic) {
        throw new IllegalStateException("the ddsperf mode runs ddsperf's ping/pong, not the harness's topics");
    }

    @Override
    public int maxMessageBytes() {
        return DdsTransport.MAX_MESSAGE_BYTES;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = dds.describe();
        m.put("mode", "ddsperf-compatible ping/pong (" + OPTION + ")");
        m.put("type", type.typeName);
        m.put("topics", List.of(pingTopic, pongTopic));
        m.put("user_data", userData);
        m.put("pong_partition", guid);
        m.put("reliability", settings.reliable() ? "RELIABLE" : "BEST_EFFORT");
        m.put("history", "KEEP_LAST 1 (ping, pong writers), KEEP_ALL (pong reader)");
        m.put("receive", useWaitset ? "waitset (blocking)" : "take polling, idle " + settings.threading().idle());
        m.put("take", KeptSamples.MODE);
        m.put("config_xml", xml);
        return m;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            dds.delete(participant); // deletes every entity in it
            dds.delete(domain);
            samples.close(dds);
        }
    }
}
