package wirebench.analyzer.parse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import wirebench.analyzer.model.Warning;
import wirebench.contract.JsonReader;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * What a run.json holds against what the results format defines (docs/results-format.md), said as
 * warnings naming file and line rather than read past: a file that is no JSON object, a format
 * version this wirebench does not know, a member given twice, a field of the wrong type (a number
 * where an ISO-8601 instant belongs, a string where an object belongs), and one run given twice (the
 * same {@code run_id} in two files). The readers keep what they can use; the user learns what was not.
 */
public final class RunJsonCheck {
    /** The run.json format this wirebench writes and reads. */
    public static final String FORMAT = "wirebench-run 1";

    private static final List<String> TEXT = List.of("format", "run_id", "tool_version", "git_sha", "command_line",
            "end_reason");
    private static final List<String> INSTANTS = List.of("start_utc", "end_utc", "created_utc");
    private static final List<String> OBJECTS = List.of("config", "environment", "engine", "contention");

    private final Map<String, Path> runIds = new HashMap<>();

    /** The run.json files in and below {@code input} (three levels: a campaign's runs), in name order. */
    public static List<Path> under(Path input) {
        if (Files.isRegularFile(input)) {
            return input.getFileName().toString().equals("run.json") ? List.of(input) : List.of();
        }
        if (!Files.isDirectory(input)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(input, 3)) {
            return s.filter(p -> p.getFileName().toString().equals("run.json") && Files.isRegularFile(p)).sorted()
                    .toList();
        } catch (IOException e) {
            throw WirebenchException.badInput(input + ": cannot list directory (" + e.getMessage() + ")");
        }
    }

    /** The warnings of every run.json under {@code inputs}. */
    public List<Warning> checkAll(List<Path> inputs) {
        List<Warning> out = new ArrayList<>();
        for (Path in : inputs) {
            for (Path runJson : under(in)) {
                out.addAll(check(runJson));
            }
        }
        return out;
    }

    /** The warnings of one run.json file (one when it cannot be read as JSON at all). */
    public List<Warning> check(Path runJson) {
        Object doc;
        try {
            doc = JsonReader.parse(runJson.toString(), Files.readString(runJson, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return List.of(new Warning(runJson.toString(), 0, "not read: " + (e.getMessage() == null ? e.toString()
                    : e.getMessage())));
        }
        if (!(doc instanceof JsonReader.Obj run)) {
            return List.of(new Warning(runJson.toString(), 1, "expected a JSON object, got " + shown(doc)
                    + "; not read"));
        }
        return check(runJson, run);
    }

    /** The warnings of a run.json already read as {@code run}. */
    public List<Warning> check(Path runJson, JsonReader.Obj run) {
        String src = runJson.toString();
        List<Warning> out = new ArrayList<>();
        run.repeated().forEach((k, line) -> out.add(new Warning(src, line, "member '" + k + "' given again; expected"
                + " each member once (the last value is the one read)")));
        Object format = run.get("format");
        if (format instanceof String f && !f.equals(FORMAT)) {
            out.add(new Warning(src, run.lineOf("format"), "unknown format '" + f + "' (this wirebench reads '" + FORMAT
                    + "'); read as '" + FORMAT + "', fields it does not know are passed over"));
        }
        for (String k : TEXT) {
            expect(out, src, run, k, run.get(k) == null || run.get(k) instanceof String, "a string");
        }
        for (String k : INSTANTS) {
            expect(out, src, run, k, run.get(k) == null || isInstant(run.get(k)),
                    "an ISO-8601 UTC instant such as 2026-01-31T12:00:00Z");
        }
        for (String k : OBJECTS) {
            expect(out, src, run, k, run.get(k) == null || run.get(k) instanceof JsonReader.Obj, "an object");
        }
        if (run.get("run_id") instanceof String id && !id.isBlank()) {
            Path first = runIds.putIfAbsent(id, runJson);
            if (first != null && !first.toAbsolutePath().normalize().equals(runJson.toAbsolutePath().normalize())) {
                out.add(new Warning(src, run.lineOf("run_id"), "run_id '" + id + "' is also the run_id of " + first
                        + ": one run given twice (a copy?) counts twice"));
            }
        }
        return out;
    }

    private static void expect(List<Warning> out, String src, JsonReader.Obj run, String key, boolean ok, String what) {
        if (!ok) {
            out.add(new Warning(src, run.lineOf(key), "'" + key + "': expected " + what + " or null, got "
                    + shown(run.get(key))));
        }
    }

    private static boolean isInstant(Object v) {
        if (!(v instanceof String s)) {
            return false;
        }
        try {
            Instant.parse(s);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** A JSON value as a message shows it: its kind, or its text cut at 40 characters. */
    public static String shown(Object v) {
        if (v instanceof JsonReader.Obj) {
            return "an object";
        }
        if (v instanceof List) {
            return "an array";
        }
        String s = v instanceof JsonReader.Bare b ? b.text() : v instanceof String ? "'" + v + "'"
                : v instanceof Double d ? Numbers.plain(d) : String.valueOf(v);
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }
}
