package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.contract.CsvCells;
import wirebench.contract.Json;
import wirebench.contract.Numbers;

/** Writes a comparison as aligned text (like benchstat), Markdown, CSV or JSON. */
public final class CompareWriter {
    private CompareWriter() {
    }

    /** A number as people read it: up to 3 decimals, 4 significant digits for large values. */
    static String num(double v) {
        if (Math.abs(v) >= 1000) {
            return Numbers.upTo(v, 1);
        }
        return Numbers.upTo(v, 3);
    }

    /** The delta as in the tables, for messages. */
    public static String csvDelta(Comparison.Delta d) {
        return delta(d);
    }

    static String delta(Comparison.Delta d) {
        if (d.deltaPct() == null) {
            // a zero baseline has no percentage: the absolute change, said so
            double abs = d.candidateMedian() - d.baselineMedian();
            return (abs >= 0 ? "+" : "") + num(abs) + " from 0";
        }
        return (d.deltaPct() >= 0 ? "+" : "") + Numbers.fixed(d.deltaPct(), 2) + "%";
    }

    /**
     * "7.1 ±2%" (half-width of the 95% interval of the median) from 6 repetitions on, "7.1 range
     * 6.9..7.4" for 2 to 5 (no order-statistic pair reaches 95% there), "7.1" for one run.
     */
    static String value(double median, double[] ci, int n) {
        if (n < 2) {
            return num(median);
        }
        if (!MedianInterval.hasCoverage(n)) {
            return num(median) + " range " + num(ci[0]) + ".." + num(ci[1]);
        }
        if (median == 0) {
            return num(median);
        }
        double half = Math.max(median - ci[0], ci[1] - median) / Math.abs(median) * 100;
        return num(median) + " ±" + Numbers.upTo(half, 0) + "%";
    }

    static String verdict(Comparison.Delta d) {
        return d.verdict() == null ? "" : d.verdict();
    }

    public static List<String> header() {
        return List.of("test point", "metric", "baseline", "candidate", "delta", "verdict", "method", "note");
    }

    static List<List<String>> rows(Comparison.Result r) {
        List<List<String>> rows = new ArrayList<>();
        for (Comparison.Delta d : r.deltas()) {
            rows.add(List.of(d.point(), d.metric(), value(d.baselineMedian(), d.baselineCi(), d.baseline().length),
                    value(d.candidateMedian(), d.candidateCi(), d.candidate().length), delta(d), verdict(d), d.method(),
                    d.note()));
        }
        return rows;
    }

    /** Width of the text output: every line fits in a 120-column terminal. */
    public static final int TEXT_COLUMNS = 120;

    /** How many deltas have each verdict, in the order worse, better, unchanged, not testable. */
    public record Counts(int worse, int better, int unchanged, int untestable) {
        /** {@code 2 worse, 1 better, 37 unchanged, 12 not testable}. */
        @Override
        public String toString() {
            return worse + " worse, " + better + " better, " + unchanged + " unchanged, " + untestable
                    + " not testable";
        }
    }

    /** The verdict counts of a comparison: significant worse/better, tested without change, untested. */
    public static Counts counts(Comparison.Result r) {
        int worse = 0;
        int better = 0;
        int same = 0;
        int untested = 0;
        for (Comparison.Delta d : r.deltas()) {
            switch (cls(d)) {
                case "worse" -> worse++;
                case "better" -> better++;
                case "same" -> same++;
                default -> untested++;
            }
        }
        return new Counts(worse, better, same, untested);
    }

    /** A delta's class: worse, better (significant), same (tested, no change) or untested. */
    public static String cls(Comparison.Delta d) {
        if (d.significant()) {
            return d.verdict();
        }
        return d.pValue() == null ? "untested" : "same";
    }

    /**
     * Text like benchstat's: the verdict counts first, then per test point one header line and one
     * indented line per metric (metric, baseline, candidate, delta, verdict, note), aligned over
     * the whole output and never wider than {@link #TEXT_COLUMNS}; a long point or note wraps.
     */
    public static String text(Comparison.Result r, List<String> gateLines) {
        StringBuilder sb = new StringBuilder();
        sb.append(counts(r)).append('\n');
        List<String> head = List.of("metric", "baseline", "candidate", "delta", "verdict", "method", "note");
        Map<String, List<List<String>>> byPoint = new LinkedHashMap<>();
        int[] w = new int[head.size()];
        measure(w, head);
        for (Comparison.Delta d : r.deltas()) {
            List<String> l = List.of(d.metric(), value(d.baselineMedian(), d.baselineCi(), d.baseline().length),
                    value(d.candidateMedian(), d.candidateCi(), d.candidate().length), delta(d), verdict(d),
                    d.method(), d.note() == null ? "" : d.note());
            measure(w, l);
            byPoint.computeIfAbsent(d.point(), k -> new ArrayList<>()).add(l);
        }
        int indent = 2;
        int fixed = indent;
        for (int i = 0; i < w.length - 1; i++) {
            fixed += w[i] + 2;
        }
        // with long methods and values the note has too little room beside them: it goes under its line
        int noteWidth = TEXT_COLUMNS - fixed >= MIN_NOTE_COLUMNS ? TEXT_COLUMNS - fixed : 0;
        sb.append(KeyMetricsWriter.text(KeyMetrics.tables(r)));
        if (!byPoint.isEmpty()) {
            sb.append("\nall metrics\n").append(line(head, w, indent, noteWidth));
        }
        for (Map.Entry<String, List<List<String>>> e : byPoint.entrySet()) {
            wrap(sb, e.getKey(), "", "    ", TEXT_COLUMNS);
            for (List<String> l : e.getValue()) {
                sb.append(line(l, w, indent, noteWidth));
            }
        }
        appendLists(sb, r, gateLines, "");
        return sb.toString();
    }

    private static void measure(int[] w, List<String> l) {
        for (int i = 0; i < l.size() - 1; i++) {
            w[i] = Math.max(w[i], width(l.get(i)));
        }
    }

    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    /** The narrowest note column beside the values; narrower, notes go on lines of their own. */
    private static final int MIN_NOTE_COLUMNS = 30;

    /**
     * One metric line: numbers right-aligned, text left, the note wrapped under itself (or, with
     * {@code noteWidth} 0, on lines of its own below, indented).
     */
    private static String line(List<String> l, int[] w, int indent, int noteWidth) {
        StringBuilder line = new StringBuilder(" ".repeat(indent));
        for (int i = 0; i < l.size() - 1; i++) {
            String s = l.get(i);
            int pad = w[i] - width(s);
            boolean right = i >= 1 && i <= 3;
            line.append(right ? " ".repeat(pad) + s : s + " ".repeat(pad)).append("  ");
        }
        StringBuilder out = new StringBuilder();
        if (noteWidth == 0) {
            out.append(line.toString().stripTrailing()).append('\n');
            String note = l.get(l.size() - 1);
            if (!note.isEmpty()) {
                String under = " ".repeat(indent + 4);
                wrap(out, note, under, under, TEXT_COLUMNS);
            }
            return out.toString();
        }
        wrap(out, line + l.get(l.size() - 1), "", " ".repeat(line.length()), line.length() + noteWidth);
        return out.toString();
    }

    /** Appends {@code text} broken at spaces into lines of at most {@code max} columns. */
    private static void wrap(StringBuilder sb, String text, String first, String rest, int max) {
        String prefix = first;
        String s = text.stripTrailing();
        while (width(prefix) + width(s) > max) {
            int room = max - width(prefix);
            int cut = s.lastIndexOf(' ', room);
            if (cut <= s.length() - s.stripLeading().length()) {
                cut = room;
            }
            sb.append(prefix).append(s, 0, cut).append('\n');
            s = s.substring(cut).strip();
            prefix = rest;
        }
        sb.append(prefix).append(s).append('\n');
    }

    public static String markdown(Comparison.Result r, List<String> gateLines) {
        StringBuilder sb = new StringBuilder();
        List<KeyMetrics.Table> keys = KeyMetrics.tables(r);
        if (!keys.isEmpty()) {
            sb.append(counts(r)).append('\n').append(KeyMetricsWriter.markdown(keys)).append("**all metrics**\n\n");
        }
        sb.append("| ").append(String.join(" | ", header())).append(" |\n");
        sb.append("| --- | --- | ---: | ---: | ---: | --- | --- | --- |\n");
        for (List<String> row : rows(r)) {
            List<String> esc = new ArrayList<>();
            row.forEach(c -> esc.add(c.replace("|", "\\|").replace("<", "&lt;")));
            sb.append("| ").append(String.join(" | ", esc)).append(" |\n");
        }
        appendLists(sb, r, gateLines, "- ");
        return sb.toString();
    }

    public static String csv(Comparison.Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append("point,kind,metric,direction,n_baseline,n_candidate,baseline_median,candidate_median,"
                + "baseline_ci_low,baseline_ci_high,candidate_ci_low,candidate_ci_high,delta_pct,p_value,verdict,method\n");
        for (Comparison.Delta d : r.deltas()) {
            List<String> f = new ArrayList<>();
            f.add(CsvCells.text(d.point()));
            f.add(d.kind() == null ? "" : d.kind().id());
            f.add(CsvCells.text(d.metric()));
            f.add(d.direction().name().toLowerCase(java.util.Locale.ROOT));
            f.add(Integer.toString(d.baseline().length));
            f.add(Integer.toString(d.candidate().length));
            f.add(Numbers.plain(d.baselineMedian()));
            f.add(Numbers.plain(d.candidateMedian()));
            f.add(Numbers.plain(d.baselineCi()[0]));
            f.add(Numbers.plain(d.baselineCi()[1]));
            f.add(Numbers.plain(d.candidateCi()[0]));
            f.add(Numbers.plain(d.candidateCi()[1]));
            f.add(d.deltaPct() == null ? "" : Numbers.plain(d.deltaPct()));
            f.add(d.pValue() == null ? "" : Numbers.plain(d.pValue()));
            f.add(CsvCells.text(d.verdict()));
            f.add(CsvCells.text(d.method()));
            sb.append(String.join(",", f)).append('\n');
        }
        return sb.toString();
    }

    public static String json(Comparison.Result r, List<String> gateLines, boolean failed) {
        Map<String, Object> doc = new LinkedHashMap<>();
        List<Object> ds = new ArrayList<>();
        for (Comparison.Delta d : r.deltas()) {
            ds.add(deltaMap(d));
        }
        Counts n = counts(r);
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("worse", n.worse());
        counts.put("better", n.better());
        counts.put("unchanged", n.unchanged());
        counts.put("not_testable", n.untestable());
        doc.put("verdict_counts", counts);
        doc.put("deltas", ds);
        doc.put("only_in_baseline", r.onlyInBaseline());
        doc.put("only_in_candidate", r.onlyInCandidate());
        doc.put("notes", r.notes());
        doc.put("gates", gateLines);
        doc.put("failed", failed);
        return Json.write(doc);
    }

    /** One delta as a JSON-ready map. */
    public static Map<String, Object> deltaMap(Comparison.Delta d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("point", d.point());
        m.put("kind", d.kind() == null ? null : d.kind().id());
        m.put("metric", d.metric());
        m.put("direction", d.direction().name().toLowerCase(java.util.Locale.ROOT));
        m.put("n_baseline", d.baseline().length);
        m.put("n_candidate", d.candidate().length);
        m.put("baseline_median", d.baselineMedian());
        m.put("candidate_median", d.candidateMedian());
        m.put("baseline_ci", List.of(d.baselineCi()[0], d.baselineCi()[1]));
        m.put("candidate_ci", List.of(d.candidateCi()[0], d.candidateCi()[1]));
        m.put("baseline_ci_kind", intervalKind(d.baseline().length));
        m.put("candidate_ci_kind", intervalKind(d.candidate().length));
        m.put("delta_pct", d.deltaPct());
        m.put("p_value", d.pValue());
        m.put("verdict", d.verdict());
        m.put("method", d.method());
        m.put("note", d.note());
        return m;
    }

    /** What a {@code *_ci} pair of n values is: a 95% interval of the median, or only the range. */
    private static String intervalKind(int n) {
        return MedianInterval.hasCoverage(n) ? "ci95" : "range";
    }

    private static void appendLists(StringBuilder sb, Comparison.Result r, List<String> gateLines, String bullet) {
        boolean text = bullet.isEmpty();
        if (!r.onlyInBaseline().isEmpty()) {
            sb.append("\nonly in baseline (not compared):\n");
            r.onlyInBaseline().forEach(p -> item(sb, text, text ? "  " : bullet, p));
        }
        if (!r.onlyInCandidate().isEmpty()) {
            sb.append("\nonly in candidate (not compared):\n");
            r.onlyInCandidate().forEach(p -> item(sb, text, text ? "  " : bullet, p));
        }
        if (!r.notes().isEmpty()) {
            sb.append('\n');
            r.notes().forEach(n -> item(sb, text, text ? "note: " : bullet, n));
        }
        if (!gateLines.isEmpty()) {
            sb.append('\n');
            gateLines.forEach(g -> item(sb, text, bullet, g));
        }
    }

    /** One list item: wrapped to the text width in text, one line in Markdown. */
    private static void item(StringBuilder sb, boolean text, String bullet, String s) {
        if (text) {
            wrap(sb, s, bullet, " ".repeat(Math.max(bullet.length(), 2) + 2), TEXT_COLUMNS);
        } else {
            sb.append(bullet).append(s).append('\n');
        }
    }
}
