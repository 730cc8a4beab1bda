package wirebench.runner.rpc;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;
import wirebench.runner.results.ResultsDirectory;

/** {@code wirebench run rpc client}: the SpeedTester clients (single, multithreaded, thread sweep). */
@Command(name = "client", mixinStandardHelpOptions = true,
        description = {"Runs SpeedTester's cases against a 'wirebench run rpc server': echo; inbound same packet and "
                + "new packets, outbound, in-and-out at 1000, 10000 and 50000 bytes. Prints the original's lines "
                + "(whole ms, ms per call, rating SUPERB < 0.1 <= TOP < 0.3 <= OK < 0.5 <= ACCEPTABLE < 1.0 <= "
                + "LOUSY < 5.0 <= DEAD HORSE) and final block, then precise figures: ms per call from ns, "
                + "calls/s and per-call latency percentiles (HdrHistogram, 3 significant digits).",
                "Without --threads: the single-threaded client. With --threads N: the multithreaded client "
                        + "(N threads x --calls calls per case, 'new packets' before 'same packet'; its ms per "
                        + "call is wall time per completed call, not latency).",
                "A dead or stopped server ends the run within about --timeout-ms (exit 1); the finished cases "
                        + "stay in --out DIR/rpc.csv."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:server missing, dead or not answering; or internal error", "2:usage error",
                "3:bad configuration (results directory not writable)"})
public final class RpcClientCommand implements Callable<Integer>, wirebench.runner.cli.Validated {
    /** Most client threads accepted (the seed's sweep ends at 500; each thread is a platform thread). */
    static final int MAX_THREADS = 10_000;
    @Spec
    CommandSpec spec;

    @Option(names = "--host", defaultValue = "localhost", paramLabel = "HOST",
            description = "Server host (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = "" + RmiServer.DEFAULT_PORT, paramLabel = "PORT",
            description = "Server registry port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--calls", defaultValue = "1000", paramLabel = "N",
            description = "Calls per case (per thread with --threads; default: ${DEFAULT-VALUE}, the original's).")
    int calls;

    @Option(names = "--threads", paramLabel = "N",
            description = "Use the multithreaded client with N threads (the original's default is 10).")
    Integer threads;

    @Option(names = "--thread-sweep", split = ",", paramLabel = "N",
            description = "Run the multithreaded client once per thread count (e.g. 1,10,20,30,50,100,200,500) and "
                    + "print the 'How Many Threads' table and the curve of calls/s and latency. "
                    + "Runs only echo unless --cases says otherwise.")
    List<Integer> threadSweep;

    @Option(names = "--cases", split = ",", paramLabel = "ID",
            description = "Run only these cases (in the client's order): echo, in-same-SIZE, in-new-SIZE, out-SIZE, "
                    + "in-out-SIZE with SIZE 1000, 10000 or 50000.")
    List<String> cases;

    @Option(names = "--warmup-calls", defaultValue = "0", paramLabel = "N",
            description = "Untimed calls of each chosen case before the run, single-threaded, not printed "
                    + "(default: ${DEFAULT-VALUE}, as the original, whose first case includes JIT warm-up).")
    int warmupCalls;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results directory: run.json and rows appended to rpc.csv as each case finishes.")
    Path outDir;

    @Option(names = "--timeout-ms", defaultValue = "" + TimeoutSocketFactory.DEFAULT_TIMEOUT_MS, paramLabel = "MS",
            description = "Connect and read timeout of every RMI call; the run gives up when no call completes "
                    + "for twice this plus 2 s (default: ${DEFAULT-VALUE}).")
    int timeoutMs;

    @Override
    public Integer call() {
        validate();
        boolean sweep = threadSweep != null && !threadSweep.isEmpty();
        boolean multi = sweep || threads != null;
        List<SpeedCase> order = multi ? SpeedCase.MULTI_THREAD_ORDER : SpeedCase.SINGLE_THREAD_ORDER;
        List<SpeedCase> selected;
        try {
            selected = SpeedCase.select(order, sweep && (cases == null || cases.isEmpty()) ? List.of("echo") : cases);
        } catch (IllegalArgumentException e) {
            throw new WirebenchException(WirebenchException.USAGE, "--cases: " + e.getMessage());
        }
        try {
            java.net.InetAddress.getByName(host); // a name no resolver knows is a usage error, as 'run udp client' says
        } catch (java.net.UnknownHostException e) {
            throw new WirebenchException(WirebenchException.USAGE, "--host: unknown host '" + host + "'");
        }
        PrintWriter out = spec.commandLine().getOut();
        String target = host + ":" + port;
        out.println("Testing with rmi://" + RmiServer.SERVICE_NAME + "@" + target);
        out.flush();
        SpeedTestService service = SpeedTestClient.connect(host, port, timeoutMs);

        ResultsDirectory dir = outDir == null ? null
                : ResultsDirectory.create(outDir, commandLine(), config(selected));
        RpcCsv csv = dir == null ? null : new RpcCsv(dir);
        RpcIntervals blocks = dir == null ? null : new RpcIntervals(dir.dir());
        AtomicInteger finished = new AtomicInteger();
        SpeedTestClient client = new SpeedTestClient(service, target, out, r -> {
            if (csv != null) {
                csv.append(r);
                blocks.append(r);
            }
            finished.incrementAndGet();
        }, 2L * timeoutMs + 2000);
        List<Object> runs = new ArrayList<>();
        try {
            if (warmupCalls > 0) {
                client.warmUp(warmupCalls, selected);
            }
            List<SpeedTestClient.RunSummary> summaries = new ArrayList<>();
            for (int n : sweep ? threadSweep : List.of(threads == null ? 0 : threads)) {
                if (sweep) {
                    out.println();
                    out.println("== thread sweep: " + n + " threads ==");
                }
                SpeedTestClient.RunSummary s = client.run(calls, n, selected);
                summaries.add(s);
                runs.add(runInfo(s));
                if (dir != null) {
                    dir.note("rpc_runs", runs);
                }
            }
            if (sweep) {
                printSweep(out, summaries);
            }
            if (dir != null) {
                dir.finish();
                out.println();
                out.println("results: " + dir.dir().resolve(RpcCsv.FAMILY + ".csv"));
                out.flush();
            }
            return 0;
        } catch (WirebenchException e) {
            if (dir == null) {
                throw e;
            }
            dir.note("rpc_failure", e.getMessage());
            throw new WirebenchException(e.exitCode(), e.getMessage() + "; the " + finished.get()
                    + " finished cases are in " + dir.dir().resolve(RpcCsv.FAMILY + ".csv"), e.getCause());
        } finally {
            if (dir != null) {
                dir.close();
            }
        }
    }

    @Override
    public void validate() {
        if (calls < 1) {
            throw new WirebenchException(WirebenchException.USAGE, "--calls: expected at least 1, got " + calls);
        }
        if (threads != null && threads < 1) {
            throw new WirebenchException(WirebenchException.USAGE, "--threads: expected at least 1, got " + threads);
        }
        if (threads != null) {
            wirebench.runner.cli.Ranges.check("--threads", threads, 1, MAX_THREADS, "client threads");
        }
        if (threadSweep != null && threads != null) {
            throw new WirebenchException(WirebenchException.USAGE, "--threads and --thread-sweep exclude each other");
        }
        if (threadSweep != null) {
            for (int n : threadSweep) {
                if (n < 1) {
                    throw new WirebenchException(WirebenchException.USAGE,
                            "--thread-sweep: expected thread counts of at least 1, got " + n);
                }
                wirebench.runner.cli.Ranges.check("--thread-sweep", n, 1, MAX_THREADS, "client threads");
            }
        }
        if (port < 1 || port > 65535) {
            throw new WirebenchException(WirebenchException.USAGE, "--port: expected 1..65535, got " + port);
        }
        if (warmupCalls < 0) {
            throw new WirebenchException(WirebenchException.USAGE, "--warmup-calls: expected 0 or more, got "
                    + warmupCalls);
        }
        if (timeoutMs < 1) {
            throw new WirebenchException(WirebenchException.USAGE, "--timeout-ms: expected at least 1, got " + timeoutMs);
        }
    }

    /** The seed's "How Many Threads" table and the curve data of the sweep. */
    static void printSweep(PrintWriter out, List<SpeedTestClient.RunSummary> summaries) {
        out.println();
        out.println("How Many Threads");
        for (SpeedTestClient.RunSummary s : summaries) {
            for (CaseResult r : s.results()) {
                out.println(s.threads() + " - " + r.originalLine());
            }
        }
        out.println();
        out.println("Thread sweep curve (calls_per_s and ms_per_call from System.nanoTime; per-call latency from "
                + "HdrHistogram, 3 significant digits; orig_ms_per_call is wall time per completed call):");
        out.println("case,threads,calls,orig_time_ms,orig_ms_per_call,rating,ms_per_call,calls_per_s,p50_us,p90_us,"
                + "p99_us,max_us");
        for (SpeedTestClient.RunSummary s : summaries) {
            for (CaseResult r : s.results()) {
                out.println(Numbers.fmt("%s,%d,%d,%d,%s,%s,%.6f,%.1f,%.1f,%.1f,%.1f,%.1f", r.speedCase().id(), s.threads(),
                        r.calls(), r.origTimeMs(), Double.toString(r.origMsPerCall()), r.rating().text(),
                        r.msPerCall(), r.callsPerS(), r.latencyUs(50), r.latencyUs(90), r.latencyUs(99),
                        r.latencyNs().getMaxValue() / 1e3));
            }
        }
        out.flush();
    }

    private static Map<String, Object> runInfo(SpeedTestClient.RunSummary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("client", s.multiThreaded() ? "multi" : "single");
        m.put("threads", s.threads());
        m.put("cases", s.results().size());
        m.put("total_ms", s.totalMs());
        m.put("server_side_ms", s.serverMs());
        return m;
    }

    private String commandLine() {
        return ResultsDirectory.commandLine(spec);
    }

    private Map<String, Object> config(List<SpeedCase> selected) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("suite", "rpc");
        c.put("host", host);
        c.put("port", port);
        c.put("calls", calls);
        c.put("threads", threads);
        c.put("thread_sweep", threadSweep);
        c.put("cases", selected.stream().map(SpeedCase::id).toList());
        c.put("warmup_calls", warmupCalls);
        c.put("timeout_ms", timeoutMs);
        c.put("service", RmiServer.SERVICE_NAME);
        return c;
    }
}
