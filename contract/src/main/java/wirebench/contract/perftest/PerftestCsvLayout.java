package wirebench.contract.perftest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.contract.Columns;
import wirebench.contract.WirebenchException;

/**
 * What each field of an RTI Perftest CSV row means (PERFTEST-FORMATS.md sections 2.2, 2.3, 2.7):
 * its shape, the column of each field, and the factor that turns the field's unit into
 * microseconds. A value is multiplied by {@code mul} and divided by {@code div} (one of them 1, so
 * that the result is correctly rounded); {@code seriesIndex} is the field's place in an interval
 * series row ({@link #seriesColumns}), -1 for a field the series does not keep. A layout comes
 * from a header line ({@link #fromHeader}, units read from the header) or, for a header-less row,
 * from the row's field count ({@link #positional}, microseconds unless a nanosecond header was seen).
 *
 * @param shape       what the row is
 * @param columns     the {@link Columns} name of each field, null for a field not kept
 * @param mul         per field: multiply by this to get microseconds (1 for non-time columns)
 * @param div         per field: divide by this to get microseconds (1 for non-time columns)
 * @param seriesIndex per field: its index in {@link #seriesColumns}, or -1
 * @param unitKnown   whether the time unit was printed (a header), not assumed (a header-less row)
 */
public record PerftestCsvLayout(Shape shape, List<String> columns, double[] mul, double[] div, int[] seriesIndex,
        boolean unitKnown) {

    private static final Pattern UNIT = Pattern.compile("\\(([^()]*)\\)\\s*$");

    /** What a CSV row is. */
    public enum Shape { LATENCY_SUMMARY, LATENCY_INTERVAL, THROUGHPUT_SUMMARY, THROUGHPUT_INTERVAL }

    private static PerftestCsvLayout of(Shape shape, List<String> columns, double[] mul, double[] div,
            boolean unitKnown) {
        List<String> series = seriesColumns(shape);
        int[] idx = new int[columns.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = columns.get(i) == null ? -1 : series.indexOf(columns.get(i));
        }
        return new PerftestCsvLayout(shape, columns, mul, div, idx, unitKnown);
    }

    /** Field {@code field}'s value {@code v} in microseconds (unchanged for non-time columns). */
    public double toMicros(int field, double v) {
        return v * mul[field] / div[field];
    }

    /** An empty interval series row (every column NaN) for this layout's shape. */
    public double[] seriesRow() {
        double[] row = new double[seriesColumns(shape).size()];
        Arrays.fill(row, Double.NaN);
        return row;
    }

    /** Puts the fields {@code v} (in this layout's order) into a series row, in microseconds. */
    public void fill(double[] v, double[] row) {
        for (int i = 0; i < seriesIndex.length; i++) {
            if (seriesIndex[i] >= 0) {
                row[seriesIndex[i]] = v[i] * mul[i] / div[i];
            }
        }
    }

    /** The columns of an interval series row: the interval columns and CPU; none for summaries. */
    public static List<String> seriesColumns(Shape shape) {
        List<String> c = new ArrayList<>(shape == Shape.LATENCY_INTERVAL ? Columns.LATENCY_INTERVAL
                : shape == Shape.THROUGHPUT_INTERVAL ? Columns.THROUGHPUT_INTERVAL : List.of());
        if (!c.isEmpty()) {
            c.add(Columns.CPU_PCT);
        }
        return c;
    }

    /** Whether a stripped line is a Perftest CSV header (3.x {@code Length}, 4.x {@code Sample Size}). */
    public static boolean isHeader(String stripped) {
        return stripped.startsWith("Length (Bytes),") || stripped.startsWith("Sample Size (Bytes),");
    }

    /**
     * The shape of a header-less row from its field count; a 6 or 7 field row is a throughput
     * summary when its sixth field (lost %, {@code %16.2lf}) has exactly two decimals, else a
     * latency interval row (max, {@code %9lu}, or {@code %9.3f} in 4.3 high-resolution builds).
     * Null for a count no Perftest row has.
     */
    public static Shape classify(List<String> fields) {
        switch (fields.size()) {
            case 6:
            case 7: {
                String f = fields.get(5);
                int dot = f.indexOf('.');
                return dot >= 0 && f.length() - dot - 1 == 2 ? Shape.THROUGHPUT_SUMMARY : Shape.LATENCY_INTERVAL;
            }
            case 8:
            case 9:
                return Shape.THROUGHPUT_INTERVAL;
            case 10:
            case 11:
            case 13:
            case 14:
                return Shape.LATENCY_SUMMARY;
            default:
                return null;
        }
    }

    /**
     * The layout of a header-less row of {@code count} fields: Perftest's column order, plus CPU
     * when the row has one more field; times in nanoseconds when {@code ns} (a nanosecond header
     * was seen before), else microseconds. {@code unitSeen}: a header of the same output printed a
     * time unit; without one the unit of a latency row is an assumption ({@link #unitKnown} false;
     * throughput rows hold no time column).
     */
    public static PerftestCsvLayout positional(Shape shape, int count, boolean ns, boolean unitSeen) {
        List<String> cols = new ArrayList<>();
        switch (shape) {
            case LATENCY_SUMMARY:
                cols.addAll(Columns.LATENCY);
                if (count >= 13) {
                    cols.addAll(Arrays.asList(Columns.SERIALIZE_US, Columns.DESERIALIZE_US, null));
                }
                break;
            case LATENCY_INTERVAL:
                cols.addAll(Columns.LATENCY_INTERVAL);
                break;
            case THROUGHPUT_SUMMARY:
                cols.addAll(Columns.THROUGHPUT);
                break;
            default:
                cols.addAll(Columns.THROUGHPUT_INTERVAL);
                break;
        }
        if (cols.size() < count) {
            cols.add(Columns.CPU_PCT);
        }
        double[] mul = new double[cols.size()];
        double[] div = new double[cols.size()];
        for (int i = 0; i < cols.size(); i++) {
            String c = cols.get(i);
            mul[i] = 1;
            div[i] = ns && c != null && c.endsWith("_us") ? 1000 : 1;
        }
        boolean timed = shape == Shape.LATENCY_SUMMARY || shape == Shape.LATENCY_INTERVAL;
        return of(shape, cols, mul, div, ns || unitSeen || !timed);
    }

    /**
     * The layout a header line announces, with each time column's unit (ns, us, μs, µs, their
     * mojibake, ms, s). Refused (exit 3, {@code src:n}): a header of no known shape, a column named
     * twice, an unknown time unit.
     */
    public static PerftestCsvLayout fromHeader(String src, int n, String line) {
        List<String> fields = PerftestCsvText.split(line);
        Shape shape;
        if (fields.stream().anyMatch(f -> f.startsWith("Latency ("))) {
            shape = Shape.LATENCY_INTERVAL;
        } else if (fields.stream().anyMatch(f -> f.startsWith("50%"))) {
            shape = Shape.LATENCY_SUMMARY;
        } else if (fields.contains("Samples/s")) {
            shape = Shape.THROUGHPUT_INTERVAL;
        } else if (fields.contains("Total Samples")) {
            shape = Shape.THROUGHPUT_SUMMARY;
        } else {
            throw WirebenchException.badInput(src + ":" + n + ": expected a Perftest CSV header (latency or "
                    + "throughput), got '" + PerftestCsvText.abbreviate(line) + "'");
        }
        List<String> cols = new ArrayList<>();
        double[] mul = new double[fields.size()];
        double[] div = new double[fields.size()];
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            String f = fields.get(i);
            String col = column(shape, f);
            cols.add(col);
            mul[i] = 1;
            div[i] = 1;
            if (col == null) {
                continue;
            }
            Integer before = seen.put(col, i);
            if (before != null) {
                throw WirebenchException.badInput(src + ":" + n + ": duplicate column: fields " + (before + 1) + " ('"
                        + fields.get(before) + "') and " + (i + 1) + " ('" + f + "') both give '" + col
                        + "'; expected each Perftest column once");
            }
            if (col.endsWith("_us")) {
                String u = unit(f);
                switch (u) {
                    case "ns": div[i] = 1000; break;
                    case "ms": mul[i] = 1000; break;
                    case "s": mul[i] = 1_000_000; break;
                    default:
                        if (!isMicro(u)) {
                            throw WirebenchException.badInput(src + ":" + n + ": column '" + f + "': unknown time unit '"
                                    + u + "'; expected ns, us, \u03bcs, ms or s");
                        }
                }
            }
        }
        return of(shape, cols, mul, div, true);
    }

    /** The column a header field names, or null for a field we do not keep (Total serialization). */
    private static String column(Shape shape, String field) {
        String name = field.replaceAll("\\s*\\([^()]*\\)\\s*$", "").strip();
        boolean pct = field.replace("%%", "%").endsWith("(%)");
        switch (name) {
            case "Sample Size":
            case "Length":
                return Columns.SIZE_BYTES;
            case "Latency": return Columns.LATENCY_US;
            case "Ave":
            case "Avg":
                return Columns.AVE_US;
            case "Std": return Columns.STD_US;
            case "Min": return Columns.MIN_US;
            case "Max": return Columns.MAX_US;
            case "50%": return Columns.P50_US;
            case "90%": return Columns.P90_US;
            case "99%": return Columns.P99_US;
            case "99.99%": return Columns.P9999_US;
            case "99.9999%": return Columns.P999999_US;
            case "Serialization": return Columns.SERIALIZE_US;
            case "Deserialization": return Columns.DESERIALIZE_US;
            case "CPU": return Columns.CPU_PCT;
            case "Total Samples": return Columns.TOTAL_SAMPLES;
            case "Samples/s": return Columns.SAMPLES_PER_S;
            case "Mbps": return Columns.MBPS;
            case "Ave Samples/s":
            case "Avg Samples/s":
                return shape == Shape.THROUGHPUT_INTERVAL ? Columns.AVE_SAMPLES_PER_S : Columns.SAMPLES_PER_S;
            case "Ave Mbps":
            case "Avg Mbps":
                return shape == Shape.THROUGHPUT_INTERVAL ? Columns.AVE_MBPS : Columns.MBPS;
            case "Lost Samples":
                return pct ? Columns.LOST_PCT : Columns.LOST;
            default:
                return null;
        }
    }

    /** The unit in a header field's trailing parentheses ({@code us}, {@code μs}, {@code ns}...), or "". */
    public static String unit(String field) {
        Matcher m = UNIT.matcher(field);
        return m.find() ? m.group(1).strip() : "";
    }

    /** Microseconds however they were encoded: us, μs (U+03BC), µs (U+00B5), or UTF-8 read as Latin-1. */
    public static boolean isMicro(String unit) {
        return unit.equals("us") || unit.equals("\u03bcs") || unit.equals("\u00b5s") || unit.equals("\u00ce\u00bcs")
                || unit.equals("\u00c2\u00b5s");
    }
}
