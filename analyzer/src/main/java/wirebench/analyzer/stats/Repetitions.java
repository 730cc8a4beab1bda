package wirebench.analyzer.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tech.tablesaw.api.DoubleColumn;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/**
 * Groups repetitions: the tables of one input that differ only in their {@code repetition} (a key
 * column of a campaign's CSV families, docs/campaign.md) become one table with one row per test
 * point (every other key, the size included). Each measure of a point is the <b>median</b> across
 * its repetitions (for an even count the mean of the two middle values), with its range in
 * {@code <measure>_min} and {@code <measure>_max}, and the number of repetitions in {@code n}. A
 * percentile's median across repetitions is a median of per-run figures, not a percentile of the
 * merged samples; the context says so ({@code aggregate}).
 *
 * <p>Each point's values are held in Tablesaw columns (one {@code DoubleColumn} per measure;
 * missing values are left out of median, min and max) and aggregated with Tablesaw's own median,
 * min and max. Not a Tablesaw {@code Table} ({@code summarize(...).by(...)}): {@code Table}'s static
 * initialiser registers its file readers and writers by scanning the class path with ClassGraph,
 * unconditionally (tablesaw-core 0.44.4, no switch), which costs 0.7 to 0.9 s of CPU and 470 more
 * classes per command (docs/report.md, "Tablesaw"); the columns do not touch it, and grouping by a
 * map keyed by the point costs nothing. {@code TablesawStartupTest} keeps it so.
 */
public final class Repetitions {
    /** The key column (or context entry) that numbers repetitions. */
    public static final String REPETITION = "repetition";
    /** The column with the number of repetitions of a point. */
    public static final String N = "n";
    /** Suffixes of a measure's range columns. */
    public static final String MIN = "_min";
    public static final String MAX = "_max";
    /** Context entry of a grouped table. */
    public static final String AGGREGATE = "aggregate";

    private Repetitions() {
    }

    /** Every input with its repetitions grouped (inputs without a {@code repetition} are returned as they are). */
    public static List<ParsedInput> grouped(List<ParsedInput> inputs) {
        List<ParsedInput> out = new ArrayList<>();
        for (ParsedInput p : inputs) {
            List<ResultTable> tables = tables(p.tables());
            out.add(tables == p.tables() ? p
                    : new ParsedInput(p.source(), p.format(), tables, p.series(), p.warnings()));
        }
        return out;
    }

    /**
     * The tables with repetitions grouped, in the order of each group's first table; the same list
     * when no table has a {@code repetition}.
     */
    public static List<ResultTable> tables(List<ResultTable> tables) {
        if (tables.stream().noneMatch(Repetitions::hasRepetitions)) {
            return tables;
        }
        Map<List<Object>, List<ResultTable>> groups = new LinkedHashMap<>();
        for (ResultTable t : tables) {
            Map<String, String> ctx = new LinkedHashMap<>(t.context());
            ctx.remove(REPETITION);
            List<Object> key = List.of(t.source(), t.kind(), ctx, t.columns());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
        }
        List<ResultTable> out = new ArrayList<>();
        for (List<ResultTable> g : groups.values()) {
            out.add(hasRepetitions(g.get(0)) ? aggregate(g) : g.get(0));
            if (!hasRepetitions(g.get(0))) {
                out.addAll(g.subList(1, g.size()));
            }
        }
        return out;
    }

    static boolean hasRepetitions(ResultTable t) {
        return t.context().containsKey(REPETITION) || t.columns().contains(REPETITION);
    }

    /** One table of the rows of {@code group} (tables alike but for their repetition), aggregated per point. */
    static ResultTable aggregate(List<ResultTable> group) {
        ResultTable first = group.get(0);
        List<String> keys = new ArrayList<>();
        List<String> measures = new ArrayList<>();
        for (String c : first.columns()) {
            if (c.equals(REPETITION)) {
                continue;
            }
            (isKey(group, c) ? keys : measures).add(c);
        }
        // point -> one Tablesaw column per measure holding that point's values across repetitions
        Map<String, Row> points = new LinkedHashMap<>();
        Map<String, DoubleColumn[]> values = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (ResultTable t : group) {
            for (Row r : t.rows()) {
                String id = pointId(r, keys);
                points.putIfAbsent(id, r);
                counts.merge(id, 1, Integer::sum);
                DoubleColumn[] cols = values.computeIfAbsent(id, k -> newColumns(measures));
                for (int i = 0; i < measures.size(); i++) {
                    Double v = r.number(measures.get(i));
                    if (v == null) {
                        cols[i].appendMissing();
                    } else {
                        cols[i].append(v);
                    }
                }
            }
        }
        List<String> columns = new ArrayList<>(keys);
        columns.add(N);
        for (String m : measures) {
            columns.add(m);
            columns.add(m + MIN);
            columns.add(m + MAX);
        }
        List<Row> out = new ArrayList<>();
        Set<Integer> ns = new LinkedHashSet<>();
        for (Map.Entry<String, Row> e : points.entrySet()) {
            Row.Builder b = Row.builder();
            for (String k : keys) {
                Object v = e.getValue().get(k);
                if (v instanceof Double) {
                    b.measure(k, (Double) v);
                } else {
                    b.key(k, (String) v);
                }
            }
            DoubleColumn[] cols = values.get(e.getKey());
            int count = counts.get(e.getKey());
            ns.add(count);
            b.measure(N, (double) count);
            for (int i = 0; i < measures.size(); i++) {
                String m = measures.get(i);
                DoubleColumn c = cols[i];
                boolean any = c.countMissing() < c.size();
                b.measure(m, any ? c.median() : null);
                b.measure(m + MIN, any ? c.min() : null);
                b.measure(m + MAX, any ? c.max() : null);
            }
            out.add(b.build());
        }
        Map<String, String> ctx = new LinkedHashMap<>(first.context());
        ctx.remove(REPETITION);
        ctx.put(AGGREGATE, "median (min-max) of " + (ns.size() == 1 ? ns.iterator().next() : "n")
                + " repetitions");
        return new ResultTable(first.source(), first.kind(), ctx, columns, out);
    }

    private static DoubleColumn[] newColumns(List<String> measures) {
        DoubleColumn[] out = new DoubleColumn[measures.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = DoubleColumn.create(measures.get(i));
        }
        return out;
    }

    /** A column is a key when it holds text (not numbers) in every row that has a value. */
    private static boolean isKey(List<ResultTable> group, String column) {
        boolean text = false;
        for (ResultTable t : group) {
            for (Row r : t.rows()) {
                Object v = r.get(column);
                if (v instanceof Double) {
                    return column.equals(wirebench.contract.Columns.SIZE_BYTES);
                }
                text |= v instanceof String;
            }
        }
        return text || column.equals(wirebench.contract.Columns.SIZE_BYTES);
    }

    private static String pointId(Row r, List<String> keys) {
        StringBuilder sb = new StringBuilder();
        for (String k : keys) {
            Object v = r.get(k);
            sb.append(v == null ? "\u0001" : v.toString()).append('\u0000');
        }
        return sb.toString();
    }
}
