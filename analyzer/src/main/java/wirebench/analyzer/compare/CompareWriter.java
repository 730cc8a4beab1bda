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
            return "n/a";
        }
        return (d.deltaPct() >= 0 ? "+" : "") + Numbers.fixed(d.deltaPct(), 2) + "%";
    }

    /** "7.1 ±2%" for repetitions (half-width of the 95% interval of the median), "7.1" for one run. */
    static String value(double median, double[] ci, int n) {
        if (n < 2 || median == 0) {
            return num(median);
        }
        double half = Math.max(median - ci[0], ci[1] - median) / Math.abs(median) * 100;
        return num(median) + " ±" + Numbers.upTo(half, 0) + "%";
    }

    static String verdict(Comparison.Delta d) {
        return d.verdict() == null ? "" : d.verdict();
    }

    public static List<String> header() {
        return List.of("test point", "metric", "baseline", "candidate", "delta", "verdict", "note");
    }

    static List<List<String>> rows(Comparison.Result r) {
        List<List<String>> rows = new ArrayList<>();
        for (Comparison.Delta d : r.deltas()) {
            rows.add(List.of(d.point(), d.metric(), value(d.baselineMedian(), d.baselineCi(), d.baseline().length),
                    value(d.candidateMedian(), d.candidateCi(), d.candidate().length), delta(d), verdict(d), d.note()));
        }
        return rows;
    }

    public static String text(Comparison.Result r, List<String> gateLines) {
        StringBuilder sb = new StringBuilder();
        List<List<String>> all = new ArrayList<>();
        all.add(header());
        all.addAll(rows(r));
        int[] w = new int[header().size()];
        for (List<String> l : all) {
            for (int i = 0; i < l.size(); i++) {
                w[i] = Math.max(w[i], l.get(i).codePointCount(0, l.get(i).length()));
            }
        }
        for (List<String> l : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < l.size(); i++) {
                String s = l.get(i);
                int pad = w[i] - s.codePointCount(0, s.length());
                boolean right = i >= 2 && i <= 4;
                if (i > 0) {
                    line.append("  ");
                }
                line.append(right ? " ".repeat(pad) + s : s + (i == l.size() - 1 ? "" : " ".repeat(pad)));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        appendLists(sb, r, gateLines, "");
        return sb.toString();
    }

    public static String markdown(Comparison.Result r, List<String> gateLines) {
        StringBuilder sb = new StringBuilder();
        sb.append("| ").append(String.join(" | ", header())).append(" |\n");
        sb.append("| --- | --- | ---: | ---: | ---: | --- | --- |\n");
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
                + "baseline_ci_low,baseline_ci_high,candidate_ci_low,candidate_ci_high,delta_pct,p_value,verdict\n");
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
        m.put("delta_pct", d.deltaPct());
        m.put("p_value", d.pValue());
        m.put("verdict", d.verdict());
        m.put("note", d.note());
        return m;
    }

    private static void appendLists(StringBuilder sb, Comparison.Result r, List<String> gateLines, String bullet) {
        if (!r.onlyInBaseline().isEmpty()) {
            sb.append("\nonly in baseline (not compared):\n");
            r.onlyInBaseline().forEach(p -> sb.append(bullet.isEmpty() ? "  " : bullet).append(p).append('\n'));
        }
        if (!r.onlyInCandidate().isEmpty()) {
            sb.append("\nonly in candidate (not compared):\n");
            r.onlyInCandidate().forEach(p -> sb.append(bullet.isEmpty() ? "  " : bullet).append(p).append('\n'));
        }
        if (!r.notes().isEmpty()) {
            sb.append('\n');
            r.notes().forEach(n -> sb.append(bullet.isEmpty() ? "note: " : bullet).append(n).append('\n'));
        }
        if (!gateLines.isEmpty()) {
            sb.append('\n');
            gateLines.forEach(g -> sb.append(bullet.isEmpty() ? "" : bullet).append(g).append('\n'));
        }
    }
}
