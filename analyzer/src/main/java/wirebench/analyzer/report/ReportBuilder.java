package wirebench.analyzer.report;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.analyzer.parse.Parsers;
import wirebench.analyzer.stats.ColumnLabels;
import wirebench.analyzer.stats.Lint;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;
import wirebench.contract.VersionProvider;

/**
 * Builds the report's data model from inputs: a tree of maps, lists and strings that the
 * templates render (docs/report.md describes it). Charts are SVG text; every other value is plain
 * text that the HTML template escapes.
 *
 * <p>Model: {@code title}, {@code generated_utc}, {@code tool_version}, {@code inputs} (path,
 * format), {@code runs} (from run.json: source, command_line, start_utc, end_utc, environment
 * rows), {@code sections} (id, title, intro, charts [title, svg, file], tables [title, columns,
 * rows, warnings]), {@code warnings} (everything, for the summary).
 */
public final class ReportBuilder {
    private final Charts charts = new Charts();
    private final List<String> allWarnings = new ArrayList<>();

    /** The model of a report on {@code inputs}. */
    public Map<String, Object> build(List<Path> given, String title) {
        // the same file or directory named twice is read once
        List<Path> inputs = new ArrayList<>();
        java.util.Set<Path> seen = new java.util.HashSet<>();
        for (Path p : given) {
            if (seen.add(p.toAbsolutePath().normalize())) {
                inputs.add(p);
            }
        }
        List<ParsedInput> parsed = Parsers.all().parseAll(inputs);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("title", title);
        model.put("generated_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        model.put("tool_version", VersionProvider.version());
        List<Object> ins = new ArrayList<>();
        for (ParsedInput p : parsed) {
            ins.add(Map.of("path", p.source(), "format", p.format()));
            p.warnings().forEach(w -> allWarnings.add(w.format()));
        }
        model.put("inputs", ins);
        model.put("runs", RunHeaders.read(inputs));

        List<Object> sections = new ArrayList<>();
        addIfAny(sections, latencySection(parsed, inputs));
        addIfAny(sections, throughputSection(parsed));
        for (Kind k : List.of(Kind.COMPRESSION, Kind.UDP, Kind.RPC)) {
            addIfAny(sections, SuiteSections.section(k, parsed, charts));
        }
        model.put("sections", sections);
        model.put("warnings", allWarnings);
        return model;
    }

    private static void addIfAny(List<Object> sections, Map<String, Object> s) {
        if (s != null) {
            sections.add(s);
        }
    }

    private Map<String, Object> latencySection(List<ParsedInput> parsed, List<Path> inputs) {
        List<ResultTable> tables = tablesOf(parsed, Kind.LATENCY);
        List<ResultTable> series = seriesOf(parsed, Kind.LATENCY_INTERVAL);
        List<Histograms.Distribution> hist = Histograms.read(inputs);
        if (tables.isEmpty() && series.isEmpty() && hist.isEmpty()) {
            return null;
        }
        List<Object> chartList = new ArrayList<>();
        if (!tables.isEmpty()) {
            List<Charts.Line> lines = new ArrayList<>();
            for (ResultTable t : tables) {
                String label = label(t);
                lines.add(new Charts.Line(label + " median", points(t, Columns.SIZE_BYTES, Columns.P50_US), false));
                lines.add(new Charts.Line(label + " p99", points(t, Columns.SIZE_BYTES, Columns.P99_US), true));
            }
            chartList.add(chart("One-way latency vs sample size (median solid, p99 dashed)",
                    charts.xy("One-way latency vs sample size", "Sample size (bytes)", "Latency (μs)", lines, true,
                            true)));
        }
        if (!hist.isEmpty()) {
            List<Charts.Line> lines = new ArrayList<>();
            for (Histograms.Distribution d : hist) {
                lines.add(new Charts.Line(d.name(), d.points(), false));
            }
            chartList.add(chart("Latency percentile distribution (HdrHistogram logs)",
                    charts.percentiles("Latency by percentile", "Latency (μs)", lines)));
        } else if (!tables.isEmpty()) {
            List<Charts.Line> lines = new ArrayList<>();
            for (ResultTable t : tables) {
                for (Row r : t.rows()) {
                    List<double[]> pts = new ArrayList<>();
                    for (String c : List.of(Columns.P50_US, Columns.P90_US, Columns.P99_US, Columns.P9999_US,
                            Columns.P999999_US)) {
                        Double v = r.number(c);
                        if (v != null) {
                            pts.add(new double[] {100 * Columns.percentileOf(c), v});
                        }
                    }
                    if (pts.size() >= 2 && lines.size() < 12) {
                        lines.add(new Charts.Line(label(t) + " " + Numbers.plain(r.number(Columns.SIZE_BYTES))
                                + " B", pts, false));
                    }
                }
            }
            if (!lines.isEmpty()) {
                chartList.add(chart("Latency percentiles from the summary tables (no histograms in the inputs)",
                        charts.percentiles("Latency by percentile (summary points)", "Latency (μs)", lines)));
            }
        }
        if (!series.isEmpty()) {
            List<Charts.Line> lines = new ArrayList<>();
            for (ResultTable s : series) {
                Map<Double, List<double[]>> bySize = new LinkedHashMap<>();
                for (Row r : s.rows()) {
                    Double v = r.number(Columns.LATENCY_US);
                    Double size = r.number(Columns.SIZE_BYTES);
                    if (v != null && size != null) {
                        List<double[]> pts = bySize.computeIfAbsent(size, k -> new ArrayList<>());
                        pts.add(new double[] {pts.size() + 1, v});
                    }
                }
                for (Map.Entry<Double, List<double[]>> e : bySize.entrySet()) {
                    if (lines.size() < 10) {
                        lines.add(new Charts.Line(label(s) + " " + Numbers.plain(e.getKey()) + " B", e.getValue(),
                                false));
                    }
                }
            }
            if (!lines.isEmpty()) {
                chartList.add(chart("Latency over the run (one point per latency sample, from the interval rows)",
                        charts.xy("Latency over time", "Latency sample #", "Latency (μs)", lines, false, false)));
            }
        }
        return section("pubsub-latency", "Pub/sub one-way latency",
                "One-way latency = round trip / 2, as RTI Perftest reports it. Detailed Statistics per test.",
                chartList, tables(tables, parsed));
    }

    private Map<String, Object> throughputSection(List<ParsedInput> parsed) {
        List<ResultTable> tables = tablesOf(parsed, Kind.THROUGHPUT);
        if (tables.isEmpty()) {
            return null;
        }
        List<Charts.Line> mbps = new ArrayList<>();
        List<Charts.Line> rate = new ArrayList<>();
        List<Charts.Line> lost = new ArrayList<>();
        for (ResultTable t : tables) {
            mbps.add(new Charts.Line(label(t), points(t, Columns.SIZE_BYTES, Columns.MBPS), false));
            rate.add(new Charts.Line(label(t), points(t, Columns.SIZE_BYTES, Columns.SAMPLES_PER_S), false));
            lost.add(new Charts.Line(label(t), points(t, Columns.SIZE_BYTES, Columns.LOST_PCT), false));
        }
        List<Object> chartList = new ArrayList<>();
        chartList.add(chart("Throughput (Mbps of payload) vs sample size",
                charts.xy("Throughput vs sample size", "Sample size (bytes)", "Mbps", mbps, true, false)));
        chartList.add(chart("Samples per second vs sample size",
                charts.xy("Samples/s vs sample size", "Sample size (bytes)", "Samples/s", rate, true, true)));
        chartList.add(chart("Lost samples (%) vs sample size",
                charts.xy("Lost samples vs sample size", "Sample size (bytes)", "Lost (%)", lost, true, false)));
        return section("pubsub-throughput", "Pub/sub throughput",
                "Mbps counts payload bytes only (as Perftest does); lost from sequence-number gaps.", chartList,
                tables(tables, parsed));
    }

    static List<ResultTable> tablesOf(List<ParsedInput> parsed, Kind kind) {
        List<ResultTable> out = new ArrayList<>();
        for (ParsedInput p : parsed) {
            p.tables().stream().filter(t -> t.kind() == kind).forEach(out::add);
        }
        return out;
    }

    static List<ResultTable> seriesOf(List<ParsedInput> parsed, Kind kind) {
        List<ResultTable> out = new ArrayList<>();
        for (ParsedInput p : parsed) {
            p.series().stream().filter(t -> t.kind() == kind).forEach(out::add);
        }
        return out;
    }

    /** Table models with the lint warnings of each table beside it. */
    List<Object> tables(List<ResultTable> tables, List<ParsedInput> parsed) {
        List<Object> out = new ArrayList<>();
        for (ResultTable t : tables) {
            List<ResultTable> series = new ArrayList<>();
            for (ParsedInput p : parsed) {
                if (p.source().equals(t.source())) {
                    series.addAll(p.series());
                }
            }
            List<String> ws = new ArrayList<>();
            for (Warning w : Lint.check(t, series)) {
                ws.add(w.message());
                allWarnings.add(w.format());
            }
            out.add(table(t, ws));
        }
        return out;
    }

    /** One table as the templates see it: a title, column labels, rows of display strings. */
    static Map<String, Object> table(ResultTable t, List<String> warnings) {
        List<String> cols = new ArrayList<>();
        for (String c : t.columns()) {
            if (!t.context().containsKey(c)) {
                cols.add(c);
            }
        }
        List<String> labels = new ArrayList<>();
        cols.forEach(c -> labels.add(ColumnLabels.label(t.kind(), c)));
        List<Object> rows = new ArrayList<>();
        for (Row r : t.rows()) {
            List<String> cells = new ArrayList<>();
            cols.forEach(c -> cells.add(ColumnLabels.display(t.kind(), c, r.get(c))));
            rows.add(cells);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", t.source() + " — " + label(t));
        m.put("source", t.source());
        m.put("kind", t.kind().id());
        m.put("columns", labels);
        m.put("column_ids", cols);
        m.put("rows", rows);
        m.put("warnings", warnings);
        return m;
    }

    /** A short label of a table: its context values except the format, or the file name. */
    static String label(ResultTable t) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : t.context().entrySet()) {
            if (!e.getKey().equals("format") && !e.getKey().equals("family") && !e.getKey().equals("source")) {
                parts.add(e.getValue());
            }
        }
        String file = Path.of(t.source()).getFileName() == null ? t.source()
                : Path.of(t.source()).getFileName().toString();
        return parts.isEmpty() ? file : file + " " + String.join("/", parts);
    }

    static List<double[]> points(ResultTable t, String x, String y) {
        List<double[]> pts = new ArrayList<>();
        for (Row r : t.rows()) {
            Double a = r.number(x);
            Double b = r.number(y);
            if (a != null && b != null) {
                pts.add(new double[] {a, b});
            }
        }
        return pts;
    }

    static Map<String, Object> chart(String title, String svg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("svg", svg);
        return m;
    }

    static Map<String, Object> section(String id, String title, String intro, List<Object> charts,
            List<Object> tables) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("title", title);
        m.put("intro", intro);
        m.put("charts", charts);
        m.put("tables", tables);
        return m;
    }
}
