package wirebench.runner.campaign;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;
import wirebench.contract.perftest.PerftestSummaries;
import wirebench.runner.campaign.CommandLines.Role;
import wirebench.runner.results.ResultsDirectory;

/**
 * Runs the tests of a campaign one after the other, each in its own process(es), and commits a
 * test's output only once it finished: its stdout appended to the seed-named Perftest CSV file,
 * its rows appended to the results directory, its id appended to the state file. A failed, killed
 * or interrupted test therefore leaves nothing half-written. See docs/campaign.md. This class
 * is the run loop; the processes of a test are built by {@link LocalChildren} and run by
 * {@link LocalTestRun} (or {@link RemoteCampaign}), kept by {@link TestCommit}, and an interruption
 * is handled by {@link CampaignInterruption}.
 */
final class CampaignRunner {
    static final String STATE_FILE = StateFile.NAME;
    /**
     * One process of a test. With both roles in one wirebench process, {@code subSeedFile} and
     * {@code subStdout} are the subscriber's ({@code -subOutputFile}), so the four seed families are
     * written as by two processes; otherwise null. {@code args} are the role's arguments (without
     * {@code --out}); {@code host} is the remote host of a multi-host campaign (null: this host) and
     * {@code remoteRun} its run directory there.
     */
    record Child(Role role, List<String> command, String shown, Path seedFile, Path stdout, Path log,
            Path resultsDir, Path subSeedFile, Path subStdout, List<String> args, RemoteHost host, String remoteRun) {
    }

    private final Path out;
    private final List<TestPoint> points;
    private final CommandLines lines;
    private final String executable;
    private final String fileSuffix;
    private final long timeoutS;
    private final long executionTimeS;
    private final boolean stopOnFailure;
    private final PrintWriter o;
    private final PrintWriter err;
    private final boolean live;
    private final LocalChildren local;
    private final CampaignInterruption interruption;
    private final LocalTestRun localRun;
    private final TestCommit commit;
    private RemoteCampaign remote;

    CampaignRunner(Path out, List<TestPoint> points, CommandLines lines, Role role, String executable,
            String fileSuffix, long timeoutS, long executionTimeS, boolean stopOnFailure, PrintWriter o,
            PrintWriter err, boolean live) {
        this.out = out;
        this.points = points;
        this.lines = lines;
        this.executable = executable;
        this.fileSuffix = fileSuffix;
        this.timeoutS = timeoutS;
        this.executionTimeS = executionTimeS;
        this.stopOnFailure = stopOnFailure;
        this.o = o;
        this.err = err;
        this.live = live;
        this.local = new LocalChildren(out, lines, role, executable, fileSuffix);
        this.interruption = new CampaignInterruption(out, points, err);
        this.localRun = new LocalTestRun(timeoutS, interruption, this::roleName);
        this.commit = new TestCommit(resultsDir(), new ResultsMerge(lines), interruption);
    }

    /** Runs the roles on remote hosts over SSH (docs/multihost.md) instead of here. */
    void remote(RemoteCampaign r) {
        this.remote = r;
        interruption.remote(r);
    }

    Path resultsDir() {
        return out.resolve("results");
    }

    /** Prints every test's command lines (headers decided as if every test succeeds). */
    void dryRun() {
        checkArguments(Set.of());
        if (remote != null) {
            remote.dryRun(o);
        }
        Set<Path> written = new HashSet<>();
        for (TestPoint p : points) {
            o.println("Test " + p.tag() + " " + p.sizeBytes() + " B rep " + p.repetition() + " (" + p.index() + "/"
                    + points.size() + ") " + p.id());
            for (Child c : children(p, written::contains)) {
                o.println("    " + (c.host() == null ? c.shown() : SshCommands.shown(c.command())) + "  >> "
                        + out.relativize(c.seedFile()) + (c.subSeedFile() == null ? ""
                        : " (subscriber >> " + out.relativize(c.subSeedFile()) + ")"));
                written.add(c.seedFile());
                if (c.subSeedFile() != null) {
                    written.add(c.subSeedFile());
                }
                if (c.host() != null) {
                    o.println("    " + remote.fetchShown(c));
                }
            }
        }
        o.println("campaign: " + points.size() + " tests, about " + Progress.duration(points.size()
                * (executionTimeS + Progress.STARTUP_S)) + " (" + executionTimeS + " s each plus about "
                + Numbers.plain(Progress.STARTUP_S) + " s of start-up)");
        o.flush();
    }

    int run(boolean resume, String commandLine, Map<String, Object> config) {
        Path state = out.resolve(STATE_FILE);
        String recovered = TestCommit.recover(state);
        if (recovered != null) {
            err.println(recovered);
            err.flush();
        }
        Set<String> finished = StateFile.read(state);
        if (!resume && !finished.isEmpty()) {
            throw WirebenchException.badInput(state + ": " + out + " already holds a campaign with " + finished.size()
                    + " finished tests; pass --resume to continue it, or choose another --out");
        }
        checkArguments(finished);
        try {
            Files.createDirectories(out.resolve("logs"));
            Files.createDirectories(out.resolve("tmp"));
        } catch (IOException e) {
            throw WirebenchException.badInput(out + ": cannot create the campaign directory (" + e.getMessage() + ")");
        }
        if (remote != null) {
            remote.prepare(o);
        }
        ResultsDirectory dir = ResultsDirectory.create(resultsDir(), commandLine, config);
        Map<String, Object> note = new LinkedHashMap<>();
        note.put("resumed", resume);
        note.put("finished_before", finished.size());
        dir.note("campaign", note);
        int already = 0;
        for (TestPoint p : points) {
            already += finished.contains(p.id()) ? 1 : 0;
        }
        interruption.finishedBefore(already);
        if (resume) {
            o.println("campaign: resuming: " + already + " of " + points.size() + " tests already finished, "
                    + (points.size() - already) + " to run");
        }
        Thread hook = new Thread(interruption::onShutdown, "wirebench-campaign-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        List<String> failures = new ArrayList<>();
        int ran = 0;
        long t0 = System.nanoTime();
        try (Progress progress = new Progress(o, live, points.size(), points.size() - already, executionTimeS)) {
            int done = 0;
            for (TestPoint p : points) {
                if (finished.contains(p.id())) {
                    continue;
                }
                if (!interruption.begin(p)) {
                    break;
                }
                List<Child> cs = children(p, CampaignRunner::continuesWithoutHeaders);
                TestCommit.cleanTmp(cs); // what a run that a signal ended left of this test
                progress.start(p, done, String.join("\n    ", cs.stream().map(Child::shown).toList()),
                        remote == null ? null : remote.where());
                long start = System.nanoTime();
                String failure = remote != null ? remote.execute(p, cs, timeoutS) : localRun.execute(p, cs);
                if (failure == null) {
                    failure = commit.commit(p, cs, dir, state);
                }
                progress.ended((System.nanoTime() - start) / 1e9);
                done++;
                ran++;
                TestCommit.cleanTmp(cs);
                if (failure != null) {
                    if (!interruption.endFailed()) {
                        break;
                    }
                    String msg = "campaign: test " + p.index() + "/" + points.size() + " " + p.tag() + " "
                            + p.sizeBytes() + " B rep " + p.repetition() + " failed: " + failure;
                    failures.add(msg);
                    progress.line(msg);
                    err.println(msg);
                    err.flush();
                    if (stopOnFailure) {
                        break;
                    }
                    if (remote != null && remote.lostHost() != null) {
                        String lost = "campaign: stopped: " + remote.lostHost() + "; the other tests need every host";
                        progress.line(lost);
                        err.println(lost);
                        err.flush();
                        break;
                    }
                }
            }
        } finally {
            interruption.finishUnlessStopping(dir);
            if (!interruption.stopping()) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook reports
                }
            }
        }
        if (interruption.stopping()) {
            // the JVM is halting on a signal: the shutdown hook says what is kept, nothing else is said
            return 128 + 15;
        }
        double s = (System.nanoTime() - t0) / 1e9;
        int missing = points.size() - interruption.finishedCount();
        o.println("campaign: " + (ran - failures.size()) + " tests finished, " + failures.size() + " failed, "
                + already + " skipped (finished before) in " + Progress.duration(s) + " (" + Numbers.fixed(s, 1)
                + " s); results in " + resultsDir() + ", Perftest CSV files in " + out.resolve("perftest"));
        o.flush();
        if (!failures.isEmpty() || missing > 0) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "campaign: " + failures.size()
                    + " test(s) failed" + (failures.isEmpty() ? "" : ", first: " + failures.get(0).replaceFirst(
                            "^campaign: ", "")) + "; " + missing + " of " + points.size()
                    + " tests missing; every finished test's rows are in " + out
                    + "; run the same command with --resume to run the missing ones");
        }
        return 0;
    }

    /**
     * A remote role's arguments as this host can check them: its {@code -nic} names an interface of
     * that host and its {@code -peer}s are names that host resolves, so both are left to the role
     * itself (a loopback peer stands in); every other option is checked here.
     */
    static List<String> withoutHostAddresses(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equalsIgnoreCase("-nic") || a.equalsIgnoreCase("-peer")) && i + 1 < args.size()) {
                if (a.equalsIgnoreCase("-peer")) {
                    out.addAll(List.of("-peer", "127.0.0.1"));
                }
                i++;
                continue;
            }
            out.add(a);
        }
        return out;
    }

    /**
     * wirebench's own runner: every command line still to run is parsed and checked as {@code run
     * pubsub} would check it, so that an option one role rejects (from --extra-arguments, say) stops
     * the campaign before its first test instead of failing every test.
     */
    private void checkArguments(Set<String> finished) {
        if (executable != null) {
            return;
        }
        Set<List<String>> seen = new HashSet<>();
        for (TestPoint p : points) {
            if (finished.contains(p.id())) {
                continue;
            }
            for (Child c : children(p, f -> false)) {
                List<String> args = c.host() == null ? c.args() : withoutHostAddresses(c.args());
                if (!seen.add(args)) {
                    continue;
                }
                WirebenchException e = wirebench.runner.pubsub.PubSubCommand.argumentsError(args);
                if (e != null) {
                    throw new WirebenchException(e.exitCode(), "campaign: test " + p.index() + "/" + points.size() + " "
                            + p.tag() + " " + p.sizeBytes() + " B: " + roleName(c) + " would refuse its arguments: "
                            + e.getMessage() + "; nothing was run (command: " + c.shown() + ")");
                }
            }
        }
    }

    private List<Child> children(TestPoint p, Predicate<Path> hasOutput) {
        return remote != null ? remote.children(p, hasOutput, lines, out, fileSuffix) : local.of(p, hasOutput);
    }

    String roleName(Child c) {
        if (c.host() != null) {
            return RemoteCampaign.roleName(c);
        }
        String what = executable == null ? "wirebench run pubsub" : Path.of(executable).getFileName().toString();
        return c.role() == Role.BOTH ? what + " (publisher and subscriber)"
                : what + (c.role() == Role.PUB ? " publisher" : " subscriber");
    }

    static String exitText(int code) {
        if (code > 128 && code < 160) {
            int sig = code - 128;
            String name = switch (sig) {
                case 9 -> "SIGKILL";
                case 15 -> "SIGTERM";
                case 2 -> "SIGINT";
                case 6 -> "SIGABRT";
                case 11 -> "SIGSEGV";
                case 8 -> "SIGFPE";
                default -> "signal " + sig;
            };
            return "was killed by " + name + " (exit " + code + ")";
        }
        return "exited with code " + code;
    }

    /** The last stderr lines of a process and where its whole log is. */
    static String tail(Path log) {
        try {
            List<String> ls = Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank())
                    .filter(l -> !l.startsWith("$ ")).toList();
            List<String> last = ls.subList(Math.max(0, ls.size() - 3), ls.size());
            return (last.isEmpty() ? "no stderr output" : "last stderr: " + String.join(" | ", last)) + " (log: "
                    + log + ")";
        } catch (IOException e) {
            return "log: " + log;
        }
    }

    /**
     * Whether the next run into seed file {@code f} gets {@code -noOutputHeaders}: the file holds CSV
     * output (legacy text and JSON need no header, and Perftest before 3.1 refuses the option).
     */
    private static boolean continuesWithoutHeaders(Path f) {
        try {
            return PerftestSummaries.continuesWithoutHeaders(f);
        } catch (IOException e) {
            return false; // headers again: never wrong, the readers take a header anywhere
        }
    }
}
