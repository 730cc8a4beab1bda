package wirebench.runner.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Who holds a UDP port on this host, for a bind error ("Address already in use"): the sockets bound
 * to it in {@code /proc/net/udp} and {@code udp6}, and the processes whose descriptors are those
 * sockets. Linux only; processes this user may not inspect are not named; empty when nothing is found.
 */
public final class PortHolders {
    private static final int MAX_NAMED = 3;

    private PortHolders() {
    }

    /** "; UDP port P is held by pid N (command ...)" or "" (nothing found, not Linux, no permission). */
    public static String udp(int port) {
        try {
            Set<String> inodes = udpInodes(port);
            if (inodes.isEmpty()) {
                return "";
            }
            List<String> holders = holders(inodes);
            return holders.isEmpty() ? "; UDP port " + port + " is bound by a process this user cannot see"
                    : "; UDP port " + port + " is held by " + String.join(", ", holders);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The socket inodes bound to {@code port} (local address, any address family). */
    static Set<String> udpInodes(int port) throws IOException {
        String hex = String.format(Locale.ROOT, ":%04X", port);
        Set<String> inodes = new HashSet<>();
        for (String table : List.of("/proc/net/udp", "/proc/net/udp6")) {
            Path t = Path.of(table);
            if (!Files.isReadable(t)) {
                continue;
            }
            for (String line : Files.readAllLines(t, StandardCharsets.US_ASCII)) {
                String[] f = line.trim().split("\\s+");
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
                if (f.length > 9 && f[1].endsWith(hex) && !f[9].equals("0")) {
                    inodes.add(f[9]);
                }
            }
        }
        return inodes;
    }

    private static List<String> holders(Set<String> inodes) throws IOException {
        Set<String> links = new HashSet<>();
        for (String inode : inodes) {
            links.add("socket:[" + inode + "]");
        }
        List<String> named = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString()
                .chars().allMatch(Character::isDigit))) {
            for (Path proc : procs) {
                if (named.size() >= MAX_NAMED) {
                    break;
                }
                if (holds(proc.resolve("fd"), links)) {
                    named.add("pid " + proc.getFileName() + " (" + command(proc) + ")");
                }
            }
        }
        return named;
    }

    private static boolean holds(Path fds, Set<String> links) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(fds)) {
            for (Path fd : s) {
                try {
                    if (links.contains(Files.readSymbolicLink(fd).toString())) {
                        return true;
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException | SecurityException e) {
            // gone, or not ours to read
        }
        return false;
    }

    private static String command(Path proc) {
        try {
            String c = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ')
                    .strip();
            if (c.length() <= 160) {
                return c;
            }
            // a JVM's options fill the front: its program's name, then the end (the command and its arguments)
            String first = c.split(" ", 2)[0];
            return first.substring(first.lastIndexOf('/') + 1) + " ..." + c.substring(c.length() - 120);
        } catch (IOException e) {
            return "?";
        }
    }
}
