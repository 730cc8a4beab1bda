package wirebench.runner.rpc;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A client socket of the RMI service that connects and reads in blocking mode, without a connect
 * timeout or {@code SO_TIMEOUT}; a watchdog closes it when a connect or one read has waited longer
 * than its timeout, and the call then fails with {@link SocketTimeoutException} as a timed one would.
 * Why: the JDK's socket implementation (NioSocketImpl) puts a socket in non-blocking mode for a timed
 * connect or read and leaves it there, and a non-blocking read that waits is three system calls (a
 * {@code read} that finds nothing, {@code poll}, {@code read}) where a blocking read is one; an RMI
 * call is a write and a read on each side (docs/rpc.md counts them). The watchdog costs a volatile
 * write on each side of a read and one scan of the open sockets every {@link #scanMs} ms, off the
 * call's path.
 */
final class WatchedSocket extends java.net.Socket {
    /**
     * The sockets being watched: one daemon thread scans them. JVM-wide like a timer thread (RMI
     * makes these sockets through a factory it deserializes with the stub, so no owner object
     * outlives the calls); a socket leaves the set when it is closed.
     */
    private static final Set<WatchedSocket> OPEN = ConcurrentHashMap.newKeySet();
    private static ScheduledExecutorService watchdog;
    private static long scanMs = Long.MAX_VALUE;

    private final long timeoutNs;
    /** The limit of the wait in progress: the connect timeout, then the read timeout. */
    private volatile long limitNs;
    /** {@link System#nanoTime()} when the wait in progress started (low bit set), 0 when none is. */
    private volatile long readSinceNs;
    private volatile boolean expired;
    private InputStream in;
    /** What a caller set as {@code SO_TIMEOUT} (RMI does around its handshake), kept by the watchdog. */
    private volatile int soTimeoutMs;

    WatchedSocket(int readTimeoutMs) {
        this.timeoutNs = TimeUnit.MILLISECONDS.toNanos(readTimeoutMs);
        this.limitNs = timeoutNs;
        if (readTimeoutMs > 0) {
            watch(this, readTimeoutMs);
        }
    }

    /**
     * Keeps a caller's read timeout (RMI sets one around its connection handshake, and the JDK would
     * leave the socket non-blocking after it) by the watchdog instead; 0 restores this socket's own.
     */
    @Override
    public void setSoTimeout(int timeoutMs) throws SocketException {
        if (timeoutMs < 0) {
            throw new IllegalArgumentException("timeout < 0");
        }
        soTimeoutMs = timeoutMs;
        if (timeoutMs > 0) {
            watch(this, timeoutMs);
        }
        limitNs = timeoutMs > 0 ? TimeUnit.MILLISECONDS.toNanos(timeoutMs) : timeoutNs;
    }

    @Override
    public int getSoTimeout() {
        return soTimeoutMs;
    }

    /** Connects in blocking mode; the watchdog ends a connect that takes longer than {@code timeoutMs}. */
    @Override
    public void connect(java.net.SocketAddress endpoint, int timeoutMs) throws IOException {
        if (timeoutMs > 0) {
            watch(this, timeoutMs);
            limitNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            readSinceNs = System.nanoTime() | 1;
        }
        try {
            super.connect(endpoint, 0);
        } catch (SocketException e) {
            if (expired) {
                SocketTimeoutException t = new SocketTimeoutException("Connect timed out (" + timeoutMs + " ms)");
                t.initCause(e);
                throw t;
            }
            throw e;
        } finally {
            readSinceNs = 0;
            limitNs = soTimeoutMs > 0 ? TimeUnit.MILLISECONDS.toNanos(soTimeoutMs) : timeoutNs;
        }
    }

    private static synchronized void watch(WatchedSocket s, int readTimeoutMs) {
        OPEN.add(s);
        long every = Math.max(10, Math.min(100, readTimeoutMs / 4));
        if (watchdog == null || every < scanMs) {
            if (watchdog != null) {
                watchdog.shutdown();
            }
            scanMs = every;
            watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "wirebench-rpc-read-watchdog");
                t.setDaemon(true);
                return t;
            });
            watchdog.scheduleWithFixedDelay(WatchedSocket::scan, every, every, TimeUnit.MILLISECONDS);
        }
    }

    private static void scan() {
        long now = System.nanoTime();
        for (WatchedSocket s : OPEN) {
            long since = s.readSinceNs;
            if (s.isClosed()) {
                OPEN.remove(s);
            } else if (since != 0 && s.limitNs > 0 && now - since > s.limitNs) {
                s.expired = true;
                try {
                    s.close();
                } catch (IOException e) {
                    // closing is all the watchdog can do; the read fails either way
                }
            }
        }
    }

    @Override
    public synchronized InputStream getInputStream() throws IOException {
        if (in == null) {
            in = new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    readSinceNs = System.nanoTime() | 1;
                    try {
                        return super.read();
                    } catch (SocketException e) {
                        throw expired(e);
                    } finally {
                        readSinceNs = 0;
                    }
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    readSinceNs = System.nanoTime() | 1;
                    try {
                        return super.read(b, off, len);
                    } catch (SocketException e) {
                        throw expired(e);
                    } finally {
                        readSinceNs = 0;
                    }
                }
            };
        }
        return in;
    }

    private IOException expired(SocketException e) {
        if (!expired) {
            return e;
        }
        SocketTimeoutException t = new SocketTimeoutException("Read timed out (no answer within "
                + TimeUnit.NANOSECONDS.toMillis(limitNs) + " ms)");
        t.initCause(e);
        return t;
    }

    @Override
    public synchronized void close() throws IOException {
        OPEN.remove(this);
        super.close();
    }
}
