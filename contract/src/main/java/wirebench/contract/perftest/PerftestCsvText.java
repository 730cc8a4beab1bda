package wirebench.contract.perftest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import wirebench.contract.Numbers;

/**
 * The text rules of RTI Perftest's CSV lines: splitting into fields, telling a data row from noise
 * (stderr lines of a {@code 2>&1} capture, {@code -cacheStats}), Perftest's fixed-width padding, the
 * trailing commas a spreadsheet adds, and a decimal comma (the Java printer in a non-English locale).
 */
public final class PerftestCsvText {
    private static final Pattern DECIMALS_ONLY = Pattern.compile("\\d{1,3}");

    private PerftestCsvText() {
    }

    /** The fields of a line, each stripped; an empty last field is kept (a row cut after a comma). */
    public static List<String> split(String line) {
        String[] parts = line.split(",", -1);
        List<String> out = new ArrayList<>(parts.length);
        for (String p : parts) {
            out.add(p.strip());
        }
        return out;
    }

    /** {@code s} without the commas (and blanks) a spreadsheet appends to every line it saves. */
    public static String trimTrailingCommas(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ',' || s.charAt(end - 1) == ' ')) {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * Whether a header-less row has Perftest's fixed-width layout: every field right-aligned with
     * leading blanks ({@code %14d,%13lu,...}), so that other tools' plain CSV is not taken for it.
     */
    public static boolean padded(String raw) {
        String[] parts = raw.split(",", -1);
        for (String p : parts) {
            if (!p.startsWith(" ")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a line is a data row and not noise: at least two fields, all numbers (or blank) but
     * at most one, which holds no colon (stderr and {@code -cacheStats} lines have colons); the
     * first field a number unless the row has the width of a Perftest row.
     */
    public static boolean isCandidate(List<String> fields) {
        if (fields.size() < 2) {
            return false;
        }
        int bad = 0;
        for (String f : fields) {
            if (!f.isEmpty() && Numbers.parseOrNull(f) == null) {
                if (f.contains(":") || f.contains("(") || f.contains("=")) {
                    return false;
                }
                bad++;
            }
        }
        if (bad > 1) {
            return false;
        }
        boolean firstIsNumber = Numbers.parseOrNull(fields.get(0)) != null;
        return firstIsNumber || fields.size() >= 6;
    }

    /**
     * The index of a field that looks like the decimals of a number written with a decimal comma
     * (1 to 3 digits, no padding; Perftest pads every field after the first to its width), or 0.
     * A row without any padded field is not a printer's row (a spreadsheet re-saved it): 0.
     */
    public static int decimalComma(String stripped) {
        String[] raw = stripped.split(",", -1);
        boolean padding = false;
        for (int i = 1; i < raw.length; i++) {
            padding |= raw[i].startsWith(" ");
        }
        if (!padding) {
            // no field is padded: not a printer's fixed-width row (a spreadsheet re-saved it)
            return 0;
        }
        for (int i = 1; i < raw.length; i++) {
            if (DECIMALS_ONLY.matcher(raw[i]).matches()) {
                return i;
            }
        }
        return 0;
    }

    /** A line as an error message quotes it: stripped, at most 60 characters. */
    public static String abbreviate(String line) {
        String s = line.strip();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
