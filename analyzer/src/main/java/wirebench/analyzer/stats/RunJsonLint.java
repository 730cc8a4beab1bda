package wirebench.analyzer.stats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import wirebench.analyzer.model.Warning;
import wirebench.contract.JsonReader;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * Warnings about a latency (and, for the warm-up, a throughput) result from the run.json beside its
 * file (or one directory up), which wirebench writes (docs/pubsub.md, docs/results-format.md); a
 * result without one, or whose run.json lacks an entry (older results), gets none of them. Perftest's own output says nothing about
 * affinity, core count, load or warm-up, so a Perftest file gets them only when a run.json sits beside
 * it (a campaign's run directory).
 * <ul>
 * <li>From {@code contention}: roles that shared a CPU, an oversubscribed machine, or (milder, about the
 * tails) every CPU holding a spinning role whose waits park.</li>
 * <li>From the warm-up settings and record: a measured window that started cold (a latency test with
 * {@code config.latency_warm_up_limit_ms} 0: {@code -numIter} without {@code -executionTime}, or
 * {@code -warmUpMs 0}; a throughput test's pings with {@code config.throughput_warm_up_ms} 0), so its
 * first round trips ran while the JIT compiled the path; or a warm-up that ran out with the compilers
 * still busy ({@code latency_warm_up.SIZE.ended} {@code time_jit_busy}).</li>
 * </ul>
 */
final class RunJsonLint {
    /** A run.json larger than this is not read for the lint (memory bounded; real ones are a few KiB). */
    private static final long MAX_RUN_JSON_BYTES = 4L << 20;

    private RunJsonLint() {
    }

    /** The warnings for a latency table of the result file {@code source}, from its run.json: contention and warm-up. */
    static List<Warning> check(String source) {
        return check(source, true);
    }

    /** The warnings for a throughput table of {@code source}: the warm-up's alone (contention is about latency). */
    static List<Warning> checkThroughput(String source) {
        return check(source, false);
    }

    private static List<Warning> check(String source, boolean contention) {
        Optional<Path> runJson = runJson(source);
        if (runJson.isEmpty()) {
            return List.of();
        }
        try {
            if (Files.size(runJson.get()) > MAX_RUN_JSON_BYTES) {
                return List.of(new Warning(source, 0, "its run.json was not read: " + runJson.get() + " holds "
                        + Files.size(runJson.get()) + " bytes, more than the " + MAX_RUN_JSON_BYTES
                        + " any run writes"));
            }
            JsonReader.Obj doc = read(runJson.get());
            List<Warning> out = new ArrayList<>();
            if (contention && doc.get("contention") instanceof JsonReader.Obj c) {
                warning(source, c).ifPresent(out::add);
            }
            out.addAll(warmUp(source, doc));
            return out;
        } catch (IOException | RuntimeException e) {
            // said, not skipped: the table is still shown, without what its run.json would add
            return List.of(new Warning(source, 0, "its run.json was not read: " + e.getMessage()));
        }
    }

    private static Optional<Path> runJson(String source) {
        try {
            Path p = Path.of(source).toAbsolutePath();
            for (Path dir = Files.isDirectory(p) ? p : p.getParent(), up = dir == null ? null : dir.getParent();
                    dir != null; dir = up, up = null) {
                Path r = dir.resolve("run.json");
                if (Files.isRegularFile(r)) {
                    return Optional.of(r);
                }
            }
        } catch (InvalidPathException e) {
            // not a file path (a pasted table, a URL): nothing to look beside
        }
        return Optional.empty();
    }

    private static JsonReader.Obj read(Path runJson) throws IOException {
        Object doc = JsonReader.parse(runJson.toString(), Files.readString(runJson, StandardCharsets.UTF_8));
        if (!(doc instanceof JsonReader.Obj)) { // a bare word, a number, an array: said, as an unparsable one is
            throw WirebenchException.badInput(runJson + ":1: expected a JSON object, got "
                    + wirebench.analyzer.parse.RunJsonCheck.shown(doc));
        }
        return (JsonReader.Obj) doc;
    }

    /**
     * The warm-up warnings: a window that started cold, or sizes whose warm-up ran out with the JIT
     * compilers still busy. Nothing when the run.json predates these keys (2026-12-04) or is not a
     * pub/sub run's.
     */
    static List<Warning> warmUp(String source, JsonReader.Obj doc) {
        if (!(doc.get("config") instanceof JsonReader.Obj config)) {
            return List.of();
        }
        List<Warning> out = new ArrayList<>();
        Object test = config.get("test");
        if ("latency".equals(test) && zero(config.get("latency_warm_up_limit_ms"))) {
            out.add(new Warning(source, 0, "no warm-up before the measured window (latency_warm_up_limit_ms 0:"
                    + " -numIter without -executionTime, or -warmUpMs 0): its first round trips ran while the JIT"
                    + " compiled the path, and the percentiles include them (p90 and above most); -executionTime, or"
                    + " -warmUpMs with -numIter, warms up first"));
        } else if ("throughput".equals(test) && zero(config.get("throughput_warm_up_ms"))) {
            out.add(new Warning(source, 0, "no warm-up before the measured window (throughput_warm_up_ms 0:"
                    + " -numIter without -executionTime, or -warmUpMs 0): its first samples and pings ran while the"
                    + " JIT compiled the path"));
        }
        if (doc.get("latency_warm_up") instanceof JsonReader.Obj sizes) {
            List<String> busy = new ArrayList<>();
            for (Map.Entry<String, Object> e : sizes.members().entrySet()) {
                if (e.getValue() instanceof JsonReader.Obj w && "time_jit_busy".equals(w.get("ended"))) {
                    busy.add(e.getKey() + " B");
                }
            }
            if (!busy.isEmpty()) {
                out.add(new Warning(source, 0, "the warm-up ran out with the JIT still compiling at " + String.join(", ", busy)
                        + " (latency_warm_up ended time_jit_busy): the window's start may include compilation;"
                        + " a longer -executionTime or -warmUpMs"));
            }
        }
        return out;
    }

    /** Whether {@code v} is the number 0 (absent or another type: not said, older results). */
    private static boolean zero(Object v) {
        return v instanceof Number n && n.doubleValue() == 0;
    }

    static Optional<Warning> warning(String source, JsonReader.Obj c) {
        String cpus = num(c.get("cpus_usable")) + " usable CPUs" + (c.get("affinity") != null ? " (affinity "
                + c.get("affinity") + ")" : "") + (c.get("peer_affinity") != null ? ", the peer's on CPUs "
                + c.get("peer_affinity") : "");
        String threads = num(c.get("spinning_threads")) + " spinning threads";
        String idle = c.get("idle_strategy") != null ? "; idle strategy " + c.get("idle_strategy") : "";
        if (Boolean.TRUE.equals(c.get("roles_shared_cpu"))) {
            return Optional.of(new Warning(source, 0, "roles shared a CPU: " + threads + " on " + cpus + idle
                    + ": latency includes scheduler waits"));
        }
        if (Boolean.TRUE.equals(c.get("oversubscribed"))) {
            return Optional.of(new Warning(source, 0, "machine oversubscribed: load average " + load(c.get("loadavg_start_1m"))
                    + " at start, " + load(c.get("loadavg_end_1m")) + " at end, " + threads + " on " + cpus + idle
                    + ": latency includes scheduler waits"));
        }
        if (Boolean.TRUE.equals(c.get("parked_roles_may_share_cpu"))) {
            return Optional.of(new Warning(source, 0, "tails may include the scheduler: " + threads + " on " + cpus + idle
                    + ", waits that park: a woken role can land on the CPU where the other spins (p99 up to 10x,"
                    + " p50 not; docs/pubsub.md); pin each process to its own CPU for tails"));
        }
        return Optional.empty();
    }

    private static String num(Object v) {
        return v instanceof Number ? Numbers.plain(((Number) v).doubleValue()) : "?";
    }

    private static String load(Object v) {
        return v instanceof Number ? Numbers.fmt("%.2f", ((Number) v).doubleValue()) : "?";
    }
}
