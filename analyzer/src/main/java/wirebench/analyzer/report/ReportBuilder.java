package wirebench.analyzer.report;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.analyzer.parse.Parsers;
import wirebench.analyzer.parse.RunJsonCheck;
import wirebench.analyzer.stats.ColumnLabels;
import wirebench.analyzer.stats.Lint;
import wirebench.analyzer.stats.RangeCells;
import wirebench.analyzer.stats.Repetitions;
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
    private final LatencyCharts latencyCharts = new LatencyCharts(charts);
    private final List<String> allWarnings = new ArrayList<>();
    private boolean perRepetition;

    /** Keeps one table per repetition instead of grouping repetitions (median, range, n). */
    public ReportBuilder perRepetition(boolean keep) {
        this.perRepetition = keep;
        return this;
    }

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
        if (!perRepetition) {
            parsed = Repetitions.grouped(parsed);
        }
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
        List<Object> runs = RunHeaders.read(inputs);
        new RunJsonCheck().checkAll(inputs).forEach(w -> allWarnings.add(w.format()));
        Map<String, Object> env = Environment.of(runs);
        @SuppressWarnings("unchecked")
        List<String> runLabels = (List<String>) env.get("labels");
        for (int i = 0; i < runs.size(); i++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> run = (Map<String, Object>) runs.get(i);
            run.put("label", runLabels.get(i));
        }
        model.put("runs", runs);
        model.put("environment", env);
        model.put("summary", Summary.of(parsed, runs));

        List<Object> sections = new ArrayList<>();
        addIfAny(sections, EngineCharts.section(parsed, charts));
        addIfAny(sections, latencySection(parsed, inputs));
        addIfAny(sections, throughputSection(parsed));
        for (Kind k : List.of(Kind.COMPRESSION, Kind.UDP, Kind.RPC, Kind.RESOURCES)) {
            addIfAny(sections, SuiteSections.section(k, parsed, charts));
        }
        if (sections.isEmpty() && !Parsers.anyResults(parsed)) {
            throw Parsers.nothingRead(inputs, parsed); // a run.json alone is no report
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
        List<Warning> unreadable = new ArrayList<>();
        List<Histograms.Distribution> hist = Histograms.read(inputs, unreadable, !perRepetition);
        unreadable.forEach(w -> allWarnings.add(w.format()));
        if (tables.isEmpty() && series.isEmpty() && hist.isEmpty()) {
            return null;
        }
        List<ResultTable> latencyTests = new ArrayList<>();
        List<ResultTable> underLoad = new ArrayList<>();
        tables.forEach(t -> ("throughput".equals(t.context().get("test")) ? underLoad : latencyTests).add(t));
        List<Object> chartList = new ArrayList<>();
        latencyCharts.vsSize(chartList, latencyTests, "One-way latency vs sample size (median solid, p99 dashed; p99 only where "
                + "a test has 100 samples or more)", "One-way latency vs sample size");
        latencyCharts.vsSize(chartList, underLoad, "Latency under load (throughput tests) vs sample size (median solid, p99 "
                + "dashed; p99 only where a test has 100 samples or more)", "Latency under load vs sample size");
        if (!hist.isEmpty()) {
            List<Histograms.Distribution> lat = new ArrayList<>();
            List<Histograms.Distribution> load = new ArrayList<>();
            hist.forEach(d -> ("throughput".equals(SeriesLabels.ofHistogramLog(d.name()).get("test")) ? load : lat)
                    .add(d));
            latencyCharts.distributionChart(chartList, lat, "Latency by percentile, latency tests (HdrHistogram logs; log scale; "
                    + "each line ends at the last percentile its sample count supports)", "Latency by percentile");
            latencyCharts.distributionChart(chartList, load, "Latency by percentile under load, throughput tests (HdrHistogram "
                    + "logs; log scale; each line ends at the last percentile its sample count supports)",
                    "Latency by percentile under load");
        } else {
            latencyCharts.summaryPercentiles(chartList, latencyTests, "Latency percentiles from the summary tables, latency tests "
                    + "(no histograms in the inputs; log scale)", "Latency by percentile (summary points)");
            latencyCharts.summaryPercentiles(chartList, underLoad, "Latency percentiles from the summary tables under load "
                    + "(no histograms in the inputs; log scale)", "Latency by percentile under load (summary points)");
        }
        if (!series.isEmpty()) {
            List<Charts.Line> lines = new ArrayList<>();
            List<String> names = SeriesLabels.varying(series.stream().map(ResultTable::context).toList(), "");
            for (int i = 0; i < series.size(); i++) {
                ResultTable s = series.get(i);
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
                        lines.add(new Charts.Line(join(names.get(i), SeriesLabels.bytes(e.getKey())), e.getValue(),
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

    /** "reliable, median"; just "median" when the first part is empty. */
    static String join(String a, String b) {
        return a == null || a.isEmpty() ? b : a + ", " + b;
    }

    private Map<String, Object> throughputSection(List<ParsedInput> parsed) {
        List<ResultTable> tables = tablesOf(parsed, Kind.THROUGHPUT);
        if (tables.isEmpty()) {
            return null;
        }
        List<Charts.Line> mbps = new ArrayList<>();
        List<Charts.Line> rate = new ArrayList<>();
        List<Charts.Line> lost = new ArrayList<>();
        List<String> names = SeriesLabels.varying(tables.stream().map(ResultTable::context).toList(), "throughput");
        for (int i = 0; i < tables.size(); i++) {
            ResultTable t = tables.get(i);
            mbps.add(new Charts.Line(names.get(i), points(t, Columns.SIZE_BYTES, Columns.MBPS), false));
            rate.add(new Charts.Line(names.get(i), points(t, Columns.SIZE_BYTES, Columns.SAMPLES_PER_S), false));
            lost.add(new Charts.Line(names.get(i), points(t, Columns.SIZE_BYTES, Columns.LOST_PCT), false));
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
        List<String> names = SeriesLabels.varying(tables.stream().map(ResultTable::context).toList(), "");
        // each source's series once (a scan of every input per table was quadratic: 5000 files)
        Map<String, List<ResultTable>> bySource = new HashMap<>();
        for (ParsedInput p : parsed) {
            bySource.computeIfAbsent(p.source(), k -> new ArrayList<>()).addAll(p.series());
        }
        for (int ti = 0; ti < tables.size(); ti++) {
            ResultTable t = tables.get(ti);
            List<ResultTable> series = bySource.getOrDefault(t.source(), List.of());
            List<String> ws = new ArrayList<>();
            for (Warning w : Lint.check(t, series)) {
                ws.add(w.message());
                allWarnings.add(w.format());
            }
            Map<String, Object> m = table(t, ws);
            if (!names.get(ti).isEmpty()) {
                m.put("title", names.get(ti));
            }
            out.add(m);
        }
        return out;
    }

    /** One table as the templates see it: a title, column labels, rows of display strings. */
    static Map<String, Object> table(ResultTable t, List<String> warnings) {
        List<String> cols = RangeCells.shownColumns(t);
        if (t.kind() == Kind.RPC && cols.remove("label")) {
            cols.add(0, "label"); // the case first: it is the column that stays in view when the table scrolls
        }
        List<String> labels = new ArrayList<>();
        cols.forEach(c -> labels.add(ColumnLabels.label(t.kind(), c)));
        List<Object> rows = new ArrayList<>();
        boolean[] text = new boolean[cols.size()];
        for (Row r : t.rows()) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < cols.size(); i++) {
                Object v = r.get(cols.get(i));
                text[i] |= v instanceof String && !((String) v).isEmpty() && Numbers.parseOrNull((String) v) == null;
                cells.add(RangeCells.cell(t, r, cols.get(i)));
            }
            rows.add(cells);
        }
        List<String> align = new ArrayList<>();
        for (boolean b : text) {
            align.add(b ? "text" : "num");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        String file = Path.of(t.source()).getFileName() == null ? t.source()
                : Path.of(t.source()).getFileName().toString();
        m.put("title", SeriesLabels.all(t.context(), file));
        m.put("source", shortSource(t.source()));
        m.put("align", align);
        m.put("kind", t.kind().id());
        m.put("columns", labels);
        m.put("column_ids", cols);
        m.put("rows", rows);
        m.put("warnings", warnings);
        return m;
    }

    /** The last two parts of a path: {@code pubsub-latency-reliable/pubsub-latency.csv}. */
    static String shortSource(String source) {
        Path p = Path.of(source);
        int n = p.getNameCount();
        return n >= 2 ? p.subpath(n - 2, n).toString() : source;
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

    /** A chart that was not drawn, with the reason, shown where the chart would be. */
    static Map<String, Object> note(String text) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", text);
        m.put("svg", "");
        return m;
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
