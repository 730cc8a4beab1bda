package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import wirebench.contract.WirebenchException;
import wirebench.contract.Columns;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.contract.Numbers;
import wirebench.contract.LatencySummary;

/**
 * The file RTI Perftest 4.1+ writes with {@code -latencyFile <file>}: per data size a section
 * {@code Sample Number, Value}, one {@code "%u, %lu"} line per latency sample (one-way, whole
 * microseconds, in arrival order) and an empty line. The file does not name the sizes.
 *
 * <p>Read once, line by line; the samples of each section are folded into an HdrHistogram (4
 * significant digits: values below 16384 µs exact, larger ones within 0.01 %) and exact running
 * count, sum, sum of squares, min and max; nothing grows with the number of samples. Each section
 * gives one row of a {@link Kind#LATENCY} table: {@code ave_us} and {@code std_us} (population, as
 * Perftest computes them) from the exact sums, min and max exact, percentiles from the histogram
 * ({@code getValueAtPercentile}: the smallest value that at least that share of the samples do
 * not exceed, at the histogram's precision), {@code samples}, and {@code size_bytes} empty.
 */
public final class PerftestLatencyFileParser implements ResultParser {
    static final String HEADER = "Sample Number, Value";
    static final String SAMPLES = "samples";
    private static final int DIGITS = 4;

    @Override
    public String name() {
        return "perftest-latency-file";
    }

    @Override
    public boolean accepts(InputText text) {
        for (String l : text.head()) {
            if (!l.isBlank()) {
                return l.strip().equals(HEADER);
            }
        }
        return false;
    }

    /** One section's samples. */
    private static final class Section {
        final int line;
        final LatencySummary latency;

        Section(int line) {
            this.line = line;
            Histogram h = new Histogram(DIGITS);
            h.setAutoResize(true);
            latency = new LatencySummary(h);
        }

        void add(long v) {
            latency.record(v);
        }
    }

    @Override
    public ParsedInput parse(InputText text) {
        return text.stream(new Reading(text.source()));
    }

    /** One pass: samples into the current section's histogram, nothing else kept. */
    private static final class Reading implements InputText.LineSink<ParsedInput> {
        final String src;
        final List<Section> sections = new ArrayList<>();
        final List<Warning> warnings = new ArrayList<>();
        Section current;
        int pendingCut;

        Reading(String src) {
            this.src = src;
        }

        /** {@code "N, V"} with plain digits: the common line, read without a string. */
        @Override
        public boolean line(int n, char[] c, int length) {
            if (current == null || pendingCut > 0) {
                return false;
            }
            int i = 0;
            int digits = 0;
            while (i < length && c[i] >= '0' && c[i] <= '9') {
                i++;
                digits++;
            }
            if (digits == 0 || digits > 15 || i >= length || c[i] != ',') {
                return false;
            }
            i++;
            while (i < length && c[i] == ' ') {
                i++;
            }
            long v = 0;
            digits = 0;
            while (i < length && c[i] >= '0' && c[i] <= '9') {
                v = v * 10 + (c[i] - '0');
                i++;
                digits++;
            }
            if (digits == 0 || digits > 15 || i != length) {
                return false;
            }
            current.add(v);
            return true;
        }

        @Override
        public void line(int n, String raw) {
            if (raw.isBlank()) {
                return;
            }
            if (pendingCut > 0) {
                throw WirebenchException.badInput(src + ":" + pendingCut + ": expected '<sample number>, <latency>', "
                        + "got a line cut short");
            }
            if (raw.strip().equals(HEADER)) {
                current = new Section(n);
                sections.add(current);
                return;
            }
            if (current == null) {
                throw WirebenchException.badInput(src + ":" + n + ": expected '" + HEADER + "' before the samples, got '"
                        + Parsers.abbreviate(raw) + "'");
            }
            long v = value(src, n, raw);
            if (v >= 0) {
                current.add(v);
            } else {
                pendingCut = n;
            }
        }

        @Override
        public ParsedInput end(int lines, boolean endsWithNewline) {
            if (pendingCut > 0) {
                if (pendingCut != lines || endsWithNewline) {
                    throw WirebenchException.badInput(src + ":" + pendingCut + ": expected '<sample number>, <latency>'");
                }
                warnings.add(new Warning(src, pendingCut, "truncated last line, ignored; the samples before it are kept"));
            }
            return result(src, sections, warnings);
        }
    }

    private static ParsedInput result(String src, List<Section> sections, List<Warning> warnings) {
        List<String> columns = new ArrayList<>(Columns.LATENCY);
        columns.add(SAMPLES);
        List<Row> rows = new ArrayList<>();
        for (Section s : sections) {
            LatencySummary l = s.latency;
            if (l.count() == 0) {
                warnings.add(new Warning(src, s.line, "section without samples: no result"));
                continue;
            }
            Map<String, Object> v = new LinkedHashMap<>();
            v.put(Columns.SIZE_BYTES, null);
            v.put(Columns.AVE_US, l.mean());
            v.put(Columns.STD_US, l.std());
            v.put(Columns.MIN_US, (double) l.min());
            v.put(Columns.MAX_US, (double) l.max());
            for (String c : List.of(Columns.P50_US, Columns.P90_US, Columns.P99_US, Columns.P9999_US,
                    Columns.P999999_US)) {
                v.put(c, (double) l.percentile(Columns.percentileOf(c) * 100));
            }
            v.put(SAMPLES, (double) l.count());
            rows.add(Row.of(v));
        }
        if (rows.isEmpty() && warnings.isEmpty()) {
            warnings.add(new Warning(src, 0, "no samples"));
        }
        Map<String, String> ctx = new LinkedHashMap<>();
        ctx.put("format", "perftest-latency-file");
        ctx.put("role", PerftestTables.PUBLISHER);
        ctx.put("percentiles", "HdrHistogram " + DIGITS + " significant digits");
        List<ResultTable> tables = rows.isEmpty() ? List.of()
                : List.of(new ResultTable(src, Kind.LATENCY, ctx, columns, rows));
        return new ParsedInput(src, "perftest-latency-file", tables, List.of(), warnings);
    }

    /**
     * The value of a {@code "N, V"} line; -1 for a line cut short (kept only as the last line). Anything else
     * that is not two whole numbers of 0 or more is bad input naming the line.
     */
    private static long value(String src, int n, String raw) {
        int comma = raw.indexOf(',');
        long v = comma < 0 ? -1 : digits(raw, comma + 1);
        if (comma > 0 && v >= 0 && digits(raw.substring(0, comma), 0) >= 0) {
            return v;
        }
        if (comma < 0 || raw.substring(comma + 1).isBlank()) {
            // "123" or "123, ": cut short; an error unless it is the file's last line (decided at the end)
            return -1;
        }
        String got = comma < 0 ? raw.strip() : raw.substring(comma + 1).strip();
        Double d = Numbers.parseOrNull(got);
        String why = d != null && d < 0 ? "a latency of 0 or more" : d != null && d != Math.rint(d)
                ? "whole microseconds" : "'<sample number>, <latency>' in whole microseconds";
        throw WirebenchException.badInput(src + ":" + n + ": column '" + Columns.LATENCY_US + "': expected " + why
                + ", got '" + Parsers.abbreviate(raw) + "'");
    }

    /** The whole number in {@code s} from {@code from} (blanks around it allowed), or -1. */
    private static long digits(String s, int from) {
        int i = from;
        int end = s.length();
        while (i < end && s.charAt(i) == ' ') {
            i++;
        }
        while (end > i && s.charAt(end - 1) == ' ') {
            end--;
        }
        if (i == end || end - i > 15) {
            return -1;
        }
        long v = 0;
        for (; i < end; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
