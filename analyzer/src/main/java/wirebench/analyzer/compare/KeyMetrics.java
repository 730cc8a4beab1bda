package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.analyzer.model.Kind;

/**
 * The few numbers people look at first, one compact table per test kind: rows are the test points
 * (short labels from the key fields that vary between the kind's points, as the report labels its
 * series), columns the key metrics present (latency p50/p99/p99.9, samples/s or Mbps, loss), each
 * cell baseline -> candidate, delta and verdict. Rows with a regression come first, then those
 * with an improvement, then the rest, in point order within each group.
 */
public final class KeyMetrics {
    /** The key metrics, in column order. */
    public static final List<String> KEYS = List.of("p50_us", "p99_us", "p999_us", "samples_per_s", "mbps", "data_mbps",
            "calls_per_s", "lost_pct", "loss_pct");

    private KeyMetrics() {
    }

    /** One table: a kind, its metric columns, and its rows. */
    public record Table(Kind kind, List<String> metrics, List<Row> rows) {
    }

    /** One row: the short label, the full point key, and a delta per metric column (null when absent). */
    public record Row(String label, String point, List<Comparison.Delta> cells) {
        /** worse (any cell worse), better (any better, none worse), or same. */
        public String cls() {
            boolean better = false;
            for (Comparison.Delta d : cells) {
                if (d != null && d.significant() && "worse".equals(d.verdict())) {
                    return "worse";
                }
                better |= d != null && d.significant() && "better".equals(d.verdict());
            }
            return better ? "better" : "same";
        }
    }

    /** The key-metric tables of a comparison, one per kind in first-seen order. */
    public static List<Table> tables(Comparison.Result r) {
        Map<Kind, Map<String, Map<String, Comparison.Delta>>> byKind = new LinkedHashMap<>();
        for (Comparison.Delta d : r.deltas()) {
            if (d.kind() == null || !KEYS.contains(d.metric()) || d.point().startsWith("distribution ")) {
                continue;
            }
            byKind.computeIfAbsent(d.kind(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(d.point(), k -> new LinkedHashMap<>()).put(d.metric(), d);
        }
        List<Table> out = new ArrayList<>();
        for (Map.Entry<Kind, Map<String, Map<String, Comparison.Delta>>> e : byKind.entrySet()) {
            Set<String> present = new LinkedHashSet<>();
            e.getValue().values().forEach(m -> present.addAll(m.keySet()));
            List<String> metrics = KEYS.stream().filter(present::contains).toList();
            Map<String, String> labels = labels(new ArrayList<>(e.getValue().keySet()));
            List<Row> rows = new ArrayList<>();
            e.getValue().forEach((point, m) -> {
                List<Comparison.Delta> cells = new ArrayList<>();
                metrics.forEach(k -> cells.add(m.get(k)));
                rows.add(new Row(labels.get(point), point, cells));
            });
            List<String> order = List.of("worse", "better", "same");
            rows.sort(Comparator.comparingInt(row -> order.indexOf(row.cls())));
            out.add(new Table(e.getKey(), metrics, rows));
        }
        return out;
    }

    /**
     * Short labels: of each point's fields ({@code k=v} and the size), those whose value differs
     * between the points; the size as {@code 32 B}. A single point is labelled by its size (or
     * {@code all}).
     */
    static Map<String, String> labels(List<String> points) {
        List<Map<String, String>> fields = new ArrayList<>();
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (String p : points) {
            Map<String, String> f = SingleRunReplicates.pointFields(p);
            fields.add(f);
            f.forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < points.size(); i++) {
            Map<String, String> f = fields.get(i);
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, String> e : f.entrySet()) {
                boolean varies = values.get(e.getKey()).size() > 1 || fields.stream().anyMatch(o -> !o.containsKey(
                        e.getKey()));
                if (e.getKey().equals("size_bytes")) {
                    continue;
                }
                if (varies) {
                    parts.add(e.getKey() + "=" + e.getValue());
                }
            }
            if (f.containsKey("size_bytes")) {
                parts.add(f.get("size_bytes") + " B");
            }
            out.put(points.get(i), parts.isEmpty() ? "all" : String.join(" ", parts));
        }
        return out;
    }
}
