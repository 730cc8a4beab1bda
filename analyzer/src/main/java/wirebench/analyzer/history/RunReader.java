package wirebench.analyzer.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;

import wirebench.contract.WirebenchException;
import wirebench.analyzer.compare.Comparison;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.analyzer.parse.InputFiles;
import wirebench.analyzer.parse.Parsers;
import wirebench.analyzer.report.Histograms;
import wirebench.contract.Json;
import wirebench.contract.JsonReader;

/**
 * Turns the paths given to {@code history add} into runs. A directory holding {@code run.json} is
 * one run (its rows, its HdrHistogram logs); a directory without one whose subdirectories hold
 * run.json files (a campaign directory, a {@code demo-results} directory) is one run per such
 * subdirectory; any other directory, or a file, is one run of whatever {@code stats} reads in it
 * (Perftest, speed_test, SpeedTester output), identified by the SHA-256 of its content.
 */
public final class RunReader {
    private static final int RUN_DIR_DEPTH = 3;

    private RunReader() {
    }

    /** The run paths {@code input} stands for (see the class comment), in name order. */
    public static List<Path> runPaths(Path input) {
        if (!Files.exists(input)) {
            throw WirebenchException.badInput(input + ": no such file or directory");
        }
        if (!Files.isDirectory(input) || Files.isRegularFile(input.resolve("run.json"))) {
            return List.of(input);
        }
        try (Stream<Path> s = Files.walk(input, RUN_DIR_DEPTH)) {
            List<Path> dirs = s.filter(p -> p.getFileName().toString().equals("run.json") && Files.isRegularFile(p))
                    .map(Path::getParent).sorted().toList();
            return dirs.isEmpty() ? List.of(input) : dirs;
        } catch (IOException e) {
            throw WirebenchException.badInput(input + ": cannot list directory (" + e.getMessage() + ")");
        }
    }

    /**
     * Reads one run (a path returned by {@link #runPaths}). A run without rows or histograms (one
     * interrupted before its first test finished) is returned empty: see {@link RunData#isEmpty()}.
     */
    public static RunData read(Path run) {
        Path runJson = Files.isDirectory(run) ? run.resolve("run.json") : null;
        Map<String, Object> meta = runJson != null && Files.isRegularFile(runJson) ? readRunJson(runJson) : null;
        List<ParsedInput> parsed = Parsers.all().parseAll(List.of(run));
        List<RunData.StoredRow> rows = new ArrayList<>();
        Set<String> formats = new LinkedHashSet<>();
        for (ParsedInput in : parsed) {
            if (in.tables().isEmpty()) {
                continue;
            }
            formats.add(in.format());
            for (ResultTable t : in.tables()) {
                for (Row r : t.rows()) {
                    rows.add(storedRow(in, t, r));
                }
            }
        }
        List<RunData.StoredHistogram> hists = new ArrayList<>();
        if (Files.isDirectory(run)) {
            for (Map.Entry<String, Path> e : Histograms.logsIn(run).entrySet()) {
                List<Warning> unreadable = new ArrayList<>();
                Histogram h = Histograms.merged(e.getValue(), unreadable);
                // a corrupt log is said, never dropped silently; the run's rows are still stored
                unreadable.forEach(w -> System.err.println("wirebench history: warning: " + w.format()));
                if (h != null && h.getTotalCount() > 0) {
                    hists.add(new RunData.StoredHistogram(e.getKey(), h.getTotalCount(),
                            Histograms.percentileUs(h, 50), Histograms.percentileUs(h, 90),
                            Histograms.percentileUs(h, 99), Histograms.percentileUs(h, 99.9),
                            Histograms.percentileUs(h, 99.99), h.getMaxValue() / 1000.0));
                }
            }
        }
        Instant mtime = newestModification(run);
        if (meta == null) {
            return new RunData("sha256:" + contentHash(run), run.toString(), String.join(",", formats), null, null,
                    mtime, "file_mtime", null, null, null, null, null, null, rows, hists);
        }
        Map<String, Object> env = map(meta.get("environment"));
        Instant start = instant(runJson, meta, "start_utc");
        Instant created = instant(runJson, meta, "created_utc");
        Instant time = start != null ? start : created != null ? created : mtime;
        String from = start != null ? "start_utc" : created != null ? "created_utc" : "file_mtime";
        String runId = text(meta.get("run_id"));
        if (runId == null || runId.isBlank()) {
            runId = "sha256:" + contentHash(run);
        }
        String json = InputFiles.readString(runJson);
        return new RunData(runId, run.toString(), text(meta.get("format")), start, instant(runJson, meta, "end_utc"),
                time, from, text(meta.get("git_sha")), text(meta.get("tool_version")), text(env.get("host")),
                text(meta.get("command_line")), text(meta.get("config_sha256")), json, rows, hists);
    }

    private static RunData.StoredRow storedRow(ParsedInput in, ResultTable t, Row r) {
        Map<String, Object> keys = new LinkedHashMap<>(t.context());
        Map<String, Double> measures = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : r.values().entrySet()) {
            if (e.getValue() instanceof Double) {
                Double d = (Double) e.getValue();
                if (Double.isFinite(d)) {
                    measures.put(e.getKey(), d);
                }
            } else if (e.getValue() != null) {
                keys.put(e.getKey(), e.getValue());
            }
        }
        String json = Json.write(keys).strip().replaceAll("\\s*\\n\\s*", " ");
        return new RunData.StoredRow(Comparison.pointKey(t, r, false), t.kind().id(), t.source(), in.format(), json,
                measures);
    }

    private static Map<String, Object> readRunJson(Path runJson) {
        String text = InputFiles.readString(runJson);
        Object doc;
        try {
            doc = JsonReader.parse(runJson.toString(), text);
        } catch (WirebenchException e) {
            throw e;
        } catch (RuntimeException e) {
            throw WirebenchException.badInput(e.getMessage() != null && e.getMessage().startsWith(runJson.toString())
                    ? e.getMessage() : runJson + ": not valid JSON (" + e.getMessage() + ")");
        }
        if (!(doc instanceof JsonReader.Obj)) {
            throw WirebenchException.badInput(runJson + ":1: expected a JSON object");
        }
        // a run stored under one of two run_ids (or times) is a guess: refused, said where
        ((JsonReader.Obj) doc).repeated().forEach((k, line) -> {
            throw WirebenchException.badInput(runJson + ":" + line + ": member '" + k + "' given again; expected each"
                    + " member once");
        });
        return ((JsonReader.Obj) doc).members();
    }

    private static Instant instant(Path runJson, Map<String, Object> meta, String field) {
        String s = text(meta.get(field));
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            throw WirebenchException.badInput(runJson + ": '" + field
                    + "': expected an ISO-8601 UTC instant such as 2026-01-31T12:00:00Z, got '" + s + "'");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object v) {
        if (v instanceof JsonReader.Obj) {
            return ((JsonReader.Obj) v).members();
        }
        return v instanceof Map ? (Map<String, Object>) v : Map.of();
    }

    private static String text(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof JsonReader.Bare) {
            return ((JsonReader.Bare) v).text();
        }
        if (v instanceof Double) {
            return wirebench.contract.Numbers.plain((Double) v);
        }
        return v.toString();
    }

    private static List<Path> files(Path run) {
        if (!Files.isDirectory(run)) {
            return List.of(run);
        }
        try (Stream<Path> s = Files.walk(run)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw WirebenchException.badInput(run + ": cannot list directory (" + e.getMessage() + ")");
        }
    }

    private static Instant newestModification(Path run) {
        Instant newest = Instant.EPOCH;
        for (Path f : files(run)) {
            try {
                Instant t = Files.getLastModifiedTime(f).toInstant();
                if (t.isAfter(newest)) {
                    newest = t;
                }
            } catch (IOException e) {
                throw WirebenchException.badInput(f + ": cannot read its modification time (" + e.getMessage() + ")");
            }
        }
        return newest;
    }

    /** SHA-256 over every file's path relative to the run and its bytes (the same files, the same hash). */
    static String contentHash(Path run) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buf = new byte[1 << 16];
        for (Path f : files(run)) {
            String rel = Files.isDirectory(run) ? run.relativize(f).toString().replace('\\', '/') : "";
            md.update(rel.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            try (InputStream in = Files.newInputStream(f)) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    md.update(buf, 0, n);
                }
            } catch (IOException e) {
                throw WirebenchException.badInput(f + ": cannot read (" + e.getMessage() + ")");
            }
            md.update((byte) 0);
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
