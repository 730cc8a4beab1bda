package wirebench.runner.rpc;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;

/**
 * The client sockets of wirebench's RMI service: a connect timeout and a read timeout on every
 * connection (kept by a watchdog, not {@code SO_TIMEOUT}: {@link WatchedSocket}), so a call to a dead,
 * stopped or unreachable server fails with a {@link java.rmi.RemoteException} instead of hanging
 * forever (the original SpeedTester hangs).
 * TCP_NODELAY is on, as the JDK's default RMI sockets have it.
 *
 * <p>The server exports its stub with this factory, so it travels to the client; the timeouts the
 * client chooses ({@link #setClientTimeouts}) override the server's defaults in the client's JVM.
 */
public final class TimeoutSocketFactory implements RMIClientSocketFactory, Serializable {
    private static final long serialVersionUID = 1L;

    /** Used when neither side chose: generous enough for a 50000-byte call on a slow network. */
    public static final int DEFAULT_TIMEOUT_MS = 10_000;

    private static volatile int clientConnectTimeoutMs;
    private static volatile int clientReadTimeoutMs;

    private final int connectTimeoutMs;
    private final int readTimeoutMs;

    public TimeoutSocketFactory(int connectTimeoutMs, int readTimeoutMs) {
        this.connectTimeoutMs = connectTimeoutMs;
        this.readTimeoutMs = readTimeoutMs;
    }

    /** Sets this JVM's timeouts for every RMI socket made by this factory (0 = use the server's). */
    public static void setClientTimeouts(int connectTimeoutMs, int readTimeoutMs) {
        clientConnectTimeoutMs = connectTimeoutMs;
        clientReadTimeoutMs = readTimeoutMs;
    }

    /** The read timeout that new sockets get in this JVM, in ms. */
    public int effectiveReadTimeoutMs() {
        return clientReadTimeoutMs > 0 ? clientReadTimeoutMs : readTimeoutMs;
    }

    int effectiveConnectTimeoutMs() {
        return clientConnectTimeoutMs > 0 ? clientConnectTimeoutMs : connectTimeoutMs;
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket s = new WatchedSocket(effectiveReadTimeoutMs());
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), effectiveConnectTimeoutMs());
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    // RMI shares connections and listening ports only between equal factories.
    @Override
    public boolean equals(Object o) {
        return o instanceof TimeoutSocketFactory && ((TimeoutSocketFactory) o).connectTimeoutMs == connectTimeoutMs
                && ((TimeoutSocketFactory) o).readTimeoutMs == readTimeoutMs;
    }

    @Override
    public int hashCode() {
        return 31 * connectTimeoutMs + readTimeoutMs;
    }
}
