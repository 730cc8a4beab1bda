package wirebench.runner.transport;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Counts the threads of a run that busy-wait on this host: each role thread that polls (Aeron, DDS
 * without {@code -ddsWaitset}, and raw UDP or TCP with {@code -noBlockingSockets}; a blocking
 * receive or a waitset waits in the kernel), plus the
 * embedded Aeron driver's own threads (INVOKER 0: the roles run its duty cycle; SHARED 1;
 * SHARED_NETWORK 2; DEDICATED 3). A DDS subscriber alone in its process with {@code -ddsDelivery
 * listener} (the default) does not poll: its role thread parks while Cyclone's receive thread
 * delivers. With one role here and every peer on this host (loopback or one of its addresses) the
 * peer process is counted too, as the other role on the same settings.
 */
public final class SpinningThreads {
    private SpinningThreads() {
    }

    /** The count for {@code ts} with these roles in this process, and a local peer's: the other role, same settings. */
    public static int count(TransportSettings ts, boolean publisher, boolean subscriber) {
        int here = own(ts, publisher, subscriber);
        return peerHere(ts, publisher, subscriber) ? here + own(ts, subscriber, publisher) : here;
    }

    /** One role here, unicast, and every peer on this host: the peer process runs beside this one. */
    public static boolean peerHere(TransportSettings ts, boolean publisher, boolean subscriber) {
        if (publisher == subscriber || ts.multicast()) {
            return false;
        }
        List<String> peers = publisher ? ts.dataPeers() : ts.echoPeers();
        return !peers.isEmpty() && peers.stream().allMatch(SpinningThreads::local);
    }

    /** The port the peer receives on (and binds): a publisher's subscribers the data port, a subscriber's publisher the echo port. */
    public static int peerPort(TransportSettings ts, boolean publisher) {
        return publisher ? ts.dataPort() : ts.echoPort();
    }

    /**
     * The busy-waiting threads of this process alone. The start guess of {@code -idleStrategy auto}
     * uses this, not {@link #count}: the peer's CPUs are not known here (both roles
     * {@code taskset -c 0}, or each on a core of its own beside other work, look the same from one
     * side), and a wrong guess of yield next to a busy core costs a time slice per wait, which the
     * trials cannot undo (a spin trial that starts while the peer is off its core measures slices
     * too), while a wrong guess of spin on a core the peer shares is a spin (300 us) per wait, which the
     * yield trial measures cleanly.
     */
    public static int own(TransportSettings ts, boolean publisher, boolean subscriber) {
        int roles = (publisher ? 1 : 0) + (subscriber ? 1 : 0);
        boolean aeron = ts.kind() == TransportSettings.Kind.AERON_UDP || ts.kind() == TransportSettings.Kind.AERON_IPC;
        boolean dds = ts.kind() == TransportSettings.Kind.DDS || ts.kind() == TransportSettings.Kind.DDS_SHM;
        boolean polling = dds ? !ddsWaitset(ts)
                : aeron || (ts.kind() != TransportSettings.Kind.TLS && !ts.blockingSockets());
        int perRole = polling ? 1 : 0;
        int parked = polling && subscriber && !publisher && ddsListener(ts) ? 1 : 0;
        int driver = aeron && ts.aeronDir() == null ? driverThreads(ts.threading().mode()) : 0;
        return roles * perRole - parked + driver;
    }

    /** A DDS receiver blocks in a waitset with the engine's {@code -ddsWaitset}; else it polls dds_take. */
    private static boolean ddsWaitset(TransportSettings ts) {
        return Boolean.parseBoolean(ts.extras().options().getOrDefault("-ddsWaitset", "false"));
    }

    /**
     * Whether a DDS subscriber's DATA is delivered by Cyclone's receive thread while its role thread
     * parks: {@code -ddsDelivery listener} or not given, over UDP ({@code DDS}, not shared memory), not
     * {@code -ddsperf} (its pong polls), not {@code -ddsWaitset} (the caller's polling test). The engine
     * decides the same (CycloneDdsEngine, DdsTransport); a process that also publishes DATA keeps its
     * role thread taking.
     */
    private static boolean ddsListener(TransportSettings ts) {
        java.util.Map<String, String> o = ts.extras().options();
        return ts.kind() == TransportSettings.Kind.DDS
                && o.getOrDefault("-ddsDelivery", "listener").strip().equalsIgnoreCase("listener")
                && !Boolean.parseBoolean(o.getOrDefault("-ddsperf", "false"));
    }

    /** Driver threads of an Aeron threading mode. */
    static int driverThreads(String mode) {
        switch (mode) {
            case "SHARED":
                return 1;
            case "SHARED_NETWORK":
                return 2;
            case "DEDICATED":
                return 3;
            default:
                return 0;
        }
    }

    /** Whether {@code host} is this host (a loopback address or one of its interfaces' addresses). */
    static boolean local(String host) {
        try {
            InetAddress a = InetAddress.getByName(host);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
