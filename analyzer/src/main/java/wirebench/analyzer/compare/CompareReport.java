package wirebench.analyzer.compare;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.report.Charts;
import wirebench.analyzer.report.Histograms;
import wirebench.contract.Columns;
import wirebench.contract.VersionProvider;

/**
 * The model of the HTML comparison ({@code templates/compare.ftlh}): overlay charts of baseline
 * and candidate (latency and throughput vs size, percentile distributions when both sides have
 * HdrHistogram logs) and the delta table with significant changes marked.
 */
public final class CompareReport {
    private CompareReport() {
    }

    public static Map<String, Object> model(Comparison.Result r, List<String> baselinePaths, List<String> candidatePaths,
            List<Path> baselineDirs, List<Path> candidateDirs, List<String> gateLines, boolean failed) {
        Charts charts = new Charts();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", "wirebench comparison");
        m.put("generated_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        m.put("tool_version", VersionProvider.version());
        m.put("baseline", baselinePaths);
        m.put("candidate", candidatePaths);
        List<Object> chartList = new ArrayList<>();
        overlay(charts, chartList, r, Kind.LATENCY, Columns.P50_US, "Median one-way latency vs size", "Latency (μs)", true);
        overlay(charts, chartList, r, Kind.LATENCY, Columns.P99_US, "p99 one-way latency vs size", "Latency (μs)", true);
        overlay(charts, chartList, r, Kind.THROUGHPUT, Columns.MBPS, "Throughput vs size", "Mbps", false);
        overlay(charts, chartList, r, Kind.THROUGHPUT, Columns.SAMPLES_PER_S, "Samples/s vs size", "Samples/s", true);
        // unreadable logs were reported by the command (Result.notes); the charts leave them out
        List<Histograms.Distribution> hb = Histograms.read(baselineDirs, new ArrayList<>());
        List<Histograms.Distribution> hc = Histograms.read(candidateDirs, new ArrayList<>());
        if (!hb.isEmpty() && !hc.isEmpty()) {
            List<Charts.Line> lines = new ArrayList<>();
            hb.forEach(d -> lines.add(new Charts.Line("baseline " + d.name(), d.points(), false)));
            hc.forEach(d -> lines.add(new Charts.Line("candidate " + d.name(), d.points(), true)));
            chartList.add(chart("Latency percentile distributions (HdrHistogram logs; baseline solid)",
                    charts.percentiles("Latency by percentile", "Latency (μs)", lines)));
        }
        m.put("charts", chartList);
        CompareWriter.Counts n = CompareWriter.counts(r);
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("worse", n.worse());
        counts.put("better", n.better());
        counts.put("unchanged", n.unchanged());
        counts.put("untested", n.untestable());
        m.put("counts", counts);
        m.put("counts_text", n.toString());
        // regressions first, then improvements, then the rest; point order within each group
        List<Comparison.Delta> ordered = new ArrayList<>(r.deltas());
        List<String> order = List.of("worse", "better", "same", "untested");
        ordered.sort(java.util.Comparator.comparingInt(d -> order.indexOf(CompareWriter.cls(d))));
        List<Object> rows = new ArrayList<>();
        for (Comparison.Delta d : ordered) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("point", d.point());
            row.put("metric", d.metric());
            row.put("baseline", CompareWriter.value(d.baselineMedian(), d.baselineCi(), d.baseline().length));
            row.put("candidate", CompareWriter.value(d.candidateMedian(), d.candidateCi(), d.candidate().length));
            row.put("delta", CompareWriter.delta(d));
            row.put("verdict", CompareWriter.verdict(d));
            row.put("method", d.method());
            row.put("note", d.note());
            row.put("cls", CompareWriter.cls(d));
            rows.add(row);
        }
        m.put("rows", rows);
        m.put("key_tables", keyTables(r));
        m.put("only_in_baseline", r.onlyInBaseline());
        m.put("only_in_candidate", r.onlyInCandidate());
        m.put("notes", r.notes());
        m.put("gates", gateLines);
        m.put("failed", failed);
        return m;
    }

    /** The key-metric tables ({@link KeyMetrics}) for the template: cells with text and class. */
    private static List<Object> keyTables(Comparison.Result r) {
        List<Object> out = new ArrayList<>();
        for (KeyMetrics.Table t : KeyMetrics.tables(r)) {
            List<Object> rows = new ArrayList<>();
            for (KeyMetrics.Row row : t.rows()) {
                List<Object> cells = new ArrayList<>();
                for (Comparison.Delta d : row.cells()) {
                    Map<String, Object> c = new LinkedHashMap<>();
                    c.put("text", KeyMetricsWriter.cell(d));
                    c.put("cls", d == null ? "untested" : CompareWriter.cls(d));
                    c.put("title", d == null ? "" : d.method() + "; " + d.note());
                    cells.add(c);
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("label", row.label());
                m.put("point", row.point());
                m.put("cls", row.cls());
                m.put("cells", cells);
                rows.add(m);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", t.kind().id());
            m.put("metrics", t.metrics());
            m.put("rows", rows);
            m.put("methods", KeyMetricsWriter.methods(t));
            out.add(m);
        }
        return out;
    }

    private static void overlay(Charts charts, List<Object> out, Comparison.Result r, Kind kind, String metric,
            String title, String yLabel, boolean logY) {
        // point label without size -> size -> (baseline, candidate)
        Map<String, TreeMap<Double, double[]>> lines = new LinkedHashMap<>();
        for (Comparison.Delta d : r.deltas()) {
            if (d.kind() != kind || !d.metric().equals(metric)) {
                continue;
            }
            String p = d.point();
            int b = p.lastIndexOf(' ', p.length() - 3);
            double size;
            try {
                size = Double.parseDouble(p.substring(b + 1, p.length() - 2));
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                continue;
            }
            String label = p.substring(0, b).replaceFirst("^" + kind.id() + " ?", "");
            lines.computeIfAbsent(label, k -> new TreeMap<>()).put(size,
                    new double[] {d.baselineMedian(), d.candidateMedian()});
        }
        if (lines.isEmpty()) {
            return;
        }
        List<Charts.Line> ls = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Double, double[]>> e : lines.entrySet()) {
            List<double[]> b = new ArrayList<>();
            List<double[]> c = new ArrayList<>();
            e.getValue().forEach((size, v) -> {
                b.add(new double[] {size, v[0]});
                c.add(new double[] {size, v[1]});
            });
            // one test per side: "baseline" and "candidate" say it all; several: name each by its conditions
            String name = e.getKey().isEmpty() || lines.size() == 1 ? "" : " " + e.getKey();
            ls.add(new Charts.Line("baseline" + name, b, false));
            ls.add(new Charts.Line("candidate" + name, c, true));
        }
        out.add(chart(title + " (baseline solid, candidate dashed)",
                charts.xy(title, "Sample size (bytes)", yLabel, ls, true, logY)));
    }

    private static Map<String, Object> chart(String title, String svg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("svg", svg);
        return m;
    }
}
