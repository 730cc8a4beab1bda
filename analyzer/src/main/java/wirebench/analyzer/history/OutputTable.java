package wirebench.analyzer.history;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import wirebench.contract.Json;
import wirebench.contract.Numbers;

/**
 * A table printed as aligned text, CSV (RFC 4180) or JSON (an array of objects). Numbers are
 * written with {@link Numbers#plain} (Locale.ROOT, no exponent); a missing value is {@code -} in
 * text, empty in CSV and {@code null} in JSON.
 */
public final class OutputTable {
    /** Output formats. */
    public enum Format { TEXT, CSV, JSON }

    private final List<String> columns;
    private final List<List<Object>> rows = new ArrayList<>();

    public OutputTable(List<String> columns) {
        this.columns = List.copyOf(columns);
    }

    public void add(List<Object> row) {
        rows.add(new ArrayList<>(row));
    }

    public int size() {
        return rows.size();
    }

    public List<String> columns() {
        return columns;
    }

    public List<List<Object>> rows() {
        return rows;
    }

    public String write(Format f) {
        return switch (f) {
            case CSV -> csv();
            case JSON -> Json.write(objects());
            default -> text();
        };
    }

    /** The rows as column-name to value maps. */
    public List<Object> objects() {
        List<Object> out = new ArrayList<>();
        for (List<Object> r : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                m.put(columns.get(i), r.get(i));
            }
            out.add(m);
        }
        return out;
    }

    static String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double) {
            double d = (Double) v;
            return Double.isFinite(d) ? Numbers.plain(d) : "";
        }
        return v.toString();
    }

    private String csv() {
        StringWriter w = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(w, CSVFormat.RFC4180.builder().setRecordSeparator("\n").get())) {
            p.printRecord(columns);
            for (List<Object> r : rows) {
                List<String> cells = new ArrayList<>();
                r.forEach(v -> cells.add(cell(v)));
                p.printRecord(cells);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }

    private String text() {
        int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = columns.get(i).length();
        }
        List<String[]> cells = new ArrayList<>();
        for (List<Object> r : rows) {
            String[] c = new String[columns.size()];
            for (int i = 0; i < c.length; i++) {
                String s = cell(r.get(i));
                c[i] = s.isEmpty() ? "-" : s.replace('\n', ' ');
                width[i] = Math.max(width[i], c[i].length());
            }
            cells.add(c);
        }
        StringBuilder sb = new StringBuilder();
        line(sb, columns.toArray(new String[0]), width);
        for (String[] c : cells) {
            line(sb, c, width);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String[] c, int[] width) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < c.length; i++) {
            if (i > 0) {
                l.append("  ");
            }
            l.append(c[i]);
            if (i + 1 < c.length) {
                l.append(" ".repeat(width[i] - c[i].length()));
            }
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }
}
