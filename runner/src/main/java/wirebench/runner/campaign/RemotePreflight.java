package wirebench.runner.campaign;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * A remote campaign before its first test: every host checked (ssh, Java, tools), the bundle pushed
 * where missing, roles a former run left stopped; or, for {@code --dry-run}, those commands shown.
 */
final class RemotePreflight {
    private final List<RemoteHost> hosts;
    private final RemoteLayout layout;

    RemotePreflight(List<RemoteHost> hosts, RemoteLayout layout) {
        this.hosts = hosts;
        this.layout = layout;
    }

    /**
     * Checks every host, pushes the bundle where missing, stops roles a former run left. The hosts
     * side by side (each step waits on its ssh), every one checked before anything is pushed; one
     * line per host, in the hosts' order; the first host in that order that fails names the error.
     */
    void prepare(Path out, PrintWriter o) {
        Path tmp = out.resolve("tmp");
        RemoteInstall install = RemoteInstall.build(tmp.resolve("bundle"), layout.remoteWirebench() == null);
        layout.install(install);
        SshCommands ssh = layout.ssh();
        List<String> checks = OnEachHost.run(hosts, h -> {
            List<String> pre = ssh.ssh(h, RemoteInstall.preflight(layout.dir(h), install.hash(), layout.java(h),
                    layout.remoteWirebench()));
            SshRunner.Result r = SshRunner.run(pre, null, null, tmp, layout.sshTimeoutS());
            check(h, r, pre);
            return r.stdout();
        });
        boolean anyPush = checks.stream().anyMatch(c -> !"yes".equals(value(c, "installed=")));
        Path tar = anyPush ? install.tarFile(tmp) : null; // written once, before the pushes read it
        List<Integer> index = IntStream.range(0, hosts.size()).boxed().toList();
        List<List<String>> lines = OnEachHost.run(index, i -> {
            RemoteHost h = hosts.get(i);
            String javaLine = value(checks.get(i), "java: ");
            List<String> said = new ArrayList<>();
            if ("yes".equals(value(checks.get(i), "installed="))) {
                said.add("host " + h.label() + ": " + javaLine + "; wirebench bundle " + install.hash()
                        + " already installed in " + layout.installDir(h) + " (nothing pushed)");
            } else {
                long t0 = System.nanoTime();
                List<String> push = ssh.ssh(h, RemoteInstall.push(layout.dir(h), install.hash()));
                SshRunner.Result p = SshRunner.run(push, tar, null, tmp, 600);
                if (!p.ok()) {
                    throw hostError(h, "the push failed (exit " + p.exit() + "): " + p.error(), push);
                }
                said.add("host " + h.label() + ": " + javaLine + "; pushed wirebench bundle " + install.hash()
                        + " (" + Numbers.fixed(size(tar) / 1e6, 1) + " MB) to " + layout.installDir(h) + " in "
                        + Numbers.fixed((System.nanoTime() - t0) / 1e9, 1) + " s");
            }
            List<String> sweep = ssh.ssh(h, RemoteInstall.sweep(layout.dir(h), install.hash(), layout.runs(h)));
            SshRunner.Result s = SshRunner.run(sweep, null, null, tmp, layout.sshTimeoutS());
            for (String l : s.stdout().split("\n")) {
                if (!l.isBlank()) {
                    said.add("host " + h.label() + ": a role left by a former run: " + l.strip());
                }
            }
            if (!s.ok()) {
                throw hostError(h, "cannot stop roles a former run left: " + s.error(), sweep);
            }
            return said;
        });
        lines.forEach(l -> l.forEach(o::println));
        o.flush();
    }

    /** The preflight's verdict on host {@code h}: nothing when the host can run roles, else why not. */
    private void check(RemoteHost h, SshRunner.Result r, List<String> pre) {
        if (r.exit() == 255 || r.exit() == -1) {
            throw hostError(h, "ssh failed: " + r.error(), pre);
        }
        if (!r.ok()) {
            throw hostError(h, "the check of the host failed (exit " + r.exit() + "): " + r.error(), pre);
        }
        String javaLine = value(r.stdout(), "java: ");
        if (!"0".equals(value(r.stdout(), "java-exit="))) {
            throw hostError(h, "no usable Java: '" + layout.java(h) + " -version' failed (exit " + value(r.stdout(),
                    "java-exit=") + ": " + javaLine + "); install Java " + RemoteInstall.JAVA_MIN
                    + "+ there, or name it with --remote-java or java= in the hosts file", pre);
        }
        int major = RemoteInstall.javaMajor(r.stdout());
        if (major < RemoteInstall.JAVA_MIN) {
            throw hostError(h, "'" + layout.java(h) + "' is not Java " + RemoteInstall.JAVA_MIN + "+ (" + javaLine
                    + ")", pre);
        }
        String missing = value(r.stdout(), "missing=");
        if (missing != null) {
            throw hostError(h, "command '" + missing + "' missing (remote roles need setsid and ps of util-linux"
                    + " and procps, timeout of coreutils, tar)", pre);
        }
        if (value(r.stdout(), "missing-wirebench=") != null) {
            throw hostError(h, "--remote-wirebench " + layout.remoteWirebench() + " is not an executable file there",
                    pre);
        }
    }

    /** The preflight, push and sweep commands of every host, and the per-test fetch and stop (--dry-run). */
    void dryRun(PrintWriter o) {
        try {
            Path staging = Files.createTempDirectory("wirebench-bundle");
            try {
                layout.install(RemoteInstall.build(staging, layout.remoteWirebench() == null));
            } finally {
                RemoteInstall.deleteTree(staging);
            }
        } catch (IOException e) {
            throw WirebenchException.badInput("cannot build the bundle for the remote hosts: " + e.getMessage());
        }
        SshCommands ssh = layout.ssh();
        String hash = layout.install().hash();
        for (RemoteHost h : hosts) {
            o.println("Host " + h.label() + " (" + (h.publisher() ? "publisher" : "subscriber") + "):");
            o.println("    " + SshCommands.shown(ssh.ssh(h, RemoteInstall.preflight(layout.dir(h), hash,
                    layout.java(h), layout.remoteWirebench()))));
            o.println("    " + SshCommands.shown(ssh.ssh(h, RemoteInstall.push(layout.dir(h), hash)))
                    + "  < bundle.tar (only when the host lacks bundle " + hash + ")");
            o.println("    " + SshCommands.shown(ssh.ssh(h, RemoteInstall.sweep(layout.dir(h), hash,
                    layout.runs(h)))));
        }
        o.println("After each test, per host: its results fetched and its run directory removed; on a failure,"
                + " a timeout or Ctrl-C, its role stopped:");
        RemoteHost h = hosts.get(0);
        o.println("    " + SshCommands.shown(ssh.ssh(h, RemoteLayout.fetch(layout.runs(h) + "/RUN"))));
        o.println("    " + SshCommands.shown(ssh.ssh(h, layout.stop(h, layout.runs(h) + "/RUN"))));
    }

    private static WirebenchException hostError(RemoteHost h, String what, List<String> command) {
        return new WirebenchException(WirebenchException.RUN_FAILED, "campaign: host " + h.label() + ": " + what
                + "; nothing was run (command: " + SshCommands.shown(command) + ")");
    }

    private static String value(String text, String prefix) {
        for (String l : text.split("\n")) {
            if (l.startsWith(prefix)) {
                return l.substring(prefix.length()).strip();
            }
        }
        return null;
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0;
        }
    }
}
