package wirebench.runner.rpc;

import java.net.InetAddress;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

import wirebench.contract.WirebenchException;

/**
 * The RMI side of {@code wirebench run rpc server}: a registry and the {@link SpeedTestService}
 * object, both on one TCP port (the original's registry port is 9249). Port 0 picks a free port
 * ({@link #port()} tells which). Closing unexports both.
 */
public final class RmiServer implements AutoCloseable {
    /** The name the service is bound under in the registry. */
    public static final String SERVICE_NAME = "wirebench-rpc-speedtester";
    /** The original's registry port. */
    public static final int DEFAULT_PORT = 9249;
    /** RMI's read timeout on the server's accepted connections (2 hours by default; 0 = none). */
    static final String READ_TIMEOUT_PROPERTY = "sun.rmi.transport.tcp.readTimeout";

    private final Registry registry;
    private final SpeedTestServant servant;
    private final int port;

    private RmiServer(Registry registry, SpeedTestServant servant, int port) {
        this.registry = registry;
        this.servant = servant;
        this.port = port;
    }

    /**
     * Starts a registry on {@code port} (0 = any free port) bound to {@code bindAddress} (null = all
     * addresses) and binds the service in it.
     *
     * @param timeoutMs the default connect and read timeout of the client sockets the stub carries
     * @throws WirebenchException exit 1 when the port is taken or RMI cannot start
     */
    public static RmiServer start(InetAddress bindAddress, int port, int timeoutMs) {
        if (bindAddress != null && System.getProperty("java.rmi.server.hostname") == null) {
            // stubs must name an address the server listens on; RMI reads this once per JVM
            System.setProperty("java.rmi.server.hostname", bindAddress.getHostAddress());
        }
        if (System.getProperty(READ_TIMEOUT_PROPERTY) == null) {
            // accepted connections wait for the next call in one blocking read, not in a timed read
            // (three system calls: docs/rpc.md); RMI reads this once per JVM, when it first exports
            System.setProperty(READ_TIMEOUT_PROPERTY, "0");
        }
        BoundServerSocketFactory ssf = new BoundServerSocketFactory(bindAddress);
        TimeoutSocketFactory csf = new TimeoutSocketFactory(timeoutMs, timeoutMs);
        String where = (bindAddress == null ? "*" : bindAddress.getHostAddress()) + ":" + port;
        Registry registry;
        try {
            registry = LocateRegistry.createRegistry(port, csf, ssf);
        } catch (RemoteException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "rpc server: cannot listen on " + where
                    + " (" + rootMessage(e) + ")", e);
        }
        int actualPort = port != 0 ? port : ssf.lastPort();
        SpeedTestServant servant = new SpeedTestServant();
        try {
            SpeedTestService stub = (SpeedTestService) UnicastRemoteObject.exportObject(servant, actualPort, csf, ssf);
            registry.rebind(SERVICE_NAME, stub);
        } catch (RemoteException e) {
            unexport(registry);
            throw new WirebenchException(WirebenchException.RUN_FAILED, "rpc server: cannot export the service on "
                    + where + " (" + rootMessage(e) + ")", e);
        }
        return new RmiServer(registry, servant, actualPort);
    }

    /** The registry's TCP port (also the service's). */
    public int port() {
        return port;
    }

    @Override
    public void close() {
        unexport(servant);
        unexport(registry);
    }

    private static void unexport(java.rmi.Remote obj) {
        try {
            UnicastRemoteObject.unexportObject(obj, true);
        } catch (NoSuchObjectException e) {
            // already gone: nothing to release
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m);
    }
}
