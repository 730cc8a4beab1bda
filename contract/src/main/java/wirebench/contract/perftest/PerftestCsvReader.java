package wirebench.contract.perftest;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.contract.Columns;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;
import wirebench.contract.perftest.PerftestCsvLayout.Shape;

/**
 * One pass over RTI Perftest's CSV printer output, 3.1 to 4.3 (C++ and Java), line by line: with
 * or without interval rows, with or without headers ({@code -noOutputHeaders}: rows recognised by
 * their field count, in the unit of the last header seen), CPU and serialization columns, units
 * {@code us}, {@code μs} (U+03BC), {@code µs} (U+00B5), {@code ns} (converted to microseconds) and
 * their ISO-8859-1 mojibake, 4.3 high-resolution decimals, several sizes and several appended runs.
 * Lines that are neither CSV rows, headers nor titles (stderr of a {@code 2>&1} capture,
 * {@code -cacheStats}, {@code CFT enabled}) are skipped. Every row goes to a {@link Sink}, in
 * microseconds; a row of no Perftest shape is refused (exit 3, file:line); an incomplete last row
 * is a warning. The one reader of this format: the analyzer's parser and the campaign use it.
 */
public final class PerftestCsvReader implements PerftestLineReader {
    /** Where the rows go. */
    public interface Sink extends PerftestCells.Warnings {
        /** A number of {@code column} read from {@code text} on {@code line} (see {@link PerftestCells#number}). */
        Double number(int line, String column, String text);

        /** A row of any shape, values keyed by {@link Columns} names, times in microseconds. */
        void row(PerftestCsvLayout layout, int line, Map<String, Double> values);

        /**
         * An interval row of plain numbers read without a string per field, in the columns of
         * {@link PerftestCsvLayout#seriesColumns} (NaN where the row has no such field).
         */
        void intervalRow(Shape shape, double[] row);
    }

    private final String src;
    private final Sink sink;
    private final Map<Shape, PerftestCsvLayout> lastHeader = new EnumMap<>(Shape.class);
    private final NumberScan scan = new NumberScan();
    private PerftestCsvLayout current;
    private boolean v4;
    private boolean v3;
    private boolean java;
    private boolean ns;
    private boolean unitSeen;
    private boolean hires;
    private boolean ratesWarned;
    private boolean spreadsheet;
    private String version;
    /** A row that is incomplete: a warning if it is the last row of the file, else handled as usual. */
    private Pending pending;
    private String lastNonBlank;
    private int lastNonBlankLine;
    private int lastCandidate;

    private record Pending(int line, String text, List<String> fields, PerftestCsvLayout layout, int expected) {
    }

    /** A reader of {@code src} (named in messages) sending its rows to {@code sink}. */
    public PerftestCsvReader(String src, Sink sink) {
        this.src = src;
        this.sink = sink;
    }

    /**
     * A reader of output that continues this one's (a run printed with {@code -noOutputHeaders}
     * after a run that printed the headers): header-less rows take the layouts and units of the
     * headers this reader saw.
     */
    public PerftestCsvReader continuing(String nextSrc, Sink nextSink) {
        PerftestCsvReader r = new PerftestCsvReader(nextSrc, nextSink);
        r.lastHeader.putAll(lastHeader);
        r.current = current;
        r.ns = ns;
        r.unitSeen = unitSeen;
        return r;
    }

    /**
     * Interval and summary rows of plain numbers in the current layout, without a string per
     * field; true when handled, false to be given the line as a string ({@link #line(int, String)}).
     */
    @Override
    public boolean line(int n, char[] chars, int length) {
        if (current == null || length == 0 || pending != null || !scan.scan(chars, length)
                || scan.count != current.columns().size() || scan.count < 6 || !scan.padded) {
            return false;
        }
        PerftestCsvLayout layout = current;
        if (scan.negative) {
            return false;
        }
        if (layout.shape() != Shape.LATENCY_INTERVAL && (layout.shape() != Shape.THROUGHPUT_INTERVAL || ns)) {
            return false;
        }
        lastCandidate = n;
        lastNonBlankLine = n;
        lastNonBlank = null;
        double[] row = layout.seriesRow();
        layout.fill(scan.values, row);
        if (layout.shape() == Shape.LATENCY_INTERVAL) {
            hires |= !ns && (fraction(row, 1) || fraction(row, 4));
        }
        sink.intervalRow(layout.shape(), row);
        return true;
    }

    /** Line {@code n} (1-based) without its line end. */
    @Override
    public void line(int n, String raw) {
        String s = raw.strip();
        if (s.isEmpty()) {
            return;
        }
        lastNonBlank = s;
        lastNonBlankLine = n;
        if (s.charAt(0) < '0' || s.charAt(0) > '9') {
            String trimmed = PerftestCsvText.trimTrailingCommas(s);
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
        List<String> fields = PerftestCsvText.split(s);
        if (spreadsheet) {
            while (fields.size() > 1 && fields.get(fields.size() - 1).isEmpty()) {
                fields.remove(fields.size() - 1);
            }
        }
        if (!PerftestCsvText.isCandidate(fields)) {
            return;
        }
        flushPending();
        lastCandidate = n;
        int comma = PerftestCsvText.decimalComma(s);
        if (comma > 0) {
            throw WirebenchException.badInput(src + ":" + n + ": expected '.' as decimal point, got a decimal comma"
                    + " in field " + comma + " ('" + PerftestCsvText.abbreviate(s) + "'); RTI Perftest's Java printer "
                    + "writes numbers in the JVM's locale: run it with -Duser.language=en");
        }
        // without a header, a row's width changes legitimately (intervals, then the summary)
        int expected = current != null ? current.columns().size() : 0;
        boolean cut = fields.get(fields.size() - 1).isEmpty() || (expected > 0 && fields.size() < expected);
        PerftestCsvLayout layout = layoutFor(fields);
        if (layout == null || cut) {
            pending = new Pending(n, s, fields, layout, expected);
            return;
        }
        row(n, fields, layout);
    }

    private static boolean fraction(double[] row, int i) {
        return !Double.isNaN(row[i]) && row[i] != Math.rint(row[i]);
    }

    /** A header, title or banner line; false when it may be a data row. */
    private boolean text(int n, String s) {
        if (version == null) {
            version = PerftestOutput.version(s);
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
        if (PerftestCsvLayout.isHeader(s)) {
            flushPending();
            current = PerftestCsvLayout.fromHeader(src, n, s);
            lastHeader.put(current.shape(), current);
            v4 |= s.startsWith("Sample Size") || s.contains("Avg ") || s.contains("-Way");
            v3 |= s.contains("Ave Samples/s") || (current.shape() == Shape.LATENCY_SUMMARY
                    && s.startsWith("Length (Bytes)"));
            boolean microUnit = false;
            for (String f : PerftestCsvText.split(s)) {
                String u = PerftestCsvLayout.unit(f);
                ns |= u.equals("ns");
                unitSeen |= u.equals("ns") || PerftestCsvLayout.isMicro(u);
                microUnit |= !u.equals("us") && !u.equals("ns") && PerftestCsvLayout.isMicro(u);
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
                    + "10, 11, 13 or 14 fields, got " + p.fields.size() + ": '" + PerftestCsvText.abbreviate(p.text)
                    + "'");
        }
        row(p.line, p.fields, p.layout);
    }

    private void row(int n, List<String> fields, PerftestCsvLayout layout) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            String col = layout.columns().get(i);
            if (col == null) {
                continue;
            }
            Double d = sink.number(n, col, fields.get(i));
            d = d == null ? null : layout.toMicros(i, d);
            values.put(col, d);
        }
        hires |= layout.shape() == Shape.LATENCY_SUMMARY && !ns && hasFraction(values, Columns.MIN_US,
                Columns.MAX_US, Columns.P50_US, Columns.P99_US);
        hires |= layout.shape() == Shape.LATENCY_INTERVAL && !ns && hasFraction(values, Columns.LATENCY_US,
                Columns.MIN_US);
        if (ns && (layout.shape() == Shape.THROUGHPUT_SUMMARY || layout.shape() == Shape.THROUGHPUT_INTERVAL)) {
            if (!ratesWarned) {
                sink.warn(n, PerftestCells.NANOSECOND_RATES);
                ratesWarned = true;
            }
            PerftestCells.withoutClockRates(values);
        }
        sink.row(layout, n, values);
    }

    /**
     * After the last line ({@code lines} lines, the last one ended by a line end or not): an
     * incomplete last row is a warning, and the rows before it stand.
     */
    @Override
    public void end(int lines, boolean endsWithNewline) {
        if (pending != null) {
            Pending p = pending;
            pending = null;
            sink.warn(p.line, "truncated row (" + p.fields.size() + " fields"
                    + (p.expected > 0 ? " of " + p.expected : "") + "), ignored; the rows before it are kept");
        } else if (!endsWithNewline && lastNonBlank != null && lastNonBlankLine == lines
                && lastNonBlankLine > lastCandidate && !lastNonBlank.contains(",")
                && Numbers.parseOrNull(lastNonBlank) != null) {
            // a last line without line end that is a lone number: a row cut before its first comma
            sink.warn(lines, "truncated row (1 field), ignored; the rows before it are kept");
        }
    }

    /**
     * The printer variant the lines showed, e.g. {@code perftest-csv-4.x}, {@code perftest-csv-3.x-ns},
     * {@code perftest-csv-3.1+-java}, {@code perftest-csv-noheader}.
     */
    @Override
    public String format() {
        return "perftest-csv-" + (hires ? "4.3" : v4 ? "4.x" : v3 ? "3.x" : java ? "3.1+" : "noheader")
                + (java ? "-java" : "") + (ns ? "-ns" : "") + (hires ? "-hires" : "");
    }

    /**
     * Whether a header named nanoseconds: the output of a build with the nanosecond clock, whose
     * subscriber prints its rates 1000 times too small ({@link PerftestCells#CLOCK_RATES}).
     */
    @Override
    public boolean nanosecondClock() {
        return ns;
    }

    /** The Perftest version of a banner line ({@code RTI Perftest 4.3.0 ...}), or null. */
    @Override
    public String version() {
        return version;
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

    private PerftestCsvLayout layoutFor(List<String> fields) {
        if (current != null && current.columns().size() == fields.size()) {
            return current;
        }
        Shape shape = PerftestCsvLayout.classify(fields);
        if (shape == null) {
            return null;
        }
        PerftestCsvLayout h = lastHeader.get(shape);
        if (h != null && h.columns().size() == fields.size()) {
            return h;
        }
        return PerftestCsvLayout.positional(shape, fields.size(), ns, unitSeen);
    }
}
