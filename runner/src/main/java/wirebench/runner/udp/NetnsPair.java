package wirebench.runner.udp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import wirebench.contract.WirebenchException;

/**
 * Two hosts on one machine: network namespaces {@code wbuXXXXXXs} (server, 10.213.N.1) and
 * {@code wbuXXXXXXc} (client, 10.213.N.2) joined by a veth pair (MTU 1500), both with loopback up.
 * Needs root and iproute2. {@link #close()} deletes both namespaces (and so the veth pair).
 */
final class NetnsPair implements AutoCloseable {
    final String serverNs;
    final String clientNs;
    final String serverAddress;
    final String clientAddress;

    private NetnsPair(String suffix, int subnet) {
        serverNs = "wbu" + suffix + "s";
        clientNs = "wbu" + suffix + "c";
        serverAddress = "10.213." + subnet + ".1";
        clientAddress = "10.213." + subnet + ".2";
    }

    static NetnsPair create() {
        String suffix = Integer.toHexString(0x100000 + ThreadLocalRandom.current().nextInt(0xEFFFFF));
        NetnsPair p = new NetnsPair(suffix, 1 + ThreadLocalRandom.current().nextInt(250));
        try {
            run("ip", "netns", "add", p.serverNs);
            run("ip", "netns", "add", p.clientNs);
            String vs = "wbu" + suffix + "v";
            String vc = "wbu" + suffix + "w";
            run("ip", "link", "add", vs, "netns", p.serverNs, "mtu", "1500", "type", "veth", "peer", "name", vc,
                    "netns", p.clientNs, "mtu", "1500");
            run("ip", "-n", p.serverNs, "addr", "add", p.serverAddress + "/24", "dev", vs);
            run("ip", "-n", p.clientNs, "addr", "add", p.clientAddress + "/24", "dev", vc);
            for (String[] nsDev : new String[][] {{p.serverNs, vs}, {p.clientNs, vc}, {p.serverNs, "lo"},
                    {p.clientNs, "lo"}}) {
                run("ip", "-n", nsDev[0], "link", "set", nsDev[1], "up");
            }
            return p;
        } catch (RuntimeException e) {
            p.close();
            throw e;
        }
    }

    /** {@code ip netns exec NS} followed by {@code command}. */
    static List<String> inNamespace(String ns, List<String> command) {
        List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        c.addAll(command);
        return c;
    }

    /** Runs a command to completion; a failure is a failed run naming the command and its output. */
    static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new WirebenchException(WirebenchException.RUN_FAILED, String.join(" ", command) + ": timed out");
            }
            if (p.exitValue() != 0) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, String.join(" ", command) + ": exit "
                        + p.exitValue() + ": " + out);
            }
            return out;
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, String.join(" ", command) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WirebenchException(WirebenchException.RUN_FAILED, String.join(" ", command) + ": interrupted");
        }
    }

    @Override
    public void close() {
        for (String ns : List.of(serverNs, clientNs)) {
            try {
                run("ip", "netns", "del", ns);
            } catch (RuntimeException e) {
                // not created, or already gone
            }
        }
    }
}
