package wirebench.runner.udp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.spi.SelectorProvider;

/**
 * What every receive method shares: one IPv4 {@link DatagramChannel}, bound, with the SO_RCVBUF asked
 * for; the ACK sends, the port and the buffer size go through it. Subclasses add only how they wait
 * and receive.
 */
abstract class ChannelReceiver implements DatagramReceiver {
    protected final DatagramChannel channel;

    /**
     * Opens the channel from {@code provider}, sets SO_RCVBUF when {@code rcvbufBytes} &gt; 0, binds it
     * and makes it blocking or not; closes it again when a step fails.
     */
    ChannelReceiver(SelectorProvider provider, InetSocketAddress bind, int rcvbufBytes, boolean blocking)
            throws IOException {
        channel = provider.openDatagramChannel(StandardProtocolFamily.INET);
        try {
            if (rcvbufBytes > 0) {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, rcvbufBytes);
            }
            channel.bind(bind);
            channel.configureBlocking(blocking);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public final void send(ByteBuffer datagram, SocketAddress to) throws IOException {
        channel.send(datagram, to);
    }

    @Override
    public final int localPort() {
        return channel.socket().getLocalPort();
    }

    @Override
    public final int receiveBufferBytes() throws IOException {
        return channel.getOption(StandardSocketOptions.SO_RCVBUF);
    }
}
