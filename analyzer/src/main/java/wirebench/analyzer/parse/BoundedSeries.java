package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.contract.Columns;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/**
 * Interval rows of one kind folded into a series of bounded size, for the over-time chart and
 * {@code stats --intervals}. Rows are cut into segments at every change of {@code size_bytes};
 * each segment keeps at most {@link #MAX_BUCKETS} buckets of consecutive rows. While a segment has
 * room every row is its own bucket (the series is exact); when it is full, adjacent buckets are
 * merged pairwise and each bucket from then on takes twice as many rows. Memory is bounded by the
 * number of segments (data sizes and runs), never by the number of rows.
 *
 * <p>When any segment was merged, the table gains the column {@code interval_rows} (rows in the
 * bucket) and, for the per-interval measures ({@code latency_us}; {@code samples_per_s},
 * {@code mbps}), their mean in the column itself and {@code min_*} / {@code max_*} over the bucket;
 * {@code cpu_pct} is the bucket's mean; the running and cumulative columns (ave, std, min, max,
 * total samples, lost, running averages) are those of the bucket's last row, which is what they
 * mean at that point of the run.
 */
final class BoundedSeries {
    /** Buckets per segment (per data size and run). */
    static final int MAX_BUCKETS = 2000;
    static final String INTERVAL_ROWS = "interval_rows";

    private final Kind kind;
    private final List<String> columns;
    private final int sizeIndex;
    private final boolean[] mean;
    private final boolean[] range;
    private final List<Segment> segments = new ArrayList<>();
    private final boolean[] seen;
    private long rows;

    BoundedSeries(Kind kind, List<String> columns, Set<String> meanColumns, Set<String> rangeColumns) {
        this.kind = kind;
        this.columns = List.copyOf(columns);
        this.sizeIndex = columns.indexOf(Columns.SIZE_BYTES);
        this.mean = new boolean[columns.size()];
        this.range = new boolean[columns.size()];
        this.seen = new boolean[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            mean[i] = meanColumns.contains(columns.get(i)) || rangeColumns.contains(columns.get(i));
            range[i] = rangeColumns.contains(columns.get(i));
        }
    }

    /** The series of latency interval rows (columns {@link Columns#LATENCY_INTERVAL} + CPU). */
    static BoundedSeries latency() {
        List<String> c = new ArrayList<>(Columns.LATENCY_INTERVAL);
        c.add(Columns.CPU_PCT);
        return new BoundedSeries(Kind.LATENCY_INTERVAL, c, Set.of(Columns.CPU_PCT), Set.of(Columns.LATENCY_US));
    }

    /** The series of throughput interval rows (columns {@link Columns#THROUGHPUT_INTERVAL} + CPU). */
    static BoundedSeries throughput() {
        List<String> c = new ArrayList<>(Columns.THROUGHPUT_INTERVAL);
        c.add(Columns.CPU_PCT);
        return new BoundedSeries(Kind.THROUGHPUT_INTERVAL, c, Set.of(Columns.CPU_PCT),
                Set.of(Columns.SAMPLES_PER_S, Columns.MBPS));
    }

    List<String> columns() {
        return columns;
    }

    long rows() {
        return rows;
    }

    boolean isEmpty() {
        return rows == 0;
    }

    /** Adds a row given by column name (absent and null = no value). */
    void add(Map<String, Double> values) {
        double[] v = new double[columns.size()];
        for (int i = 0; i < v.length; i++) {
            Double d = values.get(columns.get(i));
            v[i] = d == null ? Double.NaN : d;
        }
        add(v);
    }

    /** Adds a row in {@link #columns()} order; NaN = no value. The array is not kept. */
    void add(double[] v) {
        rows++;
        for (int i = 0; i < v.length; i++) {
            seen[i] |= !Double.isNaN(v[i]);
        }
        double size = sizeIndex >= 0 ? v[sizeIndex] : Double.NaN;
        Segment s = segments.isEmpty() ? null : segments.get(segments.size() - 1);
        if (s == null || Double.compare(s.size, size) != 0) {
            s = new Segment(size);
            segments.add(s);
        }
        s.add(v);
    }

    /** Whether some segment holds merged buckets. */
    boolean downsampled() {
        for (Segment s : segments) {
            if (s.width > 1) {
                return true;
            }
        }
        return false;
    }

    /** The series as a table; {@code optional} columns (CPU) only when some row had them. */
    ResultTable table(String source, Map<String, String> context) {
        boolean merged = downsampled();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String c = columns.get(i);
            if (c.equals(Columns.CPU_PCT) && !seen[i]) {
                continue;
            }
            out.add(c);
            if (merged && range[i]) {
                out.add("min_" + c);
                out.add("max_" + c);
            }
        }
        if (merged) {
            out.add(INTERVAL_ROWS);
        }
        List<Row> rowsOut = new ArrayList<>();
        for (Segment s : segments) {
            for (Bucket b : s.buckets) {
                rowsOut.add(row(b, merged, out));
            }
        }
        return new ResultTable(source, kind, context, out, rowsOut);
    }

    private Row row(Bucket b, boolean merged, List<String> out) {
        Map<String, Object> v = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            String c = columns.get(i);
            if (!out.contains(c)) {
                continue;
            }
            double x = mean[i] && b.count[i] > 0 ? b.sum[i] / b.count[i] : mean[i] ? Double.NaN : b.last[i];
            v.put(c, nullable(x));
            if (merged && range[i]) {
                v.put("min_" + c, b.count[i] > 0 ? b.min[i] : null);
                v.put("max_" + c, b.count[i] > 0 ? b.max[i] : null);
            }
        }
        if (merged) {
            v.put(INTERVAL_ROWS, (double) b.n);
        }
        return Row.of(v);
    }

    private static Double nullable(double x) {
        return Double.isNaN(x) ? null : x;
    }

    private final class Segment {
        final double size;
        final List<Bucket> buckets = new ArrayList<>();
        long width = 1;

        Segment(double size) {
            this.size = size;
        }

        void add(double[] v) {
            Bucket open = buckets.isEmpty() ? null : buckets.get(buckets.size() - 1);
            if (open == null || open.n >= width) {
                if (buckets.size() == MAX_BUCKETS) {
                    List<Bucket> merged = new ArrayList<>(MAX_BUCKETS);
                    for (int i = 0; i < buckets.size(); i += 2) {
                        Bucket a = buckets.get(i);
                        if (i + 1 < buckets.size()) {
                            a.merge(buckets.get(i + 1));
                        }
                        merged.add(a);
                    }
                    buckets.clear();
                    buckets.addAll(merged);
                    width *= 2;
                    open = buckets.get(buckets.size() - 1);
                }
                if (open == null || open.n >= width) {
                    open = new Bucket(columns.size());
                    buckets.add(open);
                }
            }
            open.add(v);
        }
    }

    private static final class Bucket {
        long n;
        final double[] last;
        final double[] sum;
        final double[] min;
        final double[] max;
        final long[] count;

        Bucket(int width) {
            last = new double[width];
            sum = new double[width];
            min = new double[width];
            max = new double[width];
            count = new long[width];
            java.util.Arrays.fill(last, Double.NaN);
        }

        void add(double[] v) {
            n++;
            for (int i = 0; i < v.length; i++) {
                double x = v[i];
                last[i] = x;
                if (!Double.isNaN(x)) {
                    if (count[i] == 0 || x < min[i]) {
                        min[i] = x;
                    }
                    if (count[i] == 0 || x > max[i]) {
                        max[i] = x;
                    }
                    sum[i] += x;
                    count[i]++;
                }
            }
        }

        /** Folds {@code later} (the next bucket in time) into this one. */
        void merge(Bucket later) {
            n += later.n;
            for (int i = 0; i < last.length; i++) {
                last[i] = later.last[i];
                if (later.count[i] > 0) {
                    min[i] = count[i] == 0 ? later.min[i] : Math.min(min[i], later.min[i]);
                    max[i] = count[i] == 0 ? later.max[i] : Math.max(max[i], later.max[i]);
                    sum[i] += later.sum[i];
                    count[i] += later.count[i];
                }
            }
        }
    }
}
