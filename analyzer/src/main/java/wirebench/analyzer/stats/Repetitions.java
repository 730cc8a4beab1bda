package wirebench.analyzer.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tech.tablesaw.aggregate.AggregateFunctions;
import tech.tablesaw.aggregate.NumericAggregateFunction;
import tech.tablesaw.aggregate.Summarizer;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.NumericColumn;
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
 * <p>The rows of a group are a Tablesaw {@code Table} (a text column per key, a number column per
 * measure, an {@code IntColumn} of each row's first-seen index), summarised with
 * {@code summarize(measures, median, min, max, countNonMissing).by(keys)} and sorted back into
 * first-seen order. Missing values are left out of median, min and max; a measure missing in every
 * repetition of a point is an empty cell (its non-missing count is 0), never Tablesaw's NaN; a missing
 * key is a point of its own, apart from an empty key. {@code Table}'s static initialiser scans the
 * class path with ClassGraph (tablesaw-core 0.44.4), about 0.7 to 0.9 s of CPU on the commands that
 * group repetitions (docs/report.md, "Tablesaw"); inputs without repetitions never touch it.
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
    /** The summary table's column of each row's first-seen index, and the text of a missing key in it. */
    private static final String ORDER = "order";
    private static final String MISSING_KEY = "\u0001";

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
        List<String> columns = new ArrayList<>(keys);
        columns.add(N);
        for (String m : measures) {
            columns.add(m);
            columns.add(m + MIN);
            columns.add(m + MAX);
        }
        List<Row> rows = new ArrayList<>();
        group.forEach(t -> rows.addAll(t.rows()));
        List<Row> out = new ArrayList<>();
        Set<Integer> ns = new LinkedHashSet<>();
        if (!rows.isEmpty()) {
            Table summary = summarize(rows, keys, measures);
            NumericColumn<?> order = (NumericColumn<?>) summary.column("Min [" + ORDER + "]");
            for (int i = 0; i < summary.rowCount(); i++) {
                Row firstSeen = rows.get((int) order.getDouble(i));
                Row.Builder b = Row.builder();
                for (String k : keys) {
                    Object v = firstSeen.get(k);
                    if (v instanceof Double) {
                        b.measure(k, (Double) v);
                    } else {
                        b.key(k, (String) v);
                    }
                }
                int count = (int) ((NumericColumn<?>) summary.column("Count [" + ORDER + "]")).getDouble(i);
                ns.add(count);
                b.measure(N, (double) count);
                for (int m = 0; m < measures.size(); m++) {
                    // every value of the measure missing: an empty cell, not Tablesaw's NaN
                    boolean any = ((NumericColumn<?>) summary.column("Count [" + measureColumn(m) + "]")).getDouble(i) > 0;
                    b.measure(measures.get(m), any ? cell(summary, "Median", m, i) : null);
                    b.measure(measures.get(m) + MIN, any ? cell(summary, "Min", m, i) : null);
                    b.measure(measures.get(m) + MAX, any ? cell(summary, "Max", m, i) : null);
                }
                out.add(b.build());
            }
        }
        Map<String, String> ctx = new LinkedHashMap<>(first.context());
        ctx.remove(REPETITION);
        ctx.put(AGGREGATE, "median (min-max) of " + (ns.size() == 1 ? ns.iterator().next() : "n")
                + " repetitions");
        return new ResultTable(first.source(), first.kind(), ctx, columns, out);
    }

    /**
     * One Tablesaw table of the summary rows (a text column per key, a number column per measure, and
     * each row's index in {@code rows}), summarised per point: median, min, max and count of every
     * measure, and the first row index and row count of every point, in first-seen order. Table columns
     * are named by position ({@code k0}, {@code m0}), as Tablesaw's names are case-insensitive; a
     * missing key is its own value ({@link #MISSING_KEY}, not Tablesaw's empty text, which would merge
     * it with an empty key).
     */
    private static Table summarize(List<Row> rows, List<String> keys, List<String> measures) {
        Table t = Table.create("summary rows");
        List<String> groupBy = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            StringColumn c = StringColumn.create("k" + k);
            for (Row r : rows) {
                Object v = r.get(keys.get(k));
                c.append(v == null ? MISSING_KEY : v.toString());
            }
            t.addColumns(c);
            groupBy.add(c.name());
        }
        List<String> summarised = new ArrayList<>();
        for (int m = 0; m < measures.size(); m++) {
            DoubleColumn c = DoubleColumn.create(measureColumn(m));
            for (Row r : rows) {
                Double v = r.number(measures.get(m));
                if (v == null) {
                    c.appendMissing();
                } else {
                    c.append(v);
                }
            }
            t.addColumns(c);
            summarised.add(c.name());
        }
        IntColumn order = IntColumn.indexColumn(ORDER, rows.size(), 0);
        t.addColumns(order);
        summarised.add(ORDER);
        Summarizer s = t.summarize(summarised, median(), AggregateFunctions.min,
                AggregateFunctions.max, AggregateFunctions.countNonMissing);
        Table summary = groupBy.isEmpty() ? s.apply() : s.by(groupBy.toArray(new String[0]));
        return summary.sortAscendingOn("Min [" + ORDER + "]");
    }

    /**
     * Tablesaw's aggregate over {@link Median}, under the name its own median has ("Median [m0]");
     * made when needed, so that loading this class does not load Tablesaw.
     */
    private static NumericAggregateFunction median() {
        return new NumericAggregateFunction("Median") {
            @Override
            public Double summarize(NumericColumn<?> column) {
                return Median.of(column.asDoubleArray());
            }
        };
    }

    private static String measureColumn(int m) {
        return "m" + m;
    }

    private static Double cell(Table summary, String function, int measure, int row) {
        return ((NumericColumn<?>) summary.column(function + " [" + measureColumn(measure) + "]")).getDouble(row);
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

}
