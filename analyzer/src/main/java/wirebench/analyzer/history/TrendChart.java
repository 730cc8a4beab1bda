package wirebench.analyzer.history;

import java.util.List;

import wirebench.contract.Numbers;

/**
 * One trend chart as inline SVG: a point per value (its exact value, run id, commit and time in an
 * SVG {@code <title>} tooltip), a line through them, and each change point marked by a dashed red
 * line (its delta and p-value as tooltip). Every text is XML-escaped here, because the template
 * inserts the SVG unescaped.
 */
final class TrendChart {
    private static final int WIDTH = 760;
    private static final int HEIGHT = 230;
    private static final int LEFT = 78;
    private static final int RIGHT = 16;
    private static final int TOP = 14;
    private static final int BOTTOM = 42;

    private TrendChart() {
    }

    /**
     * @param entries     the values drawn (the newest of the series)
     * @param offset      index in the whole series of {@code entries.get(0)}
     * @param changes     the series' change points (whole-series indices)
     */
    static String svg(String metric, List<Series.Entry> entries, int offset, List<EDivisive.Change> changes) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series.Entry e : entries) {
            min = Math.min(min, e.value());
            max = Math.max(max, e.value());
        }
        if (min == max) {
            double pad = min == 0 ? 1 : Math.abs(min) * 0.05;
            min -= pad;
            max += pad;
        }
        double span = max - min;
        min -= span * 0.05;
        max += span * 0.05;
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;
        int n = entries.size();
        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">");
        sb.append("<rect x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" fill=\"#ffffff\"/>");
        // axes and y labels
        sb.append(line(LEFT, TOP, LEFT, TOP + plotH, "#999999", null));
        sb.append(line(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH, "#999999", null));
        for (int k = 0; k <= 4; k++) {
            double v = min + (max - min) * k / 4;
            double y = TOP + plotH - plotH * k / 4.0;
            sb.append(line(LEFT - 4, y, LEFT + plotW, y, "#eeeeee", null));
            sb.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(fmt(y + 4))
                    .append("\" text-anchor=\"end\">").append(esc(Numbers.upTo(v, v >= 100 ? 1 : 3))).append("</text>");
        }
        sb.append("<text x=\"14\" y=\"").append(TOP + plotH / 2).append("\" transform=\"rotate(-90 14 ")
                .append(TOP + plotH / 2).append(")\" text-anchor=\"middle\">").append(esc(metric)).append("</text>");
        if (n > 0) {
            sb.append("<text x=\"").append(LEFT).append("\" y=\"").append(HEIGHT - 22).append("\">")
                    .append(esc(date(entries.get(0)))).append("</text>");
            sb.append("<text x=\"").append(LEFT + plotW).append("\" y=\"").append(HEIGHT - 22)
                    .append("\" text-anchor=\"end\">").append(esc(date(entries.get(n - 1)))).append("</text>");
            sb.append("<text x=\"").append(LEFT + plotW / 2).append("\" y=\"").append(HEIGHT - 6)
                    .append("\" text-anchor=\"middle\">").append(n).append(n == 1 ? " run" : " runs, oldest left").append("</text>");
        }
        // change points
        for (EDivisive.Change c : changes) {
            int i = c.index() - offset;
            if (i < 0 || i >= n) {
                continue;
            }
            double x = x(i, n, plotW);
            sb.append("<line class=\"change\" x1=\"").append(fmt(x)).append("\" y1=\"").append(TOP).append("\" x2=\"")
                    .append(fmt(x)).append("\" y2=\"").append(TOP + plotH).append("\" stroke=\"#d62728\" "
                            + "stroke-width=\"2\" stroke-dasharray=\"5,3\"><title>")
                    .append(esc("change at run " + entries.get(i).runId() + ": median "
                            + Numbers.upTo(c.medianBefore(), 3) + " -> " + Numbers.upTo(c.medianAfter(), 3) + " ("
                            + HistoryCommand.signedPct(c.deltaPct()) + ", p=" + Numbers.upTo(c.pValue(), 4) + ")"))
                    .append("</title></line>");
        }
        // the series
        StringBuilder pts = new StringBuilder();
        for (int i = 0; i < n; i++) {
            pts.append(i == 0 ? "" : " ").append(fmt(x(i, n, plotW))).append(',')
                    .append(fmt(y(entries.get(i).value(), min, max, plotH)));
        }
        sb.append("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"").append(pts)
                .append("\"/>");
        for (int i = 0; i < n; i++) {
            Series.Entry e = entries.get(i);
            sb.append("<circle class=\"run\" cx=\"").append(fmt(x(i, n, plotW))).append("\" cy=\"")
                    .append(fmt(y(e.value(), min, max, plotH))).append("\" r=\"3\" fill=\"#1f77b4\"><title>")
                    .append(esc(metric + " = " + Numbers.plain(e.value()) + "\nrun " + e.runId() + "\ncommit "
                            + (e.commit() == null ? "-" : e.commit()) + "\n" + (e.time() == null ? "" : e.time())
                            + (e.runs() > 1 ? "\nmedian of " + e.runs() + " runs" : "")))
                    .append("</title></circle>");
        }
        sb.append("</svg>");
        return sb.toString();
    }

    private static String date(Series.Entry e) {
        return e.time() == null ? "" : e.time().toString().substring(0, 10);
    }

    private static double x(int i, int n, int plotW) {
        return LEFT + (n == 1 ? plotW / 2.0 : plotW * (double) i / (n - 1));
    }

    private static double y(double v, double min, double max, int plotH) {
        return TOP + plotH - plotH * (v - min) / (max - min);
    }

    private static String line(double x1, double y1, double x2, double y2, String stroke, String cls) {
        return "<line" + (cls == null ? "" : " class=\"" + cls + "\"") + " x1=\"" + fmt(x1) + "\" y1=\"" + fmt(y1)
                + "\" x2=\"" + fmt(x2) + "\" y2=\"" + fmt(y2) + "\" stroke=\"" + stroke + "\"/>";
    }

    private static String fmt(double v) {
        return Numbers.fixed(v, 1);
    }

    /** XML text escaping (for element content and attribute values). */
    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
