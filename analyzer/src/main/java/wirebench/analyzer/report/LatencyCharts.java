package wirebench.analyzer.report;

import java.util.ArrayList;
import java.util.List;

import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.Columns;

/**
 * The latency section's charts of the report: median and p99 against size, latency by percentile
 * from HdrHistogram logs or from the summary tables' percentile columns (each line cut where its
 * sample count ends).
 */
final class LatencyCharts {
    /** The latency tables' sample count column (docs/results-format.md). */
    private static final String SAMPLES = "samples";
    private final Charts charts;

    LatencyCharts(Charts charts) {
        this.charts = charts;
    }

    /** Median (solid) and p99 (dashed) against size, one pair per table; p99 only from 100 samples. */
    void vsSize(List<Object> chartList, List<ResultTable> tables, String caption, String title) {
        // tables without a median (ddsperf's: medians of per-interval percentiles) have no line here
        List<ResultTable> withMedian = tables.stream().filter(t -> t.hasValues(Columns.P50_US)).toList();
        if (withMedian.isEmpty()) {
            return;
        }
        List<String> names = SeriesLabels.varying(withMedian.stream().map(ResultTable::context).toList(), "");
        List<Charts.Line> lines = new ArrayList<>();
        for (int i = 0; i < withMedian.size(); i++) {
            ResultTable t = withMedian.get(i);
            lines.add(new Charts.Line(ReportBuilder.join(names.get(i), "median"), ReportBuilder.points(t, Columns.SIZE_BYTES, Columns.P50_US),
                    false));
            List<double[]> p99 = new ArrayList<>();
            for (Row r : t.rows()) {
                Double size = r.number(Columns.SIZE_BYTES);
                Double v = r.number(Columns.P99_US);
                Double n = r.number(SAMPLES);
                if (size != null && v != null && (n == null || n >= 100)) {
                    p99.add(new double[] {size, v});
                }
            }
            if (!p99.isEmpty()) {
                lines.add(new Charts.Line(ReportBuilder.join(names.get(i), "p99"), p99, true));
            }
        }
        chartList.add(ReportBuilder.chart(caption, charts.xy(title, "Sample size (bytes)", "Latency (μs)", lines, true, true)));
    }

    /** One percentile chart of histogram logs, each line cut at the last percentile its count supports. */
    void distributionChart(List<Object> chartList, List<Histograms.Distribution> dists, String caption,
            String title) {
        if (dists.isEmpty()) {
            return;
        }
        if (dists.stream().allMatch(d -> d.count() < 2)) {
            // one value per log: no distribution to draw (a chart of lone dots would suggest one)
            chartList.add(ReportBuilder.note(title + ": not drawn, each log holds a single latency sample"));
            return;
        }
        List<String> names = SeriesLabels.varying(dists.stream().map(d -> SeriesLabels.ofHistogramLog(d.name()))
                .toList(), "latency");
        List<Charts.Line> lines = new ArrayList<>();
        for (int i = 0; i < dists.size(); i++) {
            Histograms.Distribution d = dists.get(i);
            double last = supported(d.count());
            List<double[]> pts = new ArrayList<>();
            for (double[] p : d.points()) {
                if (p[0] <= last + 1e-9) {
                    pts.add(p);
                }
            }
            lines.add(new Charts.Line(names.get(i) + " (n=" + d.count() + ")", pts, false));
        }
        chartList.add(ReportBuilder.chart(caption, charts.percentiles(title, "Latency (μs)", lines)));
    }

    /** The highest percentile (0..100) that {@code n} samples support: 100 (1 - 1/n). */
    static double supported(long n) {
        return n <= 1 ? 0 : 100.0 * (1.0 - 1.0 / n);
    }

    /** Percentile lines from the summary tables' columns, each cut where its sample count ends. */
    void summaryPercentiles(List<Object> chartList, List<ResultTable> tables, String caption, String title) {
        List<String> names = SeriesLabels.varying(tables.stream().map(ResultTable::context).toList(), "");
        List<Charts.Line> lines = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            ResultTable t = tables.get(i);
            for (Row r : t.rows()) {
                Double n = r.number(SAMPLES);
                List<double[]> pts = new ArrayList<>();
                for (String c : List.of(Columns.P50_US, Columns.P90_US, Columns.P99_US, Columns.P9999_US,
                        Columns.P999999_US)) {
                    Double v = r.number(c);
                    double pct = 100 * Columns.percentileOf(c);
                    if (v != null && (n == null || pct <= supported(n.longValue()) + 1e-9)) {
                        pts.add(new double[] {pct, v});
                    }
                }
                if (pts.size() >= 2 && lines.size() < 12) {
                    lines.add(new Charts.Line(ReportBuilder.join(names.get(i), SeriesLabels.bytes(r.number(Columns.SIZE_BYTES))),
                            pts, false));
                }
            }
        }
        if (!lines.isEmpty()) {
            chartList.add(ReportBuilder.chart(caption, charts.percentiles(title, "Latency (μs)", lines)));
        }
    }
}
