package wirebench.analyzer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The environment of the runs shown once: the fields every run shares in one compact table, the
 * fields that differ side by side (one column per run), the configuration as a table (one row
 * per key, one column per run). Built from {@link RunHeaders} entries.
 *
 * <p>Model: {@code labels} (one per run), {@code common} (name, value), {@code differing}
 * (name, values[] aligned with labels, "" where a run lacks the field), {@code config_common}
 * and {@code config_differing} (the same for configuration keys).
 */
final class Environment {
    private Environment() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> of(List<Object> runs) {
        List<String> labels = new ArrayList<>();
        List<Map<String, String>> fields = new ArrayList<>();
        List<Map<String, String>> configs = new ArrayList<>();
        for (Object o : runs) {
            Map<String, Object> run = (Map<String, Object>) o;
            labels.add((String) run.get("label"));
            fields.add(asMap((List<Object>) run.get("fields")));
            configs.add(asMap((List<Object>) run.get("config")));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("labels", unique(labels));
        split(fields, m, "common", "differing");
        split(configs, m, "config_common", "config_differing");
        return m;
    }

    private static Map<String, String> asMap(List<Object> nameValues) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Object o : nameValues) {
            @SuppressWarnings("unchecked")
            Map<String, Object> f = (Map<String, Object>) o;
            out.put((String) f.get("name"), (String) f.get("value"));
        }
        return out;
    }

    /** Fields present with one value in every run go to {@code commonKey}, the rest to {@code diffKey}. */
    private static void split(List<Map<String, String>> perRun, Map<String, Object> m, String commonKey,
            String diffKey) {
        Set<String> names = new LinkedHashSet<>();
        perRun.forEach(f -> names.addAll(f.keySet()));
        List<Object> common = new ArrayList<>();
        List<Object> differing = new ArrayList<>();
        for (String n : names) {
            List<String> values = new ArrayList<>();
            perRun.forEach(f -> values.add(f.getOrDefault(n, "")));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", n);
            if (values.stream().distinct().count() == 1 && perRun.size() > 0) {
                row.put("value", values.get(0));
                common.add(row);
            } else {
                row.put("values", values);
                differing.add(row);
            }
        }
        m.put(commonKey, common);
        m.put(diffKey, differing);
    }

    /** Run labels made unique: a second "results" becomes "results (2)". */
    private static List<String> unique(List<String> labels) {
        List<String> out = new ArrayList<>();
        for (String l : labels) {
            String u = l;
            int n = 2;
            while (out.contains(u)) {
                u = l + " (" + n++ + ")";
            }
            out.add(u);
        }
        return out;
    }
}
