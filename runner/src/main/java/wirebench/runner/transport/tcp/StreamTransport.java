package wirebench.runner.transport.tcp;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import wirebench.runner.transport.Ends;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * What the TCP and TLS transports share: the receiving end of a topic listens on its port (DATA
 * on the subscriber, ECHO on the publisher), the sending end connects to every peer of the topic;
 * one message = one frame (a 4-byte big-endian length, then the message); ends are closed with the
 * transport. Every connection opens with a greeting ({@link #HELLO_BYTES}: the magic {@code WBST}
 * and the topic, big-endian): a connection whose greeting, frame length or TLS handshake is not a
 * peer's is closed and counted ({@link #strayConnections()}), never the end of the run.
 */
abstract class StreamTransport implements Transport {
    /** Bytes of the length prefix of every frame. */
    static final int FRAME_HEADER_BYTES = 4;
    /** Bytes of the greeting a sender writes first on every connection: magic, then topic. */
    static final int HELLO_BYTES = 8;
    private static final int HELLO_MAGIC = 0x57425354; // "WBST"

    protected final TransportSettings settings;
    private final Ends ends = new Ends();
    private final AtomicLong strays = new AtomicLong();
    private volatile Consumer<String> straySink = line -> { };

    StreamTransport(TransportSettings settings) {
        this.settings = settings;
    }

    /** The port {@code topic}'s receiving end listens on. */
    protected final int port(Topic topic) {
        return topic == Topic.DATA ? settings.dataPort() : settings.echoPort();
    }

    /** Where {@code topic}'s sending end connects to. */
    protected final List<InetSocketAddress> destinations(Topic topic) {
        List<InetSocketAddress> to = new ArrayList<>();
        for (String peer : topic == Topic.DATA ? settings.dataPeers() : settings.echoPeers()) {
            to.add(new InetSocketAddress(peer, port(topic)));
        }
        return to;
    }

    /** The greeting a sender of {@code topic} writes first on each connection. */
    static ByteBuffer hello(Topic topic) {
        ByteBuffer b = ByteBuffer.allocate(HELLO_BYTES).order(ByteOrder.BIG_ENDIAN);
        b.putInt(HELLO_MAGIC).putInt(topicCode(topic)).flip();
        return b;
    }

    /** Null when {@code magic}/{@code code} greet {@code topic}'s receiver, else what was wrong. */
    static String helloProblem(int magic, int code, Topic topic) {
        if (magic != HELLO_MAGIC) {
            return String.format(java.util.Locale.ROOT, "greeting 0x%08x, not a wirebench stream", magic);
        }
        if (code != topicCode(topic)) {
            return String.format(java.util.Locale.ROOT, "a sender of topic 0x%08x on the %s port", code, topic);
        }
        return null;
    }

    private static int topicCode(Topic topic) {
        return topic == Topic.DATA ? 0x44415441 : 0x4543484f; // "DATA", "ECHO"
    }

    /** Counts and reports a refused connection: {@code from} (its address) and why. */
    final void stray(Object from, String why) {
        strays.incrementAndGet();
        straySink.accept(settings.kind() + ": closed a connection from " + from + " (" + why
                + "): not a peer of this run; still waiting for the run's peers");
    }

    @Override
    public OptionalLong strayConnections() {
        return OptionalLong.of(strays.get());
    }

    @Override
    public void reportStraysTo(Consumer<String> sink) {
        straySink = sink;
    }

    /** Registers an end to close with the transport; returns it. */
    protected final <T extends AutoCloseable> T keep(T end) {
        return ends.keep(end);
    }

    /** The message plus its 4-byte frame header (TCP/IP and TLS record headers depend on how segments coalesce). */
    @Override
    public long wireBytes(int messageBytes) {
        return messageBytes + (long) FRAME_HEADER_BYTES;
    }

    @Override
    public int maxMessageBytes() {
        return settings.maxMessageBytes();
    }

    /** The entries both stream transports describe; {@code name}, {@code version} and {@code receive} first. */
    protected final Map<String, Object> describe(String name, String version, String receive) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("version", version);
        m.put("framing", "4-byte length prefix per message, TCP_NODELAY");
        m.put("receive", receive);
        m.put("data_destination", settings.dataPeers() + ":" + settings.dataPort());
        m.put("echo_destination", settings.echoPeers() + ":" + settings.echoPort());
        m.put("reliable", true);
        return m;
    }

    @Override
    public void close() {
        ends.close();
    }

    /**
     * A sender's attempt at its {@code peers} destinations before a message: {@code connect} for each
     * (connected already, or connecting now); whether any is connected.
     */
    static boolean connectAny(int peers, java.util.function.IntPredicate connect) {
        boolean any = false;
        for (int i = 0; i < peers; i++) {
            any |= connect.test(i);
        }
        return any;
    }

    static void closeQuietly(AutoCloseable c) {
        Ends.closeQuietly(c);
    }
}
