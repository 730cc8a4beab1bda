package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.contract.Columns;
import wirebench.contract.CsvFamilies;
import wirebench.contract.CsvFamilyReader;
import wirebench.contract.EndReason;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * Reads a CSV file of a wirebench results directory (docs/results-format.md): a format line
 * {@code # wirebench-results 1 family=F keys=k1,k2,...}, a header row, one row per test point.
 * Key columns and {@code end_reason} (why a row's test ended; a partial row is a warning) are
 * text, every other column a number (empty = missing). Pub/sub rows are grouped
 * into one table per distinct key, size excluded, so that each table reads like one Perftest run;
 * the other families (udp, rpc, compression) keep all their rows in one table per file.
 */
public final class WirebenchCsvParser implements ResultParser {
    /** The first line of every wirebench CSV file starts with this. */
    public static final String MAGIC = CsvFamilies.MAGIC;
    /** The format version this parser reads. */
    public static final int VERSION = CsvFamilies.VERSION;

    private static final Map<String, Kind> FAMILIES = Map.of(
            "pubsub-latency", Kind.LATENCY,
            "pubsub-throughput", Kind.THROUGHPUT,
            "pubsub-latency-intervals", Kind.LATENCY_INTERVAL,
            "pubsub-throughput-intervals", Kind.THROUGHPUT_INTERVAL,
            "udp", Kind.UDP,
            "udp-intervals", Kind.UDP_INTERVAL,
            "rpc", Kind.RPC,
            "compression", Kind.COMPRESSION);

    @Override
    public String name() {
        return "wirebench-csv";
    }

    @Override
    public boolean accepts(InputText text) {
        return text.firstNonBlankLine().startsWith(MAGIC);
    }

    /**
     * A wirebench CSV file as read, before grouping: its family, key columns, header and rows
     * (text in key columns and in {@code extraText}, numbers elsewhere), and the warnings.
     */
    record Sheet(String family, Kind kind, Set<String> keys, List<String> header, List<Row> rows,
            List<Warning> warnings) {
    }

    @Override
    public ParsedInput parse(InputText text) {
        Sheet sheet = read(text, Set.of());
        String src = text.source();
        List<ResultTable> tables = group(src, sheet.kind(), sheet.family(), sheet.keys(), sheet.header(), sheet.rows());
        boolean isSeries = sheet.kind() == Kind.LATENCY_INTERVAL || sheet.kind() == Kind.THROUGHPUT_INTERVAL
                || sheet.kind() == Kind.UDP_INTERVAL;
        return new ParsedInput(src, "wirebench-csv-" + VERSION, isSeries ? List.of() : tables,
                isSeries ? tables : List.of(), sheet.warnings());
    }

    /**
     * Reads the format line, the header and the rows, once, row by row (the contract's
     * {@link CsvFamilyReader} over the input's lines: memory holds one row, not the file). Key
     * columns (but {@code size_bytes}) and the columns in {@code extraText} hold text; every other
     * column a number or nothing. Errors name file, line and column (exit 3): a column twice in the
     * header, a latency column in an unknown unit ({@code _ns}, {@code _ms}, {@code _s} are
     * converted to {@code _us}), a number a double cannot hold exactly (2^53 and beyond), a negative
     * latency, count or rate. A last row cut short is a warning and the rows before it are kept.
     */
    static Sheet read(InputText text, Set<String> extraText) {
        String src = text.source();
        try (LineReader lines = text.open();
                CsvFamilyReader reader = CsvFamilyReader.of(src, new LinesAsReader(lines))) {
            CsvFamilies.Declaration decl = reader.declaration();
            String family = decl.family();
            Kind kind = family == null ? null : FAMILIES.get(family);
            if (kind == null) {
                throw WirebenchException.badInput(src + ":" + reader.declarationLine() + ": expected family one of "
                        + new java.util.TreeSet<>(FAMILIES.keySet()) + ", got '" + family + "'");
            }
            Set<String> keys = new LinkedHashSet<>(decl.keys());
            Set<String> textColumns = new LinkedHashSet<>(keys);
            textColumns.addAll(extraText);
            textColumns.add(Columns.END_REASON);
            textColumns.remove(Columns.SIZE_BYTES);

            List<Warning> warnings = new ArrayList<>();
            double[] usPerUnit = new double[reader.header().size()];
            List<String> header = inMicroseconds(src, reader.headerLine(), reader.header(), keys, usPerUnit);
            List<Row> rows = new ArrayList<>();
            for (CsvFamilyReader.Row r = reader.next(); r != null; r = reader.next()) {
                if (r.size() != header.size()) {
                    if (r.last() && r.size() < header.size()) {
                        warnings.add(new Warning(src, r.line(), "truncated row (" + r.size() + " of " + header.size()
                                + " fields), ignored; the rows before it are kept"));
                        break;
                    }
                    throw r.error("expected " + header.size() + " fields as in the header on line "
                            + reader.headerLine() + ", got " + r.size());
                }
                Row.Builder b = Row.builder();
                for (int i = 0; i < header.size(); i++) {
                    String col = header.get(i);
                    if (textColumns.contains(col)) {
                        b.key(col, r.text(i));
                    } else {
                        Double d = r.number(i);
                        b.measure(col, d == null ? null : toUs(checked(r, i, col, d), usPerUnit[i]));
                    }
                }
                Row row = b.build();
                warnIfPartial(src, r.line(), row, warnings);
                rows.add(row);
            }
            return new Sheet(family, kind, keys, header, rows, warnings);
        }
    }

    /**
     * A row whose {@code end_reason} is not {@code completed} holds what was measured until its test
     * was cut short: a warning says so next to it ({@code partial: publisher lost after N samples}).
     */
    private static void warnIfPartial(String src, int line, Row row, List<Warning> warnings) {
        String reason = row.text(Columns.END_REASON);
        if (!EndReason.partial(reason)) {
            return;
        }
        Double samples = row.number(Columns.TOTAL_SAMPLES) != null ? row.number(Columns.TOTAL_SAMPLES)
                : row.number("samples");
        Double size = row.number(Columns.SIZE_BYTES);
        warnings.add(new Warning(src, line, "partial: " + EndReason.describe(reason) + " after "
                + (samples == null ? "an unknown number of" : Numbers.plain(samples)) + " samples"
                + (size == null ? "" : " of size " + Numbers.plain(size) + " bytes")
                + "; the row holds what was measured until then (end_reason " + reason + ")"));
    }

    /** Latency columns: a statistic, then the unit ({@code p99_us}, {@code ave_ms}). */
    private static final Pattern LATENCY_COLUMN = Pattern.compile(
            "^(ave|std|min|max|median|mean|p\\d+|latency|serialize|deserialize)_([^_]+)$");
    /** Microseconds per unit of the latency units that are converted. */
    private static final Map<String, Double> US_PER_UNIT = Map.of("us", 1.0, "ns", 1e-3, "ms", 1e3, "s", 1e6);
    /** 2^53: from here on a double cannot hold every integer, neighbouring values merge. */
    private static final double EXACT_LIMIT = 9007199254740992.0;

    /**
     * The header with latency columns renamed to {@code _us} ({@code usPerUnit} gets each column's
     * factor); refuses a latency column in an unknown unit and one that is there twice once in µs
     * ({@code p50_us,p50_ms}). The reader already refused a column named twice.
     */
    private static List<String> inMicroseconds(String src, int line, List<String> columns, Set<String> keys,
            double[] usPerUnit) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String col = columns.get(i);
            usPerUnit[i] = 1.0;
            Matcher m = LATENCY_COLUMN.matcher(col);
            if (m.matches() && !keys.contains(col)) {
                Double f = US_PER_UNIT.get(m.group(2));
                if (f == null) {
                    throw WirebenchException.badInput(src + ":" + line + ": column '" + col + "': unknown unit '"
                            + m.group(2) + "' (expected " + m.group(1) + "_us; _ns, _ms and _s are converted)");
                }
                usPerUnit[i] = f;
                col = m.group(1) + "_us";
                if (out.contains(col)) {
                    throw WirebenchException.badInput(src + ":" + line + ": column '" + columns.get(i) + "' is '"
                            + col + "' again in another unit; expected each column once");
                }
            }
            out.add(col);
        }
        return out;
    }

    /**
     * A measure a double holds exactly as an integer part (below 2^53), not negative unless the
     * column is a saving ({@code saved_bytes}, {@code saved_pct}: compression can enlarge data).
     */
    private static double checked(CsvFamilyReader.Row r, int i, String col, double d) {
        if (Math.abs(d) >= EXACT_LIMIT) {
            throw r.error("column '" + col + "': expected a number below 2^53 (9007199254740992), got '" + r.raw(i)
                    + "' (a double cannot hold it exactly; it would be printed rounded)");
        }
        if (d < 0 && !col.startsWith("saved_")) {
            throw r.error("column '" + col + "': expected a value >= 0 (a latency, count, size or rate), got '"
                    + r.raw(i) + "'");
        }
        return d;
    }

    /** {@code value} in µs; dividing for units below 1 µs so that 1234 ns reads 1.234. */
    private static double toUs(double value, double usPerUnit) {
        return usPerUnit >= 1 ? value * usPerUnit : value / Math.rint(1 / usPerUnit);
    }

    /**
     * A table whose rows all completed shows as before {@code end_reason} existed (the column
     * dropped); one with a partial row keeps it, so the row is flagged where it is shown.
     */
    private static ResultTable withoutCompletedEndReason(ResultTable t) {
        if (!t.columns().contains(Columns.END_REASON)
                || t.rows().stream().anyMatch(r -> EndReason.partial(r.text(Columns.END_REASON)))) {
            return t;
        }
        List<String> columns = new ArrayList<>(t.columns());
        columns.remove(Columns.END_REASON);
        List<Row> rows = new ArrayList<>(t.rows().size());
        for (Row r : t.rows()) {
            Map<String, Object> v = new LinkedHashMap<>(r.values());
            v.remove(Columns.END_REASON);
            rows.add(Row.of(v));
        }
        return new ResultTable(t.source(), t.kind(), t.context(), columns, rows);
    }

    private static List<ResultTable> group(String src, Kind kind, String family, Set<String> keys,
            List<String> header, List<Row> rows) {
        Map<List<String>, List<Row>> groups = new LinkedHashMap<>();
        List<String> groupKeys = new ArrayList<>(keys);
        groupKeys.remove(Columns.SIZE_BYTES);
        if (!family.startsWith("pubsub-")) {
            // UDP, RPC and compression tables show every combination in one table, as their seeds do
            groupKeys.clear();
        }
        for (Row r : rows) {
            List<String> k = new ArrayList<>();
            for (String c : groupKeys) {
                k.add(r.text(c));
            }
            groups.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
        List<ResultTable> out = new ArrayList<>();
        for (Map.Entry<List<String>, List<Row>> g : groups.entrySet()) {
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", "wirebench-csv-" + VERSION);
            ctx.put("family", family);
            for (int i = 0; i < groupKeys.size(); i++) {
                ctx.put(groupKeys.get(i), g.getKey().get(i));
            }
            out.add(withoutCompletedEndReason(new ResultTable(src, kind, ctx, header, g.getValue())));
        }
        if (out.isEmpty()) {
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", "wirebench-csv-" + VERSION);
            ctx.put("family", family);
            out.add(new ResultTable(src, kind, ctx, header, List.of()));
        }
        return out;
    }
}
