package wirebench.runner.transport.tcp;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.TransportSettings;

/**
 * TLS 1.3 over TCP as a {@link Transport} ({@code -transport TLS}): the framing and connection
 * pattern of {@link TcpTransport} (4-byte length prefix, {@code TCP_NODELAY}, receivers listen,
 * senders connect to every peer), on JSSE {@link SSLSocket}s. JSSE's sockets block, so each
 * accepted connection has a reader thread that decrypts whole frames into a queue which
 * {@link Receiver#poll} drains: one thread hand-off per message on top of TCP's path. Keys and
 * trust come from {@link TlsKeys}.
 */
public final class TlsTransport extends StreamTransport {
    private final TlsKeys keys;

    public TlsTransport(TransportSettings settings, TlsKeys keys) {
        super(settings);
        this.keys = keys;
    }

    @Override
    public Sender openSender(Topic topic) {
        return keep(new TlsSender(destinations(topic), topic));
    }

    @Override
    public Receiver openReceiver(Topic topic) {
        int port = port(topic);
        try {
            SSLServerSocket ss = (SSLServerSocket) keys.context().getServerSocketFactory().createServerSocket();
            ss.setReuseAddress(true);
            ss.setEnabledProtocols(new String[] {TlsKeys.PROTOCOL});
            ss.setNeedClientAuth(true); // peers of a run authenticate each other (TlsKeys)
            ss.bind(settings.nic() == null ? new InetSocketAddress(port)
                    : new InetSocketAddress(InetAddress.getByName(settings.nic()), port));
            return keep(new TlsReceiver(ss, TcpTransport.MAX_FRAME_BYTES, topic, this));
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "TLS: cannot listen on port " + port + " for "
                    + topic + " (" + e.getMessage() + "; " + topic.portInUseHint() + ")", e);
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = describe("tls", "JSSE " + TlsKeys.PROTOCOL + " " + Runtime.version(),
                "a reader thread per connection, frames handed over a queue");
        m.put("keys", keys.describe());
        return m;
    }

    private final class TlsSender implements Sender {
        private final List<InetSocketAddress> to;
        private final SSLSocket[] sockets;
        private final OutputStream[] outs;
        private final long[] nextAttemptNs;
        private byte[] frame = new byte[0];
        private final Topic topic;

        TlsSender(List<InetSocketAddress> to, Topic topic) {
            this.to = to;
            this.topic = topic;
            this.sockets = new SSLSocket[to.size()];
            this.outs = new OutputStream[to.size()];
            this.nextAttemptNs = new long[to.size()];
        }

        private boolean connect(int i) {
            if (sockets[i] != null) {
                return true;
            }
            long now = System.nanoTime();
            if (now - nextAttemptNs[i] < 0) {
                return false;
            }
            nextAttemptNs[i] = now + TimeUnit.MILLISECONDS.toNanos(10);
            Socket plain = new Socket();
            try {
                plain.setTcpNoDelay(true);
                if (settings.nic() != null) {
                    plain.bind(new InetSocketAddress(InetAddress.getByName(settings.nic()), 0));
                }
                plain.connect(to.get(i), 1000);
                SSLSocket s = (SSLSocket) keys.context().getSocketFactory().createSocket(plain,
                        to.get(i).getHostString(), to.get(i).getPort(), true);
                s.setEnabledProtocols(new String[] {TlsKeys.PROTOCOL});
                s.setUseClientMode(true);
                s.startHandshake();
                sockets[i] = s;
                outs[i] = new BufferedOutputStream(s.getOutputStream(), 1 << 16);
                outs[i].write(hello(topic).array());
                return true;
            } catch (javax.net.ssl.SSLException e) {
                closeQuietly(plain);
                throw WirebenchException.badInput("TLS: handshake with " + to.get(i) + " failed (" + e.getMessage()
                        + "; both sides need -transport TLS and certificates the other side trusts: the same -transportCertFile, "
                        + "one signed by -transportCertAuthority, or without them the same user's certificate in "
                        + UserCertificate.shown() + " on both hosts)");
            } catch (IOException e) {
                closeQuietly(plain); // the peer does not listen yet: try again later
                return false;
            }
        }

        @Override
        public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
            if (!connectAny(to.size(), this::connect)) {
                return false;
            }
            int total = FRAME_HEADER_BYTES + lengthBytes;
            if (frame.length < total) {
                frame = new byte[Math.max(total, Math.min(settings.maxMessageBytes() + 4, 2 * total))];
            }
            UnsafeBuffer view = new UnsafeBuffer(frame);
            view.putInt(0, lengthBytes, java.nio.ByteOrder.BIG_ENDIAN);
            buffer.getBytes(offset, frame, FRAME_HEADER_BYTES, lengthBytes);
            for (int i = 0; i < to.size(); i++) {
                if (outs[i] == null) {
                    continue;
                }
                try {
                    outs[i].write(frame, 0, total);
                    outs[i].flush();
                } catch (IOException e) {
                    closeQuietly(sockets[i]); // the peer closed its end: it gets no more messages
                    sockets[i] = null;
                    outs[i] = null;
                }
            }
            return true;
        }

        @Override
        public void close() {
            for (SSLSocket s : sockets) {
                closeQuietly(s);
            }
        }
    }

    /**
     * Accepts connections on a thread; a reader thread per connection completes the handshake, checks
     * the greeting and queues whole frames. A failed handshake, a wrong greeting or a frame no peer
     * sends closes that connection as a stray.
     */
    private static final class TlsReceiver implements Receiver {
        private final ServerSocket server;
        private final int maxMessageBytes;
        private final Topic topic;
        private final StreamTransport owner;
        private final LinkedBlockingQueue<byte[]> frames = new LinkedBlockingQueue<>(1 << 16);
        private final List<Socket> accepted = new ArrayList<>();
        private volatile RuntimeException failure;
        private volatile boolean closed;
        private UnsafeBuffer view = new UnsafeBuffer(new byte[0]);

        TlsReceiver(ServerSocket server, int maxMessageBytes, Topic topic, StreamTransport owner) {
            this.server = server;
            this.maxMessageBytes = maxMessageBytes;
            this.topic = topic;
            this.owner = owner;
            Thread t = new Thread(this::acceptLoop, "wirebench-tls-accept-" + topic);
            t.setDaemon(true);
            t.start();
        }

        private void acceptLoop() {
            while (!closed) {
                try {
                    Socket s = server.accept();
                    s.setTcpNoDelay(true);
                    synchronized (accepted) {
                        accepted.add(s);
                    }
                    Thread r = new Thread(() -> readLoop(s), "wirebench-tls-read");
                    r.setDaemon(true);
                    r.start();
                } catch (IOException e) {
                    if (!closed) {
                        failure = new WirebenchException(WirebenchException.RUN_FAILED, "TLS: accept failed (" + e
                                + ")", e);
                    }
                    return;
                }
            }
        }

        private void readLoop(Socket s) {
            try {
                ((SSLSocket) s).startHandshake();
            } catch (IOException e) {
                if (!closed) {
                    owner.stray(s.getRemoteSocketAddress(), "TLS handshake failed: " + e.getMessage());
                }
                closeQuietly(s);
                return;
            }
            try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(s.getInputStream(), 1 << 16))) {
                String problem = helloProblem(in.readInt(), in.readInt(), topic);
                while (!closed && problem == null) {
                    int len = in.readInt();
                    if (len < 0 || len > maxMessageBytes) {
                        problem = "a frame of " + len + " bytes, at most " + maxMessageBytes + " expected";
                        break;
                    }
                    byte[] m = new byte[len];
                    in.readFully(m);
                    frames.put(m);
                }
                if (problem != null && !closed) {
                    owner.stray(s.getRemoteSocketAddress(), problem);
                }
            } catch (EOFException e) {
                // the sender finished
            } catch (IOException e) {
                // a connection reset: the sender's side reports it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                closeQuietly(s);
            }
        }

        private int deliver(byte[] m, MessageHandler handler) {
            view.wrap(m);
            handler.onMessage(view, 0, m.length);
            return 1;
        }

        @Override
        public int poll(MessageHandler handler, int limit) {
            if (failure != null) {
                throw failure;
            }
            int n = 0;
            byte[] m;
            while (n < limit && (m = frames.poll()) != null) {
                n += deliver(m, handler);
            }
            return n;
        }

        @Override
        public int await(MessageHandler handler, int limit, long timeoutNs) {
            int n = poll(handler, limit);
            if (n > 0 || closed) {
                return n;
            }
            try {
                byte[] m = frames.poll(timeoutNs, TimeUnit.NANOSECONDS);
                return m == null ? 0 : deliver(m, handler) + poll(handler, limit - 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 0;
            }
        }

        @Override
        public void close() {
            closed = true;
            closeQuietly(server);
            synchronized (accepted) {
                accepted.forEach(StreamTransport::closeQuietly);
            }
        }
    }
}
