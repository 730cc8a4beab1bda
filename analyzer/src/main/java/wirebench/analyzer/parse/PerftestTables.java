package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.contract.Columns;
import wirebench.contract.WirebenchException;
import wirebench.contract.perftest.PerftestCells;
import wirebench.contract.perftest.PerftestLineReader;
import wirebench.contract.perftest.PerftestRows;

/**
 * Collects what the Perftest parsers read from one file (summary rows, interval rows, warnings)
 * and builds the {@link ParsedInput}. Shared by the CSV, JSON and legacy parsers so that every
 * format yields the same tables.
 *
 * <p>Tables: the publisher's latency summaries form one {@link Kind#LATENCY} table, the subscriber's
 * throughput summaries one {@link Kind#THROUGHPUT} table, one row per data size. A size that is
 * already in the current table starts a new table (a file holding several runs, e.g. appended with
 * {@code >>} or {@code -outputFile}). Interval rows go to one series table per kind. A summary of
 * size 0 (RTI Perftest 4.3 prints one when no data arrived) is no result: a warning, no row.
 *
 * <p>Summary rows are held in memory (a table is printed whole), so a file with more than
 * {@link #MAX_SUMMARY_ROWS} of them is refused (exit 3, file:line) as soon as it passes the bound:
 * a Perftest run prints one summary row per data size, so no file of runs comes near it, and the
 * heap needed stays bounded whatever the input's size. Interval rows are bounded by {@link BoundedSeries}.
 */
final class PerftestTables implements PerftestRows {
    static final String PUBLISHER = "publisher";
    static final String SUBSCRIBER = "subscriber";
    /** The most summary rows (latency and throughput together) one file may hold. */
    static final int MAX_SUMMARY_ROWS = 10_000;

    private final String source;
    private final List<Group> latency = new ArrayList<>();
    private final List<Group> throughput = new ArrayList<>();
    private final BoundedSeries latencyIntervals = BoundedSeries.latency();
    private final BoundedSeries throughputIntervals = BoundedSeries.throughput();
    private final List<Warning> warnings = new ArrayList<>();
    private Map<String, Double> lastLatency;
    private int summaryRows;

    /** Rows of one run, with the sizes seen. */
    private static final class Group {
        final List<Map<String, Double>> rows = new ArrayList<>();
        final Set<Double> sizes = new HashSet<>();
    }

    PerftestTables(String source) {
        this.source = source;
    }

    @Override
    public String source() {
        return source;
    }

    /** A number of column {@code column} read from {@code text} on {@code line} (see {@link PerftestCells#number}). */
    @Override
    public Double number(int line, String column, String text) {
        return PerftestCells.number(source, line, column, text, this::warn);
    }

    /** {@code value} if it can be what the column measures (see {@link PerftestCells#check}). */
    @Override
    public Double check(int line, String column, Double value) {
        return PerftestCells.check(source, line, column, value, this::warn);
    }

    @Override
    public void warn(int line, String message) {
        warnings.add(new Warning(source, line, message));
    }

    /** A latency summary row (values keyed by {@link Columns} names, in microseconds). */
    @Override
    public void latencySummary(int line, Map<String, Double> values) {
        lastLatency = addSummary(latency, line, values, "latency");
    }

    @Override
    public void throughputSummary(int line, Map<String, Double> values) {
        addSummary(throughput, line, values, "throughput");
    }

    @Override
    public void latencyInterval(Map<String, Double> values) {
        latencyIntervals.add(values);
    }

    @Override
    public void throughputInterval(Map<String, Double> values) {
        throughputIntervals.add(values);
    }

    /** The bounded series of latency interval rows (for parsers that add rows as arrays). */
    BoundedSeries latencySeries() {
        return latencyIntervals;
    }

    BoundedSeries throughputSeries() {
        return throughputIntervals;
    }

    /** Serialization times printed on their own line after a latency summary (legacy printers). */
    @Override
    public void serialization(int line, Double serializeUs, Double deserializeUs) {
        if (lastLatency == null) {
            warn(line, "serialization times without a latency summary before them, ignored");
            return;
        }
        lastLatency.put(Columns.SERIALIZE_US, serializeUs);
        lastLatency.put(Columns.DESERIALIZE_US, deserializeUs);
    }

    private Map<String, Double> addSummary(List<Group> groups, int line, Map<String, Double> values, String what) {
        Double size = values.get(Columns.SIZE_BYTES);
        if (size != null && size == 0) {
            warn(line, what + " summary of size 0: no data was received (RTI Perftest 4.3 prints this row "
                    + "when no " + (what.equals("latency") ? "pong" : "sample") + " arrived); no result");
            return null;
        }
        if (++summaryRows > MAX_SUMMARY_ROWS) {
            throw WirebenchException.badInput(source + ":" + line + ": expected at most " + MAX_SUMMARY_ROWS
                    + " summary rows (a Perftest run prints one per data size), got more: not read further");
        }
        Group g = groups.isEmpty() ? null : groups.get(groups.size() - 1);
        if (g == null || (size != null && g.sizes.contains(size))) {
            g = new Group();
            groups.add(g);
        }
        g.sizes.add(size);
        Map<String, Double> row = new LinkedHashMap<>(values);
        g.rows.add(row);
        return row;
    }

    /**
     * Every line of {@code text} through {@code reader} (whose rows come here), then the result in
     * the reader's format (see {@link #build(String, String)}).
     */
    ParsedInput read(InputText text, PerftestLineReader reader) {
        return text.stream(new InputText.LineSink<ParsedInput>() {
            @Override
            public boolean line(int n, char[] chars, int length) {
                return reader.line(n, chars, length);
            }

            @Override
            public void line(int n, String raw) {
                reader.line(n, raw);
            }

            @Override
            public ParsedInput end(int lines, boolean endsWithNewline) {
                reader.end(lines, endsWithNewline);
                return build(reader.format(), reader.version());
            }
        });
    }

    /** The result of format {@code format}, with {@code perftest_version} in the context when a banner gave it. */
    ParsedInput build(String format, String perftestVersion) {
        Map<String, String> ctx = new LinkedHashMap<>();
        if (perftestVersion != null) {
            ctx.put("perftest_version", perftestVersion);
        }
        return build(format, ctx);
    }

    /**
     * The result. {@code context} (format first, then e.g. {@code perftest_version}) is put in every
     * table's context, followed by {@code role} and, when a file holds several runs, {@code run}.
     */
    ParsedInput build(String format, Map<String, String> context) {
        List<ResultTable> tables = new ArrayList<>();
        tables.addAll(tables(Kind.LATENCY, latency, format, context, PUBLISHER, Columns.LATENCY,
                Columns.LATENCY_OPTIONAL));
        tables.addAll(tables(Kind.THROUGHPUT, throughput, format, context, SUBSCRIBER, Columns.THROUGHPUT,
                Columns.THROUGHPUT_OPTIONAL));
        List<ResultTable> series = new ArrayList<>();
        if (!latencyIntervals.isEmpty()) {
            series.add(latencyIntervals.table(source, ctx(format, context, PUBLISHER, 0)));
        }
        if (!throughputIntervals.isEmpty()) {
            series.add(throughputIntervals.table(source, ctx(format, context, SUBSCRIBER, 0)));
        }
        if (tables.isEmpty() && !series.isEmpty()) {
            long n = latencyIntervals.rows() + throughputIntervals.rows();
            warn(0, "no summary row, only " + n + " interval row" + (n == 1 ? "" : "s")
                    + " (did the run finish?); 'stats --intervals' shows them");
        } else if (tables.isEmpty() && warnings.isEmpty()) {
            warn(0, "no data rows");
        }
        return new ParsedInput(source, format, tables, series, warnings);
    }

    private List<ResultTable> tables(Kind kind, List<Group> groups, String format, Map<String, String> context,
            String role, List<String> base, List<String> optional) {
        List<ResultTable> out = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            out.add(table(kind, groups.get(i).rows, ctx(format, context, role, groups.size() > 1 ? i + 1 : 0),
                    base, optional));
        }
        return out;
    }

    private static Map<String, String> ctx(String format, Map<String, String> context, String role, int run) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("format", format);
        c.putAll(context);
        c.put("role", role);
        if (run > 0) {
            c.put("run", Integer.toString(run));
        }
        return c;
    }

    private ResultTable table(Kind kind, List<Map<String, Double>> rows, Map<String, String> context,
            List<String> base, List<String> optional) {
        List<String> columns = new ArrayList<>(base);
        for (String o : optional) {
            for (Map<String, Double> r : rows) {
                if (r.containsKey(o)) {
                    columns.add(o);
                    break;
                }
            }
        }
        List<Row> out = new ArrayList<>();
        for (Map<String, Double> r : rows) {
            Map<String, Object> v = new LinkedHashMap<>();
            for (String c : columns) {
                v.put(c, r.get(c));
            }
            out.add(Row.of(v));
        }
        return new ResultTable(source, kind, context, columns, out);
    }
}
