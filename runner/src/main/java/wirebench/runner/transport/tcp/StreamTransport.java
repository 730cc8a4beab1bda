package wirebench.runner.transport.tcp;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * What the TCP and TLS transports share: the receiving end of a topic listens on its port (DATA
 * on the subscriber, ECHO on the publisher), the sending end connects to every peer of the topic;
 * one message = one frame (a 4-byte big-endian length, then the message); ends are closed with the
 * transport.
 */
abstract class StreamTransport implements Transport {
    /** Bytes of the length prefix of every frame. */
    static final int FRAME_HEADER_BYTES = 4;

    protected final TransportSettings settings;
    private final List<AutoCloseable> ends = new ArrayList<>();
    private boolean closed;

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

    /** Registers an end to close with the transport; returns it. */
    protected final synchronized <T extends AutoCloseable> T keep(T end) {
        ends.add(end);
        return end;
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
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        ends.forEach(StreamTransport::closeQuietly);
    }

    static void closeQuietly(AutoCloseable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (Exception e) {
            // a socket that fails to close is gone anyway
        }
    }
}
