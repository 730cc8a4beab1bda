package wirebench.analyzer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.stats.ColumnLabels;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;

/**
 * The report's "Engines side by side" section (docs/report.md): pub/sub tables that measured the same
 * test point (reliability, keyed, instances, compression, test, host: every condition but the engine)
 * on different engines or transports, drawn as one line per engine against the data size: median
 * latency, p99 (from rows of 100 samples or more, as elsewhere in the report), throughput in Mbps;
 * beside each chart group a table with the engines' figures per size in adjacent columns.
 *
 * <p>An engine is a table's {@code engine} (the key column of a {@code campaign --engines}) with its
 * {@code transport}, or the {@code transport} alone ({@code UDPv4} is Aeron, {@code raw-UDPv4} raw
 * sockets, {@code TCP}, {@code TLS}); the batch size may differ between engines and is named
 * in the line when it does. Groups of a single engine draw nothing here.
 */
final class EngineCharts {
    /** Context entries that make the engine, not the test point. */
    private static final Set<String> ENGINE_KEYS = Set.of("engine", "transport", "batch_bytes");
    /** Context entries that say where a table came from, not what was measured. */
    private static final Set<String> NOT_CONDITIONS = Set.of("format", "family", "source", "file", "role",
            "aggregate", "repetition", "run_id", "perftest_version");

    private EngineCharts() {
    }

    /** The section, or null when no test point was measured on two engines. */
    static Map<String, Object> section(List<ParsedInput> parsed, Charts charts) {
        List<Object> chartList = new ArrayList<>();
        List<Object> tables = new ArrayList<>();
        for (List<ResultTable> g : groups(ReportBuilder.tablesOf(parsed, Kind.LATENCY), Columns.P50_US)) {
            String point = SeriesLabels.all(pointOf(g.get(0).context()), "latency");
            List<String> names = names(g);
            chartList.add(ReportBuilder.chart("Median latency vs sample size, one line per engine: " + point,
                    charts.xy("Median latency by engine", "Sample size (bytes)", "Latency (μs)",
                            lines(g, names, Columns.P50_US, 0), true, true)));
            List<Charts.Line> p99 = lines(g, names, Columns.P99_US, 100);
            if (p99.stream().anyMatch(l -> !l.points().isEmpty())) {
                chartList.add(ReportBuilder.chart("p99 latency vs sample size, one line per engine (from tests of 100"
                        + " samples or more): " + point, charts.xy("p99 latency by engine", "Sample size (bytes)",
                                "Latency (μs)", p99, true, true)));
            }
            tables.add(table(point, g, names, List.of(Columns.P50_US, Columns.P99_US)));
        }
        for (List<ResultTable> g : groups(ReportBuilder.tablesOf(parsed, Kind.THROUGHPUT), Columns.MBPS)) {
            String point = SeriesLabels.all(pointOf(g.get(0).context()), "throughput");
            List<String> names = names(g);
            chartList.add(ReportBuilder.chart("Throughput (Mbps of payload) vs sample size, one line per engine: "
                    + point, charts.xy("Throughput by engine", "Sample size (bytes)", "Mbps",
                            lines(g, names, Columns.MBPS, 0), true, false)));
            tables.add(table(point, g, names, List.of(Columns.MBPS, Columns.LOST_PCT)));
        }
        if (chartList.isEmpty()) {
            return null;
        }
        return ReportBuilder.section("engines", "Engines side by side", "The same test points measured on "
                + "different engines (or transports): one line per engine. Figures of a campaign with repetitions "
                + "are the medians across them.", chartList, tables);
    }

    /** The conditions of a table that are not its engine. */
    private static Map<String, String> pointOf(Map<String, String> context) {
        Map<String, String> m = new LinkedHashMap<>();
        context.forEach((k, v) -> {
            if (!ENGINE_KEYS.contains(k) && !NOT_CONDITIONS.contains(k)) {
                m.put(k, v);
            }
        });
        return m;
    }

    /** Tables with values in {@code column}, grouped by test point; only groups of two engines or more. */
    private static List<List<ResultTable>> groups(List<ResultTable> tables, String column) {
        Map<Map<String, String>, List<ResultTable>> byPoint = new LinkedHashMap<>();
        for (ResultTable t : tables) {
            if (t.hasValues(column)) {
                byPoint.computeIfAbsent(pointOf(t.context()), k -> new ArrayList<>()).add(t);
            }
        }
        List<List<ResultTable>> out = new ArrayList<>();
        for (List<ResultTable> g : byPoint.values()) {
            if (g.stream().map(t -> engine(t.context())).distinct().count() > 1) {
                out.add(g);
            }
        }
        return out;
    }

    /**
     * An engine in words: {@code aeron UDPv4}, {@code raw UDPv4} (transport {@code raw-UDPv4}),
     * {@code dds UDPv4} (transport {@code DDS-UDPv4}), {@code tcp} (transport {@code TCP}); the
     * transport alone without an {@code engine}.
     */
    static String engine(Map<String, String> context) {
        String e = context.get("engine");
        String t = context.getOrDefault("transport", "");
        if (e == null || e.isEmpty()) {
            return t.isEmpty() ? "?" : t;
        }
        if (t.equalsIgnoreCase(e) || t.isEmpty()) {
            return e;
        }
        // raw-UDPv4 of engine raw, DDS-UDPv4 of engine dds: the engine once
        return t.regionMatches(true, 0, e + "-", 0, e.length() + 1) ? e + " " + t.substring(e.length() + 1)
                : e + " " + t;
    }

    /** Line names: the engine, and the batch size where it differs within the group. */
    private static List<String> names(List<ResultTable> g) {
        boolean batchVaries = g.stream().map(t -> t.context().get("batch_bytes")).distinct().count() > 1;
        List<String> out = new ArrayList<>();
        for (ResultTable t : g) {
            String b = t.context().get("batch_bytes");
            out.add(engine(t.context()) + (batchVaries && b != null ? ", " + SeriesLabels.word("batch_bytes", b) : ""));
        }
        return out;
    }

    /** One line per table: {@code column} against size, from rows of at least {@code minSamples} samples. */
    private static List<Charts.Line> lines(List<ResultTable> g, List<String> names, String column, int minSamples) {
        List<Charts.Line> out = new ArrayList<>();
        for (int i = 0; i < g.size(); i++) {
            List<double[]> pts = new ArrayList<>();
            for (Row r : g.get(i).rows()) {
                Double size = r.number(Columns.SIZE_BYTES);
                Double v = r.number(column);
                Double n = r.number("samples");
                if (size != null && v != null && (minSamples == 0 || n == null || n >= minSamples)) {
                    pts.add(new double[] {size, v});
                }
            }
            out.add(new Charts.Line(names.get(i), pts, false));
        }
        return out;
    }

    /** Sizes down, engines across: each measure of each engine in adjacent columns. */
    private static Map<String, Object> table(String point, List<ResultTable> g, List<String> names,
            List<String> measures) {
        Kind kind = g.get(0).kind();
        TreeSet<Double> sizes = new TreeSet<>();
        g.forEach(t -> t.rows().forEach(r -> {
            if (r.number(Columns.SIZE_BYTES) != null) {
                sizes.add(r.number(Columns.SIZE_BYTES));
            }
        }));
        List<String> columns = new ArrayList<>(List.of(ColumnLabels.label(kind, Columns.SIZE_BYTES)));
        List<String> ids = new ArrayList<>(List.of(Columns.SIZE_BYTES));
        for (String m : measures) {
            for (int i = 0; i < g.size(); i++) {
                columns.add(names.get(i) + ": " + ColumnLabels.label(kind, m));
                ids.add(m);
            }
        }
        List<Object> rows = new ArrayList<>();
        for (double size : sizes) {
            List<String> cells = new ArrayList<>(List.of(Numbers.plain(size)));
            for (String m : measures) {
                for (ResultTable t : g) {
                    Row r = t.rows().stream().filter(x -> Double.valueOf(size).equals(x.number(Columns.SIZE_BYTES)))
                            .findFirst().orElse(null);
                    cells.add(ColumnLabels.display(kind, m, r == null ? null : r.get(m)));
                }
            }
            rows.add(cells);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", point);
        m.put("source", "engines side by side");
        m.put("align", java.util.Collections.nCopies(columns.size(), "num"));
        m.put("kind", kind.id());
        m.put("columns", columns);
        m.put("column_ids", ids);
        m.put("rows", rows);
        m.put("warnings", List.of());
        return m;
    }
}
