package wirebench.analyzer.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import wirebench.contract.JsonReader;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * The run headers of the results directories among the inputs: what ran, when, and on what
 * machine (run.json, docs/results-format.md), as name/value rows for the report.
 *
 * <p>Each run: {@code source} (its run.json), {@code label} (its directory's name),
 * {@code fields} (name, value: tool, times, host, OS, CPU, JVM, NICs...), {@code config} (name,
 * value per configuration key) and {@code json} (the file's text, for a collapsed view).
 */
public final class RunHeaders {
    private static final Set<String> SHOWN = Set.of("format", "run_id", "tool_version", "git_sha", "start_utc",
            "end_utc", "command_line", "config", "config_sha256", "environment", "sources", "warnings", "created_utc");

    /** The largest run.json shown in full; a longer one is cut (memory bounded by what is printed). */
    private static final int MAX_JSON_CHARS = 200_000;

    private RunHeaders() {
    }

    /** One entry per run.json found: {@code source} and {@code fields} (name, value). */
    public static List<Object> read(List<Path> inputs) {
        List<Object> out = new ArrayList<>();
        for (Path in : inputs) {
            for (Path runJson : runJsons(in)) {
                out.add(header(runJson));
            }
        }
        return out;
    }

    private static List<Path> runJsons(Path in) {
        if (Files.isRegularFile(in) && in.getFileName().toString().equals("run.json")) {
            return List.of(in);
        }
        if (!Files.isDirectory(in)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(in, 3)) {
            return s.filter(p -> p.getFileName().toString().equals("run.json")).sorted().toList();
        } catch (IOException e) {
            throw WirebenchException.badInput(in + ": cannot list directory (" + e.getMessage() + ")");
        }
    }

    static Map<String, Object> header(Path runJson) {
        wirebench.analyzer.parse.InputFiles.requireReadable(runJson);
        if (Files.isDirectory(runJson)) {
            throw WirebenchException.badInput(runJson + ": a directory, expected run.json to be a file");
        }
        String text = wirebench.analyzer.parse.InputFiles.readString(runJson);
        Object doc;
        try {
            doc = plain(JsonReader.parse(runJson.toString(), text));
        } catch (JsonReader.EndOfInput e) {
            // a run.json cut short (a run killed while writing it, a full disk) is bad input, not a crash
            throw WirebenchException.badInput(e.getMessage() + " (run.json is cut short)");
        }
        if (!(doc instanceof Map)) {
            throw WirebenchException.badInput(runJson + ":1: expected a JSON object, got " + describe(doc));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> run = (Map<String, Object>) doc;
        Map<String, Object> env = map(run.get("environment"));
        Map<String, Object> cpu = map(env.get("cpu"));
        Map<String, Object> jvm = map(env.get("jvm"));
        List<Object> fields = new ArrayList<>();
        Object tool = run.get("tool_version");
        Object sha = run.get("git_sha");
        add(fields, "Tool", sha == null || String.valueOf(tool).contains(String.valueOf(sha)) ? tool
                : join(tool, "git " + sha));
        add(fields, "Command line", run.get("command_line"));
        add(fields, "Start (UTC)", run.get("start_utc") != null ? run.get("start_utc") : run.get("created_utc"));
        add(fields, "End (UTC)", run.get("end_utc"));
        add(fields, "Host", join(env.get("host"), env.get("virtualization")));
        add(fields, "OS / kernel", join(env.get("os"), env.get("kernel")));
        add(fields, "Kernel command line", env.get("kernel_cmdline"));
        add(fields, "CPU", join(cpu.get("model"), count(cpu.get("sockets"), "socket"), count(cpu.get("cores"), "core"),
                count(cpu.get("threads"), "thread")));
        add(fields, "CPU governor / clocksource", join(cpu.get("governor"), cpu.get("clocksource")));
        Object mem = env.get("memory_bytes");
        add(fields, "Memory", mem instanceof Double ? Numbers.upTo((Double) mem / (1L << 30), 1) + " GiB" : null);
        add(fields, "JVM", join(jvm.get("vendor"), jvm.get("version"), jvm.get("vm")));
        add(fields, "JVM arguments", jvm.get("arguments") instanceof List ? String.join(" ",
                ((List<?>) jvm.get("arguments")).stream().map(String::valueOf).toList()) : null);
        add(fields, "GC", jvm.get("gc") instanceof List ? String.join(", ",
                ((List<?>) jvm.get("gc")).stream().map(String::valueOf).toList()) : null);
        if (env.get("nics") instanceof List) {
            List<String> nics = new ArrayList<>();
            for (Object n : (List<?>) env.get("nics")) {
                Map<String, Object> nic = map(n);
                nics.add(join(nic.get("name"), nic.get("mtu") == null ? null : "MTU " + str(nic.get("mtu")),
                        nic.get("speed_mbps") == null ? null : str(nic.get("speed_mbps")) + " Mbps", nic.get("driver"),
                        nic.get("addresses") instanceof List ? String.join(" ",
                                ((List<?>) nic.get("addresses")).stream().map(String::valueOf).toList()) : null));
            }
            add(fields, "NICs", String.join("; ", nics));
        }
        List<Object> config = new ArrayList<>();
        map(run.get("config")).forEach((k, v) -> add(config, k, v == null ? "null" : str(v)));
        for (Map.Entry<String, Object> e : run.entrySet()) {
            if (!SHOWN.contains(e.getKey()) && e.getValue() != null) {
                add(fields, e.getKey(), str(e.getValue()));
            }
        }
        add(fields, "Run id", run.get("run_id"));
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("source", runJson.toString());
        Path dir = runJson.toAbsolutePath().normalize().getParent();
        h.put("label", dir == null || dir.getFileName() == null ? runJson.toString() : dir.getFileName().toString());
        h.put("start_utc", str(run.get("start_utc") != null ? run.get("start_utc") : run.get("created_utc")));
        h.put("end_utc", str(run.get("end_utc")));
        h.put("host", str(env.get("host")));
        h.put("fields", fields);
        h.put("config", config);
        h.put("json", text.length() > MAX_JSON_CHARS ? text.substring(0, MAX_JSON_CHARS) + "\n... (cut at "
                + MAX_JSON_CHARS + " characters)" : text);
        return h;
    }

    private static void add(List<Object> fields, String name, Object value) {
        if (value == null || value.toString().isBlank()) {
            return;
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("name", name);
        f.put("value", str(value));
        fields.add(f);
    }

    private static String count(Object v, String unit) {
        return v instanceof Double ? Numbers.plain((Double) v) + " " + unit + ((Double) v == 1 ? "" : "s") : null;
    }

    private static String join(Object... parts) {
        List<String> out = new ArrayList<>();
        for (Object p : parts) {
            if (p != null && !p.toString().isBlank()) {
                out.add(str(p));
            }
        }
        return out.isEmpty() ? null : String.join(", ", out);
    }

    /** A JSON value as one line of text (objects as {@code k=v} pairs). */
    static String str(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double) {
            return Numbers.plain((Double) v);
        }
        if (v instanceof Map) {
            List<String> parts = new ArrayList<>();
            ((Map<?, ?>) v).forEach((k, x) -> parts.add(k + "=" + str(x)));
            return String.join(" ", parts);
        }
        if (v instanceof List) {
            return String.join(", ", ((List<?>) v).stream().map(RunHeaders::str).toList());
        }
        return v.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object v) {
        return v instanceof Map ? (Map<String, Object>) v : Map.of();
    }

    /** JsonReader's tree as plain maps and lists. */
    private static Object plain(Object v) {
        if (v instanceof JsonReader.Obj) {
            Map<String, Object> m = new LinkedHashMap<>();
            ((JsonReader.Obj) v).members().forEach((k, x) -> m.put(k, plain(x)));
            return m;
        }
        if (v instanceof List) {
            List<Object> l = new ArrayList<>();
            ((List<?>) v).forEach(x -> l.add(plain(x)));
            return l;
        }
        if (v instanceof JsonReader.Bare) {
            return ((JsonReader.Bare) v).text();
        }
        return v;
    }

    private static String describe(Object v) {
        return v == null ? "null" : v instanceof List ? "an array" : "'" + v + "'";
    }
}
