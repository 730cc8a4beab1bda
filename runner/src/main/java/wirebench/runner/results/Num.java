package wirebench.runner.results;

import java.math.BigDecimal;
import java.util.Locale;

/** Locale-independent number text for every file and line the runner writes. */
public final class Num {
    private Num() {
    }

    /** The shortest exact decimal text ({@code 20}, {@code 6.4}); no exponent, {@code .} as point. */
    public static String plain(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** {@code v} with exactly {@code decimals} decimals, {@code .} as point. */
    public static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code String.format} with {@link Locale#ROOT}. */
    public static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
