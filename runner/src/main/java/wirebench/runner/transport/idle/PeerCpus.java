package wirebench.runner.transport.idle;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds the CPUs of the peer process on this host: the process that holds the socket bound to the
 * port the peer receives on (a subscriber's data port, a publisher's echo port), read from Linux's
 * {@code /proc/net/{udp,udp6,tcp,tcp6}} (port to socket inode), {@code /proc/<pid>/fd} (inode to
 * process) and that process's {@code status} ({@code Cpus_allowed_list}, what {@code taskset} sets).
 * Without it one side cannot tell both roles {@code taskset -c 0} from each role on a CPU of its
 * own. Unknown (empty) when the port is not bound yet, when several processes hold it, or when the
 * peer's {@code /proc} entries are not readable (another user).
 */
public final class PeerCpus {
    /** The peer process found: its pid and its affinity list as the kernel prints it ({@code 0-1}). */
    public record Peer(long pid, String affinity) {
    }

    private static final String[] TABLES = {"udp", "udp6", "tcp", "tcp6"};
    /** {@code /proc/net/tcp}'s state of a listening socket. */
    private static final String TCP_LISTEN = "0A";

    private final Path proc;
    private final long selfPid;

    /** Reading {@code proc}, leaving out the process {@code selfPid} (-1: none, for tests). */
    public PeerCpus(Path proc, long selfPid) {
        this.proc = proc;
        this.selfPid = selfPid;
    }

    /** This host's {@code /proc}, this process excluded. */
    public static PeerCpus here() {
        return new PeerCpus(Path.of("/proc"), ProcessHandle.current().pid());
    }

    /** The one process other than this one holding a socket bound to local {@code port}. */
    public Optional<Peer> bound(int port) {
        Set<String> inodes = inodes(port);
        if (inodes.isEmpty()) {
            return Optional.empty();
        }
        Set<Long> pids = new TreeSet<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(proc, p -> isNumber(p.getFileName().toString()))) {
            for (Path p : procs) {
                long pid = Long.parseLong(p.getFileName().toString());
                if (pid != selfPid && holdsAny(p.resolve("fd"), inodes)) {
                    pids.add(pid);
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        if (pids.size() != 1) {
            return Optional.empty();
        }
        long pid = pids.iterator().next();
        String affinity = CpuFacts.affinityList(proc.resolve(Long.toString(pid)).resolve("status"));
        return affinity == null ? Optional.empty() : Optional.of(new Peer(pid, affinity));
    }

    /** Socket inodes bound to local {@code port} (UDP any state, TCP listening). */
    Set<String> inodes(int port) {
        String hexPort = String.format(Locale.ROOT, "%04X", port);
        Set<String> out = new HashSet<>();
        for (String table : TABLES) {
            String text = CpuFacts.readOrNull(proc.resolve("net").resolve(table));
            if (text == null) {
                continue;
            }
            String[] lines = text.split("\n");
            for (int i = 1; i < lines.length; i++) {
                String[] f = lines[i].trim().split("\\s+");
                if (f.length < 10) {
                    continue;
                }
                int colon = f[1].lastIndexOf(':');
                boolean listening = table.startsWith("udp") || TCP_LISTEN.equals(f[3]);
                if (colon > 0 && f[1].substring(colon + 1).equalsIgnoreCase(hexPort) && listening && !"0".equals(f[9])) {
                    out.add(f[9]);
                }
            }
        }
        return out;
    }

    private static boolean holdsAny(Path fdDir, Set<String> inodes) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
                        return true;
                    }
                } catch (IOException | RuntimeException e) {
                    // closed meanwhile: not this one
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone, or another user's: not readable here
        }
        return false;
    }

    private static boolean isNumber(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
