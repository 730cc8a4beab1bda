package wirebench.analyzer.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.analyzer.history.DemoHistory;
import wirebench.analyzer.history.HistoryDb;
import wirebench.analyzer.report.ReportBuilder;
import wirebench.analyzer.report.ReportRenderer;
import wirebench.contract.AtomicFiles;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * {@code wirebench demo}: a short loopback campaign of every suite (pub/sub latency and
 * throughput at a few sizes, UDP receive methods, RPC), each written to a results directory, then
 * the HTML report of them all. The benchmarks run in child JVMs through the runner, as a user
 * would run them; a failed step is reported and the report covers the steps that finished.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs a short loopback campaign of every suite (pub/sub latency and throughput on Aeron at a "
                + "few sizes, UDP receive methods, RPC over RMI) into a results directory, then writes its HTML "
                + "report and prints where it is. About a minute on a 2-core machine.",
                "The runs are also added to wirebench-history.duckdb beside the output directory; from the second "
                        + "demo on, trends.html (wirebench history report) is written next to the report.",
                "Each step's command line is printed, so it can be rerun by hand with other options."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every step finished and the report was written", "1:a step failed (the report covers "
                + "the others) or internal error", "2:usage error", "3:unwritable output"})
public final class DemoCommand implements Callable<Integer> {
    private static final Pattern PORT = Pattern.compile("ready on port (\\d+)");

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: "
            + "demo-results/<date-time>).")
    Path out;

    @Option(names = "--quick", description = "Two sizes and shorter runs (for tests): about 30 s.")
    boolean quick;

    /** One benchmark step: a name, the runner arguments, the results subdirectory. */
    record Step(String name, List<String> args, String dir) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path dir = out != null ? out : Path.of("demo-results", LocalDateTime.now().format(
                DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", java.util.Locale.ROOT)));
        try {
            Files.createDirectories(dir.resolve("logs"));
        } catch (IOException e) {
            // a file in the way, no permission: bad configuration, not an internal error
            throw wirebench.contract.WirebenchException.badInput(dir + ": cannot create the demo's directory ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
        List<Step> steps = steps(dir);
        List<String> failed = new ArrayList<>();
        List<Path> results = new ArrayList<>();
        long t0 = System.nanoTime();
        int total = steps.size() + 2;
        int k = 0;
        for (Step s : steps) {
            k++;
            progress(k, total, s.name(), String.join(" ", s.args()), t0);
            if (run(s, dir)) {
                results.add(dir.resolve(s.dir()));
            } else {
                failed.add(s.name());
            }
        }
        k++;
        progress(k, total, "RPC (server + client on loopback)", "", t0);
        if (rpc(dir)) {
            results.add(dir.resolve("rpc"));
        } else {
            failed.add("RPC");
        }
        k++;
        progress(k, total, "report", "", t0);
        List<Path> existing = results.stream().filter(Files::isDirectory).toList();
        if (existing.isEmpty()) {
            throw new WirebenchException(1, "demo: every step failed; logs in " + dir.resolve("logs"));
        }
        Map<String, Object> model = new ReportBuilder().build(existing, "wirebench demo (loopback)");
        Path html = dir.resolve("report.html");
        AtomicFiles.writeString(html, new ReportRenderer(null).render("report.ftlh", model), "the report");
        spec.commandLine().getOut().println("demo: results in " + dir.toAbsolutePath().normalize());
        spec.commandLine().getOut().println("demo: report at " + html.toAbsolutePath().normalize());
        history(existing, dir);
        if (!failed.isEmpty()) {
            spec.commandLine().getErr().println("demo: failed step(s): " + String.join(", ", failed) + " (logs in "
                    + dir.resolve("logs") + ")");
            return 1;
        }
        return 0;
    }

    /**
     * Adds the demo's runs to {@code wirebench-history.duckdb} beside its output directory (so
     * that successive demos accumulate) and, from the second demo on, writes {@code trends.html}.
     * A failure here is reported and does not fail the demo.
     */
    private void history(List<Path> runs, Path dir) {
        Path parent = dir.toAbsolutePath().normalize().getParent();
        Path db = (parent == null ? dir.toAbsolutePath() : parent).resolve(HistoryDb.DEFAULT_FILE);
        try {
            DemoHistory.Result r = DemoHistory.record(runs, db, dir.resolve("trends.html"));
            spec.commandLine().getOut().println("demo: " + r.added() + " run(s) added to the history " + db + " ("
                    + r.total() + " in all; 'wirebench history changes --db " + db + "')");
            if (r.trendsPage() != null) {
                spec.commandLine().getOut().println("demo: trends at " + r.trendsPage().toAbsolutePath().normalize());
            }
        } catch (WirebenchException e) {
            spec.commandLine().getErr().println("demo: history not updated: " + e.getMessage());
        }
    }

    List<Step> steps(Path dir) {
        String sizes = quick ? "32:1024" : "32:1024:8192:65000";
        // latency by time, not by count: -executionTime warms each size up until the JIT compilers are
        // quiet (at most the execution time) before its window; a counted run (-numIter) starts cold, and
        // on 2 cores its p90 read 330 us where a warmed run's reads 8 us (docs/report.md)
        String latTime = "2";
        String thrTime = quick ? "1" : "2";
        List<Step> s = new ArrayList<>();
        s.add(new Step("pub/sub latency, Aeron UDP, reliable", List.of("run", "pubsub", "-bothRoles", "-latencyTest", "-scan", sizes,
                "-executionTime", latTime, "-noPrintIntervals", "--out", dir.resolve("pubsub-latency-reliable").toString()),
                "pubsub-latency-reliable"));
        s.add(new Step("pub/sub latency, Aeron UDP, best effort", List.of("run", "pubsub", "-bothRoles", "-latencyTest", "-bestEffort",
                "-scan", sizes, "-executionTime", latTime, "-noPrintIntervals", "-domain", "2", "--out",
                dir.resolve("pubsub-latency-best-effort").toString()), "pubsub-latency-best-effort"));
        s.add(new Step("pub/sub throughput, Aeron UDP, reliable", List.of("run", "pubsub", "-bothRoles", "-scan", sizes,
                "-executionTime", thrTime, "-noPrintIntervals", "-domain", "3", "--out",
                dir.resolve("pubsub-throughput").toString()), "pubsub-throughput"));
        s.add(new Step("UDP receive methods (select, epoll, thread)", List.of("run", "udp", "matrix", "--grid",
                "product", "--methods", "select,epoll,thread", "--payloads", quick ? "64" : "64,1472",
                "--client-schedulers", "OTHER", "--connected", "no", "--server-schedulers", "OTHER", "--rcvbufs",
                "2097152", "--total", quick ? "5000" : "20000", "--out", dir.resolve("udp").toString()), "udp"));
        return s;
    }

    private boolean run(Step s, Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("logs").resolve(s.dir() + "-" + slug(s.name()) + ".log");
        Process p = runner(s.args()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            spec.commandLine().getErr().println("demo: " + s.name() + ": no result after 5 minutes, stopped (log: "
                    + log + ")");
            return false;
        }
        if (p.exitValue() != 0) {
            spec.commandLine().getErr().println("demo: " + s.name() + " failed with exit code " + p.exitValue()
                    + "; last lines of " + log + ":");
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            lines.subList(Math.max(0, lines.size() - 5), lines.size())
                    .forEach(l -> spec.commandLine().getErr().println("  " + l));
            return false;
        }
        return true;
    }

    private boolean rpc(Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("logs").resolve("rpc-server.log");
        Process server = runner(List.of("run", "rpc", "server", "--port", "0", "--bind", "127.0.0.1"))
                .redirectErrorStream(true).start();
        try {
            int port = awaitPort(server, log);
            if (port <= 0) {
                spec.commandLine().getErr().println("demo: RPC server did not start (log: " + log + ")");
                return false;
            }
            Step client = new Step("RPC", List.of("run", "rpc", "client", "--host", "127.0.0.1", "--port",
                    Integer.toString(port), "--calls", quick ? "50" : "300", "--out", dir.resolve("rpc").toString()),
                    "rpc");
            return run(client, dir);
        } finally {
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** Reads the server's output until it names its port (or ends), copying it to the log. */
    private static int awaitPort(Process server, Path log) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        StringBuilder seen = new StringBuilder();
        BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        try {
            String line;
            while (System.nanoTime() < deadline && (line = r.readLine()) != null) {
                seen.append(line).append('\n');
                Matcher m = PORT.matcher(line);
                if (m.find()) {
                    Thread drain = new Thread(() -> drain(r), "demo-rpc-server-output");
                    drain.setDaemon(true);
                    drain.start();
                    return Integer.parseInt(m.group(1));
                }
            }
            return -1;
        } finally {
            Files.writeString(log, seen.toString(), StandardCharsets.UTF_8);
        }
    }

    private static void drain(BufferedReader r) {
        try {
            while (r.readLine() != null) {
                // keep the server's pipe from filling up; its output is not needed after start
            }
        } catch (IOException e) {
            // the server was stopped
        }
    }

    /** A process running the runner with the same launcher or JVM as this one. */
    private static ProcessBuilder runner(List<String> args) {
        List<String> cmd = new ArrayList<>();
        String launcher = System.getProperty("wirebench.launcher", "");
        if (!launcher.isBlank() && Files.isExecutable(Path.of(launcher))) {
            cmd.add(launcher);
        } else {
            String home = System.getProperty("wirebench.home", ".");
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                    "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED", "-jar",
                    Path.of(home, "runner", "target", "wirebench-runner.jar").toString()));
        }
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("WIREBENCH_NO_BUILD", "1");
        return pb;
    }

    private void progress(int k, int n, String name, String args, long t0) {
        double s = (System.nanoTime() - t0) / 1e9;
        spec.commandLine().getOut().println("demo [" + k + "/" + n + "] " + Numbers.fixed(s, 0) + " s  " + name
                + (args.isEmpty() ? "" : "\n    wirebench " + args));
        spec.commandLine().getOut().flush();
    }

    private static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("(^-|-$)", "").toLowerCase(java.util.Locale.ROOT);
    }
}
