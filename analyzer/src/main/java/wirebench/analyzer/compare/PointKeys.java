package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;

/**
 * What {@link Comparison} matches: the key of a test point (its kind, the table's context such as
 * transport, reliability, keyed, method, the text columns of its row and the size), and each side's
 * values gathered per point and metric, one value per repetition.
 */
public final class PointKeys {
    /**
     * Context entries that describe where a table came from, not what was tested; and the rpc
     * tables' {@code rating}, text derived from a measure (a case rated TOP in one run and SUPERB in
     * the other is still one point).
     */
    private static final Set<String> NOT_KEYS = Set.of("format", "family", "source", "role", "repetition", "rep",
            "perftest_version",
            "run_id", "aggregate", "rating");
    /** Columns of the table of compared values. */
    private static final String POINT = "point";
    private static final String METRIC = "metric";
    private static final String VALUE = "value";
    private static final String ORDER = "order";

    private PointKeys() {
    }

    /** e.g. {@code latency transport=UDPv4 reliability=reliable 32 B}. */
    public static String of(ResultTable t, Row r, boolean ignoreContext) {
        StringBuilder sb = new StringBuilder(t.kind().id());
        if (!ignoreContext) {
            for (Map.Entry<String, String> e : t.context().entrySet()) {
                if (!NOT_KEYS.contains(e.getKey())) {
                    sb.append(' ').append(e.getKey()).append('=').append(e.getValue());
                }
            }
        }
        for (String c : t.columns()) {
            Object v = r.get(c);
            if (v instanceof String && !t.context().containsKey(c) && !NOT_KEYS.contains(c)) {
                sb.append(' ').append(c).append('=').append(v);
            }
        }
        Double size = r.number(Columns.SIZE_BYTES);
        if (size != null) {
            sb.append(' ').append(Numbers.plain(size)).append(" B");
        }
        return sb.toString();
    }

    /**
     * point -> metric -> one value per repetition, in first-seen order. The values are one Tablesaw
     * {@code Table} (a row per value: the point's index, the metric, the value), split on point and
     * metric; each slice keeps its rows in input order. A point whose rows hold no number is still a
     * point (with no metric), as it shows when present on one side only.
     */
    static Map<String, Map<String, DoubleColumn>> collect(List<List<ParsedInput>> runs, Set<Kind> ignore) {
        List<String> points = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        IntColumn pointCol = IntColumn.create(POINT);
        StringColumn metricCol = StringColumn.create(METRIC);
        DoubleColumn valueCol = DoubleColumn.create(VALUE);
        for (List<ParsedInput> run : runs) {
            for (ParsedInput p : run) {
                for (ResultTable t : p.tables()) {
                    for (Row r : t.rows()) {
                        String point = of(t, r, ignore.contains(t.kind()));
                        int at = index.computeIfAbsent(point, k -> {
                            points.add(k);
                            return points.size() - 1;
                        });
                        for (String c : t.columns()) {
                            Double v = r.number(c);
                            if (v != null && !c.equals(Columns.SIZE_BYTES)) {
                                pointCol.append(at);
                                metricCol.append(c);
                                valueCol.append(v);
                            }
                        }
                    }
                }
            }
        }
        Map<String, Map<String, DoubleColumn>> out = new LinkedHashMap<>();
        points.forEach(pt -> out.put(pt, new LinkedHashMap<>()));
        if (valueCol.isEmpty()) {
            return out;
        }
        Table values = Table.create("values", pointCol, metricCol, valueCol, IntColumn.indexColumn(ORDER,
                valueCol.size(), 0));
        List<Table> slices = new ArrayList<>(values.splitOn(POINT, METRIC).asTableList());
        slices.sort(Comparator.comparingInt(sl -> sl.intColumn(ORDER).getInt(0)));
        for (Table sl : slices) {
            out.get(points.get(sl.intColumn(POINT).getInt(0))).put(sl.stringColumn(METRIC).get(0),
                    sl.doubleColumn(VALUE));
        }
        return out;
    }

    /** Adds the kind of every point of {@code runs} to {@code kinds}. */
    static void collectKinds(List<List<ParsedInput>> runs, Set<Kind> ignore, Map<String, Kind> kinds) {
        for (List<ParsedInput> run : runs) {
            for (ParsedInput p : run) {
                for (ResultTable t : p.tables()) {
                    for (Row r : t.rows()) {
                        kinds.put(of(t, r, ignore.contains(t.kind())), t.kind());
                    }
                }
            }
        }
    }

    /** Kinds for which each side holds exactly one distinct context: those match by size alone. */
    static Set<Kind> kindsWithOneContextEachSide(List<List<ParsedInput>> a, List<List<ParsedInput>> b) {
        Map<Kind, Set<String>> ca = contexts(a);
        Map<Kind, Set<String>> cb = contexts(b);
        Set<Kind> out = new TreeSet<>();
        for (Kind k : ca.keySet()) {
            if (cb.containsKey(k) && ca.get(k).size() == 1 && cb.get(k).size() == 1
                    && !ca.get(k).equals(cb.get(k))) {
                out.add(k);
            }
        }
        return out;
    }

    private static Map<Kind, Set<String>> contexts(List<List<ParsedInput>> runs) {
        Map<Kind, Set<String>> out = new LinkedHashMap<>();
        for (List<ParsedInput> run : runs) {
            for (ParsedInput p : run) {
                for (ResultTable t : p.tables()) {
                    StringBuilder sb = new StringBuilder();
                    t.context().forEach((k, v) -> {
                        if (!NOT_KEYS.contains(k)) {
                            sb.append(k).append('=').append(v).append(';');
                        }
                    });
                    out.computeIfAbsent(t.kind(), k -> new TreeSet<>()).add(sb.toString());
                }
            }
        }
        return out;
    }
}
