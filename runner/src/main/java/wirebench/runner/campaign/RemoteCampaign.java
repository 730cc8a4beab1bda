package wirebench.runner.campaign;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

import wirebench.contract.AtomicFiles;
import wirebench.contract.Json;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;
import wirebench.contract.perftest.PerftestSummaries;
import wirebench.runner.campaign.CampaignRunner.Child;
import wirebench.runner.campaign.CommandLines.Role;

/**
 * A campaign whose roles run on other hosts, started over SSH with the system's OpenSSH client
 * (docs/multihost.md): one publisher and one or more subscribers, each test one {@code wirebench
 * run pubsub} per host in a process group of its own ({@code wb-role.sh}); the results come back
 * with {@code ssh ... tar} and are merged by {@link CampaignRunner}'s commit, rows tagged with their
 * host. A role that fails ends the test at once and the other hosts' roles are stopped
 * ({@code wb-stop.sh}); a host that ssh cannot reach (exit 255) stops the campaign, whose finished
 * tests stay for {@code --resume}.
 */
final class RemoteCampaign {
    private final List<RemoteHost> hosts;
    private final SshCommands ssh;
    private final String remoteDir;
    private final String remoteWirebench;
    private final String remoteJava;
    private final boolean multicast;
    private final Path out;
    private final long timeoutS;
    private final String campaignId;
    private RemoteInstall install;

    /** The running test's ssh processes and their children (for a stop from the shutdown hook). */
    private final List<Process> live = new CopyOnWriteArrayList<>();
    private final List<Child> liveChildren = new CopyOnWriteArrayList<>();
    private volatile String lostHost;

    /**
     * @param remoteDir       work directory on every host without its own {@code dir=}
     * @param remoteWirebench an existing launcher on the hosts (null: push one)
     * @param remoteJava      java on the hosts without their own {@code java=} (null: {@code java})
     * @param multicast       the roles meet by multicast ({@code -multicast} among the extra arguments): no {@code -peer}
     * @param timeoutS        --test-timeout; a remote role's own time limit is this plus 10 s
     */
    RemoteCampaign(List<RemoteHost> hosts, SshCommands ssh, String remoteDir, String remoteWirebench,
            String remoteJava, boolean multicast, Path out, long timeoutS) {
        this.hosts = hosts;
        this.ssh = ssh;
        this.remoteDir = remoteDir;
        this.remoteWirebench = remoteWirebench;
        this.remoteJava = remoteJava;
        this.multicast = multicast;
        this.out = out;
        this.timeoutS = timeoutS;
        this.campaignId = campaignId(out);
    }

    /** run.json's description of the hosts. */
    static List<Object> describe(List<RemoteHost> hosts) {
        List<Object> l = new ArrayList<>();
        for (RemoteHost h : hosts) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", h.name());
            m.put("role", h.publisher() ? "pub" : "sub");
            m.put("ssh", h.destination());
            m.put("address", h.dataAddress());
            m.put("remote_dir", h.remoteDir());
            m.put("java", h.java());
            l.add(m);
        }
        return l;
    }

    /** Which host runs which role: {@code pub@h1 sub1@h2 sub2@h3}. */
    String where() {
        return String.join(" ", hosts.stream().map(h -> h.name() + "@" + h.host()).toList());
    }

    /** A host ssh could not reach during the last test (with ssh's error), or null. */
    String lostHost() {
        return lostHost;
    }

    private String dir(RemoteHost h) {
        return h.remoteDir() != null ? h.remoteDir() : remoteDir;
    }

    private String java(RemoteHost h) {
        return h.java() != null ? h.java() : remoteJava != null ? remoteJava : "java";
    }

    private String installDir(RemoteHost h) {
        return RemoteInstall.installDir(dir(h), install.hash());
    }

    private long limitS() {
        return timeoutS + 10;
    }

    /** A stop: connect, SIGTERM, up to 5 s, SIGKILL, up to 5 s. */
    private long stopTimeoutS() {
        return ssh.connectTimeoutS() + 15L;
    }

    private long sshTimeoutS() {
        return 3L * ssh.connectTimeoutS() + 30;
    }

    // ---------------------------------------------------------------- before the first test

    /** Checks every host (ssh, Java, tools), pushes the bundle where missing, stops roles a former run left. */
    void prepare(PrintWriter o) {
        Path tmp = out.resolve("tmp");
        install = RemoteInstall.build(tmp.resolve("bundle"), remoteWirebench == null);
        for (RemoteHost h : hosts) {
            List<String> pre = ssh.ssh(h, RemoteInstall.preflight(dir(h), install.hash(), java(h), remoteWirebench));
            SshRunner.Result r = SshRunner.run(pre, null, null, tmp, sshTimeoutS());
            if (r.exit() == 255 || r.exit() == -1) {
                throw hostError(h, "ssh failed: " + r.error(), pre);
            }
            if (!r.ok()) {
                throw hostError(h, "the check of the host failed (exit " + r.exit() + "): " + r.error(), pre);
            }
            String javaLine = value(r.stdout(), "java: ");
            if (!"0".equals(value(r.stdout(), "java-exit="))) {
                throw hostError(h, "no usable Java: '" + java(h) + " -version' failed (exit " + value(r.stdout(),
                        "java-exit=") + ": " + javaLine + "); install Java " + RemoteInstall.JAVA_MIN
                        + "+ there, or name it with --remote-java or java= in the hosts file", pre);
            }
            int major = RemoteInstall.javaMajor(r.stdout());
            if (major < RemoteInstall.JAVA_MIN) {
                throw hostError(h, "'" + java(h) + "' is not Java " + RemoteInstall.JAVA_MIN + "+ (" + javaLine + ")",
                        pre);
            }
            String missing = value(r.stdout(), "missing=");
            if (missing != null) {
                throw hostError(h, "command '" + missing + "' missing (remote roles need setsid and ps of util-linux"
                        + " and procps, timeout of coreutils, tar)", pre);
            }
            if (value(r.stdout(), "missing-wirebench=") != null) {
                throw hostError(h, "--remote-wirebench " + remoteWirebench + " is not an executable file there", pre);
            }
            if ("yes".equals(value(r.stdout(), "installed="))) {
                o.println("host " + h.label() + ": " + javaLine + "; wirebench bundle " + install.hash()
                        + " already installed in " + installDir(h) + " (nothing pushed)");
            } else {
                Path tar = install.tarFile(tmp);
                long t0 = System.nanoTime();
                List<String> push = ssh.ssh(h, RemoteInstall.push(dir(h), install.hash()));
                SshRunner.Result p = SshRunner.run(push, tar, null, tmp, 600);
                if (!p.ok()) {
                    throw hostError(h, "the push failed (exit " + p.exit() + "): " + p.error(), push);
                }
                o.println("host " + h.label() + ": " + javaLine + "; pushed wirebench bundle " + install.hash() + " ("
                        + Numbers.fixed(size(tar) / 1e6, 1) + " MB) to " + installDir(h) + " in "
                        + Numbers.fixed((System.nanoTime() - t0) / 1e9, 1) + " s");
            }
            List<String> sweep = ssh.ssh(h, RemoteInstall.sweep(dir(h), install.hash(), runs(h)));
            SshRunner.Result s = SshRunner.run(sweep, null, null, tmp, sshTimeoutS());
            for (String l : s.stdout().split("\n")) {
                if (!l.isBlank()) {
                    o.println("host " + h.label() + ": a role left by a former run: " + l.strip());
                }
            }
            if (!s.ok()) {
                throw hostError(h, "cannot stop roles a former run left: " + s.error(), sweep);
            }
        }
        o.flush();
    }

    /** The preflight, push and sweep commands of every host (--dry-run). */
    void dryRun(PrintWriter o) {
        try {
            Path staging = Files.createTempDirectory("wirebench-bundle");
            try {
                install = RemoteInstall.build(staging, remoteWirebench == null);
            } finally {
                RemoteInstall.deleteTree(staging);
            }
        } catch (IOException e) {
            throw WirebenchException.badInput("cannot build the bundle for the remote hosts: " + e.getMessage());
        }
        for (RemoteHost h : hosts) {
            o.println("Host " + h.label() + " (" + (h.publisher() ? "publisher" : "subscriber") + "):");
            o.println("    " + SshCommands.shown(ssh.ssh(h, RemoteInstall.preflight(dir(h), install.hash(), java(h),
                    remoteWirebench))));
            o.println("    " + SshCommands.shown(ssh.ssh(h, RemoteInstall.push(dir(h), install.hash())))
                    + "  < bundle.tar (only when the host lacks bundle " + install.hash() + ")");
            o.println("    " + SshCommands.shown(ssh.ssh(h, RemoteInstall.sweep(dir(h), install.hash(), runs(h)))));
        }
        o.println("After each test, per host: its results fetched and its run directory removed; on a failure,"
                + " a timeout or Ctrl-C, its role stopped:");
        RemoteHost h = hosts.get(0);
        o.println("    " + SshCommands.shown(ssh.ssh(h, fetch(runs(h) + "/RUN"))));
        o.println("    " + SshCommands.shown(ssh.ssh(h, stop(h, runs(h) + "/RUN"))));
    }

    /** The results fetch of one child (--dry-run). */
    String fetchShown(Child c) {
        return SshCommands.shown(ssh.ssh(c.host(), fetch(c.remoteRun())));
    }

    private String runs(RemoteHost h) {
        return dir(h) + "/runs/" + campaignId;
    }

    private static String fetch(String run) {
        return "tar -C " + SshCommands.quote(run + "/results") + " -cf - . && rm -rf " + SshCommands.quote(run);
    }

    private List<String> stop(RemoteHost h, String run) {
        return List.of("sh", installDir(h) + "/wb-stop.sh", run);
    }

    // ---------------------------------------------------------------- one test

    /** The test's processes: the subscribers first, then the publisher (which ends the test). */
    List<Child> children(TestPoint p, Predicate<Path> hasOutput, CommandLines lines, Path campaignOut,
            String fileSuffix) {
        List<RemoteHost> subs = hosts.stream().filter(h -> !h.publisher()).toList();
        RemoteHost pub = hosts.stream().filter(RemoteHost::publisher).findFirst().orElseThrow();
        List<RemoteHost> order = new ArrayList<>(subs);
        order.add(pub);
        List<Child> cs = new ArrayList<>();
        Path tmp = campaignOut.resolve("tmp");
        String hash = install == null ? "HASH" : install.hash();
        for (RemoteHost h : order) {
            Role r = h.publisher() ? Role.PUB : Role.SUB;
            String suffix = fileSuffix + (subs.size() > 1 && !h.publisher() ? "_" + h.name() : "");
            Path seed = campaignOut.resolve("perftest").resolve(p.transport())
                    .resolve(p.fileName(h.publisher() ? "pub" : "sub", suffix));
            List<String> args = linesFor(lines, h, pub, subs).arguments(p, r, hasOutput.test(seed));
            String tag = p.index() + "-" + p.id() + "-" + h.name();
            String run = runs(h) + "/" + tag;
            String inst = RemoteInstall.installDir(dir(h), hash);
            List<String> remote = new ArrayList<>(List.of("sh", inst + "/wb-role.sh", run, Long.toString(limitS())));
            if (remoteWirebench == null) {
                if (!java(h).equals("java")) {
                    remote.addAll(List.of("env", "WIREBENCH_JAVA=" + java(h)));
                }
                remote.add(inst + "/wirebench");
            } else {
                remote.add(remoteWirebench);
            }
            remote.addAll(List.of("run", "pubsub"));
            remote.addAll(args);
            remote.addAll(List.of("--out", run + "/results"));
            String shown = h.name() + "@" + h.destination() + ": wirebench run pubsub " + String.join(" ", args);
            cs.add(new Child(r, ssh.ssh(h, remote), shown, seed, tmp.resolve(tag + ".out"),
                    campaignOut.resolve("logs").resolve(tag + ".log"), tmp.resolve(tag + "-results"), null, null, args, h,
                    run));
        }
        return cs;
    }

    /** The campaign's command lines with this host's -nic and its peers (-peer, -numSubscribers, -sidMultiSubTest). */
    private CommandLines linesFor(CommandLines lines, RemoteHost h, RemoteHost pub, List<RemoteHost> subs) {
        String nic = h.address() != null || multicast ? h.dataAddress() : null;
        List<String> extraPub = new ArrayList<>(lines.extraPub());
        List<String> extraSub = new ArrayList<>(lines.extraSub());
        String peer;
        if (h.publisher()) {
            peer = multicast ? null : subs.get(0).dataAddress();
            if (!multicast) {
                for (RemoteHost s : subs.subList(1, subs.size())) {
                    extraPub.addAll(List.of("-peer", s.dataAddress()));
                }
            }
            if (subs.size() > 1) {
                extraPub.addAll(List.of("-numSubscribers", Integer.toString(subs.size())));
            }
        } else {
            peer = multicast ? null : pub.dataAddress();
            if (subs.size() > 1) {
                extraSub.addAll(List.of("-sidMultiSubTest", Integer.toString(h.subscriberId())));
            }
        }
        return new CommandLines(lines.instances(), lines.executionTimeS(), nic, peer, lines.extra(), extraPub,
                extraSub);
    }

    /**
     * Runs one test's roles; null when every role ended with 0, printed its summary row and its results
     * came back, else why not (naming the host, and ssh's error when ssh failed).
     */
    String execute(TestPoint p, List<Child> cs, long testTimeoutS) {
        List<Process> procs = new ArrayList<>();
        String failure = null;
        try {
            for (Child c : cs) {
                Files.createDirectories(c.log().getParent());
                Files.createDirectories(c.stdout().getParent());
                Files.writeString(c.log(), "$ " + SshCommands.shown(c.command()) + "\n", StandardCharsets.UTF_8);
                Process proc = new ProcessBuilder(c.command()).redirectOutput(c.stdout().toFile())
                        .redirectError(ProcessBuilder.Redirect.appendTo(c.log().toFile())).start();
                procs.add(proc);
                live.add(proc);
                liveChildren.add(c);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(testTimeoutS);
            while (failure == null) {
                boolean all = true;
                for (int i = 0; i < cs.size() && failure == null; i++) {
                    Process proc = procs.get(i);
                    if (proc.isAlive()) {
                        all = false;
                    } else if (proc.exitValue() != 0) {
                        failure = ended(cs.get(i), proc.exitValue());
                    }
                }
                if (all || failure != null) {
                    break;
                }
                if (System.nanoTime() - deadline > 0) {
                    List<String> still = new ArrayList<>();
                    for (int i = 0; i < cs.size(); i++) {
                        if (procs.get(i).isAlive()) {
                            still.add(roleName(cs.get(i)));
                        }
                    }
                    failure = String.join(", ", still) + " did not end within --test-timeout " + testTimeoutS
                            + " s (stopped)";
                    break;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
            if (failure == null) {
                failure = summaries(p, cs);
            }
            if (failure == null) {
                failure = fetchAll(cs);
            }
        } catch (IOException e) {
            failure = "cannot run ssh: " + e.getMessage();
        } finally {
            if (failure != null) {
                failure += stopRoles(cs, procs);
            }
            for (Process proc : procs) {
                closeQuietly(proc.getOutputStream());
            }
            ProcessTrees.stop(procs.stream().filter(Process::isAlive).toList(), TimeUnit.SECONDS.toNanos(2));
            live.removeAll(procs);
            liveChildren.removeAll(cs);
        }
        return failure;
    }

    /** Ctrl-C: stop the running test's roles on their hosts, then the ssh processes here. */
    void stopAll() {
        List<Child> cs = new ArrayList<>(liveChildren);
        List<Process> procs = new ArrayList<>(live);
        stopRoles(cs, procs);
        ProcessTrees.stop(procs, TimeUnit.SECONDS.toNanos(2));
    }

    /** Why a role's ssh ended with {@code code}; an ssh failure (255) marks the host lost. */
    private String ended(Child c, int code) {
        if (code == 255) {
            String e = lastLine(c.log());
            lostHost = "host " + c.host().label() + " unreachable: " + e;
            return "ssh to " + c.host().label() + " failed (exit 255): " + e + " (log: " + c.log() + ")";
        }
        if (code == 124) {
            return roleName(c) + " reached its time limit on the host (" + limitS() + " s); "
                    + CampaignRunner.tail(c.log());
        }
        return roleName(c) + " " + CampaignRunner.exitText(code) + "; " + CampaignRunner.tail(c.log());
    }

    private String summaries(TestPoint p, List<Child> cs) throws IOException {
        for (Child c : cs) {
            PerftestSummaries r = PerftestSummaries.read(c.seedFile(), c.stdout());
            boolean latency = c.role() == Role.PUB;
            if ((latency ? r.latency() : r.throughput()).isEmpty()) {
                return roleName(c) + " ended without printing a " + (latency ? "latency" : "throughput")
                        + " summary row on stdout; " + CampaignRunner.tail(c.log());
            }
        }
        return null;
    }

    /** Each host's results directory of the test into the child's local results directory. */
    private String fetchAll(List<Child> cs) throws IOException {
        for (Child c : cs) {
            Path tar = c.resultsDir().resolveSibling(c.resultsDir().getFileName() + ".tar");
            Files.createDirectories(c.resultsDir());
            List<String> cmd = ssh.ssh(c.host(), fetch(c.remoteRun()));
            SshRunner.Result r = SshRunner.run(cmd, null, tar, c.stdout().getParent(), sshTimeoutS());
            if (!r.ok()) {
                if (r.exit() == 255 || r.exit() == -1) {
                    lostHost = "host " + c.host().label() + " unreachable: " + r.error();
                }
                return "cannot fetch the results of " + roleName(c) + " (exit " + r.exit() + "): " + r.error();
            }
            SshRunner.Result x = SshRunner.run(List.of("tar", "-xf", tar.toString(), "-C", c.resultsDir().toString()),
                    null, null, c.stdout().getParent(), 120);
            Files.deleteIfExists(tar);
            if (!x.ok() || !Files.exists(c.resultsDir().resolve("run.json"))) {
                return "the results of " + roleName(c) + " came back incomplete: " + (x.ok() ? "no run.json" : x.error());
            }
        }
        return null;
    }

    /** Stops the roles on their hosts (in parallel); a note for every host where that failed. */
    private String stopRoles(List<Child> cs, List<Process> procs) {
        if (install == null || cs.isEmpty()) {
            return "";
        }
        List<Thread> threads = new ArrayList<>();
        List<String> notes = new CopyOnWriteArrayList<>();
        for (Child c : cs) {
            Thread t = new Thread(() -> {
                SshRunner.Result r = SshRunner.run(ssh.ssh(c.host(), stop(c.host(), c.remoteRun())), null, null,
                        c.stdout().getParent(), stopTimeoutS());
                if (!r.ok()) {
                    notes.add("could not stop the role on " + c.host().label() + " (" + r.error()
                            + "); it ends at its time limit of " + limitS() + " s there, or when its ssh session ends");
                }
            }, "wirebench-remote-stop");
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(stopTimeoutS() + 5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return notes.isEmpty() ? "" : "; " + String.join("; ", notes);
    }

    static String roleName(Child c) {
        return "wirebench run pubsub " + (c.role() == Role.PUB ? "publisher" : "subscriber") + " on "
                + c.host().label();
    }

    /**
     * The host's run.json (its environment) into {@code results/hosts/NAME-HOST/run.json}, with a
     * {@code campaign_host} entry naming its role and host; the latest test's copy is kept.
     */
    static void keepEnvironment(Child c, Path results) throws IOException {
        Path from = c.resultsDir().resolve("run.json");
        if (!Files.exists(from)) {
            return;
        }
        String text = Files.readString(from, StandardCharsets.UTF_8).strip();
        int brace = text.indexOf('{');
        if (brace < 0) {
            return;
        }
        Map<String, Object> who = new LinkedHashMap<>();
        who.put("name", c.host().name());
        who.put("role", c.role() == Role.PUB ? "publisher" : "subscriber");
        who.put("ssh", c.host().destination());
        who.put("address", c.host().dataAddress());
        String rest = text.substring(brace + 1).strip();
        String merged = "{\"campaign_host\": " + Json.write(who) + (rest.startsWith("}") ? "" : ",") + "\n" + rest
                + "\n";
        Path dir = results.resolve("hosts").resolve(c.host().dirName());
        Files.createDirectories(dir);
        AtomicFiles.writeString(dir.resolve("run.json"), merged, "the run.json of " + c.host().label());
    }

    private WirebenchException hostError(RemoteHost h, String what, List<String> command) {
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

    private static String lastLine(Path log) {
        try {
            return SshCommands.sshError(Files.readAllLines(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return "no message (log: " + log + ")";
        }
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void closeQuietly(OutputStream s) {
        try {
            s.close();
        } catch (IOException e) {
            // the ssh process is gone
        }
    }

    private static String campaignId(Path out) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update((System.getProperty("user.name") + "\0" + out.toAbsolutePath().normalize())
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
