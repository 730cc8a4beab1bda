package wirebench.runner.transport.raw;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Ends;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.MessageHandler;
import wirebench.runner.transport.PortHolders;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * Plain UDP sockets ({@link DatagramChannel}) as a {@link Transport}: one message = one datagram,
 * so the harness's batching is the only batching; no retransmission (always best effort). Blocking
 * mode waits in the kernel ({@code recvfrom} with a timeout); non-blocking mode
 * ({@code -noBlockingSockets}) busy-polls, which is the machine's latency floor.
 */
public final class RawUdpTransport implements Transport {
    /** The largest UDP payload over IPv4. */
    public static final int MAX_DATAGRAM_BYTES = 65507;
    private static final int SOCKET_BUFFER_BYTES = 4 << 20;

    private final TransportSettings settings;
    private final Ends ends = new Ends();

    public RawUdpTransport(TransportSettings settings) {
        if (settings.maxMessageBytes() > MAX_DATAGRAM_BYTES) {
            throw WirebenchException.badInput("-rawTransport: a message of " + settings.maxMessageBytes()
                    + " bytes does not fit a UDP datagram (at most " + MAX_DATAGRAM_BYTES
                    + "); use a smaller -dataLen/-batchSize or Aeron");
        }
        this.settings = settings;
    }

    private InetAddress nicAddress() throws IOException {
        return settings.nic() == null ? null : InetAddress.getByName(settings.nic());
    }

    private String group(Topic topic) {
        return topic == Topic.DATA ? settings.multicastGroup() : settings.echoMulticastGroup();
    }

    @Override
    public synchronized Sender openSender(Topic topic) {
        try {
            DatagramChannel ch = DatagramChannel.open(StandardProtocolFamily.INET);
            ch.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
            List<InetSocketAddress> to = new ArrayList<>();
            int port = topic == Topic.DATA ? settings.dataPort() : settings.echoPort();
            if (settings.multicast()) {
                InetAddress nic = nicAddress();
                if (nic != null) {
                    NetworkInterface ni = NetworkInterface.getByInetAddress(nic);
                    if (ni != null) {
                        ch.setOption(StandardSocketOptions.IP_MULTICAST_IF, ni);
                    }
                }
                ch.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
                to.add(new InetSocketAddress(group(topic), port));
            } else {
                for (String peer : topic == Topic.DATA ? settings.dataPeers() : settings.echoPeers()) {
                    to.add(new InetSocketAddress(peer, port));
                }
            }
            if (to.size() == 1) {
                ch.connect(to.get(0)); // one destination: write() skips send()'s per-datagram address checks
            }
            RawSender s = new RawSender(ch, to);
            return ends.keep(s);
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "raw UDP: cannot open a sending socket for "
                    + topic + " (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public synchronized Receiver openReceiver(Topic topic) {
        int port = topic == Topic.DATA ? settings.dataPort() : settings.echoPort();
        try {
            DatagramChannel ch = DatagramChannel.open(StandardProtocolFamily.INET);
            ch.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER_BYTES);
            InetAddress nic = nicAddress();
            if (settings.multicast()) {
                ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
                ch.bind(new InetSocketAddress(port));
                NetworkInterface ni = nic == null ? null : NetworkInterface.getByInetAddress(nic);
                if (ni == null) {
                    throw WirebenchException.badInput("-multicast with -rawTransport needs -nic <address of a "
                            + "multicast-capable interface>, got " + settings.nic());
                }
                ch.join(InetAddress.getByName(group(topic)), ni);
            } else {
                ch.bind(nic == null ? new InetSocketAddress(port) : new InetSocketAddress(nic, port));
            }
            RawReceiver r = new RawReceiver(ch, settings.blockingSockets());
            return ends.keep(r);
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "raw UDP: cannot bind port " + port + " for "
                    + topic + " (" + e.getMessage() + "; " + topic.portInUseHint() + PortHolders.udp(port) + ")", e);
        }
    }

    /** Ethernet (14) + IPv4 (20) + UDP (8) header bytes of one datagram. */
    public static final int DATAGRAM_HEADER_BYTES = 42;

    /** One message = one datagram: the message plus 42 bytes of Ethernet, IPv4 and UDP headers. */
    @Override
    public long wireBytes(int messageBytes) {
        return messageBytes + (long) DATAGRAM_HEADER_BYTES;
    }

    @Override
    public int maxMessageBytes() {
        return MAX_DATAGRAM_BYTES;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "raw-udp");
        m.put("version", "java.nio DatagramChannel " + Runtime.version());
        m.put("receive", settings.blockingSockets() ? "blocking" : "non-blocking busy poll");
        m.put("data_destination", settings.multicast() ? settings.multicastGroup() + ":" + settings.dataPort()
                : settings.dataPeers() + ":" + settings.dataPort());
        m.put("echo_destination", settings.multicast() ? settings.echoMulticastGroup() + ":" + settings.echoPort()
                : settings.echoPeers() + ":" + settings.echoPort());
        m.put("reliable", false);
        return m;
    }

    @Override
    public void close() {
        ends.close();
    }

    private static final class RawSender implements Sender {
        private final DatagramChannel ch;
        private final List<InetSocketAddress> to;
        private final ByteBuffer out = ByteBuffer.allocateDirect(MAX_DATAGRAM_BYTES);
        private final UnsafeBuffer outView = new UnsafeBuffer(out);

        RawSender(DatagramChannel ch, List<InetSocketAddress> to) {
            this.ch = ch;
            this.to = to;
        }

        @Override
        public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
            outView.putBytes(0, buffer, offset, lengthBytes);
            try {
                if (to.size() == 1) {
                    out.clear().limit(lengthBytes);
                    ch.write(out);
                    return true;
                }
                for (InetSocketAddress a : to) {
                    out.clear().limit(lengthBytes);
                    ch.send(out, a);
                }
                return true;
            } catch (IOException e) {
                // ECONNREFUSED from an earlier datagram or a full buffer: UDP is best effort, the datagram is lost
                return true;
            }
        }

        @Override
        public void close() {
            try {
                ch.close();
            } catch (IOException e) {
                // nothing to release beyond the descriptor
            }
        }
    }

    private static final class RawReceiver implements Receiver {
        private final DatagramChannel ch;
        private final boolean blocking;
        private final ByteBuffer in = ByteBuffer.allocateDirect(MAX_DATAGRAM_BYTES);
        private final UnsafeBuffer inView = new UnsafeBuffer(in);
        private final byte[] packetBytes;
        private final DatagramPacket packet;
        private final UnsafeBuffer packetView;
        private boolean channelBlocking = true;

        RawReceiver(DatagramChannel ch, boolean blocking) throws IOException {
            this.ch = ch;
            this.blocking = blocking;
            this.packetBytes = blocking ? new byte[MAX_DATAGRAM_BYTES] : new byte[0];
            this.packet = new DatagramPacket(packetBytes, packetBytes.length);
            this.packetView = new UnsafeBuffer(packetBytes);
            setBlocking(blocking);
        }

        private void setBlocking(boolean b) throws IOException {
            if (channelBlocking != b) {
                ch.configureBlocking(b);
                channelBlocking = b;
            }
        }

        @Override
        public int poll(MessageHandler handler, int limit) {
            int n = 0;
            try {
                setBlocking(false);
                while (n < limit) {
                    in.clear();
                    if (ch.receive(in) == null) {
                        break;
                    }
                    handler.onMessage(inView, 0, in.position());
                    n++;
                }
            } catch (IOException e) {
                if (!ch.isOpen()) {
                    return n;
                }
                throw new WirebenchException(WirebenchException.RUN_FAILED, "raw UDP: receive failed (" + e + ")", e);
            }
            return n;
        }

        @Override
        public int awaitParked(MessageHandler handler, int limit, long timeoutNs) {
            return blocking ? await(handler, limit, timeoutNs) : Idle.awaitParked(this, handler, limit, timeoutNs, () -> 0);
        }

        @Override
        public int await(MessageHandler handler, int limit, long timeoutNs) {
            if (!blocking) {
                long deadline = System.nanoTime() + timeoutNs;
                while (true) {
                    int n = poll(handler, limit);
                    if (n > 0 || System.nanoTime() - deadline >= 0) {
                        return n;
                    }
                    Thread.onSpinWait();
                }
            }
            try {
                setBlocking(true);
                ch.socket().setSoTimeout((int) Math.max(1, timeoutNs / 1_000_000));
                packet.setLength(packetBytes.length);
                ch.socket().receive(packet);
                handler.onMessage(packetView, 0, packet.getLength());
                return 1;
            } catch (SocketTimeoutException e) {
                return 0;
            } catch (IOException e) {
                if (!ch.isOpen()) {
                    return 0;
                }
                throw new WirebenchException(WirebenchException.RUN_FAILED, "raw UDP: receive failed (" + e + ")", e);
            }
        }

        @Override
        public void close() {
            try {
                ch.close();
            } catch (IOException e) {
                // nothing to release beyond the descriptor
            }
        }
    }
}
