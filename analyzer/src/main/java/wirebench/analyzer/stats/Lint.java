package wirebench.analyzer.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;

/**
 * Sanity checks on latency (and, for the warm-up, throughput) tables, reported as warnings next to the data:
 * <ul>
 * <li>percentiles that are not monotone (min &lt;= p50 &lt;= p90 &lt;= p99 &lt;= p99.99 &lt;= p99.9999
 * &lt;= max); RTI Perftest's Java printer prints the minimum as p99.99 and p99.9999 (an integer
 * division), which this catches;</li>
 * <li>percentiles computed from fewer samples than they need: p needs n &gt;= 1/(1-p) samples
 * (p99.99 needs 10 000), else it is just the maximum. The sample count comes from a
 * {@code samples} column or, for Perftest, from the number of latency interval rows.</li>
 * <li>roles that shared a CPU, or a machine oversubscribed, while the latency was measured, and a
 * measured window that started cold or with the JIT still compiling ({@link RunJsonLint}: run.json's
 * {@code contention} and warm-up record); for throughput tables, the warm-up's alone.</li>
 * </ul>
 */
public final class Lint {
    private static final List<String> ORDER = List.of(Columns.MIN_US, Columns.P50_US, Columns.P90_US,
            Columns.P99_US, Columns.P999_US, Columns.P9999_US, Columns.P999999_US, Columns.MAX_US);
    private static final List<String> LABELS = List.of("min", "p50", "p90", "p99", "p99.9", "p99.99", "p99.9999",
            "max");

    /**
     * Relative slack when ordering percentiles: HdrHistogram keeps 3 significant digits and reports
     * a bucket's highest equivalent value, so a percentile may exceed the exact max by up to 0.1%.
     */
    static final double TOLERANCE = 1e-3;

    private Lint() {
    }

    /** The warnings about one table ({@code series}: the interval tables of the same input, may be empty). */
    public static List<Warning> check(ResultTable t, List<ResultTable> series) {
        List<Warning> out = new ArrayList<>();
        if (t.kind() == Kind.LATENCY) {
            out.addAll(monotone(t));
            out.addAll(sampleCounts(t, series));
            out.addAll(RunJsonLint.check(t.source()));
        } else if (t.kind() == Kind.THROUGHPUT) {
            out.addAll(RunJsonLint.checkThroughput(t.source()));
        }
        return out;
    }

    /** The warnings for every latency table of {@code input}. */
    public static List<Warning> check(ParsedInput input) {
        List<Warning> out = new ArrayList<>();
        for (ResultTable t : input.tables()) {
            out.addAll(check(t, input.series()));
        }
        return out.stream().distinct().toList();
    }

    static List<Warning> monotone(ResultTable t) {
        // "p99.99 < p99" -> sizes where it happens, in row order
        Map<String, List<String>> bySymptom = new LinkedHashMap<>();
        for (Row r : t.rows()) {
            String prevLabel = null;
            Double prev = null;
            for (int i = 0; i < ORDER.size(); i++) {
                Double v = r.number(ORDER.get(i));
                if (v == null) {
                    continue;
                }
                if (prev != null && v < prev * (1 - TOLERANCE)) {
                    String symptom = LABELS.get(i) + " < " + prevLabel;
                    bySymptom.computeIfAbsent(symptom, k -> new ArrayList<>()).add(size(r));
                }
                if (prev == null || v >= prev) {
                    prev = v;
                    prevLabel = LABELS.get(i);
                }
            }
        }
        List<Warning> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : bySymptom.entrySet()) {
            String hint = e.getKey().startsWith("p99.99") || e.getKey().startsWith("p99.9999")
                    ? "; RTI Perftest's Java printer prints the minimum there (integer division), so treat "
                            + "p99.99 and p99.9999 of this table as unknown"
                    : "";
            out.add(new Warning(t.source(), 0, "latency percentiles not monotone (" + e.getKey() + ") at size "
                    + String.join(", ", e.getValue()) + " B" + hint));
        }
        return out;
    }

    static List<Warning> sampleCounts(ResultTable t, List<ResultTable> series) {
        List<Warning> out = new ArrayList<>();
        Map<String, List<String>> byPercentile = new LinkedHashMap<>();
        for (Row r : t.rows()) {
            Double n = r.number("samples");
            if (n == null) {
                n = countIntervals(series, t.source(), r.number(Columns.SIZE_BYTES));
            }
            if (n == null || n <= 0) {
                continue;
            }
            for (String c : List.of(Columns.P99_US, Columns.P999_US, Columns.P9999_US, Columns.P999999_US)) {
                double p = Columns.percentileOf(c);
                double needed = Math.round(1 / (1 - p));
                if (r.number(c) != null && n < needed) {
                    String label = LABELS.get(ORDER.indexOf(c));
                    byPercentile.computeIfAbsent(label + " needs " + Numbers.plain(needed) + " samples",
                            k -> new ArrayList<>()).add(size(r) + " B (n=" + Numbers.plain(n) + ")");
                }
            }
        }
        for (Map.Entry<String, List<String>> e : byPercentile.entrySet()) {
            out.add(new Warning(t.source(), 0, "too few samples: " + e.getKey() + "; at size "
                    + String.join(", ", e.getValue()) + " it is only the largest value seen"));
        }
        return out;
    }

    private static Double countIntervals(List<ResultTable> series, String source, Double size) {
        if (size == null) {
            return null;
        }
        double n = 0;
        boolean any = false;
        for (ResultTable s : series) {
            if (s.kind() != Kind.LATENCY_INTERVAL || !s.source().equals(source)) {
                continue;
            }
            for (Row r : s.rows()) {
                if (size.equals(r.number(Columns.SIZE_BYTES))) {
                    // a downsampled series (parse.BoundedSeries) says how many rows each bucket holds
                    Double bucket = r.number("interval_rows");
                    n += bucket == null ? 1 : bucket;
                    any = true;
                }
            }
        }
        return any ? n : null;
    }

    private static String size(Row r) {
        Double s = r.number(Columns.SIZE_BYTES);
        return s == null ? "?" : Numbers.plain(s);
    }
}
