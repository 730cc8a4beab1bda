package wirebench.runner.campaign;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import wirebench.contract.AtomicFiles;
import wirebench.contract.Json;
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
 *
 * <p>This class builds each test's role command lines; the hosts' preparation is
 * {@link RemotePreflight}'s, running a test {@link RemoteTestRun}'s, where things live on the hosts
 * {@link RemoteLayout}'s.
 */
final class RemoteCampaign {
    private final List<RemoteHost> hosts;
    private final boolean multicast;
    private final Path out;
    private final RemoteLayout layout;
    private final RemotePreflight preflight;
    private final RemoteTestRun testRun;

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
        this.multicast = multicast;
        this.out = out;
        this.layout = new RemoteLayout(ssh, remoteDir, remoteWirebench, remoteJava, out, timeoutS);
        this.preflight = new RemotePreflight(hosts, layout);
        this.testRun = new RemoteTestRun(layout);
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
        return testRun.lostHost();
    }

    /** Checks every host (ssh, Java, tools), pushes the bundle where missing, stops roles a former run left. */
    void prepare(PrintWriter o) {
        preflight.prepare(out, o);
    }

    /** The preflight, push and sweep commands of every host (--dry-run). */
    void dryRun(PrintWriter o) {
        preflight.dryRun(o);
    }

    /** The results fetch of one child (--dry-run). */
    String fetchShown(Child c) {
        return SshCommands.shown(layout.ssh().ssh(c.host(), RemoteLayout.fetch(c.remoteRun())));
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
        String hash = layout.install() == null ? "HASH" : layout.install().hash();
        for (RemoteHost h : order) {
            Role r = h.publisher() ? Role.PUB : Role.SUB;
            String suffix = fileSuffix + (subs.size() > 1 && !h.publisher() ? "_" + h.name() : "");
            Path seed = campaignOut.resolve("perftest").resolve(p.transport())
                    .resolve(p.fileName(h.publisher() ? "pub" : "sub", suffix));
            List<String> args = linesFor(lines, h, pub, subs).arguments(p, r, hasOutput.test(seed));
            String tag = p.index() + "-" + p.id() + "-" + h.name();
            String run = layout.runs(h) + "/" + tag;
            String inst = RemoteInstall.installDir(layout.dir(h), hash);
            List<String> remote = new ArrayList<>(List.of("sh", inst + "/wb-role.sh", run,
                    Long.toString(layout.limitS())));
            if (layout.remoteWirebench() == null) {
                if (!layout.java(h).equals("java")) {
                    remote.addAll(List.of("env", "WIREBENCH_JAVA=" + layout.java(h)));
                }
                remote.add(inst + "/wirebench");
            } else {
                remote.add(layout.remoteWirebench());
            }
            remote.addAll(List.of("run", "pubsub"));
            remote.addAll(args);
            remote.addAll(List.of("--out", run + "/results"));
            String shown = h.name() + "@" + h.destination() + ": wirebench run pubsub " + String.join(" ", args);
            cs.add(new Child(r, layout.ssh().ssh(h, remote), shown, seed, tmp.resolve(tag + ".out"),
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
        return testRun.execute(cs, testTimeoutS);
    }

    /** Ctrl-C: stop the running test's roles on their hosts and the ssh processes here, by {@code deadlineNs}. */
    void stopAll(long deadlineNs) {
        testRun.stopAll(deadlineNs);
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
}
