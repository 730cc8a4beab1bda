package wirebench.analyzer.stats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import wirebench.analyzer.model.Warning;
import wirebench.contract.JsonReader;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * Warns when a latency result was measured with its roles sharing a CPU or on an oversubscribed
 * machine, or (milder, about its tails) with every CPU holding a spinning role whose waits park,
 * from the {@code contention} entry of the run.json beside the result file (or one directory up):
 * wirebench writes it (docs/pubsub.md). Perftest's own output says nothing about
 * affinity, core count or load, so a Perftest file gets this warning only when a run.json with that
 * entry sits beside it (a campaign's run directory).
 */
final class ContentionLint {
    /** A run.json larger than this is not read for the lint (memory bounded; real ones are a few KiB). */
    private static final long MAX_RUN_JSON_BYTES = 4L << 20;

    private ContentionLint() {
    }

    /** The warning for the result file {@code source}, if its run.json says so. */
    static List<Warning> check(String source) {
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
            return contention(runJson.get()).flatMap(c -> warning(source, c)).stream().toList();
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

    private static Optional<JsonReader.Obj> contention(Path runJson) throws IOException {
        Object doc = JsonReader.parse(runJson.toString(), Files.readString(runJson, StandardCharsets.UTF_8));
        if (!(doc instanceof JsonReader.Obj)) { // a bare word, a number, an array: said, as an unparsable one is
            throw WirebenchException.badInput(runJson + ":1: expected a JSON object, got "
                    + wirebench.analyzer.parse.RunJsonCheck.shown(doc));
        }
        if (((JsonReader.Obj) doc).get("contention") instanceof JsonReader.Obj) {
            return Optional.of((JsonReader.Obj) ((JsonReader.Obj) doc).get("contention"));
        }
        return Optional.empty();
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
