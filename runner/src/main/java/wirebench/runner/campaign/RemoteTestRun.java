package wirebench.runner.campaign;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import wirebench.contract.perftest.PerftestSummaries;
import wirebench.runner.campaign.CampaignRunner.Child;
import wirebench.runner.campaign.CommandLines.Role;

/**
 * One test of a remote campaign at a time: its roles' ssh processes started, watched until all end,
 * one fails or the test timeout passes, their summary rows checked and their results fetched; on a
 * failure (or Ctrl-C through {@link #stopAll(long)}) the roles stopped on their hosts. A host ssh cannot
 * reach is remembered ({@link #lostHost()}) so the campaign stops.
 */
final class RemoteTestRun {
    private final RemoteLayout layout;

    /** The running test's ssh processes, started through it for a stop from the shutdown hook ({@link StartGate}). */
    private final StartGate live = new StartGate();
    private volatile String lostHost;
    /** Set by {@link #stopAll}: the shutdown hook has stopped the roles, the test's own failure path does not again. */
    private volatile boolean stopping;

    RemoteTestRun(RemoteLayout layout) {
        this.layout = layout;
    }

    /** A host ssh could not reach during the last test (with ssh's error), or null. */
    String lostHost() {
        return lostHost;
    }

    /**
     * Runs one test's roles; null when every role ended with 0, printed its summary row and its results
     * came back, else why not (naming the host, and ssh's error when ssh failed).
     */
    String execute(List<Child> cs, long testTimeoutS) {
        List<Process> procs = new ArrayList<>();
        String failure = null;
        try {
            for (Child c : cs) {
                Files.createDirectories(c.log().getParent());
                Files.createDirectories(c.stdout().getParent());
                Files.writeString(c.log(), "$ " + SshCommands.shown(c.command()) + "\n", StandardCharsets.UTF_8);
                ProcessBuilder pb = new ProcessBuilder(c.command()).redirectOutput(c.stdout().toFile())
                        .redirectError(ProcessBuilder.Redirect.appendTo(c.log().toFile()));
                Process proc = live.start(pb::start);
                if (proc == null) {
                    return failure = "interrupted"; // the hook is stopping the test: nothing more starts
                }
                procs.add(proc);
            }
            stopScript = stopScript(cs);
            failure = await(cs, procs, testTimeoutS);
            if (failure == null) {
                failure = summaries(cs);
            }
            if (failure == null) {
                failure = fetchAll(cs);
            }
        } catch (IOException e) {
            failure = "cannot run ssh: " + e.getMessage();
        } finally {
            if (failure != null && !stopping) {
                failure += stopRoles(cs);
            }
            for (Process proc : procs) {
                closeQuietly(proc.getOutputStream());
            }
            ProcessTrees.stop(procs.stream().filter(Process::isAlive).toList(), TimeUnit.SECONDS.toNanos(2));
            live.remove(procs);
            stopScript = null;
        }
        return failure;
    }

    /** Waits until every role ended (null), one failed or the test timeout passed (why). */
    private String await(List<Child> cs, List<Process> procs, long testTimeoutS) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(testTimeoutS);
        while (true) {
            boolean all = true;
            for (int i = 0; i < cs.size(); i++) {
                Process proc = procs.get(i);
                if (proc.isAlive()) {
                    all = false;
                } else if (proc.exitValue() != 0) {
                    return ended(cs.get(i), proc.exitValue());
                }
            }
            if (all) {
                return null;
            }
            if (System.nanoTime() - deadline > 0) {
                List<String> still = new ArrayList<>();
                for (int i = 0; i < cs.size(); i++) {
                    if (procs.get(i).isAlive()) {
                        still.add(RemoteCampaign.roleName(cs.get(i)));
                    }
                }
                return String.join(", ", still) + " did not end within --test-timeout " + testTimeoutS
                        + " s (stopped)";
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }

    /**
     * Ctrl-C: the running test's ssh processes here killed (their roles' hosts then stop the roles:
     * {@code wb-role.sh} stops its role when the session ends) and, meanwhile, each role's {@code
     * wb-stop.sh} started on its host by an ssh detached from this JVM ({@link #stopScript}: it goes on
     * after the JVM has ended); then the ssh sessions reaped, until {@code deadlineNs} at most. Nothing of the test's is left
     * a child of this JVM: a child still running when the JVM exits costs its exit 0.3 s or more
     * (the JVM waits for the thread that reaps it, which sits in native code).
     */
    void stopAll(long deadlineNs) {
        stopping = true;
        List<Process> procs = live.close(); // a start under way ends first and is among them; none begins after
        String script = stopScript;
        procs.forEach(Process::destroyForcibly); // the session's end is all the role's watcher needs
        try {
            if (script != null) {
                // ends as soon as it has started the stops
                new ProcessBuilder("sh", "-c", script).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
                        "/dev/null"))).start().waitFor(Math.max(1, deadlineNs - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            for (Process p : procs) { // reaped before the JVM exits
                p.waitFor(Math.max(1, deadlineNs - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (IOException e) {
            // no sh: the ended ssh sessions stop the roles anyway
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The running test's stops as one POSIX shell script, made when the test starts (the hook then
     * only starts it): each role's {@code wb-stop.sh} ssh in the background, stdin from /dev/null,
     * stdout discarded, stderr appended to the role's log; the shell ends at once and the ssh
     * processes become orphans, not children of this JVM. Null: nothing to stop.
     */
    private volatile String stopScript;

    private String stopScript(List<Child> cs) {
        if (layout.install() == null || cs.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (Child c : cs) {
            sb.append(SshCommands.shell(layout.ssh().ssh(c.host(), layout.stop(c.host(), c.remoteRun()))))
                    .append(" </dev/null >/dev/null 2>>").append(SshCommands.quote(c.log().toString())).append(" &\n");
        }
        return sb.toString();
    }

    /** Why a role's ssh ended with {@code code}; an ssh failure (255) marks the host lost. */
    private String ended(Child c, int code) {
        if (code == 255) {
            String e = lastLine(c.log());
            lostHost = "host " + c.host().label() + " unreachable: " + e;
            return "ssh to " + c.host().label() + " failed (exit 255): " + e + " (log: " + c.log() + ")";
        }
        if (code == 124) {
            return RemoteCampaign.roleName(c) + " reached its time limit on the host (" + layout.limitS() + " s); "
                    + CampaignRunner.tail(c.log());
        }
        return RemoteCampaign.roleName(c) + " " + CampaignRunner.exitText(code) + "; " + CampaignRunner.tail(c.log());
    }

    private static String summaries(List<Child> cs) throws IOException {
        for (Child c : cs) {
            PerftestSummaries r = PerftestSummaries.read(c.seedFile(), c.stdout());
            boolean latency = c.role() == Role.PUB;
            if ((latency ? r.latency() : r.throughput()).isEmpty()) {
                return RemoteCampaign.roleName(c) + " ended without printing a " + (latency ? "latency" : "throughput")
                        + " summary row on stdout; " + CampaignRunner.tail(c.log());
            }
        }
        return null;
    }

    /**
     * Each host's results directory of the test into the child's local results directory, the hosts
     * side by side; null when all came back, else why not (the first child, in order, that failed).
     */
    private String fetchAll(List<Child> cs) {
        for (FetchFailure f : OnEachHost.run(cs, this::fetch)) {
            if (f != null) {
                if (f.lostHost() != null) {
                    lostHost = f.lostHost();
                }
                return f.why();
            }
        }
        return null;
    }

    /** Why a child's results did not come back, and the host ssh lost on the way (or null). */
    private record FetchFailure(String why, String lostHost) {
    }

    /** One child's results fetched and unpacked: null, or why not. */
    private FetchFailure fetch(Child c) {
        try {
            Path tar = c.resultsDir().resolveSibling(c.resultsDir().getFileName() + ".tar");
            Files.createDirectories(c.resultsDir());
            List<String> cmd = layout.ssh().ssh(c.host(), RemoteLayout.fetch(c.remoteRun()));
            SshRunner.Result r = SshRunner.run(cmd, null, tar, c.stdout().getParent(), layout.sshTimeoutS());
            if (!r.ok()) {
                return new FetchFailure("cannot fetch the results of " + RemoteCampaign.roleName(c) + " (exit "
                        + r.exit() + "): " + r.error(), r.exit() == 255 || r.exit() == -1
                                ? "host " + c.host().label() + " unreachable: " + r.error() : null);
            }
            SshRunner.Result x = SshRunner.run(List.of("tar", "-xf", tar.toString(), "-C", c.resultsDir().toString()),
                    null, null, c.stdout().getParent(), 120);
            Files.deleteIfExists(tar);
            if (!x.ok() || !Files.exists(c.resultsDir().resolve("run.json"))) {
                return new FetchFailure("the results of " + RemoteCampaign.roleName(c) + " came back incomplete: "
                        + (x.ok() ? "no run.json" : x.error()), null);
            }
            return null;
        } catch (IOException e) {
            return new FetchFailure("cannot run ssh: " + e.getMessage(), null);
        }
    }

    /** Stops the roles on their hosts (in parallel); a note for every host where that failed. */
    private String stopRoles(List<Child> cs) {
        List<String> notes = new CopyOnWriteArrayList<>();
        join(startStops(cs, notes), System.nanoTime() + TimeUnit.SECONDS.toNanos(layout.stopTimeoutS() + 5));
        return notes.isEmpty() ? "" : "; " + String.join("; ", notes);
    }

    /** A thread per role stopping it on its host; a note in {@code notes} for each that fails. */
    private List<Thread> startStops(List<Child> cs, List<String> notes) {
        List<Thread> threads = new ArrayList<>();
        if (layout.install() == null) {
            return threads;
        }
        for (Child c : cs) {
            Thread t = new Thread(() -> {
                SshRunner.Result r = SshRunner.run(layout.ssh().ssh(c.host(), layout.stop(c.host(), c.remoteRun())),
                        null, null, c.stdout().getParent(), layout.stopTimeoutS());
                if (!r.ok()) {
                    notes.add("could not stop the role on " + c.host().label() + " (" + r.error()
                            + "); it ends at its time limit of " + layout.limitS()
                            + " s there, or when its ssh session ends");
                }
            }, "wirebench-remote-stop");
            t.start();
            threads.add(t);
        }
        return threads;
    }

    /** Waits for {@code threads} until {@code deadlineNs} at most. */
    private static void join(List<Thread> threads, long deadlineNs) {
        for (Thread t : threads) {
            long left = deadlineNs - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String lastLine(Path log) {
        try {
            return SshCommands.sshError(Files.readAllLines(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return "no message (log: " + log + ")";
        }
    }

    private static void closeQuietly(OutputStream s) {
        try {
            s.close();
        } catch (IOException e) {
            // the ssh process is gone
        }
    }
}
