package wirebench.runner.udp;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.nio.channels.spi.SelectorProvider;

import wirebench.contract.WirebenchException;

/**
 * RECVMMSG: up to {@link #BATCH} datagrams per recvmmsg(2) system call, straight into native
 * memory the server reads through ByteBuffer views (no copy, no allocation per datagram), and a
 * poll(2) wait only when the socket is empty. The socket is a JDK {@link DatagramChannel} (bind,
 * SO_RCVBUF, the ACK sends, close: as the other methods), non-blocking; only the receive and the
 * wait are libc calls, bound through the Foreign Function &amp; Memory API ({@link NativeLinux}),
 * so this method needs Java 22+ on Linux ({@link NativeLinux#refusal}).
 *
 * <p>Native layout (LP64 Linux): {@code struct mmsghdr} is 64 bytes (a 56-byte {@code msghdr}:
 * name pointer at 0, namelen at 8, iov pointer at 16, iovlen at 24, control at 32/40, flags at 48;
 * then {@code msg_len} at 56); {@code struct iovec} 16 bytes; {@code sockaddr_in} 16 bytes;
 * {@code struct pollfd} 8 bytes.
 */
final class RecvmmsgReceiver extends ChannelReceiver {
    /** Datagrams per recvmmsg call at most. */
    static final int BATCH = 64;
    static final int MMSGHDR_BYTES = 64;
    static final int IOVEC_BYTES = 16;
    static final int SOCKADDR_IN_BYTES = 16;
    static final int POLLFD_BYTES = 8;
    private static final int MSG_DONTWAIT = 0x40;
    private static final short POLLIN = 0x1;

    private final int fd;
    private final NativeLinux libc;
    private final MethodHandle recvmmsg;
    private final MethodHandle poll;
    private final Object headers;
    private final ByteBuffer headerView;
    private final ByteBuffer names;
    private final Object pollfd;
    private final ByteBuffer[] slots;
    private final Object errnoState;
    private final Object nullPointer;

    RecvmmsgReceiver(InetSocketAddress bind, int rcvbufBytes) throws IOException {
        super(SelectorProvider.provider(), refuseUnlessNative(bind), rcvbufBytes, false);
        NativeLinux n = null;
        try {
            fd = fdOf(channel);
            n = new NativeLinux();
            libc = n;
            recvmmsg = n.intFunction("recvmmsg", int.class, Object.class, int.class, int.class, Object.class);
            poll = n.intFunction("poll", Object.class, int.class, int.class);
            errnoState = n.errnoState();
            nullPointer = n.nullPointer();
            headers = n.allocate((long) BATCH * (MMSGHDR_BYTES + IOVEC_BYTES + SOCKADDR_IN_BYTES));
            headerView = n.view(headers, ByteOrder.nativeOrder());
            Object data = n.allocate((long) BATCH * Slots.SLOT_BYTES);
            slots = Slots.views(n.view(data, ByteOrder.BIG_ENDIAN), BATCH);
            layOut(n.address(headers), n.address(data));
            names = headerView.duplicate().order(ByteOrder.BIG_ENDIAN);
            pollfd = n.allocate(POLLFD_BYTES);
            ByteBuffer p = n.view(pollfd, ByteOrder.nativeOrder());
            p.putInt(0, fd);
            p.putShort(4, POLLIN);
        } catch (ReflectiveOperationException | RuntimeException e) {
            if (n != null) {
                n.close();
            }
            channel.close();
            throw new WirebenchException(WirebenchException.RUN_FAILED, "recvmmsg: cannot bind the native calls "
                    + "through the Foreign Function & Memory API (" + e + "); run with --add-opens "
                    + "java.base/sun.nio.ch=ALL-UNNAMED --enable-native-access=ALL-UNNAMED (the wirebench launcher does)", e);
        }
    }

    /** Refuses before any socket is opened when the native calls cannot be bound here; else {@code bind}. */
    private static InetSocketAddress refuseUnlessNative(InetSocketAddress bind) {
        NativeLinux.refusal().ifPresent(why -> {
            throw new WirebenchException(WirebenchException.USAGE, why);
        });
        return bind;
    }

    /** The channel's file descriptor (needs {@code --add-opens java.base/sun.nio.ch=ALL-UNNAMED}). */
    private static int fdOf(DatagramChannel ch) throws ReflectiveOperationException {
        return (int) Class.forName("sun.nio.ch.SelChImpl").getMethod("getFDVal").invoke(ch);
    }

    /** Points each mmsghdr at its own iovec (one slot of {@code data}) and sockaddr_in. */
    private void layOut(long headersAddress, long dataAddress) {
        int iovecs = BATCH * MMSGHDR_BYTES;
        int sockaddrs = iovecs + BATCH * IOVEC_BYTES;
        for (int i = 0; i < BATCH; i++) {
            int h = i * MMSGHDR_BYTES;
            int iov = iovecs + i * IOVEC_BYTES;
            headerView.putLong(h, headersAddress + sockaddrs + (long) i * SOCKADDR_IN_BYTES);
            headerView.putInt(h + 8, SOCKADDR_IN_BYTES);
            headerView.putLong(h + 16, headersAddress + iov);
            headerView.putLong(h + 24, 1);
            headerView.putLong(iov, dataAddress + (long) i * Slots.SLOT_BYTES);
            headerView.putLong(iov + 8, Slots.SLOT_BYTES);
        }
    }

    @Override
    public int receive(long timeoutMs) throws IOException {
        int n = take();
        if (n == 0) {
            int ready = call(poll, pollfd, 1, (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMs)));
            if (ready < 0 && libc.errno() != NativeLinux.EINTR) {
                throw new IOException("poll failed: errno " + libc.errno());
            }
            n = ready > 0 ? take() : 0;
        }
        for (int i = 0; i < n; i++) {
            ByteBuffer b = slots[i];
            b.clear();
            b.limit(headerView.getInt(i * MMSGHDR_BYTES + 56));
        }
        return n;
    }

    /** One recvmmsg without waiting: the datagrams taken, 0 when the socket is empty. */
    private int take() throws IOException {
        int n = call(recvmmsg, fd, headers, BATCH, MSG_DONTWAIT, nullPointer);
        if (n < 0) {
            int errno = libc.errno();
            if (errno == NativeLinux.EAGAIN || errno == NativeLinux.EINTR) {
                return 0;
            }
            throw new IOException("recvmmsg failed: errno " + errno);
        }
        for (int i = 0; i < n; i++) {
            headerView.putInt(i * MMSGHDR_BYTES + 8, SOCKADDR_IN_BYTES); // the kernel wrote the length it used
        }
        return n;
    }

    private int call(MethodHandle h, int a, Object b, int c, int d, Object e) throws IOException {
        try {
            return (int) h.invokeExact(errnoState, a, b, c, d, e);
        } catch (RuntimeException | Error x) {
            throw x;
        } catch (Throwable t) {
            throw new IOException("recvmmsg: " + t, t);
        }
    }

    private int call(MethodHandle h, Object a, int b, int c) throws IOException {
        try {
            return (int) h.invokeExact(errnoState, a, b, c);
        } catch (RuntimeException | Error x) {
            throw x;
        } catch (Throwable t) {
            throw new IOException("poll: " + t, t);
        }
    }

    @Override
    public ByteBuffer datagram(int i) {
        return slots[i];
    }

    /** The sockaddr_in the kernel filled for datagram {@code i}: port and address in network order. */
    @Override
    public SocketAddress source(int i) {
        int at = BATCH * (MMSGHDR_BYTES + IOVEC_BYTES) + i * SOCKADDR_IN_BYTES;
        byte[] addr = new byte[4];
        for (int k = 0; k < 4; k++) {
            addr[k] = names.get(at + 4 + k);
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(addr), names.getShort(at + 2) & 0xFFFF);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException("4 bytes are always an IPv4 address", e);
        }
    }

    @Override
    public String description() {
        return "non-blocking channel, recvmmsg(2) up to " + BATCH + " datagrams per call and poll(2) when empty, "
                + "through the Foreign Function & Memory API (Java " + Runtime.version().feature() + ")";
    }

    @Override
    public void close() throws IOException {
        try {
            channel.close();
        } finally {
            libc.close();
        }
    }
}
