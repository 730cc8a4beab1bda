package wirebench.runner.campaign;


import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import wirebench.runner.cli.JavaOptions;
import wirebench.testsupport.Prerequisites;

/**
 * Hosts for multi-host tests: network namespaces {@code wbmXXXXa, b, c} on one bridge (in a hub
 * namespace), this host joined to the bridge by a veth pair, each namespace running Debian's
 * {@code sshd} with a generated host key; a client key and a private {@code ssh_config} (host
 * {@code badkey} = host c with a key it refuses). Needs root, iproute2 and openssh-server
 * (bash .ci/setup installs them); otherwise the caller's tests are skipped with the reason (CI
 * turns that into a failure). {@link #shared()} gives every test class of a JVM the same hosts,
 * started once and deleted when the JVM exits; {@link #reset()} before each case.
 */
public final class SshNamespaces implements AutoCloseable {
    public final String prefix = "wbm" + Integer.toHexString(0x1000 + ThreadLocalRandom.current().nextInt(0xefff));
    public final String[] namespaces = {prefix + "a", prefix + "b", prefix + "c"};
    public final String[] addresses;
    public final Path dir;
    public final Path sshConfig;
    private final String subnet;
    private final List<Process> sshds = new ArrayList<>();
    private boolean created;
    private static SshNamespaces shared;

    private SshNamespaces(Path dir) {
        this.dir = dir;
        int net = ThreadLocalRandom.current().nextInt(256);
        subnet = "10.237." + net + ".";
        addresses = new String[] {subnet + "1", subnet + "2", subnet + "3"};
        sshConfig = dir.resolve("ssh_config");
    }

    /** Creates the hosts, or skips the calling test with the reason they cannot exist here. */
    public static SshNamespaces create(Path dir) throws Exception {
        Prerequisites.requireRoot("network namespaces and sshd");
        Prerequisites.requireCommand("ip", "iproute2");
        Prerequisites.requireExecutable(Paths.get("/usr/sbin/sshd"), "openssh-server");
        Prerequisites.requireCommand("ssh", "openssh-client");
        Files.createDirectories(dir);
        SshNamespaces n = new SshNamespaces(dir);
        try {
            n.build();
        } catch (Exception e) {
            n.close();
            throw e;
        }
        return n;
    }

    /**
     * This JVM's hosts (a surefire fork's), created by the first caller (or the calling test skipped
     * as {@link #create} does) and reused by every test class after it: starting the namespaces and
     * three sshd is paid once per fork. Deleted, with their directory, when the JVM exits; never
     * close them. Call {@link #reset()} before each case.
     */
    public static synchronized SshNamespaces shared() throws Exception {
        if (shared == null) {
            Path dir = Files.createTempDirectory("wirebench-hosts");
            SshNamespaces n = create(dir);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                n.close();
                deleteTree(dir);
            }, "wirebench-hosts-cleanup"));
            shared = n;
        }
        return shared;
    }

    /** Back to how the hosts were created, whatever a case before did: every host's cable plugged in. */
    public void reset() throws Exception {
        for (int i = 0; i < namespaces.length; i++) {
            link(i, true);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // the JVM is exiting: a temporary directory left behind is all that can happen
        }
    }

    private void build() throws Exception {
        created = true;
        String hub = prefix + "h";
        sh("ip", "netns", "add", hub);
        sh("ip", "-n", hub, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0");
        sh("ip", "-n", hub, "link", "set", "br0", "up");
        sh("ip", "link", "add", prefix + "r0", "type", "veth", "peer", "name", prefix + "r1", "netns", hub);
        sh("ip", "-n", hub, "link", "set", prefix + "r1", "master", "br0", "up");
        sh("ip", "addr", "add", subnet + "254/24", "dev", prefix + "r0");
        sh("ip", "link", "set", prefix + "r0", "up");
        for (int i = 0; i < namespaces.length; i++) {
            String ns = namespaces[i];
            sh("ip", "netns", "add", ns);
            sh("ip", "link", "add", ns + "0", "netns", ns, "type", "veth", "peer", "name", ns + "1", "netns", hub);
            sh("ip", "-n", hub, "link", "set", ns + "1", "master", "br0", "up");
            sh("ip", "-n", ns, "addr", "add", addresses[i] + "/24", "dev", ns + "0");
            sh("ip", "-n", ns, "link", "set", ns + "0", "up", "multicast", "on");
            sh("ip", "-n", ns, "link", "set", "lo", "up");
            sh("ip", "-n", ns, "route", "add", "224.0.0.0/4", "dev", ns + "0");
        }
        sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
        sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("id_client").toString());
        sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("id_refused").toString());
        Files.copy(dir.resolve("id_client.pub"), dir.resolve("authorized_keys"));
        String hostKey = Files.readString(dir.resolve("host_key.pub")).strip().split("\\s+", 3)[0] + " "
                + Files.readString(dir.resolve("host_key.pub")).strip().split("\\s+", 3)[1];
        Files.writeString(dir.resolve("known_hosts"), String.join(",", addresses) + " " + hostKey + "\n");
        // IdentityFile accumulates over matching Host blocks: the client key only for the addresses
        Files.writeString(sshConfig, "Host badkey\n  HostName " + addresses[2] + "\n  IdentityFile "
                + dir.resolve("id_refused") + "\n\nHost " + subnet + "*\n  IdentityFile " + dir.resolve("id_client")
                + "\n\nHost *\n  User root\n  IdentitiesOnly yes\n  UserKnownHostsFile " + dir.resolve("known_hosts")
                + "\n  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  LogLevel ERROR\n"
                // the test JVM's extra options for wirebench JVMs (the poms: lighter JIT and GC for
                // the roles, test fixtures here) reach the remote roles as they reach local ones
                + "  SendEnv " + JavaOptions.VARIABLE + "\n");
        Files.createDirectories(Paths.get("/run/sshd"));
        for (int i = 0; i < namespaces.length; i++) {
            Path cfg = dir.resolve("sshd_config_" + i);
            Files.writeString(cfg, "Port 22\nListenAddress " + addresses[i] + "\nHostKey " + dir.resolve("host_key")
                    + "\nPidFile none\nUsePAM no\nPermitRootLogin prohibit-password\nPubkeyAuthentication yes\n"
                    + "PasswordAuthentication no\nKbdInteractiveAuthentication no\nAuthorizedKeysFile "
                    + dir.resolve("authorized_keys") + "\nStrictModes no\nClientAliveInterval 1\n"
                    + "ClientAliveCountMax 3\nLogLevel ERROR\nAcceptEnv " + JavaOptions.VARIABLE + "\n");
            sshds.add(new ProcessBuilder("ip", "netns", "exec", namespaces[i], "/usr/sbin/sshd", "-D", "-e", "-f",
                    cfg.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("sshd_" + i + ".log").toFile())
                    .start());
        }
        for (String a : addresses) {
            waitForSsh(a);
        }
    }

    private void waitForSsh(String address) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String last = "";
        while (System.nanoTime() - deadline < 0) {
            Process p = new ProcessBuilder("ssh", "-F", sshConfig.toString(), "-o", "BatchMode=yes", "-o",
                    "ConnectTimeout=2", address, "true").redirectErrorStream(true).start();
            last = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return;
            }
            Thread.sleep(200); // sshd is still starting: poll again, bounded by the deadline
        }
        throw new IllegalStateException("sshd on " + address + " did not answer within 30 s: " + last);
    }

    /** Unplugs (false) or plugs (true) host i's cable. */
    public void link(int i, boolean up) throws Exception {
        sh("ip", "-n", namespaces[i], "link", "set", namespaces[i] + "0", up ? "up" : "down");
    }

    /** The pids of processes (anywhere on this machine) that wb-role.sh started for a run under {@code remoteDir}. */
    public static List<Long> rolesUnder(Path remoteDir) {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> s = Files.list(Paths.get("/proc"))) {
            for (Path p : s.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String env = new String(Files.readAllBytes(p.resolve("environ")), StandardCharsets.UTF_8);
                    String stat = Files.readString(p.resolve("stat"));
                    boolean zombie = stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
                    if (!zombie && env.contains("WB_RUN=" + remoteDir)) {
                        pids.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return pids;
    }

    public static String sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
        }
        return out;
    }

    /** Runs {@code cmd} when cleaning up: its failure is of no interest. */
    public static void shQuiet(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            p.waitFor(30, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            // cleaning up: nothing more to do
        }
    }

    @Override
    public void close() {
        for (Process p : sshds) {
            p.destroy();
        }
        for (Process p : sshds) {
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!created) {
            return;
        }
        shQuiet("ip", "link", "del", prefix + "r0");
        for (String ns : namespaces) {
            shQuiet("ip", "netns", "del", ns);
        }
        shQuiet("ip", "netns", "del", prefix + "h");
    }
}
