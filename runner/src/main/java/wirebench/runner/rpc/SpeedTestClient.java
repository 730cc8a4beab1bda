package wirebench.runner.rpc;

import java.io.PrintWriter;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import org.HdrHistogram.Histogram;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * The SpeedTester client over one {@link SpeedTestService} stub: runs the chosen cases in the
 * original's order with the original's timing, prints the original's lines and final block, and
 * adds wirebench's precise figures. The single-threaded client times each case's loop in the
 * calling thread; the multithreaded one starts N threads of {@code calls} calls each, releases them
 * together and times until the last one finishes.
 *
 * <p>Calls never hang: every socket has a read timeout ({@link TimeoutSocketFactory}) and the
 * coordinating thread gives up when no call completed for {@code stallTimeoutMs}. A failed case
 * throws a {@link WirebenchException} (exit 1); cases finished before it were already handed to the
 * {@code onCase} listener.
 */
public final class SpeedTestClient {
    private static final long POLL_MS = 50;

    private final SpeedTestService service;
    private final String target;
    private final PrintWriter out;
    private final Consumer<CaseResult> onCase;
    private final long stallTimeoutMs;
    private final Random rnd = new Random();

    /**
     * @param target         how the server is named in messages, e.g. {@code localhost:9249}
     * @param onCase         receives each finished case at once (to write it to disk)
     * @param stallTimeoutMs how long the client waits without any completed call before giving up
     */
    public SpeedTestClient(SpeedTestService service, String target, PrintWriter out, Consumer<CaseResult> onCase,
            long stallTimeoutMs) {
        this.service = service;
        this.target = target;
        this.out = out;
        this.onCase = onCase;
        this.stallTimeoutMs = stallTimeoutMs;
    }

    /** What one run of the client produced. */
    public record RunSummary(List<CaseResult> results, long totalMs, long serverMs, int threads,
            boolean multiThreaded) {
    }

    /**
     * Looks the service up in the registry at {@code host:port}.
     *
     * @throws WirebenchException exit 1 when no registry answers or the service is not bound
     */
    public static SpeedTestService connect(String host, int port, int timeoutMs) {
        TimeoutSocketFactory.setClientTimeouts(timeoutMs, timeoutMs);
        try {
            Registry registry = LocateRegistry.getRegistry(host, port, new TimeoutSocketFactory(timeoutMs, timeoutMs));
            return (SpeedTestService) registry.lookup(RmiServer.SERVICE_NAME);
        } catch (RemoteException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "rpc client: no wirebench rpc server at "
                    + host + ":" + port + " (" + RmiServer.rootMessage(e) + "); start one with 'wirebench run rpc "
                    + "server --port " + port + "'", e);
        } catch (NotBoundException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "rpc client: the RMI registry at " + host
                    + ":" + port + " has no '" + RmiServer.SERVICE_NAME + "' (another program's registry?)", e);
        }
    }

    /**
     * Runs {@code cases} (already in the client's order) and prints the original's output.
     *
     * @param threads 0 for the single-threaded client, else the multithreaded one with this many threads
     */
    public RunSummary run(int callsPerThread, int threads, List<SpeedCase> cases) {
        boolean multi = threads > 0;
        int n = multi ? threads : 1;
        long testStartNs = System.nanoTime();
        out.println("Testing instance of " + service);
        try {
            service.firstCall();
        } catch (RemoteException e) {
            throw failed("the first call failed", e);
        }
        out.println("connection established");
        out.flush();
        List<CaseResult> results = new ArrayList<>();
        for (SpeedCase c : cases) {
            out.println(multi ? c.multiThreadProgressLine(n) : c.singleThreadProgressLine());
            out.flush();
            CaseResult r = runCase(results.size() + 1, c, n, multi, callsPerThread);
            results.add(r);
            out.println("\t" + r.originalLine());
            out.flush();
            onCase.accept(r);
        }
        long serverMs;
        try {
            serverMs = service.lastCall();
        } catch (RemoteException e) {
            throw failed("the last call failed after all " + results.size() + " cases finished", e);
        }
        long totalMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - testStartNs);
        RunSummary summary = new RunSummary(results, totalMs, serverMs, n, multi);
        printFinalBlock(summary);
        printPrecise(summary);
        return summary;
    }

    /**
     * Makes {@code calls} untimed calls of each case on one thread, printing nothing (the original
     * has no warm-up; this lets the JIT compile both sides before a comparison with native tools).
     */
    public void warmUp(int calls, List<SpeedCase> cases) {
        for (SpeedCase c : cases) {
            runCase(0, c, 1, false, calls);
        }
    }

    private CaseResult runCase(int number, SpeedCase c, int threads, boolean multi, int callsPerThread) {
        byte[] samePacket = c.samePacket(multi, rnd);
        Histogram[] histograms = new Histogram[threads];
        long[] loopNs = new long[threads];
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(threads);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean abort = new AtomicBoolean();
        LongAdder completed = new LongAdder();
        CallBlocks blocks = new CallBlocks((long) threads * callsPerThread);
        for (int i = 0; i < threads; i++) {
            int index = i;
            Thread t = new Thread(() -> {
                Histogram h = new Histogram(3);
                histograms[index] = h;
                SpeedCase.CallTimer timer = ns -> {
                    h.recordValue(ns);
                    completed.increment();
                    blocks.record(ns, System.nanoTime());
                };
                ready.countDown();
                try {
                    start.await();
                    long t0 = System.nanoTime();
                    for (int k = 0; k < callsPerThread && !abort.get(); k++) {
                        c.call(service, samePacket, rnd, timer);
                    }
                    loopNs[index] = System.nanoTime() - t0;
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    finish.countDown();
                }
            }, "wirebench-rpc-client-" + i);
            t.setDaemon(true);
            t.start();
        }
        awaitUninterruptibly(ready);
        long startNs = System.nanoTime();
        blocks.start(startNs);
        start.countDown();
        waitForFinish(number, c, finish, failure, abort, completed, (long) threads * callsPerThread);
        long endNs = System.nanoTime();
        Histogram all = new Histogram(3);
        for (Histogram h : histograms) {
            all.add(h);
        }
        long elapsedNs = multi ? endNs - startNs : loopNs[0];
        return new CaseResult(number, c, threads, multi, (long) threads * callsPerThread, elapsedNs, all,
                blocks.blocks());
    }

    private void waitForFinish(int number, SpeedCase c, CountDownLatch finish, AtomicReference<Throwable> failure,
            AtomicBoolean abort, LongAdder completed, long expected) {
        long lastCount = -1;
        long lastProgressNs = System.nanoTime();
        while (true) {
            boolean done;
            try {
                done = finish.await(POLL_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort.set(true);
                throw new WirebenchException(WirebenchException.RUN_FAILED, "rpc client: interrupted in case "
                        + number + " (" + c.label() + ")");
            }
            Throwable f = failure.get();
            if (f != null) {
                abort.set(true);
                throw failed("case " + number + " (" + c.label() + ") failed after " + completed.sum() + " of "
                        + expected + " calls", f);
            }
            if (done) {
                return;
            }
            long now = System.nanoTime();
            long count = completed.sum();
            if (count != lastCount) {
                lastCount = count;
                lastProgressNs = now;
            } else if (now - lastProgressNs > TimeUnit.MILLISECONDS.toNanos(stallTimeoutMs)) {
                abort.set(true);
                throw new WirebenchException(WirebenchException.RUN_FAILED, "rpc client: case " + number + " ("
                        + c.label() + "): no call completed for " + stallTimeoutMs + " ms (" + count + " of "
                        + expected + " calls done); the server at " + target + " is not answering");
            }
        }
    }

    private WirebenchException failed(String what, Throwable e) {
        String cause = RmiServer.rootMessage(e);
        String hint = e instanceof RemoteException ? "; the server at " + target + " is dead or not answering" : "";
        return new WirebenchException(WirebenchException.RUN_FAILED, "rpc client: " + what + ": " + cause + hint, e);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The original's closing block: the total, the server's figure and every result line again. */
    private void printFinalBlock(RunSummary s) {
        out.println("==========================");
        out.println("Finished Test In " + s.totalMs() + " ServerSide: " + s.serverMs()
                + (s.multiThreaded() ? " with " + s.threads() : ""));
        out.println("==========================");
        for (CaseResult r : s.results()) {
            out.println(r.originalLine());
        }
        out.flush();
    }

    /** wirebench's figures: precise time per call, calls per second and the latency distribution. */
    private void printPrecise(RunSummary s) {
        out.println();
        out.println("wirebench figures: time from System.nanoTime; per-call latency from HdrHistogram "
                + "(3 significant digits), in microseconds");
        if (s.multiThreaded()) {
            out.println("note: with " + s.threads() + " threads the original's 'ms per call' above is wall time "
                    + "divided by all completed calls (inverse throughput), not the latency of a call; "
                    + "the latency of a call is in the p*_us columns");
        }
        out.println(Numbers.fmt("%3s  %-40s %9s %12s %12s %12s %9s %9s %9s %9s %9s", "#", "case", "calls", "time_ms",
                "ms_per_call", "calls_per_s", "p50_us", "p90_us", "p99_us", "p999_us", "max_us"));
        for (CaseResult r : s.results()) {
            out.println(Numbers.fmt("%3d  %-40s %9d %12.3f %12.6f %12.1f %9.1f %9.1f %9.1f %9.1f %9.1f", r.number(),
                    r.speedCase().label(), r.calls(), r.timeMs(), r.msPerCall(), r.callsPerS(), r.latencyUs(50),
                    r.latencyUs(90), r.latencyUs(99), r.latencyUs(99.9), r.latencyNs().getMaxValue() / 1e3));
        }
        out.flush();
    }
}
