package wirebench.analyzer.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tech.tablesaw.aggregate.AggregateFunctions;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
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
 * <p>The rows are held in a Tablesaw table (one string column naming the point, one double column
 * per measure; missing values are NaN and left out of every aggregate) and aggregated with its
 * {@code summarize(...).by(point)}.
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

    private static final String POINT = "point";

    private Repetitions() {
    }

    /**
     * Starts Tablesaw's one-time initialisation on a daemon thread when a CSV family of a results
     * directory among {@code inputs} has a {@code repetition} key: its Table class scans the class
     * path for readers and writers when first used (about a third of a second of CPU, more on a busy
     * machine), which then overlaps with reading the inputs instead of following it.
     */
    public static void warmUpFor(List<java.nio.file.Path> inputs) {
        for (java.nio.file.Path in : inputs) {
            if (java.nio.file.Files.isDirectory(in) && hasRepetitionKey(in)) {
                Thread t = new Thread(() -> Table.create("warm-up"), "tablesaw-warm-up");
                t.setDaemon(true);
                t.start();
                return;
            }
        }
    }

    private static boolean hasRepetitionKey(java.nio.file.Path dir) {
        try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path f : s.filter(x -> x.getFileName().toString().endsWith(".csv")
                    && java.nio.file.Files.isRegularFile(x)).toList()) {
                try (java.io.BufferedReader r = java.nio.file.Files.newBufferedReader(f,
                        java.nio.charset.StandardCharsets.ISO_8859_1)) {
                    String first = r.readLine();
                    if (first != null && first.startsWith("# wirebench-results ") && first.contains(REPETITION)) {
                        return true;
                    }
                }
            }
        } catch (java.io.IOException e) {
            return false; // the readers report it
        }
        return false;
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
        Map<String, Row> points = new LinkedHashMap<>();
        Table rows = Table.create("repetitions");
        StringColumn point = StringColumn.create(POINT);
        rows.addColumns(point);
        Map<String, DoubleColumn> values = new LinkedHashMap<>();
        for (String m : measures) {
            DoubleColumn c = DoubleColumn.create(m);
            values.put(m, c);
            rows.addColumns(c);
        }
        for (ResultTable t : group) {
            for (Row r : t.rows()) {
                String id = pointId(r, keys);
                points.putIfAbsent(id, r);
                point.append(id);
                for (String m : measures) {
                    Double v = r.number(m);
                    if (v == null) {
                        values.get(m).appendMissing();
                    } else {
                        values.get(m).append(v);
                    }
                }
            }
        }
        Map<String, Integer> resultRow = new LinkedHashMap<>();
        Table summary = null;
        if (!measures.isEmpty() && rows.rowCount() > 0) {
            summary = rows.summarize(measures, AggregateFunctions.median, AggregateFunctions.min,
                    AggregateFunctions.max).by(POINT);
            StringColumn ids = summary.stringColumn(POINT);
            for (int i = 0; i < summary.rowCount(); i++) {
                resultRow.put(ids.get(i), i);
            }
        }
        Table counts = rows.countBy(point);
        Map<String, Integer> n = new LinkedHashMap<>();
        for (int i = 0; i < counts.rowCount(); i++) {
            n.put(counts.stringColumn(0).get(i), ((Number) counts.column(1).get(i)).intValue());
        }

        List<String> columns = new ArrayList<>(keys);
        columns.add(N);
        Set<String> withValues = new LinkedHashSet<>();
        for (String m : measures) {
            columns.add(m);
            columns.add(m + MIN);
            columns.add(m + MAX);
            withValues.add(m);
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
            int count = n.get(e.getKey());
            ns.add(count);
            b.measure(N, (double) count);
            Integer at = resultRow.get(e.getKey());
            for (String m : withValues) {
                b.measure(m, at == null ? null : value(summary, "Median [" + m + "]", at));
                b.measure(m + MIN, at == null ? null : value(summary, "Min [" + m + "]", at));
                b.measure(m + MAX, at == null ? null : value(summary, "Max [" + m + "]", at));
            }
            out.add(b.build());
        }
        Map<String, String> ctx = new LinkedHashMap<>(first.context());
        ctx.remove(REPETITION);
        ctx.put(AGGREGATE, "median (min-max) of " + (ns.size() == 1 ? ns.iterator().next() : "n")
                + " repetitions");
        return new ResultTable(first.source(), first.kind(), ctx, columns, out);
    }

    private static Double value(Table summary, String column, int row) {
        double d = summary.doubleColumn(column).getDouble(row);
        return Double.isNaN(d) ? null : d;
    }

    /** A column is a key when it holds text (not numbers) in every row that has a value. */
    private static boolean isKey(List<ResultTable> group, String column) {
        boolean text = false;
        for (ResultTable t : group) {
            for (Row r : t.rows()) {
                Object v = r.get(column);
                if (v instanceof Double) {
                    return column.equals(wirebench.analyzer.model.Columns.SIZE_BYTES);
                }
                text |= v instanceof String;
            }
        }
        return text || column.equals(wirebench.analyzer.model.Columns.SIZE_BYTES);
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
