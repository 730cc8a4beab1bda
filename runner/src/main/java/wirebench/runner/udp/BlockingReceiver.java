package wirebench.runner.udp;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;

/**
 * THREAD: the receive thread blocks in {@link DatagramSocket#receive} (with a timeout to notice the
 * end), one datagram per call, as speed_test's THREAD does.
 */
final class BlockingReceiver implements DatagramReceiver {
    private final DatagramSocket socket;
    private final byte[] bytes = new byte[65536];
    private final ByteBuffer view = ByteBuffer.wrap(bytes);
    private final DatagramPacket packet = new DatagramPacket(bytes, bytes.length);
    private int timeoutMs = -1;

    BlockingReceiver(InetSocketAddress bind, int rcvbufBytes) throws IOException {
        socket = new DatagramSocket(null);
        try {
            if (rcvbufBytes > 0) {
                socket.setReceiveBufferSize(rcvbufBytes);
            }
            socket.bind(bind);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    @Override
    public int receive(long timeoutMs) throws IOException {
        int t = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMs));
        if (t != this.timeoutMs) {
            socket.setSoTimeout(t);
            this.timeoutMs = t;
        }
        packet.setData(bytes, 0, bytes.length);
        try {
            socket.receive(packet);
        } catch (SocketTimeoutException e) {
            return 0;
        }
        view.clear();
        view.limit(packet.getLength());
        return 1;
    }

    @Override
    public ByteBuffer datagram(int i) {
        return view;
    }

    @Override
    public SocketAddress source(int i) {
        return packet.getSocketAddress();
    }

    @Override
    public void send(ByteBuffer datagram, SocketAddress to) throws IOException {
        byte[] b = new byte[datagram.remaining()];
        datagram.get(b);
        socket.send(new DatagramPacket(b, b.length, to));
    }

    @Override
    public int localPort() {
        return socket.getLocalPort();
    }

    @Override
    public int receiveBufferBytes() throws IOException {
        return socket.getReceiveBufferSize();
    }

    @Override
    public String description() {
        return "blocking " + socket.getClass().getName() + ".receive on the receive thread";
    }

    @Override
    public void close() {
        socket.close();
    }
}
