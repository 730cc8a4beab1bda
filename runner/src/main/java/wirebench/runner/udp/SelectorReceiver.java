package wirebench.runner.udp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.spi.SelectorProvider;

import wirebench.contract.WirebenchException;

/**
 * SELECT and EPOLL: a non-blocking channel drained (one recvfrom per datagram, up to
 * {@link #BATCH} per call, into direct buffers: no copy, no allocation), a selector wait only when
 * it is empty. The channel
 * and the selector come from one explicitly chosen {@link SelectorProvider}, so SELECT (poll) and
 * EPOLL can both run in one JVM whatever the JVM-wide default provider is.
 */
final class SelectorReceiver extends ChannelReceiver {
    static final String POLL_PROVIDER = "sun.nio.ch.PollSelectorProvider";
    static final String EPOLL_PROVIDER = "sun.nio.ch.EPollSelectorProvider";

    /** Datagrams taken per {@link #receive} call at most (the server reads the clock once per call). */
    static final int BATCH = 32;

    private final Selector selector;
    private final ByteBuffer[] slots;
    private final SocketAddress[] sources = new SocketAddress[BATCH];

    SelectorReceiver(ReceiveMethod method, InetSocketAddress bind, int rcvbufBytes) throws IOException {
        this(provider(method == ReceiveMethod.SELECT ? POLL_PROVIDER : EPOLL_PROVIDER), bind, rcvbufBytes);
    }

    private SelectorReceiver(SelectorProvider provider, InetSocketAddress bind, int rcvbufBytes) throws IOException {
        super(provider, bind, rcvbufBytes, false);
        Selector opened = null;
        try {
            slots = Slots.direct(BATCH); // here, not in a field initialiser: a failure must close the channel
            opened = provider.openSelector();
            channel.register(opened, SelectionKey.OP_READ);
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            if (opened != null) {
                opened.close();
            }
            channel.close();
            throw e;
        }
        selector = opened;
    }

    /**
     * The provider of that class name: the JVM-wide default when it is that class, else a fresh
     * instance (needs {@code --add-opens java.base/sun.nio.ch=ALL-UNNAMED}, which the launcher passes).
     */
    static SelectorProvider provider(String className) {
        SelectorProvider dflt = SelectorProvider.provider();
        if (dflt.getClass().getName().equals(className)) {
            return dflt;
        }
        try {
            return (SelectorProvider) Class.forName(className).getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "cannot use " + className + " ("
                    + e + "); the JVM's default is " + dflt.getClass().getName() + ". Run with --add-opens "
                    + "java.base/sun.nio.ch=ALL-UNNAMED (the wirebench launcher does) or with "
                    + "-Djava.nio.channels.spi.SelectorProvider=" + className);
        }
    }

    @Override
    public int receive(long timeoutMs) throws IOException {
        int n = drain();
        if (n == 0) {
            selector.selectedKeys().clear();
            selector.select(Math.max(1, timeoutMs));
            n = drain();
        }
        return n;
    }

    /** Takes what the socket holds, up to {@link #BATCH} datagrams, without waiting. */
    private int drain() throws IOException {
        int n = 0;
        while (n < BATCH) {
            ByteBuffer b = slots[n];
            b.clear();
            SocketAddress from = channel.receive(b);
            if (from == null) {
                break;
            }
            b.flip();
            sources[n++] = from;
        }
        return n;
    }

    @Override
    public ByteBuffer datagram(int i) {
        return slots[i];
    }

    @Override
    public SocketAddress source(int i) {
        return sources[i];
    }

    @Override
    public String description() {
        return "non-blocking channel + selector " + selector.getClass().getName() + " (provider "
                + selector.provider().getClass().getName() + ", channel provider "
                + channel.provider().getClass().getName() + ")";
    }

    @Override
    public void close() throws IOException {
        try {
            selector.close();
        } finally {
            channel.close();
        }
    }
}
