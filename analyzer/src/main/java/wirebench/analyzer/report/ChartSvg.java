package wirebench.analyzer.report;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.util.Locale;
import java.util.function.Function;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.svg.PreserveAspectRatio;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.ViewBox;

/**
 * A JFreeChart drawn to SVG text for inlining in a self-contained page: text as {@code <text>}
 * elements (XML-escaped by JFreeSVG), an id prefix per chart so that several charts in one page do
 * not share clip paths, a {@code viewBox} so it scales with the page, and one invisible hover
 * target per drawn item whose SVG {@code <title>} is its tooltip (no script).
 */
public final class ChartSvg {
    private ChartSvg() {
    }

    /**
     * Draws {@code chart} at {@code width} x {@code height} CSS pixels.
     *
     * @param id      unique in the page (prefix of the chart's definitions)
     * @param tooltip the tooltip text of an entity, or null for none
     */
    public static String render(JFreeChart chart, String id, int width, int height,
            Function<ChartEntity, String> tooltip) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        g.setDefsKeyPrefix(id + "_");
        // text as <text> elements, not glyph outlines: smaller, selectable, readable by tests
        g.setRenderingHint(SVGHints.KEY_DRAW_STRING_TYPE, SVGHints.VALUE_DRAW_STRING_TYPE_STANDARD);
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle(0, 0, width, height), info);
        String svg = g.getSVGElement(id, false, new ViewBox(0, 0, width, height), PreserveAspectRatio.XMID_YMID, null);
        return svg.substring(0, svg.lastIndexOf("</svg>")) + tooltips(info, tooltip) + "</svg>";
    }

    /** One invisible hover target per entity with a tooltip, over the entity's own area. */
    private static String tooltips(ChartRenderingInfo info, Function<ChartEntity, String> tooltip) {
        StringBuilder sb = new StringBuilder("<g class='wb-points' style='fill:#000;fill-opacity:0;stroke:none'>");
        for (Object o : info.getEntityCollection().getEntities()) {
            ChartEntity e = (ChartEntity) o;
            String text = tooltip.apply(e);
            if (text == null) {
                continue;
            }
            Rectangle2D b = e.getArea().getBounds2D();
            sb.append(String.format(Locale.ROOT, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f'><title>",
                    b.getX(), b.getY(), Math.max(b.getWidth(), 1), Math.max(b.getHeight(), 1)))
                    .append(xml(text)).append("</title></rect>");
        }
        return sb.append("</g>").toString();
    }

    /** A value as exactly as it is known: up to 6 decimals, no grouping. */
    public static String exact(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(10)).setScale(6,
                java.math.RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }

    static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;")
                .replace("\"", "&quot;");
    }

    /** The percentile of x = 1/(1-p): {@code 99.9%}. */
    static String percentileLabel(double x) {
        double p = 100.0 * (1.0 - 1.0 / x);
        return new java.math.BigDecimal(p).round(new java.math.MathContext(8)).stripTrailingZeros().toPlainString()
                + "%";
    }
}
