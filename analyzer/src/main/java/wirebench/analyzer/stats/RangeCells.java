package wirebench.analyzer.stats;

import java.util.ArrayList;
import java.util.List;

import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/**
 * How a table of grouped repetitions ({@link Repetitions}) is shown to people: each measure as
 * {@code median (min–max)} in one cell, the {@code _min}/{@code _max} columns folded into it. Machine
 * formats (CSV, JSON) keep the separate columns. Tables that are not grouped show as they are.
 */
public final class RangeCells {
    private RangeCells() {
    }

    /** Whether {@code t} holds grouped repetitions. */
    public static boolean grouped(ResultTable t) {
        return t.context().containsKey(Repetitions.AGGREGATE);
    }

    /** The columns people see: not those constant over the table (in the title), not the range columns. */
    public static List<String> shownColumns(ResultTable t) {
        List<String> out = new ArrayList<>();
        for (String c : t.columns()) {
            if (!t.context().containsKey(c) && !isRange(t, c)) {
                out.add(c);
            }
        }
        return out;
    }

    private static boolean isRange(ResultTable t, String c) {
        if (!grouped(t)) {
            return false;
        }
        for (String suffix : List.of(Repetitions.MIN, Repetitions.MAX)) {
            if (c.endsWith(suffix) && t.columns().contains(c.substring(0, c.length() - suffix.length()))) {
                return true;
            }
        }
        return false;
    }

    /** The cell of {@code column}: its display value, and the range when the point has several repetitions. */
    public static String cell(ResultTable t, Row r, String column) {
        String v = ColumnLabels.display(t.kind(), column, r.get(column));
        if (!grouped(t) || r.get(column) == null || !t.columns().contains(column + Repetitions.MIN)) {
            return v;
        }
        Double n = r.number(Repetitions.N);
        if (n == null || n < 2) {
            return v;
        }
        return v + " (" + ColumnLabels.display(t.kind(), column, r.get(column + Repetitions.MIN)) + "–"
                + ColumnLabels.display(t.kind(), column, r.get(column + Repetitions.MAX)) + ")";
    }
}
