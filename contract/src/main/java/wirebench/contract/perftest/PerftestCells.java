package wirebench.contract.perftest;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import wirebench.contract.Columns;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * The checks every number read from RTI Perftest's output passes, whatever the format: it is a
 * number, held exactly, and not negative where the column measures something that cannot be.
 */
public final class PerftestCells {
    /** Where a check that is only a warning goes: the line and the message. */
    public interface Warnings {
        void warn(int line, String message);
    }

    /**
     * The throughput columns Perftest computes from its clock: a build with the nanosecond clock
     * ({@code build.sh --ns-resolution}, 3.1 to 4.2) divides by nanoseconds where it means
     * microseconds ({@code * 1000000 / time}), so it prints them 1000 times too small, and rounded
     * (PERFTEST-FORMATS.md 2.7).
     */
    public static final List<String> CLOCK_RATES = List.of(Columns.SAMPLES_PER_S, Columns.AVE_SAMPLES_PER_S,
            Columns.MBPS, Columns.AVE_MBPS);
    /** Why {@link #CLOCK_RATES} are left empty in the throughput rows of a nanosecond build. */
    public static final String NANOSECOND_RATES = "throughput rows of a Perftest build with the nanosecond clock "
            + "(ns latency units; --ns-resolution, 3.1 to 4.2): it prints samples/s and Mbps 1000 times too small and "
            + "rounded, so they are left empty (total samples, lost and CPU are kept)";

    private PerftestCells() {
    }

    /** {@code values} with each of {@link #CLOCK_RATES} it holds set to null (not measured). */
    public static void withoutClockRates(Map<String, Double> values) {
        for (String c : CLOCK_RATES) {
            if (values.containsKey(c)) {
                values.put(c, null);
            }
        }
    }

    /**
     * A number of column {@code column} read from {@code text} on line {@code line} of
     * {@code source}; blank = null. Refused (exit 3, source:line): text that is no number, a number
     * with more digits than a double holds exactly, a negative latency or count (see {@link #check}).
     */
    public static Double number(String source, int line, String column, String text, Warnings warnings) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Double d = Numbers.parseOrNull(text);
        if (d == null) {
            throw WirebenchException.badInput(source + ":" + line + ": column '" + column
                    + "': expected a number, got '" + text.strip() + "'");
        }
        if (significantDigits(text) > 15 && !exact(d, text.strip())) {
            throw WirebenchException.badInput(source + ":" + line + ": column '" + column + "': expected a number of at "
                    + "most 15 significant digits, got '" + PerftestCsvText.abbreviate(text) + "', which cannot be held "
                    + "exactly (it would read as " + Numbers.plain(d) + ")");
        }
        return check(source, line, column, d, warnings);
    }

    /**
     * {@code value} if it can be what the column measures: latencies, sizes, counts, rates and
     * percentages are never negative (exit 3, source:line). The one exception is a tool's known bug,
     * which is a warning naming it and no value: RTI Perftest computes serialization times from
     * start/stop times cast to 32-bit integers, so a wrap prints a negative time.
     */
    public static Double check(String source, int line, String column, Double value, Warnings warnings) {
        if (value == null || !(value < 0)) {
            return value;
        }
        if (column.equals(Columns.SERIALIZE_US) || column.equals(Columns.DESERIALIZE_US)) {
            warnings.warn(line, "column '" + column + "': negative time " + Numbers.plain(value) + " ignored (RTI "
                    + "Perftest's serialization timer wraps: it casts its start and stop times to 32-bit integers)");
            return null;
        }
        throw WirebenchException.badInput(source + ":" + line + ": column '" + column + "': expected a value of 0 or "
                + "more (a latency, size, count or rate), got " + Numbers.plain(value));
    }

    private static int significantDigits(String text) {
        int n = 0;
        boolean leading = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 'e' || c == 'E') {
                break;
            }
            if (c >= '0' && c <= '9') {
                if (leading && c == '0') {
                    continue;
                }
                leading = false;
                n++;
            }
        }
        return n;
    }

    /** Whether {@code d} is the decimal number {@code text} (no digit lost in reading it). */
    private static boolean exact(double d, String text) {
        try {
            return new BigDecimal(text).compareTo(BigDecimal.valueOf(d)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
