package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.analyzer.model.ParsedInput;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * RTI Perftest's CSV printer, 3.1 to 4.3 (C++ and Java): with or without interval rows, with or
 * without headers ({@code -noOutputHeaders}: rows recognised by their field count), CPU and
 * serialization columns, units {@code us}, {@code μs} (U+03BC), {@code µs} (U+00B5), {@code ns}
 * (converted to microseconds) and their ISO-8859-1 mojibake, 4.3 high-resolution decimals, several
 * sizes and several appended runs per file. Lines that are neither CSV rows, headers nor titles
 * (stderr of a {@code 2>&1} capture, {@code -cacheStats}, {@code CFT enabled}) are skipped.
 */
public final class PerftestCsvParser implements ResultParser {
    private static final Pattern BANNER = Pattern.compile("RTI Perftest (\\d+(?:\\.\\d+)+)");
    private static final Pattern UNIT = Pattern.compile("\\(([^()]*)\\)\\s*$");
    private static final Pattern DECIMALS_ONLY = Pattern.compile("\\d{1,3}");

    /** What a CSV row is. */
    enum Shape { LATENCY_SUMMARY, LATENCY_INTERVAL, THROUGHPUT_SUMMARY, THROUGHPUT_INTERVAL }

    /**
     * The column of each field and the factor that turns its unit into microseconds: a value is
     * multiplied by {@code mul} and divided by {@code div} (one of them 1, so that the result is
     * correctly rounded); {@code seriesIndex} is the field's place in an interval series row.
     */
    private record Layout(Shape shape, List<String> columns, double[] mul, double[] div, int[] seriesIndex) {

        static Layout of(Shape shape, List<String> columns, double[] mul, double[] div) {
            List<String> series = seriesColumns(shape);
            int[] idx = new int[columns.size()];
            for (int i = 0; i < idx.length; i++) {
                idx[i] = columns.get(i) == null ? -1 : series.indexOf(columns.get(i));
            }
            return new Layout(shape, columns, mul, div, idx);
        }

        double toMicros(int field, double v) {
            return v * mul[field] / div[field];
        }

        double[] seriesRow(int width) {
            double[] row = new double[width];
            Arrays.fill(row, Double.NaN);
            return row;
        }

        /** Puts the fields {@code v} (in this layout's order) into a series row, in microseconds. */
        void fill(double[] v, double[] row) {
            for (int i = 0; i < seriesIndex.length; i++) {
                if (seriesIndex[i] >= 0) {
                    row[seriesIndex[i]] = v[i] * mul[i] / div[i];
                }
            }
        }
    }

    /** The columns of an interval series row (as {@link BoundedSeries} keeps them). */
    private static List<String> seriesColumns(Shape shape) {
        List<String> c = new ArrayList<>(shape == Shape.LATENCY_INTERVAL ? Columns.LATENCY_INTERVAL
                : shape == Shape.THROUGHPUT_INTERVAL ? Columns.THROUGHPUT_INTERVAL : List.of());
        if (!c.isEmpty()) {
            c.add(Columns.CPU_PCT);
        }
        return c;
    }

    @Override
    public String name() {
        return "perftest-csv";
    }

    @Override
    public boolean accepts(InputText text) {
        for (String line : text.head()) {
            String s = trimTrailingCommas(line.strip());
            if (isHeader(s)) {
                return true;
            }
            List<String> f = split(s);
            if (f.size() >= 6 && isCandidate(f) && classify(f) != null && padded(line)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a header-less row has Perftest's fixed-width layout: every field right-aligned with
     * leading blanks ({@code %14d,%13lu,...}), so that other tools' plain CSV is not taken for it.
     */
    static boolean padded(String raw) {
        String[] parts = raw.split(",", -1);
        for (String p : parts) {
            if (!p.startsWith(" ")) {
                return false;
            }
        }
        return true;
    }

    static boolean isHeader(String stripped) {
        return stripped.startsWith("Length (Bytes),") || stripped.startsWith("Sample Size (Bytes),");
    }

    @Override
    public ParsedInput parse(InputText text) {
        return text.stream(new Reading(text.source()));
    }

    /** The state of one pass over a file: read once, line by line; only summaries are kept. */
    private static final class Reading implements InputText.LineSink<ParsedInput> {
        final String src;
        final PerftestTables out;
        final Map<Shape, Layout> lastHeader = new EnumMap<>(Shape.class);
        final NumberScan scan = new NumberScan();
        Layout current;
        boolean v4;
        boolean v3;
        boolean java;
        boolean ns;
        boolean hires;
        boolean spreadsheet;
        String version;
        /** A row that is incomplete: a warning if it is the last row of the file, else handled as usual. */
        Pending pending;
        String lastNonBlank;
        int lastNonBlankLine;
        int lastCandidate;

        Reading(String src) {
            this.src = src;
            this.out = new PerftestTables(src);
        }

        @Override
        public boolean line(int n, char[] chars, int length) {
            return fastRow(n, chars, length);
        }

        @Override
        public void line(int n, String raw) {
            String s = raw.strip();
            if (s.isEmpty()) {
                return;
            }
            lastNonBlank = s;
            lastNonBlankLine = n;
            if (s.charAt(0) < '0' || s.charAt(0) > '9') {
                String trimmed = trimTrailingCommas(s);
                if (trimmed.length() != s.length() && s.endsWith(",,")) {
                    spreadsheet = true;
                }
                if (trimmed.isEmpty()) {
                    return;
                }
                if (text(n, trimmed)) {
                    return;
                }
            }
            List<String> fields = split(s);
            if (spreadsheet) {
                while (fields.size() > 1 && fields.get(fields.size() - 1).isEmpty()) {
                    fields.remove(fields.size() - 1);
                }
            }
            if (!isCandidate(fields)) {
                return;
            }
            flushPending();
            lastCandidate = n;
            int comma = decimalComma(s);
            if (comma > 0) {
                throw WirebenchException.badInput(src + ":" + n + ": expected '.' as decimal point, got a decimal comma"
                        + " in field " + comma + " ('" + Parsers.abbreviate(s) + "'); RTI Perftest's Java printer "
                        + "writes numbers in the JVM's locale: run it with -Duser.language=en");
            }
            // without a header, a row's width changes legitimately (intervals, then the summary)
            int expected = current != null ? current.columns().size() : 0;
            boolean cut = fields.get(fields.size() - 1).isEmpty() || (expected > 0 && fields.size() < expected);
            Layout layout = layoutFor(fields, current, lastHeader, ns);
            if (layout == null || cut) {
                pending = new Pending(n, s, fields, layout, expected);
                return;
            }
            row(n, fields, layout);
        }

        /** Interval and summary rows of plain numbers in the current layout, without a string per field. */
        private boolean fastRow(int n, char[] chars, int length) {
            if (current == null || length == 0 || pending != null || !scan.scan(chars, length)
                    || scan.count != current.columns().size() || scan.count < 6 || !scan.padded) {
                return false;
            }
            Layout layout = current;
            if (scan.negative) {
                return false;
            }
            lastCandidate = n;
            lastNonBlankLine = n;
            lastNonBlank = null;
            double[] v = scan.values;
            switch (layout.shape()) {
                case LATENCY_INTERVAL: {
                    BoundedSeries series = out.latencySeries();
                    double[] row = layout.seriesRow(series.columns().size());
                    layout.fill(v, row);
                    hires |= !ns && (fraction(row, 1) || fraction(row, 4));
                    series.add(row);
                    return true;
                }
                case THROUGHPUT_INTERVAL: {
                    BoundedSeries series = out.throughputSeries();
                    double[] row = layout.seriesRow(series.columns().size());
                    layout.fill(v, row);
                    series.add(row);
                    return true;
                }
                default:
                    return false;
            }
        }

        private static boolean fraction(double[] row, int i) {
            return !Double.isNaN(row[i]) && row[i] != Math.rint(row[i]);
        }

        /** A header, title or banner line; false when it may be a data row. */
        private boolean text(int n, String s) {
            if (version == null && s.contains("RTI Perftest")) {
                Matcher banner = BANNER.matcher(s);
                version = banner.find() ? banner.group(1) : null;
            }
            if (s.startsWith("Intervals One-Way Latency for") || s.startsWith("Interval Throughput for")) {
                v4 |= s.startsWith("Intervals One-Way");
                return true;
            }
            if (s.startsWith("Intervals Throughput for")) {
                java = true;
                return true;
            }
            // "One-way" (lower-case w) is the 3.x C++ and the Java printers' title; 4.x C++ writes "One-Way"
            v3 |= s.startsWith("Intervals One-way Latency for");
            if (s.startsWith("Intervals One-way Latency for") || s.equals("One-way Latency Summary:")
                    || s.equals("Throughput Summary:")) {
                return true;
            }
            if (isHeader(s)) {
                flushPending();
                current = header(src, n, s);
                lastHeader.put(current.shape(), current);
                v4 |= s.startsWith("Sample Size") || s.contains("Avg ") || s.contains("-Way");
                v3 |= s.contains("Ave Samples/s") || (current.shape() == Shape.LATENCY_SUMMARY
                        && s.startsWith("Length (Bytes)"));
                boolean microUnit = false;
                for (String f : split(s)) {
                    String u = unit(f);
                    ns |= u.equals("ns");
                    microUnit |= !u.equals("us") && !u.equals("ns") && isMicro(u);
                }
                java |= s.contains("(%%)") || (s.startsWith("Sample Size") && !microUnit && !ns
                        && s.contains("(us)"));
                v4 |= microUnit;
                return true;
            }
            return false;
        }

        private void flushPending() {
            Pending p = pending;
            if (p == null) {
                return;
            }
            pending = null;
            if (p.layout == null) {
                throw WirebenchException.badInput(src + ":" + p.line + ": expected a Perftest CSV row of 6, 7, 8, 9, "
                        + "10, 11, 13 or 14 fields, got " + p.fields.size() + ": '" + Parsers.abbreviate(p.text) + "'");
            }
            row(p.line, p.fields, p.layout);
        }

        private void row(int n, List<String> fields, Layout layout) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (int i = 0; i < fields.size(); i++) {
                String col = layout.columns().get(i);
                if (col == null) {
                    continue;
                }
                Double d = out.number(n, col, fields.get(i));
                d = d == null ? null : layout.toMicros(i, d);
                values.put(col, d);
            }
            hires |= layout.shape() == Shape.LATENCY_SUMMARY && !ns && hasFraction(values, Columns.MIN_US,
                    Columns.MAX_US, Columns.P50_US, Columns.P99_US);
            hires |= layout.shape() == Shape.LATENCY_INTERVAL && !ns && hasFraction(values, Columns.LATENCY_US,
                    Columns.MIN_US);
            switch (layout.shape()) {
                case LATENCY_SUMMARY: out.latencySummary(n, values); break;
                case THROUGHPUT_SUMMARY: out.throughputSummary(n, values); break;
                case LATENCY_INTERVAL: out.latencyInterval(values); break;
                default: out.throughputInterval(values); break;
            }
        }

        @Override
        public ParsedInput end(int lines, boolean endsWithNewline) {
            if (pending != null) {
                Pending p = pending;
                pending = null;
                out.warn(p.line, "truncated row (" + p.fields.size() + " fields"
                        + (p.expected > 0 ? " of " + p.expected : "") + "), ignored; the rows before it are kept");
            } else if (!endsWithNewline && lastNonBlank != null && lastNonBlankLine == lines
                    && lastNonBlankLine > lastCandidate && !lastNonBlank.contains(",")
                    && Numbers.parseOrNull(lastNonBlank) != null) {
                // a last line without line end that is a lone number: a row cut before its first comma
                out.warn(lines, "truncated row (1 field), ignored; the rows before it are kept");
            }
            String format = "perftest-csv-" + (hires ? "4.3" : v4 ? "4.x" : v3 ? "3.x" : java ? "3.1+" : "noheader")
                    + (java ? "-java" : "") + (ns ? "-ns" : "") + (hires ? "-hires" : "");
            Map<String, String> ctx = new LinkedHashMap<>();
            if (version != null) {
                ctx.put("perftest_version", version);
            }
            return out.build(format, ctx);
        }
    }

    private record Pending(int line, String text, List<String> fields, Layout layout, int expected) {
    }

    /** {@code s} without the commas (and blanks) a spreadsheet appends to every line it saves. */
    static String trimTrailingCommas(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ',' || s.charAt(end - 1) == ' ')) {
            end--;
        }
        return s.substring(0, end);
    }

    private static boolean hasFraction(Map<String, Double> values, String... columns) {
        for (String c : columns) {
            Double d = values.get(c);
            if (d != null && d != Math.rint(d)) {
                return true;
            }
        }
        return false;
    }

    private static Layout layoutFor(List<String> fields, Layout current, Map<Shape, Layout> lastHeader, boolean ns) {
        if (current != null && current.columns().size() == fields.size()) {
            return current;
        }
        Shape shape = classify(fields);
        if (shape == null) {
            return null;
        }
        Layout h = lastHeader.get(shape);
        if (h != null && h.columns().size() == fields.size()) {
            return h;
        }
        return positional(shape, fields.size(), ns);
    }

    /**
     * The shape of a header-less row from its field count; a 6 or 7 field row is a throughput
     * summary when its sixth field (lost %, {@code %16.2lf}) has exactly two decimals, else a
     * latency interval row (max, {@code %9lu}, or {@code %9.3f} in 4.3 high-resolution builds).
     */
    static Shape classify(List<String> fields) {
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

    private static Layout positional(Shape shape, int count, boolean ns) {
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
        return Layout.of(shape, cols, mul, div);
    }

    private static Layout header(String src, int n, String line) {
        List<String> fields = split(line);
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
                    + "throughput), got '" + Parsers.abbreviate(line) + "'");
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
        return Layout.of(shape, cols, mul, div);
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
    private static String unit(String field) {
        Matcher m = UNIT.matcher(field);
        return m.find() ? m.group(1).strip() : "";
    }

    /** Microseconds however they were encoded: us, μs (U+03BC), µs (U+00B5), or UTF-8 read as Latin-1. */
    static boolean isMicro(String unit) {
        return unit.equals("us") || unit.equals("\u03bcs") || unit.equals("\u00b5s") || unit.equals("\u00ce\u00bcs")
                || unit.equals("\u00c2\u00b5s");
    }

    /**
     * The index of a field that looks like the decimals of a number written with a decimal comma
     * (1 to 3 digits, no padding; Perftest pads every field after the first to its width), or 0.
     * A row without any padded field is not a printer's row (a spreadsheet re-saved it): 0.
     */
    static int decimalComma(String stripped) {
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

    static List<String> split(String line) {
        String[] parts = line.split(",", -1);
        List<String> out = new ArrayList<>(parts.length);
        for (String p : parts) {
            out.add(p.strip());
        }
        return out;
    }

    /**
     * Whether a line is a data row and not noise: at least two fields, all numbers (or blank) but
     * at most one, which holds no colon (stderr and {@code -cacheStats} lines have colons); the
     * first field a number unless the row has the width of a Perftest row.
     */
    static boolean isCandidate(List<String> fields) {
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
}
