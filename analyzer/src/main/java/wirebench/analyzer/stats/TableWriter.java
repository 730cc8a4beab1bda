package wirebench.analyzer.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.contract.CsvCells;
import wirebench.contract.Json;

/** Writes tables as aligned text, Markdown, CSV or JSON (the {@code stats --format} contract). */
public final class TableWriter {

    /** The output formats of {@code stats}. */
    public enum Format { TEXT, MARKDOWN, CSV, JSON }

    private TableWriter() {
    }

    /** All tables and warnings in {@code format}. Text, Markdown and CSV carry warnings as notes. */
    public static String write(Format format, List<ResultTable> tables, List<Warning> warnings) {
        switch (format) {
            case JSON: return json(tables, warnings);
            case CSV: return csv(tables, warnings);
            case MARKDOWN: return markdown(tables, warnings);
            default: return text(tables, warnings);
        }
    }

    /**
     * The columns shown to people: key columns constant over the table are in the title instead, and
     * the range columns of grouped repetitions are folded into their measure's cell.
     */
    static List<String> shownColumns(ResultTable t) {
        return RangeCells.shownColumns(t);
    }

    /** e.g. {@code sample-data/x.csv: latency [perftest-csv-4.x, role=publisher]}. */
    static String title(ResultTable t) {
        List<String> ctx = new ArrayList<>();
        for (Map.Entry<String, String> e : t.context().entrySet()) {
            ctx.add(e.getKey().equals("format") ? e.getValue() : e.getKey() + "=" + e.getValue());
        }
        return t.source() + ": " + t.kind().id() + (ctx.isEmpty() ? "" : " [" + String.join(", ", ctx) + "]");
    }

    static String text(List<ResultTable> tables, List<Warning> warnings) {
        return withWarnings(tables, TableWriter::textTable, warnings, "warning: ");
    }

    static String markdown(List<ResultTable> tables, List<Warning> warnings) {
        StringBuilder sb = new StringBuilder();
        forEachTable(tables, sb, t -> markdownTable(sb, t));
        if (!warnings.isEmpty()) {
            sb.append("\n**Warnings**\n\n");
            for (Warning w : warnings) {
                sb.append("- ").append(escapeMd(w.format())).append('\n');
            }
        }
        return sb.toString();
    }

    static String csv(List<ResultTable> tables, List<Warning> warnings) {
        return withWarnings(tables, TableWriter::csvTable, warnings, "# warning: ");
    }

    static String json(List<ResultTable> tables, List<Warning> warnings) {
        List<Object> ts = new ArrayList<>();
        for (ResultTable t : tables) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("source", t.source());
            m.put("kind", t.kind().id());
            m.put("context", t.context());
            List<Object> rows = new ArrayList<>();
            for (Row r : t.rows()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (String c : t.columns()) {
                    row.put(c, r.get(c));
                }
                rows.add(row);
            }
            m.put("rows", rows);
            ts.add(m);
        }
        List<Object> ws = new ArrayList<>();
        for (Warning w : warnings) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("source", w.source());
            m.put("line", w.line() > 0 ? w.line() : null);
            m.put("message", w.message());
            ws.add(m);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tables", ts);
        doc.put("warnings", ws);
        return Json.write(doc);
    }

    /** One table as aligned text: its title, a header of labels, right-aligned cells. */
    private static void textTable(StringBuilder sb, ResultTable t) {
        sb.append(title(t)).append('\n');
        List<String> cols = shownColumns(t);
        List<List<String>> cells = new ArrayList<>();
        List<String> head = new ArrayList<>();
        cols.forEach(c -> head.add(ColumnLabels.label(t.kind(), c)));
        cells.add(head);
        for (Row r : t.rows()) {
            List<String> line = new ArrayList<>();
            cols.forEach(c -> line.add(RangeCells.cell(t, r, c)));
            cells.add(line);
        }
        int[] w = new int[cols.size()];
        for (List<String> line : cells) {
            for (int i = 0; i < line.size(); i++) {
                w[i] = Math.max(w[i], line.get(i).codePointCount(0, line.get(i).length()));
            }
        }
        for (List<String> line : cells) {
            StringBuilder l = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                String s = line.get(i);
                int len = s.codePointCount(0, s.length());
                l.append(i == 0 ? "" : "  ").append(" ".repeat(w[i] - len)).append(s);
            }
            sb.append(l).append('\n');
        }
        if (t.rows().isEmpty()) {
            sb.append("(no rows)\n");
        }
    }

    /** One table as Markdown: a level-3 title and a pipe table. */
    private static void markdownTable(StringBuilder sb, ResultTable t) {
        sb.append("### ").append(escapeMd(title(t))).append("\n\n");
        List<String> cols = shownColumns(t);
        sb.append('|');
        cols.forEach(c -> sb.append(' ').append(escapeMd(ColumnLabels.label(t.kind(), c))).append(" |"));
        sb.append("\n|");
        cols.forEach(c -> sb.append(" ---: |"));
        sb.append('\n');
        for (Row r : t.rows()) {
            sb.append('|');
            cols.forEach(c -> sb.append(' ').append(escapeMd(RangeCells.cell(t, r, c))).append(" |"));
            sb.append('\n');
        }
    }

    /** One table as CSV: a {@code #} title line, the column names, the rows. */
    private static void csvTable(StringBuilder sb, ResultTable t) {
        sb.append("# ").append(title(t).replace('\n', ' ')).append('\n');
        List<String> names = new ArrayList<>();
        t.columns().forEach(c -> names.add(CsvCells.text(c)));
        sb.append(String.join(",", names)).append('\n');
        for (Row r : t.rows()) {
            List<String> f = new ArrayList<>();
            for (String c : t.columns()) {
                // text cells neutralised against formula injection, numbers plain (CsvCells)
                f.add(CsvCells.field(r.get(c)));
            }
            sb.append(String.join(",", f)).append('\n');
        }
    }

    /** The tables through {@code table}, then the warnings as lines starting with {@code prefix}. */
    private static String withWarnings(List<ResultTable> tables, BiConsumer<StringBuilder, ResultTable> table,
            List<Warning> warnings, String prefix) {
        StringBuilder sb = new StringBuilder();
        forEachTable(tables, sb, t -> table.accept(sb, t));
        appendWarnings(sb, warnings, prefix);
        return sb.toString();
    }

    /** Appends each table through {@code table}, a blank line between two. */
    private static void forEachTable(List<ResultTable> tables, StringBuilder sb, Consumer<ResultTable> table) {
        for (ResultTable t : tables) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            table.accept(t);
        }
    }

    private static void appendWarnings(StringBuilder sb, List<Warning> warnings, String prefix) {
        if (warnings.isEmpty()) {
            return;
        }
        sb.append('\n');
        for (Warning w : warnings) {
            sb.append(prefix).append(w.format()).append('\n');
        }
    }

    private static String escapeMd(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
    }
}
