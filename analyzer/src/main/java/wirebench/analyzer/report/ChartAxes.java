package wirebench.analyzer.report;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGHints;

import wirebench.contract.Numbers;

/**
 * The axes of the charts: plain-number tick labels (never "-0", grouped thousands), y tick labels
 * inside an SVG group of class {@link Charts#Y_TICKS_CLASS} (the browser tests read them), and a
 * log axis with ticks at given values.
 */
public final class ChartAxes {
    private ChartAxes() {
    }

    /** A linear x axis with plain number labels. */
    public static ValueAxis axis(String label) {
        NumberAxis a = new NumberAxis(label);
        a.setAutoRangeIncludesZero(false);
        a.setNumberFormatOverride(plainFormat());
        a.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        return a;
    }

    /** A y axis (log base 10 or linear) whose tick labels are grouped for the browser test. */
    public static ValueAxis yAxis(String label, boolean log) {
        ValueAxis a;
        if (log) {
            // labels at 1..9 steps within each decade, read as plain numbers
            LogarithmicAxis l = new YLogAxis(label);
            l.setStrictValuesFlag(false);
            l.setAllowNegativesFlag(false);
            l.setAutoRangeNextLogFlag(false);
            l.setNumberFormatOverride(plainFormat());
            a = l;
        } else {
            NumberAxis n = new YNumberAxis(label);
            n.setAutoRangeIncludesZero(false);
            n.setNumberFormatOverride(plainFormat());
            a = n;
        }
        a.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        return a;
    }

    /**
     * Tick labels as plain numbers with grouping, up to 6 decimals, never "-0": ticks are multiples
     * of the tick unit, so labels of distinct ticks differ.
     */
    public static java.text.NumberFormat plainFormat() {
        java.text.DecimalFormat f = new java.text.DecimalFormat("#,##0.######",
                java.text.DecimalFormatSymbols.getInstance(Locale.ROOT)) {
            private static final long serialVersionUID = 1L;

            @Override
            public StringBuffer format(double number, StringBuffer toAppendTo, java.text.FieldPosition pos) {
                double v = Math.abs(number) < 5e-7 ? 0.0 : number;
                return super.format(v + 0.0, toAppendTo, pos);
            }
        };
        return f;
    }

    /** Draws tick labels inside an SVG group of class {@link #Y_TICKS_CLASS}. */
    private static AxisState grouped(Graphics2D g2, java.util.function.Supplier<AxisState> draw) {
        g2.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, Map.of("class", Charts.Y_TICKS_CLASS));
        try {
            return draw.get();
        } finally {
            g2.setRenderingHint(SVGHints.KEY_END_GROUP, "true");
        }
    }

    /** A linear y axis whose tick labels are grouped. */
    private static final class YNumberAxis extends NumberAxis {
        private static final long serialVersionUID = 1L;

        YNumberAxis(String label) {
            super(label);
        }

        @Override
        protected AxisState drawTickMarksAndLabels(Graphics2D g2, double cursor, Rectangle2D plotArea,
                Rectangle2D dataArea, RectangleEdge edge) {
            return grouped(g2, () -> super.drawTickMarksAndLabels(g2, cursor, plotArea, dataArea, edge));
        }
    }

    /** A log y axis whose tick labels are grouped. */
    private static final class YLogAxis extends LogarithmicAxis {
        private static final long serialVersionUID = 1L;

        YLogAxis(String label) {
            super(label);
        }

        @Override
        protected AxisState drawTickMarksAndLabels(Graphics2D g2, double cursor, Rectangle2D plotArea,
                Rectangle2D dataArea, RectangleEdge edge) {
            return grouped(g2, () -> super.drawTickMarksAndLabels(g2, cursor, plotArea, dataArea, edge));
        }
    }


    /**
     * A log x axis with ticks at given values and labels from a function, drawn as plain text
     * (JFreeChart's LogAxis draws attributed strings, which SVG gets as glyph outlines).
     */
    static final class TickedLogAxis extends LogarithmicAxis {
        private static final long serialVersionUID = 1L;
        private final List<Double> ticks;
        private final transient java.util.function.DoubleFunction<String> labels;

        TickedLogAxis(String label, List<Double> ticks, java.util.function.DoubleFunction<String> labels) {
            super(label);
            this.ticks = ticks;
            this.labels = labels;
            setStrictValuesFlag(false);
            setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        }

        @Override
        protected List<org.jfree.chart.axis.Tick> refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea,
                RectangleEdge edge) {
            List<org.jfree.chart.axis.Tick> out = new java.util.ArrayList<>();
            for (double t : ticks) {
                if (getRange().contains(t)) {
                    out.add(new org.jfree.chart.axis.NumberTick(org.jfree.chart.axis.TickType.MAJOR, t,
                            labels.apply(t), org.jfree.chart.ui.TextAnchor.TOP_CENTER,
                            org.jfree.chart.ui.TextAnchor.CENTER, 0.0));
                }
            }
            return out;
        }
    }

    /**
     * A base-2 log axis for sample sizes: ticks on powers of two (32, 64, ... 1048576), every
     * second or fourth one when the range is wide, so labels are sizes people type.
     */
    static ValueAxis sizeAxis(String label, XYSeriesCollection ds) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int i = 0; i < ds.getSeriesCount(); i++) {
            XYSeries s = ds.getSeries(i);
            if (s.getItemCount() > 0) {
                min = Math.min(min, s.getMinX());
                max = Math.max(max, s.getMaxX());
            }
        }
        double lo = max > 0 ? Math.floor(Math.log(min) / Math.log(2)) : 0;
        double hi = max > 0 ? Math.ceil(Math.log(max) / Math.log(2)) : 1;
        if (hi <= lo) {
            hi = lo + 1;
        }
        int step = (int) Math.max(1, Math.ceil((hi - lo) / 10));
        List<Double> ticks = new java.util.ArrayList<>();
        for (double e = lo; e <= hi; e += step) {
            ticks.add(Math.pow(2, e));
        }
        TickedLogAxis a = new TickedLogAxis(label, ticks, v -> Numbers.plain(v));
        a.setRange(Math.pow(2, lo - 0.3), Math.pow(2, hi + 0.3));
        return a;
    }
}
