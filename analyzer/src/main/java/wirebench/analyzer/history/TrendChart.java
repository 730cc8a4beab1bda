package wirebench.analyzer.history;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import wirebench.analyzer.report.ChartAxes;
import wirebench.analyzer.report.ChartSvg;

/**
 * One small-multiple panel of the trends page, on JFreeChart: a test point's metrics stacked over
 * one run axis (oldest run left), a point per run (its exact value, run id, commit and time as
 * tooltip), the series median as a dotted grey line, each change point as a dashed red line in the
 * metric it belongs to. Y axes take JFreeChart's standard tick units (1, 2, 5 x 10^k): round numbers.
 */
final class TrendChart {
    /** Width of a panel, CSS pixels: two panels side by side in a 1280 px window. */
    static final int WIDTH_PX = 600;
    private static final int AXIS_PX = 40;
    private static final int METRIC_PX = 120;
    private static final Color LINE = new Color(0x1f77b4);
    private static final Color CHANGE = new Color(0xd62728);

    private TrendChart() {
    }

    /** One metric of the panel: its drawn values, their offset in the whole series, its change points. */
    record Metric(String name, List<Series.Entry> entries, int offset, List<EDivisive.Change> changes,
            double median) {
    }

    /** The chart's height for {@code metrics} stacked metrics, CSS pixels. */
    static int heightPx(int metrics) {
        return AXIS_PX + METRIC_PX * metrics;
    }

    /** The panel as SVG; {@code id} is unique in the page. */
    static String svg(String id, List<Metric> metrics) {
        NumberAxis runs = new NumberAxis("run (oldest left)");
        runs.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        runs.setAutoRangeIncludesZero(false);
        runs.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        runs.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(runs);
        plot.setGap(6);
        int first = Integer.MAX_VALUE;
        for (Metric m : metrics) {
            first = Math.min(first, m.offset());
        }
        for (Metric m : metrics) {
            XYSeries s = new XYSeries(m.name(), false, true);
            for (int i = 0; i < m.entries().size(); i++) {
                s.add(m.offset() + i + 1, m.entries().get(i).value());
            }
            NumberAxis y = (NumberAxis) ChartAxes.yAxis(m.name(), false);
            y.setStandardTickUnits(NumberAxis.createStandardTickUnits());
            y.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            if (s.getItemCount() > 0 && s.getMaxY() - s.getMinY() <= Math.abs(s.getMaxY()) * 1e-6) {
                // one value (or all equal): a range around it, else every tick would read the same
                double pad = s.getMaxY() == 0 ? 1 : Math.abs(s.getMaxY()) * 0.1;
                y.setRange(s.getMinY() - pad, s.getMaxY() + pad);
            }
            XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
            r.setSeriesPaint(0, LINE);
            r.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-2.5, -2.5, 5, 5));
            r.setSeriesStroke(0, new BasicStroke(1.3f));
            XYPlot sub = new XYPlot(new XYSeriesCollection(s), null, y, r);
            sub.setBackgroundPaint(Color.WHITE);
            sub.setRangeGridlinePaint(new Color(0xdddddd));
            sub.setDomainGridlinesVisible(false);
            ValueMarker median = new ValueMarker(m.median(), new Color(0x888888), new BasicStroke(1f,
                    BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {2f, 3f}, 0f));
            median.setLabel("median");
            median.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
            median.setLabelPaint(new Color(0x666666));
            median.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            median.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            sub.addRangeMarker(median);
            for (EDivisive.Change c : m.changes()) {
                if (c.index() < m.offset()) {
                    continue;
                }
                ValueMarker mark = new ValueMarker(c.index() + 0.5, CHANGE, new BasicStroke(1.6f,
                        BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {5f, 3f}, 0f));
                sub.addDomainMarker(mark);
            }
            plot.add(sub, 1);
        }
        JFreeChart chart = new JFreeChart(null, null, plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        return ChartSvg.render(chart, id, WIDTH_PX, heightPx(metrics.size()),
                e -> e instanceof XYItemEntity xy ? tooltip(metrics, xy) : null);
    }

    private static String tooltip(List<Metric> metrics, XYItemEntity e) {
        for (Metric m : metrics) {
            if (m.name().equals(e.getDataset().getSeriesKey(0))) {
                int i = e.getItem();
                Series.Entry en = m.entries().get(i);
                return m.name() + " " + ChartSvg.exact(en.value()) + "\nrun " + en.runId() + "\ncommit "
                        + (en.commit() == null ? "-" : en.commit()) + (en.time() == null ? "" : "\n" + en.time());
            }
        }
        return null;
    }
}
