package wirebench.runner.udp;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * The server's socket seen through one receive method. Used by one thread at a time.
 * Implementations: {@link SelectorReceiver} (SELECT, EPOLL), {@link BlockingReceiver} (THREAD).
 */
interface DatagramReceiver extends Closeable {

    /**
     * Waits at most {@code timeoutMs} (at least 1) for one datagram.
     *
     * @return the datagram (position 0, limit = its length), valid until the next call; null when
     *         none arrived in time
     */
    ByteBuffer receive(long timeoutMs) throws IOException;

    /** Where the last datagram came from. */
    SocketAddress source();

    /** Sends a small control datagram (ACK) back. */
    void send(ByteBuffer datagram, SocketAddress to) throws IOException;

    int localPort();

    /** SO_RCVBUF as the JDK reports it: the size the kernel accepted (Linux's getsockopt shows twice that). */
    int receiveBufferBytes() throws IOException;

    /** What is really used, e.g. {@code poll selector: sun.nio.ch.PollSelectorImpl (provider sun.nio.ch.PollSelectorProvider)}. */
    String description();
}
