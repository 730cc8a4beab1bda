package wirebench.contract;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.QuoteMode;

/**
 * The cells of every CSV file wirebench writes (results families, {@code stats --format csv},
 * {@code convert}, compare's CSV): numbers as {@link Numbers#plain} text, text quoted as RFC 4180
 * needs (commons-csv, minimal quoting) and neutralised against formula injection.
 *
 * <p>Formula neutralisation (OWASP's rule for CSV injection): a <em>text</em> cell that starts with
 * {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return gets a {@code '} in front,
 * so a spreadsheet shows it as text instead of evaluating it. So that every text reads back
 * exactly, a text that starts with {@code '} followed by one of those characters or by another
 * {@code '} gets the prefix too, and {@link #unneutralise} removes one {@code '} from exactly the
 * cells that start that way. Numbers ({@code -0.5} in a numeric column) are never prefixed.
 */
public final class CsvCells {
    /** The format of every wirebench CSV file: commas, double quotes, minimal quoting, {@code \n} rows. */
    public static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
            .setRecordSeparator('\n')
            .setQuoteMode(QuoteMode.MINIMAL)
            .get();

    /** The character put in front of a text that a spreadsheet would evaluate. */
    public static final char FORMULA_PREFIX = '\'';

    private static final String TRIGGERS = "=+-@\t\r";

    private CsvCells() {
    }

    /** Whether a spreadsheet would take {@code text} (as a cell) for a formula: OWASP's first characters. */
    public static boolean looksLikeFormula(String text) {
        return !text.isEmpty() && TRIGGERS.indexOf(text.charAt(0)) >= 0;
    }

    /** {@code text} with the formula prefix where it needs one (see the class comment); unquoted. */
    public static String neutralise(String text) {
        if (looksLikeFormula(text) || hasPrefix(text)) {
            return FORMULA_PREFIX + text;
        }
        return text;
    }

    /** The text a neutralised cell stands for: one leading {@code '} removed where {@link #neutralise} added it. */
    public static String unneutralise(String cell) {
        return hasPrefix(cell) ? cell.substring(1) : cell;
    }

    private static boolean hasPrefix(String s) {
        return s.length() > 1 && s.charAt(0) == FORMULA_PREFIX
                && (TRIGGERS.indexOf(s.charAt(1)) >= 0 || s.charAt(1) == FORMULA_PREFIX);
    }

    /**
     * The unquoted cell of a value: null as the empty cell, a Double or Float as
     * {@link Numbers#plain} (NaN and infinities empty: missing), any other Number as its integer
     * text, anything else as neutralised text.
     */
    public static String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double || v instanceof Float) {
            return Numbers.plain(((Number) v).doubleValue());
        }
        if (v instanceof Number) {
            return v.toString();
        }
        return neutralise(v.toString());
    }

    /** {@link #cell} of {@code v}, quoted for a line of CSV where it needs quotes. */
    public static String field(Object v) {
        return quote(cell(v));
    }

    /** A neutralised text field, quoted where it needs quotes. */
    public static String text(String s) {
        return s == null ? "" : quote(neutralise(s));
    }

    /**
     * {@code cell} as one CSV field, quoted by commons-csv's minimal rule: when it holds a comma,
     * quote or line end, or starts with a blank, a control character or {@code #}.
     */
    public static String quote(String cell) {
        return cell.isEmpty() ? "" : FORMAT.format(cell);
    }
}
