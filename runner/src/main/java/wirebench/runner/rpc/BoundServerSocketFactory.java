package wirebench.runner.rpc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Objects;

/**
 * Server sockets bound to one local address ({@code --bind}); remembers the port of the last socket
 * it opened, so that a registry asked for port 0 can tell which ephemeral port it got.
 */
final class BoundServerSocketFactory implements RMIServerSocketFactory {
    private final InetAddress bindAddress;
    private volatile int lastPort = -1;

    /** @param bindAddress the local address, or null for all addresses */
    BoundServerSocketFactory(InetAddress bindAddress) {
        this.bindAddress = bindAddress;
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket s = new ServerSocket(port, 200, bindAddress);
        lastPort = s.getLocalPort();
        return s;
    }

    /** The port of the last server socket opened, or -1. */
    int lastPort() {
        return lastPort;
    }

    // RMI shares one listening port between objects exported with equal factories.
    @Override
    public boolean equals(Object o) {
        return o instanceof BoundServerSocketFactory
                && Objects.equals(((BoundServerSocketFactory) o).bindAddress, bindAddress);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(bindAddress);
    }
}
