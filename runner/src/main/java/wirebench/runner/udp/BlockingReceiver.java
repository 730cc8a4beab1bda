package wirebench.runner.udp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.spi.SelectorProvider;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * THREAD: the receive thread blocks in recvfrom(2), one datagram per call, as speed_test's THREAD
 * does: a blocking {@link DatagramChannel} (its descriptor stays blocking), into a direct buffer.
 *
 * <p>Not {@code DatagramSocket.receive} with a timeout: on Java 17 each such call switches the
 * descriptor to non-blocking and back, four fcntl(2) calls around every recvfrom (measured with
 * strace -c: 61751 fcntl for 15449 recvfrom), which made THREAD the slowest method. The server
 * still needs to wake up without traffic (idle timeout, stop): a waker thread checks every
 * {@link #WAKE_SLICE_MS} and, when no receive call returned in a whole slice, sends this socket a
 * 12-byte wake datagram (magic {@code WBUW} and a random token of this receiver), which
 * {@link #receive} swallows and reports as "nothing arrived". So a quiet socket returns within about
 * two slices whatever {@code timeoutMs} asks; the server checks its own clock after each return.
 */
final class BlockingReceiver extends ChannelReceiver {
    static final int WAKE_SLICE_MS = 25;
    static final int WAKE_BYTES = 12;
    private static final int WAKE_MAGIC = Datagrams.magic((byte) 'W');

    private final ByteBuffer slot;
    private final long token = ThreadLocalRandom.current().nextLong();
    private final DatagramChannel wakeChannel;
    private final Thread waker;
    private volatile long returns;
    private volatile boolean closed;
    private SocketAddress source;

    BlockingReceiver(InetSocketAddress bind, int rcvbufBytes) throws IOException {
        super(SelectorProvider.provider(), bind, rcvbufBytes, true);
        try {
            slot = Slots.direct(1)[0]; // here, not in a field initialiser: a failure must close the channel
            wakeChannel = DatagramChannel.open(StandardProtocolFamily.INET);
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            channel.close();
            throw e;
        }
        InetAddress a = bind.getAddress();
        InetSocketAddress self = new InetSocketAddress(a == null || a.isAnyLocalAddress()
                ? InetAddress.getLoopbackAddress() : a, channel.socket().getLocalPort());
        waker = new Thread(() -> wakeWhenQuiet(self), "udp-receive-waker");
        waker.setDaemon(true);
        waker.start();
    }

    /** The waker: a wake datagram to {@code self} whenever no receive call returned for a whole slice. */
    private void wakeWhenQuiet(InetSocketAddress self) {
        ByteBuffer wake = ByteBuffer.allocate(WAKE_BYTES);
        long seen = -1;
        while (!closed) {
            LockSupport.parkNanos(WAKE_SLICE_MS * 1_000_000L);
            long r = returns;
            if (r == seen) {
                wake.clear();
                wake.putInt(WAKE_MAGIC).putLong(token).flip();
                try {
                    wakeChannel.send(wake, self);
                } catch (IOException e) {
                    if (closed) {
                        return;
                    }
                    // a full buffer drops it; the next slice tries again
                }
            }
            seen = r;
        }
    }

    @Override
    public int receive(long timeoutMs) throws IOException {
        slot.clear();
        try {
            source = channel.receive(slot);
        } catch (ClosedChannelException e) {
            return 0;
        } finally {
            returns++; // one writer: this thread
        }
        slot.flip();
        if (slot.limit() == WAKE_BYTES && slot.getInt(0) == WAKE_MAGIC && slot.getLong(4) == token) {
            return 0;
        }
        return 1;
    }

    @Override
    public ByteBuffer datagram(int i) {
        return slot;
    }

    @Override
    public SocketAddress source(int i) {
        return source;
    }

    @Override
    public String description() {
        return "blocking " + channel.getClass().getName() + ".receive (recvfrom) on the receive thread, woken by a wake "
                + "datagram after " + WAKE_SLICE_MS + " ms without traffic";
    }

    @Override
    public void close() throws IOException {
        closed = true;
        try {
            channel.close();
        } finally {
            wakeChannel.close();
            waker.interrupt();
        }
    }
}
