package wirebench.runner.pubsub;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.contract.WirebenchException;

/**
 * {@code -peer} and {@code -nic} as RTI writes them, checked before anything runs (a usage error,
 * exit 2, one line).
 *
 * <p>{@code -peer} takes RTI's locator forms: {@code ADDR}, {@code ADDR:PORT} (or Perftest's
 * {@code ADDR:ID}), {@code N@ADDR}, {@code KIND://ADDR[:PORT]} and {@code N@KIND://ADDR[:PORT]} with
 * KIND one of {@code udpv4, udpv4_wan, shmem, tcpv4_lan, tcpv4_wan, tlsv4_lan, tlsv4_wan} (optionally
 * {@code builtin.} in front). The address (an IPv4 literal or a host name that resolves) is what
 * wirebench uses; the participant index {@code N@} and the port are accepted and not used (wirebench's
 * ports derive from {@code -domain}/{@code -basePort}), said once on stderr.
 *
 * <p>{@code -nic} takes an interface name or one of this host's addresses; anything else is a usage
 * error that lists this host's interfaces. {@code lo0} (macOS's loopback name, in seed 001) means the
 * loopback interface.
 */
final class PeerLocators {
    private static final Pattern LOCATOR = Pattern.compile(
            "(?:(\\d+)@)?(?:(?:builtin\\.)?([a-z0-9_]+)://)?([^:@/\\s]+)(?::(\\d+))?", Pattern.CASE_INSENSITIVE);
    private static final List<String> KINDS = List.of("udpv4", "udpv4_wan", "shmem", "tcpv4_lan", "tcpv4_wan",
            "tlsv4_lan", "tlsv4_wan");
    private static final Pattern DOTTED = Pattern.compile("[0-9.]+");

    private PeerLocators() {
    }

    /** The address of {@code -peer} {@code locator}; {@code notes} gets a line when a port or index is dropped. */
    static String address(String locator, Consumer<String> notes) {
        Matcher m = LOCATOR.matcher(locator.strip());
        if (!m.matches()) {
            throw usage("-peer: expected an address or an RTI locator (ADDR, ADDR:PORT, N@ADDR, udpv4://ADDR,"
                    + " tcpv4_lan://ADDR:PORT, ...), got '" + locator + "'");
        }
        String kind = m.group(2);
        if (kind != null && !KINDS.contains(kind.toLowerCase(Locale.ROOT))) {
            throw usage("-peer: unknown locator kind '" + kind + "://' in '" + locator + "'; expected one of " + KINDS);
        }
        String port = m.group(4);
        if (port != null && (port.length() > 5 || Integer.parseInt(port) > 65535)) {
            throw usage("-peer: port or id " + port + " out of range in '" + locator + "'");
        }
        String address = checkedAddress(m.group(3), "-peer", locator);
        if (port != null || m.group(1) != null) {
            notes.accept("-peer " + locator + ": using address " + address + "; the "
                    + (port != null ? "port/id " + port : "participant index " + m.group(1))
                    + " is not used (wirebench's ports derive from -domain/-basePort)");
        }
        return address;
    }

    private static String checkedAddress(String host, String option, String given) {
        if (DOTTED.matcher(host).matches()) {
            String[] parts = host.split("\\.", -1);
            boolean ok = parts.length == 4;
            for (String p : parts) {
                ok &= !p.isEmpty() && p.length() <= 3 && Integer.parseInt(p) <= 255;
            }
            if (!ok) {
                throw usage(option + ": '" + host + "' is not an IPv4 address (in '" + given + "')");
            }
            return host;
        }
        try {
            InetAddress a = InetAddress.getByName(host);
            if (!(a instanceof Inet4Address)) {
                throw usage(option + ": '" + host + "' is not an IPv4 host (wirebench runs over IPv4)");
            }
            return a.getHostAddress();
        } catch (UnknownHostException e) {
            throw usage(option + ": unknown host '" + host + "' (in '" + given + "')");
        }
    }

    /**
     * {@code -nic} as one of this host's IPv4 addresses: an interface name gives its first IPv4
     * address, an address must be this host's.
     */
    static String nic(String nameOrAddress, Consumer<String> notes) {
        try {
            String name = nameOrAddress;
            if (name.equals("lo0") && NetworkInterface.getByName("lo0") == null) {
                NetworkInterface lo = loopback();
                if (lo != null) {
                    notes.accept("-nic lo0: macOS's name of the loopback interface; using " + lo.getName());
                    name = lo.getName();
                }
            }
            NetworkInterface ni = NetworkInterface.getByName(name);
            if (ni != null) {
                return ni.inetAddresses().filter(a -> a instanceof Inet4Address).findFirst()
                        .map(InetAddress::getHostAddress)
                        .orElseThrow(() -> usage("-nic: interface " + nameOrAddress + " has no IPv4 address; "
                                + interfaces()));
            }
            if (DOTTED.matcher(name).matches()) {
                String address = checkedAddress(name, "-nic", nameOrAddress);
                if (NetworkInterface.getByInetAddress(InetAddress.getByName(address)) != null) {
                    return address;
                }
            }
        } catch (SocketException | UnknownHostException e) {
            // reported below with the list
        }
        throw usage("-nic: '" + nameOrAddress + "' is neither an interface nor an address of this host; "
                + interfaces());
    }

    private static NetworkInterface loopback() throws SocketException {
        for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (ni.isLoopback()) {
                return ni;
            }
        }
        return null;
    }

    /** "this host has: lo 127.0.0.1, eth0 10.0.0.2". */
    static String interfaces() {
        List<String> l = new ArrayList<>();
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                List<String> as = new ArrayList<>();
                ni.inetAddresses().filter(a -> a instanceof Inet4Address).forEach(a -> as.add(a.getHostAddress()));
                l.add(ni.getName() + (as.isEmpty() ? " (no IPv4)" : " " + String.join(" ", as)));
            }
        } catch (SocketException e) {
            return "this host's interfaces cannot be listed (" + e.getMessage() + ")";
        }
        Collections.sort(l);
        return "this host has: " + String.join(", ", l);
    }

    private static WirebenchException usage(String message) {
        return new WirebenchException(WirebenchException.USAGE, message);
    }
}
