package wirebench.runner.transport.tcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.TransportSettings;

/**
 * TCP as a {@link Transport} ({@code -transport TCP}): NIO {@link SocketChannel}s with
 * {@code TCP_NODELAY}, one message = one frame (a 4-byte big-endian length, then the message).
 * Unicast: the receiving end of a topic listens on its port (DATA on the subscriber, ECHO on the
 * publisher), the sending end connects to every peer and writes each message to every connected
 * peer, whole. A stream is reliable and ordered whatever {@code -bestEffort} says. Blocking mode (the
 * default) waits in {@code epoll} through a {@link Selector}; {@code -noBlockingSockets} busy-polls.
 */
public final class TcpTransport extends StreamTransport {
    /**
     * The largest frame a receiver accepts: a subscriber does not know the publisher's sizes (Perftest's
     * subscriber is given no -dataLen), so receive buffers grow on demand up to this bound (10 MB
     * samples and their batches fit); a larger length means a stray peer.
     */
    public static final int MAX_FRAME_BYTES = 64 << 20;
    private static final int INITIAL_BUFFER_BYTES = 64 << 10;
    private static final int SOCKET_BUFFER_BYTES = 4 << 20;
    /** A write that makes no progress for this long means the peer stopped reading. */
    static final long STALL_NS = TimeUnit.SECONDS.toNanos(10);
    private static final long RECONNECT_NS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long ACCEPT_PERIOD_NS = TimeUnit.MILLISECONDS.toNanos(1);

    public TcpTransport(TransportSettings settings) {
        super(settings);
    }

    @Override
    public Sender openSender(Topic topic) {
        return keep(new TcpSender(destinations(topic), settings.maxMessageBytes(), settings.nic(), topic));
    }

    @Override
    public Receiver openReceiver(Topic topic) {
        int port = port(topic);
        try {
            ServerSocketChannel ssc = ServerSocketChannel.open();
            ssc.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            ssc.bind(settings.nic() == null ? new InetSocketAddress(port)
                    : new InetSocketAddress(InetAddress.getByName(settings.nic()), port));
            ssc.configureBlocking(false);
            return keep(new TcpReceiver(ssc, settings.blockingSockets(), this, topic));
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "TCP: cannot listen on port " + port + " for "
                    + topic + " (" + e.getMessage() + "; " + topic.portInUseHint() + ")", e);
        }
    }

    @Override
    public Map<String, Object> describe() {
        return describe("tcp", "java.nio SocketChannel " + Runtime.version(), settings.blockingSockets()
                ? "selector (epoll) wait" : "non-blocking busy poll");
    }

    /** Connects to every peer (retrying until it listens) and writes whole frames to the connected ones. */
    static final class TcpSender implements Sender {
        private final List<InetSocketAddress> to;
        private final SocketChannel[] channels;
        private final boolean[] connected;
        private final long[] nextAttemptNs;
        private final String nic;
        private final ByteBuffer out;
        private final UnsafeBuffer outView;
        private final Topic topic;

        TcpSender(List<InetSocketAddress> to, int maxMessageBytes, String nic, Topic topic) {
            this.to = to;
            this.channels = new SocketChannel[to.size()];
            this.connected = new boolean[to.size()];
            this.nextAttemptNs = new long[to.size()];
            this.nic = nic;
            this.out = ByteBuffer.allocateDirect(maxMessageBytes + FRAME_HEADER_BYTES);
            this.outView = new UnsafeBuffer(out);
            this.topic = topic;
        }

        /** True when peer i is connected now (tries to connect when it is time to). */
        private boolean connect(int i) {
            if (connected[i]) {
                return true;
            }
            try {
                if (channels[i] == null) {
                    long now = System.nanoTime();
                    if (now - nextAttemptNs[i] < 0) {
                        return false;
                    }
                    nextAttemptNs[i] = now + RECONNECT_NS;
                    SocketChannel ch = SocketChannel.open();
                    ch.configureBlocking(false);
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    ch.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
                    ch.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER_BYTES);
                    if (nic != null) {
                        ch.bind(new InetSocketAddress(InetAddress.getByName(nic), 0));
                    }
                    channels[i] = ch;
                    connected[i] = ch.connect(to.get(i));
                } else {
                    connected[i] = channels[i].finishConnect();
                }
            } catch (IOException e) {
                // refused (the peer does not listen yet) or unreachable: try again later
                closeQuietly(channels[i]);
                channels[i] = null;
            }
            if (connected[i]) {
                writeFully(i, hello(topic)); // the greeting that tells the receiver this is a peer
            }
            return connected[i];
        }

        @Override
        public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
            if (!connectAny(to.size(), this::connect)) {
                return false;
            }
            outView.putInt(0, lengthBytes, java.nio.ByteOrder.BIG_ENDIAN);
            outView.putBytes(FRAME_HEADER_BYTES, buffer, offset, lengthBytes);
            for (int i = 0; i < to.size(); i++) {
                if (connected[i]) {
                    out.clear().limit(FRAME_HEADER_BYTES + lengthBytes);
                    writeFully(i, out);
                }
            }
            return true;
        }

        private void writeFully(int i, ByteBuffer out) {
            long lastProgress = System.nanoTime();
            try {
                while (out.hasRemaining()) {
                    if (channels[i].write(out) > 0) {
                        lastProgress = System.nanoTime();
                    } else if (System.nanoTime() - lastProgress > STALL_NS) {
                        throw new WirebenchException(WirebenchException.RUN_FAILED, "TCP: " + to.get(i)
                                + " took no data for " + TimeUnit.NANOSECONDS.toSeconds(STALL_NS)
                                + " s (the peer stopped reading)");
                    } else {
                        Thread.onSpinWait();
                    }
                }
            } catch (IOException e) {
                // the peer closed its end (it finished, or died): it gets no more messages
                closeQuietly(channels[i]);
                channels[i] = null;
                connected[i] = false;
            }
        }

        @Override
        public void close() {
            for (SocketChannel ch : channels) {
                closeQuietly(ch);
            }
        }
    }

    /**
     * Accepts every sender's connection and hands out whole frames; a connection that does not greet
     * as a peer of this topic or announces a frame no peer sends is closed and counted as a stray.
     */
    static final class TcpReceiver implements Receiver {
        private final ServerSocketChannel server;
        private final boolean blocking;
        private final StreamTransport owner;
        private final Topic topic;
        private final List<Connection> connections = new ArrayList<>();
        private Selector selector;
        private long nextAcceptNs;

        TcpReceiver(ServerSocketChannel server, boolean blocking, StreamTransport owner, Topic topic) {
            this.server = server;
            this.blocking = blocking;
            this.owner = owner;
            this.topic = topic;
        }

        private static final class Connection {
            final SocketChannel ch;
            boolean greeted;
            /** Why the connection is not a peer's, once known: it is closed at the next poll. */
            String stray;
            ByteBuffer in;
            UnsafeBuffer view;

            Connection(SocketChannel ch, int capacity) {
                this.ch = ch;
                this.in = ByteBuffer.allocateDirect(capacity);
                this.view = new UnsafeBuffer(in);
            }

            /** Room for a whole frame of {@code frameBytes}, keeping what is buffered. */
            void ensure(int frameBytes) {
                if (in.capacity() >= frameBytes) {
                    return;
                }
                ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(frameBytes, Math.min(MAX_FRAME_BYTES + 4,
                        2 * in.capacity())));
                in.flip();
                bigger.put(in);
                in = bigger;
                view = new UnsafeBuffer(in);
            }
        }

        /**
         * Accepts waiting connections: always while none is open, then at most every millisecond, so
         * a busy-polling receiver pays one read per poll, not an accept too.
         */
        private void accept() throws IOException {
            long now = System.nanoTime();
            if (!connections.isEmpty() && now - nextAcceptNs < 0) {
                return;
            }
            nextAcceptNs = now + ACCEPT_PERIOD_NS;
            SocketChannel ch;
            while ((ch = server.accept()) != null) {
                ch.configureBlocking(false);
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                ch.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER_BYTES);
                ch.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
                connections.add(new Connection(ch, INITIAL_BUFFER_BYTES));
                if (selector != null) {
                    ch.register(selector, SelectionKey.OP_READ);
                }
            }
        }

        @Override
        public int poll(MessageHandler handler, int limit) {
            if (!server.isOpen()) {
                return 0;
            }
            int n = 0;
            try {
                accept();
                for (int c = 0; c < connections.size() && n < limit; c++) {
                    Connection conn = connections.get(c);
                    int read = conn.ch.read(conn.in);
                    n += frames(conn, handler, limit - n);
                    if (read < 0 && !conn.greeted && conn.in.position() > 0) {
                        conn.stray = "closed after " + conn.in.position() + " bytes, before a whole greeting";
                    }
                    if (conn.stray != null) {
                        owner.stray(remote(conn), conn.stray);
                    }
                    if (read < 0 || conn.stray != null) {
                        closeQuietly(conn.ch);
                        connections.remove(c--);
                    }
                }
            } catch (IOException e) {
                if (!server.isOpen()) {
                    return n;
                }
                throw new WirebenchException(WirebenchException.RUN_FAILED, "TCP: receive failed (" + e + ")", e);
            }
            return n;
        }

        /** Hands out the whole frames buffered on {@code conn}, keeps a partial one. */
        private int frames(Connection conn, MessageHandler handler, int limit) {
            ByteBuffer in = conn.in;
            int end = in.position();
            int pos = 0;
            int n = 0;
            if (!conn.greeted) {
                if (end < HELLO_BYTES) {
                    return 0;
                }
                conn.stray = helloProblem(conn.view.getInt(0, java.nio.ByteOrder.BIG_ENDIAN),
                        conn.view.getInt(4, java.nio.ByteOrder.BIG_ENDIAN), topic);
                if (conn.stray != null) {
                    return 0;
                }
                conn.greeted = true;
                pos = HELLO_BYTES;
            }
            while (n < limit && end - pos >= FRAME_HEADER_BYTES) {
                int len = conn.view.getInt(pos, java.nio.ByteOrder.BIG_ENDIAN);
                if (len < 0 || len > MAX_FRAME_BYTES) {
                    conn.stray = "a frame of " + len + " bytes, at most " + MAX_FRAME_BYTES + " expected";
                    return n;
                }
                if (end - pos - FRAME_HEADER_BYTES < len) {
                    if (pos == 0) {
                        conn.ensure(FRAME_HEADER_BYTES + len);
                    }
                    break;
                }
                handler.onMessage(conn.view, pos + FRAME_HEADER_BYTES, len);
                pos += FRAME_HEADER_BYTES + len;
                n++;
            }
            if (pos > 0) {
                in.flip().position(pos);
                in.compact();
            }
            return n;
        }

        private static String remote(Connection conn) {
            try {
                return String.valueOf(conn.ch.getRemoteAddress());
            } catch (IOException e) {
                return "a peer";
            }
        }

        @Override
        public int awaitParked(MessageHandler handler, int limit, long timeoutNs) {
            return blocking ? await(handler, limit, timeoutNs) : Idle.awaitParked(this, handler, limit, timeoutNs, () -> 0);
        }

        @Override
        public int await(MessageHandler handler, int limit, long timeoutNs) {
            long deadline = System.nanoTime() + timeoutNs;
            while (true) {
                int n = poll(handler, limit);
                long left = deadline - System.nanoTime();
                if (n > 0 || left <= 0 || !server.isOpen()) {
                    return n;
                }
                if (!blocking) {
                    Thread.onSpinWait();
                    continue;
                }
                try {
                    if (selector == null) {
                        selector = Selector.open();
                        server.register(selector, SelectionKey.OP_ACCEPT);
                        for (Connection c : connections) {
                            c.ch.register(selector, SelectionKey.OP_READ);
                        }
                    }
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                    selector.selectedKeys().clear();
                    nextAcceptNs = System.nanoTime(); // a wake-up may be a new connection
                } catch (IOException e) {
                    if (!server.isOpen()) {
                        return 0;
                    }
                    throw new WirebenchException(WirebenchException.RUN_FAILED, "TCP: wait failed (" + e + ")", e);
                }
            }
        }

        @Override
        public void close() {
            closeQuietly(selector);
            for (Connection c : connections) {
                closeQuietly(c.ch);
            }
            closeQuietly(server);
        }
    }
}
