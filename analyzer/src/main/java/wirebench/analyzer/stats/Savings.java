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
import wirebench.analyzer.util.Numbers;

/**
 * RTI's "Compression Bandwidth Savings" table (seed 003) from {@code compression} rows: one row per
 * batching level (Disabled, 2 samples, ...), columns NONE Mb, ALG Mb, Diff Saved Mb, Diff Saved %,
 * one table per algorithm measured. Mb are megabits (10^6 bit) on the wire, summed over the sizes
 * of a batching level; a row carries them either as {@code wire_mbit} or as {@code wire_bytes}.
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

    /** The savings tables of the compression tables of one source (empty when none apply). */
    public static List<ResultTable> tables(List<ResultTable> compression) {
        // source -> algorithm -> batching -> [wire mbit, raw mbit]
        Map<String, Map<String, TreeMap<Double, double[]>>> bySource = new LinkedHashMap<>();
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
                Double raw = mbit(r, "raw");
                double[] acc = bySource.computeIfAbsent(t.source(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(alg.toUpperCase(Locale.ROOT), k -> new TreeMap<>())
                        .computeIfAbsent(batch, k -> new double[] {0, 0, 0});
                acc[0] += wire;
                if (raw != null) {
                    acc[1] += raw;
                    acc[2] = 1;
                }
            }
        }
        List<ResultTable> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, TreeMap<Double, double[]>>> src : bySource.entrySet()) {
            Map<String, TreeMap<Double, double[]>> algs = src.getValue();
            TreeMap<Double, double[]> none = algs.get("NONE");
            for (Map.Entry<String, TreeMap<Double, double[]>> alg : algs.entrySet()) {
                if (alg.getKey().equals("NONE")) {
                    continue;
                }
                out.add(table(src.getKey(), alg.getKey(), none, alg.getValue()));
            }
        }
        return out;
    }

    private static ResultTable table(String source, String alg, TreeMap<Double, double[]> none,
            TreeMap<Double, double[]> compressed) {
        String lower = alg.toLowerCase(Locale.ROOT);
        String algCol = lower + "_mbit";
        ColumnLabels.register(algCol, alg + " Compression (Mb)", 2);
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
            b.measure("saved_pct", base == null || base == 0 ? null : (round2(base) - round2(comp)) / round2(base) * 100);
            rows.add(b.build());
        }
        Map<String, String> ctx = new LinkedHashMap<>();
        ctx.put("algorithm", alg);
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
