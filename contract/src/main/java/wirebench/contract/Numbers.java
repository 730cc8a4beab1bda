package wirebench.contract;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Locale-independent number reading and writing. Every number wirebench writes goes through here
 * or through {@link Locale#ROOT}.
 *
 * <p>NaN policy (docs/results-format.md): a value that is not a finite number (NaN, an infinity)
 * is <em>missing</em>. {@link #plain} and {@link #upTo} write it as the empty text (an empty CSV
 * cell), {@link Json} as {@code null}, and {@link #parseOrNull} reads only finite numbers, so a
 * missing value written by one side is read as missing by the other, never as {@code NaN}.
 */
public final class Numbers {
    private Numbers() {
    }

    /**
     * The shortest exact decimal text of {@code v} ({@code 20}, {@code 6.4}, {@code 0.125}); no
     * exponent, no grouping, {@code .} as decimal point. NaN and infinities are missing values:
     * the empty text.
     */
    public static String plain(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** {@code v} with exactly {@code decimals} decimals, half-up, {@code .} as decimal point. */
    public static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /**
     * {@code v} with at most {@code maxDecimals} decimals, trailing zeros dropped; NaN and
     * infinities (missing) as the empty text.
     */
    public static String upTo(double v, int maxDecimals) {
        if (!Double.isFinite(v)) {
            return "";
        }
        BigDecimal d = BigDecimal.valueOf(v).setScale(maxDecimals, RoundingMode.HALF_UP).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }

    /** {@code String.format} with {@link Locale#ROOT}. */
    public static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /**
     * Parses a decimal number written by any benchmark tool: leading/trailing blanks allowed,
     * {@code .} as decimal point, optional exponent ({@code 5.0E-4}). Returns null when the text is
     * not such a finite number (NaN, {@code Infinity}, an overflow: callers turn that into a located
     * error; an empty cell is a missing value and checked by the caller before).
     */
    public static Double parseOrNull(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return null;
        }
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            boolean ok = (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
            if (!ok) {
                return null;
            }
        }
        try {
            double d = Double.parseDouble(t);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
