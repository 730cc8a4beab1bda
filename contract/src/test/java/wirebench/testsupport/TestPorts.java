package wirebench.testsupport;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Ports for tests that hand a port number to a run they start (a child JVM, a campaign), so they
 * cannot hold the socket themselves. A port the kernel picked (bind to 0) lies in the ephemeral
 * range, where any connection of any other test may take it between the probe and the run's bind
 * ("Address already in use" in CI). These ports lie above that range (read from
 * {@code /proc/sys/net/ipv4/ip_local_port_range}), where the kernel never hands one out, and each
 * surefire fork ({@code wirebench.testFork}, set from {@code surefire.forkNumber} in the parent pom:
 * one numbering for all modules building side by side in a Maven JVM) has its own slice, so JVMs
 * running beside each other never pick the same one. Inside a JVM a cursor walks the slice; a block is handed out only when each
 * of its ports binds for UDP and TCP right now (a run of an earlier test may still hold one).
 */
public final class TestPorts {
    /** Slices of the range: one per surefire fork number (forks running at once have distinct numbers). */
    private static final int SLICES = 8;
    private static final Range SLICE = slice();
    /** Offset in the slice of the next block to try. */
    private static int next;

    private TestPorts() {
    }

    /** A free port p with p..p+count-1 free for UDP and TCP on every address right now. */
    public static synchronized int block(int count) {
        int starts = SLICE.hi - SLICE.lo + 2 - count;
        for (int tried = 0; tried < starts; tried += count) {
            int p = SLICE.lo + next % starts;
            next = (next + count) % starts;
            if (allFree(p, count)) {
                return p;
            }
        }
        throw new IllegalStateException("no " + count + " free ports in " + SLICE.lo + ".." + SLICE.hi);
    }

    /** A base port for a pub/sub run: the data port and the echo port (base+1), with room to spare. */
    public static int basePort() {
        return block(4);
    }

    /** One free port. */
    public static int port() {
        return block(1);
    }

    private static boolean allFree(int p, int count) {
        for (int q = p; q < p + count; q++) {
            if (!free(q)) {
                return false;
            }
        }
        return true;
    }

    private static boolean free(int port) {
        try (DatagramSocket u = new DatagramSocket(port); ServerSocket t = new ServerSocket()) {
            t.bind(new InetSocketAddress((InetAddress) null, u.getLocalPort()));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The part of the range above (or else below) the ephemeral ports that this fork uses. */
    static Range slice() {
        Range free = outsideEphemeral(ephemeral());
        int fork = forkNumber(System.getProperty("wirebench.testFork"));
        // surefire numbers its forks from one pool per Maven JVM (lowest free number): with modules side by
        // side (-T 2) the runner's two forks were fork2 and fork3 while the analyzer's was fork1, so the
        // number alone tells apart every fork running at the same time (outside Maven: 0, the first slice)
        int slice = Math.max(0, fork - 1) % SLICES;
        int width = (free.hi - free.lo + 1) / SLICES;
        int lo = free.lo + slice * width;
        return new Range(lo, lo + width - 1);
    }

    static Range outsideEphemeral(Range eph) {
        if (65535 - eph.hi >= 1000) {
            return new Range(eph.hi + 1, 65535);
        }
        if (eph.lo - 10000 >= 1000) {
            return new Range(10000, eph.lo - 1);
        }
        throw new IllegalStateException("the ephemeral port range " + eph.lo + ".." + eph.hi
                + " leaves no room for test ports");
    }

    private static Range ephemeral() {
        try {
            String[] f = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim().split("\\s+");
            return new Range(Integer.parseInt(f[0]), Integer.parseInt(f[1]));
        } catch (IOException | RuntimeException e) {
            return new Range(32768, 60999); // Linux's default
        }
    }

    /**
     * The surefire fork this JVM is ({@code fork<N>}, the parent pom's {@code wirebench.testFork}); 0
     * outside Maven (the property unset: the first slice). Under Maven a value that is not
     * {@code fork<N>} (an empty one is what a bare placeholder became) fails here: every fork would
     * share one slice, and their runs would meet on a port.
     */
    static int forkNumber(String fork) {
        if (fork == null) {
            return 0;
        }
        if (!fork.strip().matches("fork[1-9][0-9]*")) {
            throw new IllegalStateException("wirebench.testFork is '" + fork + "': expected fork<N> from surefire's"
                    + " forkNumber (the parent pom's systemPropertyVariables), so that each fork gets its own test ports");
        }
        return Integer.parseInt(fork.strip().substring(4));
    }

    record Range(int lo, int hi) {
    }
}
