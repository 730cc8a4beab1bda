package wirebench.analyzer.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.entity.CategoryItemEntity;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;


/**
 * Charts rendered by JFreeChart to SVG text, for inlining in a self-contained report. Text drawn
 * into the SVG (titles, series names) is XML-escaped by JFreeSVG, so hostile labels stay text.
 * Each chart gets its own id prefix so that several charts in one page do not share clip paths.
 *
 * <p>Every chart scales with the page (a {@code viewBox}, no fixed size), its y tick labels sit in
 * a group of class {@value #Y_TICKS_CLASS}, and every point or bar carries its exact value as an
 * SVG {@code <title>} (a native tooltip: no script). Y axes never show repeated labels: a constant
 * or all-zero series gets a range around its value.
 */
public final class Charts {
    /** Width and height of every chart, in CSS pixels. */
    public static final int WIDTH_PX = 900;
    public static final int HEIGHT_PX = 420;

    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
        new Color(0xbcbd22), new Color(0x17becf)};

    /** The class of the SVG group holding a chart's y tick labels (the browser test reads them). */
    public static final String Y_TICKS_CLASS = "wb-yticks";

    static {
        // rotated text (y axis labels, slanted categories) as <text> with a transform, not glyph outlines
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private int counter;

    /** One line of an XY chart: a name and its points. */
    public record Line(String name, List<double[]> points, boolean dashed) {
    }

    /** One group of bars: a series name and one value per category (null = no bar). */
    public record Bars(String name, List<String> categories, List<Double> values) {
    }

    /**
     * Points drawn per line at most: an over-time series (up to 2000 buckets per size) drawn point by
     * point in a chart 900 px wide made a report of megabytes (a path and a tooltip per point) and
     * ran a 64 MB heap out of memory; consecutive points are averaged in groups instead.
     */
    static final int MAX_POINTS_DRAWN = 300;

    private static int groupSize(int n) {
        return (n + MAX_POINTS_DRAWN - 1) / MAX_POINTS_DRAWN;
    }

    /** {@code points} itself when short enough, else the means (x and y) of consecutive groups. */
    static List<double[]> thin(List<double[]> points) {
        if (points.size() <= MAX_POINTS_DRAWN) {
            return points;
        }
        int k = groupSize(points.size());
        List<double[]> out = new ArrayList<>(points.size() / k + 1);
        for (int from = 0; from < points.size(); from += k) {
            int to = Math.min(points.size(), from + k);
            double sx = 0;
            double sy = 0;
            for (int j = from; j < to; j++) {
                sx += points.get(j)[0];
                sy += points.get(j)[1];
            }
            out.add(new double[] {sx / (to - from), sy / (to - from)});
        }
        return out;
    }

    /**
     * An XY line chart.
     *
     * @param logX log-scale x axis (sizes); values must be &gt; 0 there
     * @param logY log-scale y axis (latencies); values must be &gt; 0 there
     */
    public String xy(String title, String xLabel, String yLabel, List<Line> lines, boolean logX, boolean logY) {
        boolean[] thinned = new boolean[lines.size()];
        XYSeriesCollection ds = dataset(lines, thinned, p -> (logX && p[0] <= 0) || (logY && p[1] <= 0) ? null : p);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < lines.size(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            if (thinned[i]) {
                r.setSeriesShapesVisible(i, false); // hundreds of markers hide the line
            }
            r.setSeriesStroke(i, lines.get(i).dashed()
                    ? new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {5f, 4f}, 0f)
                    : new BasicStroke(1.8f));
        }
        // a log y axis only pays when values span more than a decade; narrow ranges read better linear
        boolean wideY = logY && ds.getSeriesCount() > 0 && spanY(ds) > 20;
        ValueAxis y = ChartAxes.yAxis(yLabel, wideY);
        fitDegenerate(y, ds);
        XYPlot plot = new XYPlot(ds, logX ? ChartAxes.sizeAxis(xLabel, ds) : ChartAxes.axis(xLabel), y, r);
        style(plot);
        return render(new JFreeChart(title, titleFont(), plot, lines.size() > 1), xLabel, yLabel);
    }

    /** The smallest and the largest y of the series with points: {min, max}; {+inf, -inf} when none has one. */
    private static double[] rangeY(XYSeriesCollection ds) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < ds.getSeriesCount(); i++) {
            XYSeries s = ds.getSeries(i);
            if (s.getItemCount() > 0) {
                min = Math.min(min, s.getMinY());
                max = Math.max(max, s.getMaxY());
            }
        }
        return new double[] {min, max};
    }

    /** {@link #fitDegenerate(ValueAxis, double, double)} over the y range of {@code ds}. */
    private static void fitDegenerate(ValueAxis y, XYSeriesCollection ds) {
        double[] r = rangeY(ds);
        fitDegenerate(y, r[0], r[1]);
    }

    /**
     * A y range that cannot collapse: all zero reads 0..1, a constant value ±10% around it (the
     * auto range would zoom onto rounding noise and label every tick alike).
     */
    static void fitDegenerate(ValueAxis y, double min, double max) {
        if (Double.isInfinite(min) || Double.isInfinite(max)) {
            y.setRange(0, 1);
            return;
        }
        double span = max - min;
        double scale = Math.max(Math.abs(max), Math.abs(min));
        if (scale == 0) {
            y.setRange(0, 1);
        } else if (span <= scale * 1e-6) {
            y.setRange(min >= 0 && y instanceof NumberAxis ? Math.max(0, min - scale * 0.1) : min - scale * 0.1,
                    max + scale * 0.1);
        }
    }

    /** Largest y / smallest y, or 1 unless both are positive. */
    private static double spanY(XYSeriesCollection ds) {
        double[] r = rangeY(ds);
        return r[0] > 0 && r[1] > 0 ? r[1] / r[0] : 1;
    }

    /**
     * A percentile distribution chart as HdrHistogram draws it: x = 1/(1-p) on a log axis,
     * labelled as percentiles (90%, 99%, 99.9%...), y = latency.
     */
    public String percentiles(String title, String yLabel, List<Line> lines) {
        boolean[] thinned = new boolean[lines.size()];
        XYSeriesCollection ds = dataset(lines, thinned,
                p -> p[0] >= 100.0 || p[1] <= 0 ? null : new double[] {1.0 / (1.0 - p[0] / 100.0), p[1]});
        double maxX = 10;
        for (int i = 0; i < ds.getSeriesCount(); i++) {
            if (ds.getSeries(i).getItemCount() > 0) {
                maxX = Math.max(maxX, ds.getSeries(i).getMaxX());
            }
        }
        List<Double> ticks = new java.util.ArrayList<>();
        for (double t = 1; t <= maxX * 1.0001; t *= 10) {
            ticks.add(t);
        }
        ChartAxes.TickedLogAxis x = new ChartAxes.TickedLogAxis("Percentile", ticks, ChartSvg::percentileLabel);
        x.setRange(1, Math.max(10, maxX * 1.2));
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < lines.size(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            r.setSeriesStroke(i, new BasicStroke(1.8f));
        }
        // always logarithmic: one series' tail (a 28 ms spike) must not flatten the others
        ValueAxis y = ChartAxes.yAxis(yLabel, spanY(ds) > 2);
        fitDegenerate(y, ds);
        XYPlot plot = new XYPlot(ds, x, y, r);
        style(plot);
        return render(new JFreeChart(title, titleFont(), plot, lines.size() > 1), "Percentile", yLabel);
    }

    /** A vertical bar chart, categories along x, one colour per series. */
    public String bars(String title, String categoryLabel, String valueLabel, List<Bars> series) {
        return bars(title, categoryLabel, valueLabel, series, new double[0], new String[0]);
    }

    /**
     * A bar chart with labelled background bands on the value axis: band i spans
     * [limits[i-1], limits[i]) and is named {@code names[i]} (the last band is open above).
     */
    public String bars(String title, String categoryLabel, String valueLabel, List<Bars> series, double[] limits,
            String[] names) {
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        for (Bars b : series) {
            for (int i = 0; i < b.categories().size(); i++) {
                Double v = b.values().get(i);
                if (v != null) {
                    ds.addValue(v, b.name(), b.categories().get(i));
                }
            }
        }
        CategoryAxis cat = new CategoryAxis(categoryLabel);
        cat.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer r = new BarRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        for (int i = 0; i < series.size(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
        cat.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        ValueAxis value = ChartAxes.yAxis(valueLabel, false);
        CategoryPlot plot = new CategoryPlot(ds, cat, value, r);
        plot.setOrientation(PlotOrientation.VERTICAL);
        double top = 0;
        for (int i = 0; i < ds.getRowCount(); i++) {
            for (int j = 0; j < ds.getColumnCount(); j++) {
                Number v = ds.getValue(i, j);
                top = v == null ? top : Math.max(top, v.doubleValue());
            }
        }
        if (top == 0) {
            // all bars zero (no loss, say): a plain 0..1 axis instead of one zoomed on rounding noise
            plot.getRangeAxis().setRange(0, 1);
        } else if (names.length > 0) {
            // with rating bands, show the band the tallest bar reaches up to its upper limit
            double upper = top * 1.05;
            for (double l : limits) {
                if (l >= top) {
                    upper = Math.max(upper, l);
                    break;
                }
            }
            plot.getRangeAxis().setRange(0, upper);
        }
        for (int i = 0; i < names.length; i++) {
            double lo = i == 0 ? 0 : limits[i - 1];
            double hi = i < limits.length ? limits[i] : Math.max(top, lo) * 1.05 + 1e-9;
            if (lo > top * 1.05 && i > 0) {
                break;
            }
            org.jfree.chart.plot.IntervalMarker band = new org.jfree.chart.plot.IntervalMarker(lo, hi);
            band.setPaint(i % 2 == 0 ? new Color(0xf4f8fb) : new Color(0xfbf7f0));
            band.setLabel(names[i]);
            band.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
            band.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_RIGHT);
            band.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_RIGHT);
            plot.addRangeMarker(band, org.jfree.chart.ui.Layer.BACKGROUND);
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        return render(new JFreeChart(title, titleFont(), plot, series.size() > 1), categoryLabel, valueLabel);
    }

    /**
     * {@code name}, or {@code name (2)}, {@code (3)}... when taken: {@code keys} maps each key used
     * in the chart to the next number to try (a scan of the chart's series per try was cubic in
     * the number of lines of one name: 5000 result files took minutes).
     */
    /**
     * One series per line, its points thinned when there are many ({@code thinned[i]} set, the name
     * saying the group size), each point placed by {@code place} as {x, y}; null leaves it out (a
     * value a log axis cannot show).
     */
    private static XYSeriesCollection dataset(List<Line> lines, boolean[] thinned,
            java.util.function.UnaryOperator<double[]> place) {
        XYSeriesCollection ds = new XYSeriesCollection();
        Map<String, Integer> keys = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            List<double[]> points = thin(l.points());
            thinned[i] = points != l.points();
            String name = thinned[i] ? l.name() + " (mean of every " + groupSize(l.points().size()) + ")" : l.name();
            XYSeries s = new XYSeries(uniqueKey(keys, name), false, true);
            for (double[] p : points) {
                double[] xy = place.apply(p);
                if (xy != null) {
                    s.add(xy[0], xy[1]);
                }
            }
            ds.addSeries(s);
        }
        return ds;
    }

    private static String uniqueKey(Map<String, Integer> keys, String name) {
        String key = name;
        int n = keys.getOrDefault(name, 2);
        while (keys.containsKey(key)) {
            key = name + " (" + n++ + ")";
        }
        keys.put(name, n);
        keys.putIfAbsent(key, 2);
        return key;
    }

    private String render(JFreeChart chart, String xLabel, String yLabel) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setPaint(new Color(0x222222));
        if (chart.getLegend() != null) {
            chart.getLegend().setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        }
        chart.setAntiAlias(true);
        return ChartSvg.render(chart, "wbchart" + (++counter), WIDTH_PX, HEIGHT_PX, e -> tooltip(e, xLabel, yLabel));
    }

    /** The tooltip of one drawn point or bar: its series and exact values; null for other entities. */
    private static String tooltip(ChartEntity e, String xLabel, String yLabel) {
        if (e instanceof XYItemEntity xy) {
            var ds = xy.getDataset();
            int s = xy.getSeriesIndex();
            int i = xy.getItem();
            double x = ds.getXValue(s, i);
            if (xLabel.equals("Percentile")) {
                return ds.getSeriesKey(s) + ": " + ChartSvg.percentileLabel(x) + " " + yLabel + " "
                        + ChartSvg.exact(ds.getYValue(s, i));
            }
            return ds.getSeriesKey(s) + ": " + xLabel + " " + ChartSvg.exact(x) + ", " + yLabel + " "
                    + ChartSvg.exact(ds.getYValue(s, i));
        }
        if (e instanceof CategoryItemEntity c) {
            Number v = c.getDataset().getValue(c.getRowKey(), c.getColumnKey());
            String series = c.getDataset().getRowCount() > 1 ? c.getRowKey() + ", " : "";
            return series + c.getColumnKey() + ": " + yLabel + " " + (v == null ? "none" : ChartSvg.exact(
                    v.doubleValue()));
        }
        return null;
    }

    private static void style(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
    }

    private static Font titleFont() {
        return new Font(Font.SANS_SERIF, Font.BOLD, 15);
    }


}
