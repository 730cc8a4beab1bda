package wirebench.analyzer.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.Numbers;

/**
 * RTI's "Compression Bandwidth Savings" table (seed 003) from {@code compression} rows: one row per
 * batching level (Disabled, 2 samples, ...), columns NONE Mb, ALG Mb, Diff Saved Mb, Diff Saved %,
 * one table per algorithm and series (transport, reliability, level, threshold) measured. Mb are
 * megabits (10^6 bit) on the wire, summed over the sizes of a batching level; a row carries them either as {@code wire_mbit} or as {@code wire_bytes}.
 * NONE is the {@code raw_bytes} of the compressed rows (the same messages uncompressed, with the
 * same framing) when they carry it, else the rows measured with algorithm NONE (RTI's table, whose
 * runs sent the same data).
 */
public final class Savings {
    /** Key column of the batching level in samples per batch; 0 = batching disabled. */
    public static final String BATCH_SAMPLES = "batch_samples";
    public static final String ALGORITHM = "algorithm";

    private Savings() {
    }

    /** Key columns that make one measurement series: rows differing in one are never summed. */
    private static final List<String> VARIANT = List.of("transport", "reliability", "level", "threshold_bytes");
    /** Of those, the ones a NONE run must share to be the baseline (NONE has no level of its own). */
    private static final int BASELINE_COLUMNS = 2;

    /** One compression row, reduced to what the table needs. */
    private record Entry(String source, String algorithm, List<String> variant, double batch, double wire,
            Double raw) {
    }

    /**
     * The savings tables of the compression tables (empty when none apply): one per source, algorithm
     * and series, where a series is one combination of transport, reliability, level and threshold.
     * Rows of different series are never added up; the context names the series' values where a
     * source holds more than one.
     */
    public static List<ResultTable> tables(List<ResultTable> compression) {
        Map<String, List<Entry>> bySource = new LinkedHashMap<>();
        for (ResultTable t : compression) {
            if (t.kind() != Kind.COMPRESSION) {
                continue;
            }
            for (Row r : t.rows()) {
                String alg = text(t, r, ALGORITHM);
                Double batch = number(t, r, BATCH_SAMPLES);
                Double wire = mbit(r, "wire");
                if (alg == null || batch == null || wire == null) {
                    continue;
                }
                List<String> variant = new ArrayList<>();
                for (String c : VARIANT) {
                    variant.add(text(t, r, c));
                }
                bySource.computeIfAbsent(t.source(), k -> new ArrayList<>()).add(new Entry(t.source(),
                        alg.toUpperCase(Locale.ROOT), variant, batch, wire, mbit(r, "raw")));
            }
        }
        List<ResultTable> out = new ArrayList<>();
        for (List<Entry> entries : bySource.values()) {
            // algorithm -> series -> batching -> [wire mbit, raw mbit, has raw]
            Map<String, Map<List<String>, TreeMap<Double, double[]>>> series = new LinkedHashMap<>();
            for (Entry e : entries) {
                double[] acc = series.computeIfAbsent(e.algorithm(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(e.variant(), k -> new TreeMap<>())
                        .computeIfAbsent(e.batch(), k -> new double[] {0, 0, 0});
                acc[0] += e.wire();
                if (e.raw() != null) {
                    acc[1] += e.raw();
                    acc[2] = 1;
                }
            }
            Map<List<String>, TreeMap<Double, double[]>> none = series.getOrDefault("NONE", Map.of());
            for (Map.Entry<String, Map<List<String>, TreeMap<Double, double[]>>> alg : series.entrySet()) {
                if (alg.getKey().equals("NONE")) {
                    continue;
                }
                for (Map.Entry<List<String>, TreeMap<Double, double[]>> v : alg.getValue().entrySet()) {
                    Map<String, String> ctx = new LinkedHashMap<>();
                    ctx.put(ALGORITHM, alg.getKey());
                    for (int c = 0; c < VARIANT.size(); c++) {
                        if (v.getKey().get(c) != null && varies(entries, c)) {
                            ctx.put(VARIANT.get(c), v.getKey().get(c));
                        }
                    }
                    out.add(table(entries.get(0).source(), ctx, baseline(none, v.getKey()), v.getValue()));
                }
            }
        }
        return out;
    }

    private static boolean varies(List<Entry> entries, int column) {
        return entries.stream().map(e -> e.variant().get(column)).distinct().count() > 1;
    }

    /**
     * The NONE rows measured on the same transport and reliability; when several levels or thresholds
     * of NONE match (they compress nothing) the first is taken, never their sum.
     */
    private static TreeMap<Double, double[]> baseline(Map<List<String>, TreeMap<Double, double[]>> none,
            List<String> variant) {
        for (Map.Entry<List<String>, TreeMap<Double, double[]>> n : none.entrySet()) {
            boolean same = true;
            for (int c = 0; c < BASELINE_COLUMNS; c++) {
                String a = n.getKey().get(c);
                String b = variant.get(c);
                same &= a == null || b == null || a.equals(b);
            }
            if (same) {
                return n.getValue();
            }
        }
        return null;
    }

    private static ResultTable table(String source, Map<String, String> ctx, TreeMap<Double, double[]> none,
            TreeMap<Double, double[]> compressed) {
        String alg = ctx.get(ALGORITHM);
        String lower = alg.toLowerCase(Locale.ROOT);
        String algCol = lower + "_mbit";
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<Double, double[]> e : compressed.entrySet()) {
            double batch = e.getKey();
            // the same samples uncompressed (raw_bytes) when the rows carry them: runs limited by time send
            // different amounts, so a separate NONE run's total is comparable only when it is all there is
            Double base = e.getValue()[2] > 0 ? Double.valueOf(e.getValue()[1])
                    : none != null && none.containsKey(batch) ? Double.valueOf(none.get(batch)[0]) : null;
            double comp = e.getValue()[0];
            Row.Builder b = Row.builder().key("batching", batch == 0 ? "Disabled" : Numbers.plain(batch) + " samples");
            b.measure("none_mbit", base);
            b.measure(algCol, comp);
            b.measure("saved_mbit", base == null ? null : round2(base) - round2(comp));
            // the percentage of a baseline that shows as 0.00 (below 0.005 Mb) is not a number: no value, never
            // NaN or -Infinity
            b.measure("saved_pct", base == null || round2(base) == 0 ? null
                    : (round2(base) - round2(comp)) / round2(base) * 100);
            rows.add(b.build());
        }
        return new ResultTable(source, Kind.COMPRESSION_SAVINGS, ctx,
                List.of("batching", "none_mbit", algCol, "saved_mbit", "saved_pct"), rows);
    }

    /**
     * Rounds to the 2 decimals the table shows before subtracting, so that the printed columns add
     * up exactly as in RTI's table (70.59 - 53.74 = 16.85).
     */
    private static double round2(double v) {
        return Math.round(v * 100.0) / 100.0;
    }

    private static Double mbit(Row r, String prefix) {
        Double m = r.number(prefix + "_mbit");
        if (m != null) {
            return m;
        }
        Double b = r.number(prefix + "_bytes");
        return b == null ? null : b * 8 / 1e6;
    }

    private static String text(ResultTable t, Row r, String col) {
        String v = r.text(col);
        return v != null ? v : t.context().get(col);
    }

    private static Double number(ResultTable t, Row r, String col) {
        Double v = r.number(col);
        if (v != null) {
            return v;
        }
        String c = r.text(col) != null ? r.text(col) : t.context().get(col);
        return c == null ? null : Numbers.parseOrNull(c);
    }
}
