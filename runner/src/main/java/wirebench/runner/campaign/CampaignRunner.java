package wirebench.runner.campaign;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;
import wirebench.runner.JavaOptions;
import wirebench.runner.cli.MainClass;
import wirebench.runner.campaign.CommandLines.Role;
import wirebench.runner.results.ResultsDirectory;

/**
 * Runs the tests of a campaign one after the other, each in its own process(es), and commits a
 * test's output only once it finished: its stdout appended to the seed-named Perftest CSV file,
 * its rows appended to the results directory, its id appended to the state file. A failed, killed
 * or interrupted test therefore leaves nothing half-written. See docs/campaign.md.
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
    private final ResultsMerge merge;
    private final Role role;
    private final String executable;
    private final String fileSuffix;
    private final long timeoutS;
    private final long executionTimeS;
    private final boolean stopOnFailure;
    private final PrintWriter o;
    private final PrintWriter err;
    private final boolean live;

    private final ReentrantLock commitLock = new ReentrantLock();
    private final List<Process> running = new CopyOnWriteArrayList<>();
    private volatile boolean stopping;
    private volatile TestPoint current;
    private volatile int finishedCount;
    private RemoteCampaign remote;

    CampaignRunner(Path out, List<TestPoint> points, CommandLines lines, Role role, String executable,
            String fileSuffix, long timeoutS, long executionTimeS, boolean stopOnFailure, PrintWriter o,
            PrintWriter err, boolean live) {
        this.out = out;
        this.points = points;
        this.lines = lines;
        this.merge = new ResultsMerge(lines.instances());
        this.role = role;
        this.executable = executable;
        this.fileSuffix = fileSuffix;
        this.timeoutS = timeoutS;
        this.executionTimeS = executionTimeS;
        this.stopOnFailure = stopOnFailure;
        this.o = o;
        this.err = err;
        this.live = live;
    }

    /** Runs the roles on remote hosts over SSH (docs/multihost.md) instead of here. */
    void remote(RemoteCampaign r) {
        this.remote = r;
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
        finishedCount = already;
        if (resume) {
            o.println("campaign: resuming: " + already + " of " + points.size() + " tests already finished, "
                    + (points.size() - already) + " to run");
        }
        Thread hook = new Thread(this::onShutdown, "wirebench-campaign-shutdown");
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
                if (!begin(p)) {
                    break;
                }
                List<Child> cs = children(p, f -> size(f) > 0);
                progress.start(p, done, String.join("\n    ", cs.stream().map(Child::shown).toList()),
                        remote == null ? null : remote.where());
                long start = System.nanoTime();
                String failure = remote != null ? remote.execute(p, cs, timeoutS) : execute(p, cs);
                if (failure == null) {
                    failure = commit(p, cs, dir, state);
                }
                progress.ended((System.nanoTime() - start) / 1e9);
                done++;
                ran++;
                cleanTmp(cs);
                if (failure != null) {
                    if (!endFailed()) {
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
            finishUnlessStopping(dir);
            if (!stopping) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook reports
                }
            }
        }
        if (stopping) {
            // the JVM is halting on a signal: the shutdown hook says what is kept, nothing else is said
            return 128 + 15;
        }
        double s = (System.nanoTime() - t0) / 1e9;
        int missing = points.size() - finishedCount;
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
     * Makes {@code p} the current test before any of its processes starts, unless the campaign is
     * stopping. Under the commit lock, so that the shutdown hook sees either no test or this one.
     */
    private boolean begin(TestPoint p) {
        commitLock.lock();
        try {
            if (stopping) {
                return false;
            }
            current = p;
            return true;
        } finally {
            commitLock.unlock();
        }
    }

    /**
     * A test failed: it is no longer current, unless the campaign is stopping (then the failure is
     * the interruption and the shutdown hook names the test). Whether the campaign goes on.
     */
    private boolean endFailed() {
        commitLock.lock();
        try {
            if (stopping) {
                return false;
            }
            current = null;
            return true;
        } finally {
            commitLock.unlock();
        }
    }

    /**
     * run.json gets its end time only when the campaign was not interrupted: once the shutdown hook
     * holds the commit lock it keeps it, so a stopping campaign never writes {@code end_utc}.
     */
    private void finishUnlessStopping(ResultsDirectory dir) {
        boolean locked = false;
        try {
            locked = commitLock.tryLock(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (locked && !stopping) {
                current = null;
                dir.finish();
            }
            dir.close();
        } finally {
            if (locked) {
                commitLock.unlock();
            }
        }
    }

    /** Ctrl-C or kill: stop the running test, wait for a commit in progress, say what is kept. */
    private void onShutdown() {
        stopping = true;
        boolean locked = false;
        try {
            // held on purpose until the JVM halts: no commit, no state change and no end time after this
            locked = commitLock.tryLock(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            // report anyway
        }
        TestPoint p = current;
        int finishedNow = finishedCount;
        if (remote != null) {
            remote.stopAll();
        }
        ProcessTrees.stop(running, TimeUnit.SECONDS.toNanos(5));
        if (!locked) {
            p = current;
            finishedNow = finishedCount;
        }
        err.println("campaign: interrupted" + (p == null ? "" : " during test " + p.index() + "/" + points.size() + " "
                + p.tag() + " " + p.sizeBytes() + " B rep " + p.repetition() + " (its output is discarded)") + "; "
                + finishedNow + " of " + points.size() + " tests finished, their rows are in " + out
                + "; run the same command with --resume to run the " + (points.size() - finishedNow) + " missing");
        err.flush();
    }

    /**
     * wirebench's own runner: every command line still to run is parsed and checked as {@code run
     * pubsub} would check it, so that an option one role rejects (from --extra-arguments, say) stops
     * the campaign before its first test instead of failing every test.
     */
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

    private List<Child> children(TestPoint p, java.util.function.Predicate<Path> hasOutput) {
        if (remote != null) {
            return remote.children(p, hasOutput, lines, out, fileSuffix);
        }
        List<Role> roles = new ArrayList<>();
        if (role == Role.BOTH && executable != null) {
            roles.add(Role.SUB);
            roles.add(Role.PUB);
        } else {
            roles.add(role);
        }
        List<Child> cs = new ArrayList<>();
        Path tmp = out.resolve("tmp");
        for (Role r : roles) {
            String roleName = r == Role.SUB ? "sub" : "pub";
            Path seed = out.resolve("perftest").resolve(p.outputFolder()).resolve(p.fileName(roleName, fileSuffix));
            List<String> args = new ArrayList<>(lines.arguments(p, r, hasOutput.test(seed)));
            String tag = p.index() + "-" + p.id() + "-" + r.name().toLowerCase(java.util.Locale.ROOT);
            Path subSeed = null;
            Path subStdout = null;
            if (r == Role.BOTH) {
                // the subscriber prints to its own file, as a second process would
                subSeed = out.resolve("perftest").resolve(p.outputFolder()).resolve(p.fileName("sub", fileSuffix));
                subStdout = tmp.resolve(tag + "-sub.out");
                args.addAll(List.of("-subOutputFile", subStdout.toString()));
            }
            Path results = executable == null ? tmp.resolve(tag + "-results") : null;
            List<String> cmd = new ArrayList<>();
            String shown;
            if (executable == null) {
                cmd.addAll(javaCommand());
                cmd.addAll(args);
                cmd.addAll(List.of("--out", results.toString()));
                shown = "wirebench run pubsub " + String.join(" ", args);
            } else {
                cmd.add(executable);
                cmd.addAll(args);
                shown = executable + " " + String.join(" ", args);
            }
            cs.add(new Child(r, cmd, shown, seed, tmp.resolve(tag + ".out"), out.resolve("logs").resolve(tag + ".log"),
                    results, subSeed, subStdout, args, null, null));
        }
        return cs;
    }

    /**
     * This JVM's java running {@code wirebench run pubsub} with the flags Aeron needs on Java 17 and
     * the extra options of {@link JavaOptions} (WIREBENCH_JAVA_OPTS, as the launcher's own JVM).
     */
    static List<String> javaCommand() {
        List<String> c = new ArrayList<>();
        c.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        c.addAll(List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED"));
        c.addAll(JavaOptions.fromEnvironment());
        c.addAll(List.of("-Dfile.encoding=UTF-8", "-Dwirebench.git=" + System.getProperty("wirebench.git", ""), "-cp",
                System.getProperty("java.class.path"), MainClass.NAME, "run", "pubsub"));
        return c;
    }

    /** Runs the test's processes; null when all ended well and printed a summary, else why not. */
    private String execute(TestPoint p, List<Child> cs) {
        List<Process> procs = new ArrayList<>();
        try {
            for (Child c : cs) {
                Files.createDirectories(c.log().getParent());
                Files.writeString(c.log(), "$ " + String.join(" ", c.command()) + "\n", StandardCharsets.UTF_8);
                ProcessBuilder pb = new ProcessBuilder(c.command()).redirectOutput(c.stdout().toFile())
                        .redirectError(ProcessBuilder.Redirect.appendTo(c.log().toFile()));
                pb.environment().put("WIREBENCH_NO_BUILD", "1");
                if (stopping) {
                    return "interrupted";
                }
                Process proc = pb.start();
                procs.add(proc);
                running.add(proc);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutS);
            // the publisher (last started) ends the test; the subscriber ends after its FINISHED
            for (int i = cs.size() - 1; i >= 0; i--) {
                Child c = cs.get(i);
                Process proc = procs.get(i);
                long left = deadline - System.nanoTime();
                if (!proc.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                    return roleName(c) + " did not end within --test-timeout " + timeoutS + " s (killed); "
                            + tail(c.log());
                }
                int code = proc.exitValue();
                if (code != 0) {
                    return roleName(c) + " " + exitText(code) + "; " + tail(c.log());
                }
            }
            for (Child c : cs) {
                PerftestSummaryReader r = PerftestSummaryReader.read(Files.readString(c.stdout(), StandardCharsets.UTF_8));
                boolean latency = c.role() == Role.PUB || c.role() == Role.BOTH && p.latencyTest();
                if (c.role() != Role.BOTH || latency) {
                    if ((latency ? r.latency() : r.throughput()).isEmpty()) {
                        return roleName(c) + " ended without printing a " + (latency ? "latency" : "throughput")
                                + " summary row on stdout; " + tail(c.log());
                    }
                }
                if (c.subStdout() != null && (!Files.exists(c.subStdout()) || PerftestSummaryReader.read(Files
                        .readString(c.subStdout(), StandardCharsets.UTF_8)).throughput().isEmpty())) {
                    return roleName(c) + " ended without printing the subscriber's throughput summary row to "
                            + c.subStdout() + "; " + tail(c.log());
                }
            }
            return null;
        } catch (IOException e) {
            return "cannot run " + cs.get(0).command().get(0) + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            ProcessTrees.stop(procs.stream().filter(Process::isAlive).toList(), 0);
            running.removeAll(procs);
        }
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
     * Appends a finished test's output; null on success, else why it could not be kept. All or
     * nothing: when any write fails (a full disk), every file the commit touched is cut back to its
     * length before it (and hlog copies removed), so a test is either wholly kept (rows, seed file,
     * state) or not at all, and {@code --resume} runs it again without duplicating anything.
     */
    private String commit(TestPoint p, List<Child> cs, ResultsDirectory dir, Path state) {
        commitLock.lock();
        CommitLog undo = new CommitLog();
        try {
            if (stopping) {
                return "interrupted";
            }
            undo.remember(state);
            for (Child c : cs) {
                undo.remember(c.seedFile());
            }
            undo.rememberAll(resultsDir(), ".csv");
            undo.rememberAll(resultsDir(), ".hlog");
            for (Child c : cs) {
                Files.createDirectories(c.seedFile().getParent());
                Files.write(c.seedFile(), Files.readAllBytes(c.stdout()), StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                if (c.subSeedFile() != null) {
                    Files.write(c.subSeedFile(), Files.readAllBytes(c.subStdout()), StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                }
                if (c.resultsDir() != null) {
                    ResultsMerge.copyResults(c.resultsDir(), dir, p, c.host() == null ? null : c.host().host());
                    if (c.host() != null) {
                        RemoteCampaign.keepEnvironment(c, dir.dir());
                    }
                } else {
                    merge.perftestRows(c, p, dir);
                }
            }
            StateFile.append(state, p.id());
            finishedCount++;
            current = null;
            return null;
        } catch (IOException | RuntimeException e) {
            // the CSV writers may hold the rejected bytes: close them first (their flush may fail or
            // land), then cut every file back; the families reopen on the next append
            dir.close();
            String undone = undo.rollBack();
            return "cannot keep its output (" + e.getMessage() + "); " + (undone == null
                    ? "nothing of it was kept" : "could not remove what was written: " + undone);
        } finally {
            commitLock.unlock();
        }
    }

    private static long size(Path f) {
        try {
            return Files.exists(f) ? Files.size(f) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static void cleanTmp(List<Child> cs) {
        for (Child c : cs) {
            try {
                Files.deleteIfExists(c.stdout());
                if (c.subStdout() != null) {
                    Files.deleteIfExists(c.subStdout());
                }
                if (c.resultsDir() != null && Files.exists(c.resultsDir())) {
                    try (Stream<Path> s = Files.walk(c.resultsDir())) {
                        s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                    }
                }
            } catch (IOException e) {
                // a leftover temporary file does not matter: tmp/ is not read
            }
        }
    }
}
