package wirebench.runner.transport.dds;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import wirebench.contract.WirebenchException;

/**
 * The iceoryx daemon RouDi that Cyclone DDS's shared memory ({@code -transport SHMEM}) needs: one per
 * host (iceoryx 2.0 allows one; a second aborts "Could not acquire lock"). A run that finds none
 * starts {@code iox-roudi} with a configuration of one mempool sized to the run's largest message
 * ({@link #chunkBytes}, {@link #chunks}), waits until it logs that it is ready (bounded), and writes a
 * marker (its pid and pool) that a second wirebench process of the same run (-pub beside -sub) reads
 * to use it. A RouDi that wirebench did not start, or whose chunks are too small for this run, is
 * refused (exit 3): its pool is unknown and a write that finds no chunk fails.
 *
 * <p>Stopping: RouDi answers SIGTERM by sending SIGTERM to every process registered with it, and a
 * process stays registered until it exits (Cyclone never deregisters its iceoryx runtime). So the
 * JVM cannot stop RouDi itself: a small shell started with RouDi holds a pipe from this JVM, and once
 * the JVM has exited (the pipe's end) and no other process maps iceoryx's management segment (the
 * other role of the run), it sends SIGTERM to RouDi by its pid (at most 60 s later), waits for it and
 * removes the marker and the configuration.
 */
final class IceoryxRoudi {
    /** Where Debian installs RouDi (package iceoryx). */
    static final Path EXECUTABLE = Path.of("/usr/bin/iox-roudi");
    /** The marker of a RouDi started by wirebench: pid, chunk size, chunks, the starting JVM's pid. */
    static final Path MARKER = Path.of(System.getProperty("java.io.tmpdir"), "wirebench-iox-roudi.properties");
    /**
     * Bytes of a chunk beyond the serialized sample: iceoryx's chunk header (40), Cyclone's
     * iceoryx_header_t (56), the payload's back-offset and alignment (8), the sample's CDR
     * encapsulation, seq, key and sequence length (16), and headroom; rounded up to 64 in {@link #chunkBytes}.
     */
    static final int CHUNK_OVERHEAD_BYTES = 192;
    /**
     * The smallest message a pool is sized for: the harness's default batch (8 KiB) and more, so that the
     * two roles of a run, which size their messages differently (a subscriber does not know that the
     * publisher runs a latency test without batches), fit the same pool whichever starts RouDi.
     */
    static final int MIN_MESSAGE_BYTES = 16 << 10;
    /** The pool's memory at most (chunks x chunk size), and its chunk count bounds. */
    static final long POOL_BUDGET_BYTES = 256L << 20;
    static final int MIN_CHUNKS = 64;
    static final int MAX_CHUNKS = 1024;
    /** How long RouDi may take to be ready, and a participant to reach it, before the run gives up. */
    static final long READY_TIMEOUT_MS = 20_000;
    private static final String READY = "RouDi is ready for clients";
    private static final String STILL_RUNNING = "ROUDI_STILL_RUNNING";
    /** The supervisor shell's $0: how a RouDi that wirebench started is told from another one. */
    private static final String SUPERVISOR_NAME = "wirebench-roudi";
    /**
     * $1 iox-roudi, $2 its configuration, $3 its log, $4 the marker. Prints RouDi's pid, then waits for
     * the end of its standard input (the JVM's exit) and for the other iceoryx clients, and stops it.
     */
    private static final String SUPERVISOR = String.join("\n",
            "\"$1\" -c \"$2\" -l info >\"$3\" 2>&1 </dev/null &",
            "r=$!",
            "echo \"$r\"",
            "cat >/dev/null",
            "i=0",
            "while [ \"$i\" -lt 600 ] && kill -0 \"$r\" 2>/dev/null; do",
            "  others=$(grep -l iceoryx_mgmt /proc/[0-9]*/maps 2>/dev/null | grep -v -x -e \"/proc/$r/maps\" -e \"/proc/$$/maps\")",
            "  [ -z \"$others\" ] && break",
            "  sleep 0.1",
            "  i=$((i+1))",
            "done",
            "grep -q -x \"pid=$r\" \"$4\" 2>/dev/null && rm -f \"$4\"",
            "kill -TERM \"$r\" 2>/dev/null",
            "wait \"$r\"",
            "rm -rf \"$2\" \"$3\" \"$(dirname \"$2\")\"");

    /** The supervisor shells, kept reachable: collecting one would close its stdin and stop RouDi. */
    private static final java.util.List<Process> SUPERVISORS = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** This run's RouDi (pid), whether this process started it, and its pool. */
    final long pid;
    final boolean started;
    final int chunkBytes;
    final int chunks;

    private IceoryxRoudi(long pid, boolean started, int chunkBytes, int chunks) {
        this.pid = pid;
        this.started = started;
        this.chunkBytes = chunkBytes;
        this.chunks = chunks;
    }

    /**
     * The chunk size for messages of up to {@code messageBytes} (at least {@link #MIN_MESSAGE_BYTES}): the
     * sample plus the headers, rounded up to 64.
     */
    static int chunkBytes(int messageBytes) {
        long c = ((long) Math.max(messageBytes, MIN_MESSAGE_BYTES) + CHUNK_OVERHEAD_BYTES + 63) & ~63L;
        return (int) Math.min(Integer.MAX_VALUE & ~63, c);
    }

    /**
     * Chunks in the pool: two topics' iceoryx subscriber queues (up to 256 each) and the samples their
     * readers hold, at most {@link #POOL_BUDGET_BYTES} of memory, at least {@link #MIN_CHUNKS}. A write
     * that finds no free chunk returns DDS_RETCODE_OUT_OF_RESOURCES: back pressure, retried.
     */
    static int chunks(int chunkBytes) {
        return (int) Math.max(MIN_CHUNKS, Math.min(MAX_CHUNKS, POOL_BUDGET_BYTES / chunkBytes));
    }

    /** RouDi's configuration (TOML) with one mempool. */
    static String config(int chunkBytes, int chunks) {
        return "[general]\nversion = 1\n\n[[segment]]\n\n[[segment.mempool]]\nsize = " + chunkBytes + "\ncount = "
                + chunks + "\n";
    }

    /** Why shared memory cannot run here (no iox-roudi), or empty. */
    static Optional<String> refusal() {
        return Files.isExecutable(EXECUTABLE) ? Optional.empty()
                : Optional.of("-transport SHMEM on the DDS engine needs iceoryx's RouDi (" + EXECUTABLE
                        + "), not found: apt-get install iceoryx (bash .ci/setup installs it)");
    }

    /**
     * The RouDi of this run for messages of up to {@code messageBytes}: a running one that wirebench
     * started with chunks that fit, else a new one; a bad-input error (exit 3) when another RouDi runs.
     */
    static IceoryxRoudi forMessages(int messageBytes) {
        refusal().ifPresent(why -> {
            throw WirebenchException.badInput(why);
        });
        int chunk = chunkBytes(messageBytes);
        Optional<IceoryxRoudi> running = running(chunk);
        if (running.isPresent()) {
            return running.get();
        }
        try {
            return start(chunk, chunks(chunk));
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "-transport SHMEM: cannot start "
                    + EXECUTABLE + ": " + e.getMessage());
        }
    }

    /**
     * The running RouDi if wirebench started it with chunks of at least {@code chunk} bytes; empty when none
     * runs (or the one found was a finished run's, stopping). One that wirebench started but whose marker
     * is not written yet (it is starting: the marker comes once it is ready) is waited for, bounded.
     */
    private static Optional<IceoryxRoudi> running(int chunk) {
        Optional<Long> found = runningPid();
        if (found.isEmpty()) {
            return Optional.empty();
        }
        long pid = found.get();
        if (!startedByWirebench(pid)) {
            throw WirebenchException.badInput("-transport SHMEM: an iceoryx RouDi not started by wirebench runs"
                    + " (pid " + pid + "); its mempools are unknown and there can be one RouDi per host:"
                    + " stop it (kill " + pid + ") and run again");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        Properties m = marker();
        while (m == null || !String.valueOf(pid).equals(m.getProperty("pid"))) {
            if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return Optional.empty(); // a finished run's RouDi, stopped meanwhile (its marker goes first)
            }
            if (System.nanoTime() > deadline) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "-transport SHMEM: the iceoryx RouDi"
                        + " another wirebench process started (pid " + pid + ") was neither ready nor gone after "
                        + READY_TIMEOUT_MS / 1000 + " s");
            }
            sleepMs(20);
            m = marker();
        }
        int have = Integer.parseInt(m.getProperty("chunk_bytes", "0"));
        if (have < chunk) {
            throw WirebenchException.badInput("-transport SHMEM: the iceoryx RouDi that wirebench process "
                    + m.getProperty("started_by") + " started (pid " + pid + ") has chunks of " + have
                    + " bytes, this run needs " + chunk + " (largest message plus " + CHUNK_OVERHEAD_BYTES
                    + " B of headers): start the run with the largest messages first, or let that run end");
        }
        return Optional.of(new IceoryxRoudi(pid, false, have, Integer.parseInt(m.getProperty("chunks", "0"))));
    }

    /** Whether RouDi {@code pid} is a child of wirebench's supervisor shell (its $0 is "wirebench-roudi"). */
    private static boolean startedByWirebench(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String ppid = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1];
            return Files.readString(Path.of("/proc", ppid, "cmdline")).contains(SUPERVISOR_NAME);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The pid of a running iox-roudi (its /proc/PID/comm), if any. */
    static Optional<Long> runningPid() {
        try (var procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : procs) {
                try {
                    if (Files.readString(p.resolve("comm")).strip().equals("iox-roudi")) {
                        return Optional.of(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile, or not readable: not a RouDi we could use
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Properties marker() {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(MARKER, StandardCharsets.UTF_8)) {
            p.load(r);
            return p;
        } catch (IOException e) {
            return null;
        }
    }

    private static IceoryxRoudi start(int chunk, int count) throws IOException {
        Path dir = Files.createTempDirectory("wirebench-roudi");
        Path config = dir.resolve("roudi.toml");
        Path log = dir.resolve("roudi.log");
        Files.writeString(config, config(chunk, count));
        Process sh = new ProcessBuilder("/bin/sh", "-c", SUPERVISOR, SUPERVISOR_NAME, EXECUTABLE.toString(),
                config.toString(), log.toString(), MARKER.toString()).redirectErrorStream(true).start();
        // the supervisor's stdin stays open as long as this JVM lives (held here): its end is the signal to stop RouDi
        SUPERVISORS.add(sh);
        long pid;
        BufferedReader out = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8));
        try {
            pid = Long.parseLong(String.valueOf(out.readLine()).strip());
        } catch (NumberFormatException e) {
            throw new IOException("the supervisor shell printed no pid");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        while (true) {
            String text = Files.exists(log) ? Files.readString(log, StandardCharsets.ISO_8859_1) : "";
            if (text.contains(READY)) {
                break;
            }
            boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            if (text.contains(STILL_RUNNING) || !alive && runningPid().isPresent()) {
                // another run's RouDi won the race: use it once it is ready and has written its marker
                return awaitOther(chunk);
            }
            if (!alive || System.nanoTime() > deadline) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "-transport SHMEM: iox-roudi (pid " + pid
                        + ") " + (alive ? "not ready after " + READY_TIMEOUT_MS / 1000 + " s" : "exited") + ": "
                        + last(text));
            }
            sleepMs(20);
        }
        Properties m = new Properties();
        m.setProperty("pid", Long.toString(pid));
        m.setProperty("chunk_bytes", Integer.toString(chunk));
        m.setProperty("chunks", Integer.toString(count));
        m.setProperty("started_by", Long.toString(ProcessHandle.current().pid()));
        Path tmp = Files.createTempFile(MARKER.getParent(), "wirebench-iox-roudi", ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            m.store(w, "iox-roudi started by wirebench (-transport SHMEM on the DDS engine)");
        }
        Files.move(tmp, MARKER, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return new IceoryxRoudi(pid, true, chunk, count);
    }

    /** The RouDi that another wirebench process started at the same time (ours lost the race for iceoryx's lock). */
    private static IceoryxRoudi awaitOther(int chunk) {
        return running(chunk).orElseThrow(() -> new WirebenchException(WirebenchException.RUN_FAILED,
                "-transport SHMEM: another iox-roudi started at the same time and then went away"));
    }

    private static String last(String log) {
        String s = log.strip();
        int nl = s.lastIndexOf('\n');
        return s.isEmpty() ? "no output" : s.substring(nl + 1).replaceAll("\u001b\\[[0-9;]*m", "");
    }

    private static void sleepMs(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WirebenchException(WirebenchException.RUN_FAILED, "-transport SHMEM: interrupted waiting for RouDi");
        }
    }

    /**
     * Runs {@code creation} (the domain and participant: iceoryx's runtime registers with RouDi there and
     * waits for it without end, "RouDi not found - waiting") and ends this process with exit 3 and a
     * clear line when it has not returned after {@link #READY_TIMEOUT_MS}: a native call cannot be interrupted.
     */
    static <T> T bounded(java.util.function.Supplier<T> creation, IceoryxRoudi roudi) {
        Thread guard = new Thread(() -> {
            try {
                Thread.sleep(READY_TIMEOUT_MS);
            } catch (InterruptedException e) {
                return;
            }
            System.err.println("wirebench: -transport SHMEM: Cyclone DDS did not reach iceoryx's RouDi (pid "
                    + roudi.pid + ") within " + READY_TIMEOUT_MS / 1000 + " s (\"RouDi not found - waiting\");"
                    + " is it still running?");
            System.err.flush();
            Runtime.getRuntime().halt(WirebenchException.BAD_INPUT);
        }, "roudi-guard");
        guard.setDaemon(true);
        guard.start();
        try {
            return creation.get();
        } finally {
            guard.interrupt();
        }
    }

    /** For run.json and the engine line. */
    String describe() {
        return String.format(Locale.ROOT, "iceoryx RouDi pid %d (%s), mempool %d chunks of %d B", pid,
                started ? "started by this process, stopped by pid once every iceoryx client has exited"
                        : "started by another wirebench process of this run", chunks, chunkBytes);
    }
}
