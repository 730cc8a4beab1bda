package wirebench.runner.udp;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * The server's socket seen through one receive method, a batch of datagrams per call. Used by one
 * thread at a time. Implementations extend {@link ChannelReceiver} (the channel, the ACK sends):
 * {@link SelectorReceiver} (SELECT, EPOLL: drains the socket with one recvfrom each),
 * {@link BlockingReceiver} (THREAD: one datagram per call), {@link RecvmmsgReceiver} (RECVMMSG:
 * one recvmmsg for the whole batch).
 */
interface DatagramReceiver extends Closeable {

    /**
     * Waits at most {@code timeoutMs} (at least 1) for datagrams and takes those the socket holds, up
     * to the batch size.
     *
     * @return how many were received (0 when none arrived in time); read them with
     *         {@link #datagram(int)} and {@link #source(int)} until the next call
     */
    int receive(long timeoutMs) throws IOException;

    /** Datagram {@code i} of the last batch: position 0, limit = its length, big-endian; valid until the next receive. */
    ByteBuffer datagram(int i);

    /** Where datagram {@code i} of the last batch came from. */
    SocketAddress source(int i);

    /** Sends a small control datagram (ACK) back. */
    void send(ByteBuffer datagram, SocketAddress to) throws IOException;

    int localPort();

    /** SO_RCVBUF as the JDK reports it: the size the kernel accepted (Linux's getsockopt shows twice that). */
    int receiveBufferBytes() throws IOException;

    /** What is really used, e.g. {@code poll selector: sun.nio.ch.PollSelectorImpl (provider sun.nio.ch.PollSelectorProvider)}. */
    String description();
}
