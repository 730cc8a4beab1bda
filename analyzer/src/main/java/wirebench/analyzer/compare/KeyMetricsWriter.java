package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.contract.Numbers;

/**
 * Writes the key-metric tables ({@link KeyMetrics}) as text (within {@link CompareWriter#TEXT_COLUMNS}
 * columns: metric columns that do not fit continue in a second table below) and Markdown.
 */
public final class KeyMetricsWriter {
    private KeyMetricsWriter() {
    }

    /** A number in few characters: {@code 10.03}, {@code 153.2}, {@code 12.3k}, {@code 1.23M}. */
    static String brief(double v) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return Numbers.upTo(v / 1e6, a >= 1e8 ? 0 : a >= 1e7 ? 1 : 2) + "M";
        }
        if (a >= 1e4) {
            return Numbers.upTo(v / 1e3, a >= 1e5 ? 0 : 1) + "k";
        }
        return Numbers.upTo(v, a >= 1000 ? 0 : a >= 100 ? 1 : 2);
    }

    /** One cell: {@code 10.03→11.2 +11.7% worse}; empty when the point lacks the metric. */
    public static String cell(Comparison.Delta d) {
        if (d == null) {
            return "";
        }
        String v = d.verdict() == null ? "" : " " + d.verdict();
        return brief(d.baselineMedian()) + "→" + brief(d.candidateMedian()) + " " + CompareWriter.delta(d) + v;
    }

    /** Which method gave the verdicts of each metric of a table: {@code interval bootstrap: p50_us, p99_us}. */
    public static List<String> methods(KeyMetrics.Table t) {
        Map<String, Set<String>> by = new LinkedHashMap<>();
        for (KeyMetrics.Row r : t.rows()) {
            for (int i = 0; i < r.cells().size(); i++) {
                Comparison.Delta d = r.cells().get(i);
                if (d != null) {
                    by.computeIfAbsent(d.method(), k -> new LinkedHashSet<>()).add(t.metrics().get(i));
                }
            }
        }
        List<String> out = new ArrayList<>();
        by.forEach((m, ms) -> out.add(m + ": " + String.join(", ", ms)));
        return out;
    }

    /** The tables as aligned text, each headed by its kind; every line within the text width. */
    public static String text(List<KeyMetrics.Table> tables) {
        StringBuilder sb = new StringBuilder();
        for (KeyMetrics.Table t : tables) {
            sb.append('\n').append(t.kind().id()).append(" (baseline→candidate, delta, verdict)\n");
            List<List<String>> rows = new ArrayList<>();
            for (KeyMetrics.Row r : t.rows()) {
                List<String> l = new ArrayList<>();
                l.add(r.label());
                r.cells().forEach(d -> l.add(cell(d)));
                rows.add(l);
            }
            List<String> head = new ArrayList<>();
            head.add("point");
            head.addAll(t.metrics());
            int[] w = new int[head.size()];
            measure(w, head);
            rows.forEach(l -> measure(w, l));
            // columns in chunks that fit: the label column, then as many metric columns as fit
            int from = 1;
            while (from < head.size()) {
                int width = 2 + w[0];
                int to = from;
                while (to < head.size() && (to == from || width + 2 + w[to] <= CompareWriter.TEXT_COLUMNS)) {
                    width += 2 + w[to];
                    to++;
                }
                line(sb, head, w, from, to);
                for (List<String> l : rows) {
                    line(sb, l, w, from, to);
                }
                from = to;
            }
            for (String m : methods(t)) {
                sb.append("  method ").append(m).append('\n');
            }
        }
        return sb.toString();
    }

    private static void measure(int[] w, List<String> l) {
        for (int i = 0; i < l.size(); i++) {
            w[i] = Math.max(w[i], l.get(i).codePointCount(0, l.get(i).length()));
        }
    }

    private static void line(StringBuilder sb, List<String> l, int[] w, int from, int to) {
        StringBuilder line = new StringBuilder("  ");
        String label = l.get(0);
        int labelWidth = Math.min(w[0], CompareWriter.TEXT_COLUMNS - 4);
        line.append(label).append(" ".repeat(Math.max(0, labelWidth - label.codePointCount(0, label.length()))));
        for (int i = from; i < to; i++) {
            String s = l.get(i);
            line.append("  ").append(s).append(" ".repeat(w[i] - s.codePointCount(0, s.length())));
        }
        sb.append(line.toString().stripTrailing()).append('\n');
    }

    /** The tables in Markdown, one per kind. */
    public static String markdown(List<KeyMetrics.Table> tables) {
        StringBuilder sb = new StringBuilder();
        for (KeyMetrics.Table t : tables) {
            sb.append("\n**").append(t.kind().id()).append("** (baseline→candidate, delta, verdict)\n\n");
            sb.append("| point | ").append(String.join(" | ", t.metrics())).append(" |\n|");
            sb.append(" --- |".repeat(t.metrics().size() + 1)).append('\n');
            for (KeyMetrics.Row r : t.rows()) {
                sb.append("| ").append(esc(r.label()));
                r.cells().forEach(d -> sb.append(" | ").append(esc(cell(d))));
                sb.append(" |\n");
            }
            sb.append('\n');
            methods(t).forEach(m -> sb.append("- method ").append(esc(m)).append('\n'));
        }
        return sb.append('\n').toString();
    }

    private static String esc(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;");
    }
}
