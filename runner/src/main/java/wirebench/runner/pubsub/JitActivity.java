package wirebench.runner.pubsub;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongSupplier;

/**
 * Whether this process's JIT compilers are still busy: the JVM's accumulated compilation time
 * ({@link CompilationMXBean#getTotalCompilationTime()}, milliseconds) read once per {@link #TICK_NS}
 * and compared with its value one span before. A span is at least {@link #SPAN_NS} of the clock and
 * at least {@link #SPAN_CPU_NS} of the reading thread's CPU time, so that a process stopped or
 * starved for part of it (a bench's SIGSTOP slices, a busy machine) is not read as quiet: its
 * compilers did not run either. Busy while the compilation time grew by more than
 * {@link #QUIET_COMPILE_MS} over the last span, and until a whole span has been seen.
 *
 * <p>Why: on 2 CPUs a two-process latency test's window opened while C1 and C2 were still
 * compiling (0.7-1.4 s of compiler CPU per process in the window's first 2 s), and the compiler
 * threads on the roles' CPUs are what set off its tails (docs/pubsub.md, "The tails of a
 * two-process latency test"). The warm-up round trips go on until both processes read quiet.
 *
 * <p>It is read only during a warm-up, never inside a measured window.
 */
final class JitActivity {

    /** How often the compilation time is read: every 100 ms. */
    static final long TICK_NS = 100_000_000L;
    /** A span's least length on the clock: half a second. */
    static final long SPAN_NS = 500_000_000L;
    /** A span's least CPU time of the reading thread (a spinning role's, about its wall time when it runs). */
    static final long SPAN_CPU_NS = 250_000_000L;
    /**
     * At most this many milliseconds of compilation in a span for quiet. A C2 compilation of a hot
     * Aeron method takes 5-50 ms; the C1 compilations of rarely run code (the client conductor's
     * periodic checks) that go on for minutes take well under 1 ms each.
     */
    static final long QUIET_COMPILE_MS = 5;
    /** Readings kept: 64 ticks, enough for a span of a thread that gets a sixth of a CPU. */
    private static final int RING = 64;

    private final LongSupplier compileMs;
    private final LongSupplier threadCpuNs;
    private final long[] atNs = new long[RING];
    private final long[] cpuNs = new long[RING];
    private final long[] compiledMs = new long[RING];
    private int seen;
    private long nextTickNs;
    private boolean busy = true;
    private long lastSpanMs;

    private JitActivity(LongSupplier compileMs, LongSupplier threadCpuNs) {
        this.compileMs = compileMs;
        this.threadCpuNs = threadCpuNs;
    }

    /** This process's gauge; null when the JVM does not measure compilation or thread CPU time (then a warm-up is bounded by time alone). */
    static JitActivity here() {
        CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (bean == null || !bean.isCompilationTimeMonitoringSupported() || !threads.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        return new JitActivity(bean::getTotalCompilationTime, threads::getCurrentThreadCpuTime);
    }

    /** A gauge over any accumulated compilation time (ms) and thread CPU time (ns): tests. */
    static JitActivity of(LongSupplier compileMs, LongSupplier threadCpuNs) {
        return new JitActivity(compileMs, threadCpuNs);
    }

    /** Starts a new span: busy until a whole span from {@code nowNs} has been read. */
    void restart(long nowNs) {
        seen = 0;
        busy = true;
        lastSpanMs = 0;
        read(nowNs);
    }

    /** Whether the compilers were busy over the last span, reading the compilation time when a tick is due. */
    boolean busy(long nowNs) {
        if (seen == 0 || nowNs - nextTickNs >= 0) {
            read(nowNs);
        }
        return busy;
    }

    /** Milliseconds of compilation over the last whole span (0 before one). */
    long lastSpanMs() {
        return lastSpanMs;
    }

    private void read(long nowNs) {
        int i = seen % RING;
        atNs[i] = nowNs;
        cpuNs[i] = threadCpuNs.getAsLong();
        compiledMs[i] = compileMs.getAsLong();
        seen++;
        nextTickNs = nowNs + TICK_NS;
        busy = true;
        // the newest earlier reading a whole span back
        for (int back = 1; back < Math.min(seen, RING); back++) {
            int j = (seen - 1 - back) % RING;
            if (nowNs - atNs[j] >= SPAN_NS && cpuNs[i] - cpuNs[j] >= SPAN_CPU_NS) {
                lastSpanMs = compiledMs[i] - compiledMs[j];
                busy = lastSpanMs > QUIET_COMPILE_MS;
                return;
            }
        }
    }
}
