package wirebench.runner.transport.aeron;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.aeron.driver.Configuration;
import org.agrona.BitUtil;

import wirebench.runner.transport.TransportSettings;

/**
 * Aeron's frame, term and window sizes chosen from the path a run sends over and its largest
 * message (docs/pubsub.md, "Aeron sizes from the path"). Aeron's own defaults (1408-byte MTU,
 * 128 KiB receiver window) are made for a 1500-byte Ethernet; on loopback they cap throughput near
 * 1.2 Gbps at any sample size, because every datagram costs the same system calls.
 *
 * <ul>
 * <li><b>MTU</b> ({@code mtu} of the publications): {@code -aeronMtu} when given; over IPC and on
 * loopback (every peer and the {@code -nic} are this host's loopback) Aeron's largest,
 * {@value #MAX_MTU_BYTES} (loopback's 65536-byte MTU minus IP and UDP headers, aligned to 32: a
 * 64 KB sample is one datagram, as Perftest's UDPv4 sends it); over an interface, that interface's
 * MTU minus the 28 bytes of IPv4 and UDP headers, aligned down to 32 (no IP fragmentation: one
 * lost fragment would lose the whole datagram and every frame packed in it). The interface is the
 * one holding the address the kernel picks as source towards each peer (or {@code -nic}); the
 * smallest over all peers wins. When no interface can be found, Aeron's default.</li>
 * <li><b>Term</b>: DATA publications {@link AeronFraming#dataTermLengthFor} of the largest
 * message (a message is at most a term / 8; at least 1 MiB), ECHO publications
 * {@link AeronFraming#termLengthFor} (at least 4 MiB: a subscriber's settings need not know the
 * publisher's sizes).</li>
 * <li><b>Receiver window</b>: 4 of the largest messages, at least {@value #MIN_WINDOW_BYTES} bytes
 * and 16 MTUs, at most half the ECHO term, and at most the socket buffer below (the media driver
 * refuses a window its receive buffer cannot hold). Aeron caps each image's window at half its
 * term: a DATA image of this process's sizes gets {@link #dataWindowBytes()}.</li>
 * <li><b>Socket buffers</b> (SO_SNDBUF, SO_RCVBUF): the window, at least
 * {@value #MIN_WINDOW_BYTES} bytes (Aeron's guidance: the receive buffer holds the window), at
 * most the kernel's cap ({@code net.core.rmem_max}).</li>
 * </ul>
 *
 * @param mtuBytes          the publications' MTU
 * @param mtuReason         why that MTU (printed and recorded in run.json)
 * @param termLengthBytes   the term length of the DATA publications' logs
 * @param echoTermLengthBytes the term length of the ECHO publications' logs
 * @param windowBytes       the receivers' initial window
 * @param socketBufferBytes SO_SNDBUF and SO_RCVBUF of the driver's sockets
 */
public record AeronPathSizing(int mtuBytes, String mtuReason, int termLengthBytes, int echoTermLengthBytes,
        int windowBytes, int socketBufferBytes) {
    /** Aeron's largest MTU: {@link Configuration#MAX_UDP_PAYLOAD_LENGTH} (65504). */
    public static final int MAX_MTU_BYTES = Configuration.MAX_UDP_PAYLOAD_LENGTH;
    /** IPv4 (20) and UDP (8) headers: what a datagram's payload leaves of the interface MTU. */
    static final int IP_UDP_HEADER_BYTES = 28;
    /** The smallest window and socket buffer: 2 MiB (Aeron's 128 KiB default throttles loopback). */
    static final int MIN_WINDOW_BYTES = 2 << 20;
    private static final int WINDOW_MESSAGES = 4;
    private static final int WINDOW_MTUS = 16;

    /** The sizes for {@code settings}, the path looked up on this host's interfaces. */
    public static AeronPathSizing of(TransportSettings settings) {
        int term = AeronFraming.dataTermLengthFor(settings.maxMessageBytes());
        int echoTerm = AeronFraming.termLengthFor(settings.maxMessageBytes());
        Mtu mtu = mtu(settings, AeronPathSizing::interfaceMtu);
        // the driver's window serves every image; Aeron caps each at half its term, so a DATA image of
        // a 1 MiB term gets 512 KiB, while a subscriber not told the publisher's sizes keeps the
        // window of a 4 MiB term for a publisher's larger one
        int window = window(settings.maxMessageBytes(), mtu.bytes(), echoTerm);
        int socketBuffer = socketBuffer(window, osMax());
        // the media driver refuses a window larger than the receive buffer (Aeron 1.48+: "initialWindowLength >
        // SO_RCVBUF"): where the kernel caps the buffer below the window, the window shrinks to it
        return new AeronPathSizing(mtu.bytes(), mtu.reason(), term, echoTerm, Math.min(window, socketBuffer),
                socketBuffer);
    }

    /** An MTU and why it was chosen. */
    record Mtu(int bytes, String reason) {
    }

    /** What the path towards one address looks like: its interface's name, MTU and loopback flag. */
    record PathInterface(String name, int mtuBytes, boolean loopback) {
    }

    /** Finds the interface a datagram to an address leaves by; null when unknown. */
    @FunctionalInterface
    interface InterfaceLookup {
        PathInterface towards(String host, boolean isLocalBind);
    }

    static Mtu mtu(TransportSettings s, InterfaceLookup lookup) {
        if (s.mtuBytes() > 0) {
            return new Mtu(s.mtuBytes(), "-aeronMtu");
        }
        if (s.kind() == TransportSettings.Kind.AERON_IPC) {
            return new Mtu(MAX_MTU_BYTES, "IPC: Aeron's largest frame, fewest fragments per sample");
        }
        List<PathInterface> path = new ArrayList<>();
        if (s.nic() != null) {
            path.add(lookup.towards(s.nic(), true));
        } else if (s.multicast()) {
            path.add(null); // the kernel's choice of interface for the group: not looked up
        }
        if (!s.multicast()) {
            for (String peer : peers(s)) {
                path.add(lookup.towards(peer, false));
            }
        }
        if (path.isEmpty() || path.contains(null)) {
            return new Mtu(Configuration.MTU_LENGTH_DEFAULT, "Aeron's default: the interface towards a peer is unknown");
        }
        if (path.stream().allMatch(PathInterface::loopback)) {
            return new Mtu(MAX_MTU_BYTES, "loopback: Aeron's largest (64 KB datagrams, as Perftest's UDPv4)");
        }
        PathInterface narrowest = path.stream().filter(p -> !p.loopback())
                .min((a, b) -> Integer.compare(a.mtuBytes(), b.mtuBytes())).orElseThrow();
        int bytes = fromInterfaceMtu(narrowest.mtuBytes());
        if (bytes < AeronFraming.FRAME_HEADER_BYTES * 2) {
            return new Mtu(Configuration.MTU_LENGTH_DEFAULT, "Aeron's default: interface " + narrowest.name()
                    + " has an MTU of " + narrowest.mtuBytes());
        }
        return new Mtu(bytes, "interface " + narrowest.name() + " MTU " + narrowest.mtuBytes()
                + " - 28 (IPv4 + UDP), aligned to 32: no IP fragmentation");
    }

    /** Aeron's MTU on an interface of {@code interfaceMtuBytes}: minus IPv4 and UDP headers, aligned down to 32. */
    static int fromInterfaceMtu(int interfaceMtuBytes) {
        int payload = Math.min(interfaceMtuBytes - IP_UDP_HEADER_BYTES, MAX_MTU_BYTES);
        return payload - payload % AeronFraming.FRAME_ALIGNMENT_BYTES;
    }

    /** The receiver window: 4 messages, 16 MTUs, at least 2 MiB, at most half a term, a power of two. */
    static int window(int maxMessageBytes, int mtuBytes, int termLengthBytes) {
        long wanted = Math.max(MIN_WINDOW_BYTES, Math.max((long) WINDOW_MESSAGES * maxMessageBytes,
                (long) WINDOW_MTUS * mtuBytes));
        return Math.min(BitUtil.findNextPositivePowerOfTwo((int) Math.min(wanted, 1 << 30)), termLengthBytes / 2);
    }

    /**
     * The socket buffers for {@code windowBytes}: the window, at least {@link #MIN_WINDOW_BYTES},
     * at most the kernel's cap {@code osMaxBytes} (null = unknown; above it Aeron only warns and the
     * kernel gives the cap anyway).
     */
    static int socketBuffer(int windowBytes, Integer osMaxBytes) {
        int wanted = Math.max(windowBytes, MIN_WINDOW_BYTES);
        return osMaxBytes != null && osMaxBytes > 0 ? Math.min(wanted, osMaxBytes) : wanted;
    }

    private static List<String> peers(TransportSettings s) {
        List<String> all = new ArrayList<>(s.dataPeers());
        for (String p : s.echoPeers()) {
            if (!all.contains(p)) {
                all.add(p);
            }
        }
        return all;
    }

    /**
     * The interface holding {@code host} ({@code isLocalBind}: an address of this host) or the
     * source address the kernel picks towards it (a connected UDP socket sends nothing).
     */
    static PathInterface interfaceMtu(String host, boolean isLocalBind) {
        try {
            InetAddress target = InetAddress.getByName(host);
            InetAddress local = target;
            if (!isLocalBind && !target.isLoopbackAddress()) {
                try (DatagramSocket probe = new DatagramSocket()) {
                    probe.connect(new InetSocketAddress(target, 9));
                    local = probe.getLocalAddress();
                }
            }
            if (local.isLoopbackAddress()) {
                return new PathInterface("lo", loopbackMtu(), true);
            }
            NetworkInterface ni = NetworkInterface.getByInetAddress(local);
            if (ni == null) {
                return null;
            }
            return new PathInterface(ni.getName(), ni.getMTU(), ni.isLoopback());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static int loopbackMtu() {
        try {
            NetworkInterface lo = NetworkInterface.getByName("lo");
            return lo != null ? lo.getMTU() : MAX_MTU_BYTES + IP_UDP_HEADER_BYTES;
        } catch (SocketException e) {
            return MAX_MTU_BYTES + IP_UDP_HEADER_BYTES;
        }
    }

    /** The window of a DATA image of this process's sizes: the driver's window, at most half the DATA term (Aeron's cap). */
    public int dataWindowBytes() {
        return Math.min(windowBytes, termLengthBytes / 2);
    }

    /** How the engine line and run.json show the sizes (names with units). */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mtu_bytes", mtuBytes);
        m.put("mtu_reason", mtuReason);
        m.put("term_length_bytes", termLengthBytes);
        m.put("echo_term_length_bytes", echoTermLengthBytes);
        m.put("receiver_window_bytes", windowBytes);
        m.put("data_receiver_window_bytes", dataWindowBytes());
        m.put("socket_buffer_bytes", socketBufferBytes);
        m.put("socket_buffer_os_max_bytes", osMax());
        return m;
    }

    /** The kernel's cap on SO_RCVBUF ({@code net.core.rmem_max}); null when unreadable. */
    static Integer osMax() {
        try {
            // line by line: Files.readString on this /proc file gives its first byte only (Java 17)
            List<String> lines = Files.readAllLines(Path.of("/proc/sys/net/core/rmem_max"), StandardCharsets.US_ASCII);
            return lines.isEmpty() ? null : Integer.valueOf(lines.get(0).trim());
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
