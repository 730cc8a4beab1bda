package wirebench.analyzer.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import wirebench.analyzer.parse.RunJsonCheck;
import wirebench.contract.JsonReader;

/**
 * The settings two sides of a comparison ran with, from their run.json files: the {@code config}
 * entries and the {@code engine} entries (MTU, term length, window, channels, threading: what the
 * engine chose, docs/results-format.md), and one note per setting whose values differ, e.g.
 * {@code setting differs: engine.mtu_bytes: baseline (not recorded) -> candidate 65504}. A
 * difference in throughput between runs of different settings is the settings' as much as the
 * code's: the note says so beside the deltas. Settings that differ between runs of one side
 * ({@code pid}, {@code data_port}...) are not compared.
 */
public final class RunSettings {
    /** run.json entries compared: what was asked and what the engine chose. */
    private static final List<String> SECTIONS = List.of("config", "engine");
    /** Per-run values that say nothing about the setup (ports are drawn per run). */
    private static final Set<String> IGNORED = Set.of("config.data_port", "config.echo_port", "config.pid",
            "config.sid", "config.latency_file", "engine.data_channel", "engine.echo_channel");
    private static final String ABSENT = "(not recorded)";
    private static final int MAX_NOTES = 20;

    private RunSettings() {
    }

    /** One note per setting whose value differs between the baseline's runs and the candidate's. */
    public static List<String> differences(List<Path> baseline, List<Path> candidate) {
        Map<String, Set<String>> base = settings(baseline);
        Map<String, Set<String>> cand = settings(candidate);
        if (base.isEmpty() || cand.isEmpty()) {
            return List.of(); // no run.json on one side: nothing to say
        }
        Set<String> keys = new TreeSet<>(base.keySet());
        keys.addAll(cand.keySet());
        List<String> out = new ArrayList<>();
        for (String k : keys) {
            Set<String> b = base.getOrDefault(k, Set.of(ABSENT));
            Set<String> c = cand.getOrDefault(k, Set.of(ABSENT));
            if (IGNORED.contains(k) || b.size() != 1 || c.size() != 1 || b.equals(c)) {
                continue;
            }
            if (out.size() == MAX_NOTES) {
                out.add("setting differs: ... (more settings differ; see run.json)");
                break;
            }
            out.add("setting differs: " + k + ": baseline " + b.iterator().next() + " -> candidate "
                    + c.iterator().next());
        }
        return out;
    }

    /** Every {@code section.key} of the run.json files under {@code paths}, with the values seen. */
    static Map<String, Set<String>> settings(List<Path> paths) {
        List<Map<String, String>> runs = new ArrayList<>();
        for (Path p : paths) {
            for (Path runJson : RunJsonCheck.under(p)) {
                Map<String, String> flat = read(runJson);
                if (flat != null) {
                    runs.add(flat);
                }
            }
        }
        Map<String, Set<String>> out = new LinkedHashMap<>();
        Set<String> keys = new LinkedHashSet<>();
        runs.forEach(r -> keys.addAll(r.keySet()));
        for (String k : keys) {
            for (Map<String, String> r : runs) {
                out.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(r.getOrDefault(k, ABSENT));
            }
        }
        return out;
    }

    /** The {@link #SECTIONS} of one run.json flattened to {@code section.key = value}; null when unreadable. */
    private static Map<String, String> read(Path runJson) {
        Object doc;
        try {
            doc = JsonReader.parse(runJson.toString(), Files.readString(runJson, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return null; // a bad run.json is said by RunJsonCheck, beside the comparison's notes
        }
        if (!(doc instanceof JsonReader.Obj run)) {
            return null;
        }
        Map<String, String> flat = new LinkedHashMap<>();
        for (String section : SECTIONS) {
            if (run.members().get(section) instanceof JsonReader.Obj m) {
                m.members().forEach((k, v) -> flat.put(section + "." + k, text(v)));
            }
        }
        return flat;
    }

    private static String text(Object v) {
        if (v instanceof JsonReader.Bare b) {
            return b.text();
        }
        if (v instanceof JsonReader.Obj o) {
            Map<String, String> m = new LinkedHashMap<>();
            o.members().forEach((k, x) -> m.put(k, text(x)));
            return m.toString();
        }
        if (v instanceof List<?> l) {
            return l.stream().map(RunSettings::text).toList().toString();
        }
        if (v instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(v);
    }
}
