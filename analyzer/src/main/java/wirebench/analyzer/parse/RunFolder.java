package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.stats.Repetitions;

/**
 * The result rows of a console log that prints one row per run (speed_test's server, SpeedTester's
 * cases), in memory that does not grow with the log: rows are kept one by one up to {@link #maxRows};
 * past that, every row (those held and each further one) is folded into its test point (the values
 * of {@code keys}) as running aggregates: count, mean, min and max per measure. The folded table has
 * the shape of grouped repetitions ({@link Repetitions}: {@code n}, {@code m}, {@code m_min},
 * {@code m_max}) and says in its {@code aggregate} context entry that {@code m} is the mean over the
 * runs (a median would need every value).
 */
final class RunFolder {
    /** Rows kept one by one before the folder folds (a log of more runs is shown per point). */
    static final int MAX_ROWS = 1000;

    private final List<String> keys;
    private final List<String> measures;
    private final int maxRows;
    private final List<Row> rows = new ArrayList<>();
    private Map<List<Object>, Point> points;

    /** One test point's running aggregates, a measure's missing values left out. */
    private static final class Point {
        final Row first;
        final long[] count;
        /** Sums in decimal: the values as printed add up exactly (0.7 + 0.7 ... stays a multiple of 0.7). */
        final java.math.BigDecimal[] sum;
        final double[] min;
        final double[] max;
        long n;

        Point(Row first, int measures) {
            this.first = first;
            count = new long[measures];
            sum = new java.math.BigDecimal[measures];
            java.util.Arrays.fill(sum, java.math.BigDecimal.ZERO);
            min = new double[measures];
            max = new double[measures];
            java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
        }
    }

    RunFolder(List<String> keys, List<String> measures) {
        this(keys, measures, MAX_ROWS);
    }

    RunFolder(List<String> keys, List<String> measures, int maxRows) {
        this.keys = List.copyOf(keys);
        this.measures = List.copyOf(measures);
        this.maxRows = maxRows;
    }

    void add(Row r) {
        if (points == null) {
            rows.add(r);
            if (rows.size() > maxRows) {
                points = new LinkedHashMap<>();
                rows.forEach(this::fold);
                rows.clear();
            }
        } else {
            fold(r);
        }
    }

    private void fold(Row r) {
        List<Object> id = new ArrayList<>(keys.size());
        for (String k : keys) {
            id.add(r.get(k));
        }
        Point p = points.computeIfAbsent(id, k -> new Point(r, measures.size()));
        p.n++;
        for (int i = 0; i < measures.size(); i++) {
            Double v = r.number(measures.get(i));
            if (v != null) {
                p.count[i]++;
                p.sum[i] = p.sum[i].add(java.math.BigDecimal.valueOf(v));
                p.min[i] = Math.min(p.min[i], v);
                p.max[i] = Math.max(p.max[i], v);
            }
        }
    }

    /** Whether the rows were folded into points (more than {@link #maxRows} of them). */
    boolean folded() {
        return points != null;
    }

    /** Why rows were folded, for {@link #table}: more than the bound. */
    static String tooMany(String what) {
        return "more than " + MAX_ROWS + " " + what + " in the input: folded while reading";
    }

    boolean isEmpty() {
        return rows.isEmpty() && (points == null || points.isEmpty());
    }

    /** The rows one by one (before folding). */
    List<Row> rows() {
        return rows;
    }

    /**
     * The folded table: {@code keyColumns} (those of {@code keys} shown), {@code n}, then per measure
     * its mean, min and max; {@code context} gets the {@code aggregate} entry, ending with {@code why}
     * (why the rows were folded).
     */
    ResultTable table(String source, Kind kind, Map<String, String> context, List<String> keyColumns, String what,
            String why) {
        List<String> columns = new ArrayList<>(keyColumns);
        columns.add(Repetitions.N);
        for (String m : measures) {
            columns.add(m);
            columns.add(m + Repetitions.MIN);
            columns.add(m + Repetitions.MAX);
        }
        List<Row> out = new ArrayList<>();
        for (Point p : points.values()) {
            Row.Builder b = Row.builder();
            for (String k : keyColumns) {
                Object v = p.first.get(k);
                if (v instanceof Double d) {
                    b.measure(k, d);
                } else {
                    b.key(k, (String) v);
                }
            }
            b.measure(Repetitions.N, (double) p.n);
            for (int i = 0; i < measures.size(); i++) {
                boolean any = p.count[i] > 0;
                b.measure(measures.get(i), any ? p.sum[i].divide(java.math.BigDecimal.valueOf(p.count[i]),
                        java.math.MathContext.DECIMAL64).doubleValue() : null);
                b.measure(measures.get(i) + Repetitions.MIN, any ? p.min[i] : null);
                b.measure(measures.get(i) + Repetitions.MAX, any ? p.max[i] : null);
            }
            out.add(b.build());
        }
        Map<String, String> ctx = new LinkedHashMap<>(context);
        ctx.put(Repetitions.AGGREGATE, "mean (min-max) of the n " + what + " of each point (" + why + ")");
        return new ResultTable(source, kind, ctx, columns, out);
    }
}
