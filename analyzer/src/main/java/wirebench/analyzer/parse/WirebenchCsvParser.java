package wirebench.analyzer.parse;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import wirebench.analyzer.WirebenchException;
import wirebench.analyzer.model.Columns;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.analyzer.util.Numbers;

/**
 * Reads a CSV file of a wirebench results directory (docs/results-format.md): a format line
 * {@code # wirebench-results 1 family=F keys=k1,k2,...}, a header row, one row per test point.
 * Key columns are text, every other column a number (empty = missing). Pub/sub rows are grouped
 * into one table per distinct key, size excluded, so that each table reads like one Perftest run;
 * the other families (udp, rpc, compression) keep all their rows in one table per file.
 */
public final class WirebenchCsvParser implements ResultParser {
    /** The first line of every wirebench CSV file starts with this. */
    public static final String MAGIC = "# wirebench-results ";
    /** The format version this parser reads. */
    public static final int VERSION = 1;

    private static final Map<String, Kind> FAMILIES = Map.of(
            "pubsub-latency", Kind.LATENCY,
            "pubsub-throughput", Kind.THROUGHPUT,
            "pubsub-latency-intervals", Kind.LATENCY_INTERVAL,
            "pubsub-throughput-intervals", Kind.THROUGHPUT_INTERVAL,
            "udp", Kind.UDP,
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
        boolean isSeries = sheet.kind() == Kind.LATENCY_INTERVAL || sheet.kind() == Kind.THROUGHPUT_INTERVAL;
        return new ParsedInput(src, "wirebench-csv-" + VERSION, isSeries ? List.of() : tables,
                isSeries ? tables : List.of(), sheet.warnings());
    }

    /**
     * Reads the format line, the header and the rows, once, line by line. Key columns (but
     * {@code size_bytes}) and the columns in {@code extraText} hold text; every other column a
     * number or nothing. Errors name file, line and column (exit 3): a column twice in the header, a
     * latency column in an unknown unit ({@code _ns}, {@code _ms}, {@code _s} are converted to
     * {@code _us}), a number a double cannot hold exactly (beyond 2^53), a negative latency, count or
     * rate. A last row cut short is a warning and the rows before it are kept.
     */
    static Sheet read(InputText text, Set<String> extraText) {
        try (LineReader lines = text.open()) {
            return read(text.source(), lines, extraText);
        }
    }

    private static Sheet read(String src, LineReader lines, Set<String> extraText) {
        int lineNo = 0;
        String formatLine = null;
        String l;
        while ((l = lines.next()) != null) {
            lineNo = lines.lineNumber();
            if (!l.isBlank()) {
                formatLine = l;
                break;
            }
        }
        if (formatLine == null) {
            throw WirebenchException.badInput(src + ":1: expected the format line '" + MAGIC + "...', got end of file");
        }
        Map<String, String> attrs = attributes(src, lineNo, formatLine);
        String family = attrs.get("family");
        Kind kind = FAMILIES.get(family);
        if (kind == null) {
            throw WirebenchException.badInput(src + ":" + lineNo + ": expected family one of "
                    + new java.util.TreeSet<>(FAMILIES.keySet()) + ", got '" + family + "'");
        }
        Set<String> keys = new LinkedHashSet<>(Arrays.asList(attrs.getOrDefault("keys", "").split(",")));
        keys.remove("");
        Set<String> textColumns = new LinkedHashSet<>(keys);
        textColumns.addAll(extraText);
        textColumns.remove(Columns.SIZE_BYTES);

        List<Warning> warnings = new ArrayList<>();
        List<String> header = null;
        double[] scale = null;
        int headerLine = 0;
        List<Row> rows = new ArrayList<>();
        int shortLine = 0;
        int shortFields = 0;
        String line;
        while ((line = lines.next()) != null) {
            int n = lines.lineNumber();
            lineNo = n;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> fields = split(src, n, line);
            if (header == null) {
                headerLine = n;
                scale = new double[fields.size()];
                header = header(src, n, fields, keys, scale);
                continue;
            }
            if (shortLine > 0) {
                throw WirebenchException.badInput(src + ":" + shortLine + ": expected " + header.size()
                        + " fields as in the header on line " + headerLine + ", got " + shortFields);
            }
            if (fields.size() != header.size()) {
                if (fields.size() < header.size()) {
                    shortLine = n; // a row cut short: fine only as the last row (a crash while appending)
                    shortFields = fields.size();
                    continue;
                }
                throw WirebenchException.badInput(src + ":" + n + ": expected " + header.size()
                        + " fields as in the header on line " + headerLine + ", got " + fields.size());
            }
            Row.Builder b = Row.builder();
            for (int i = 0; i < header.size(); i++) {
                String col = header.get(i);
                String v = fields.get(i);
                if (textColumns.contains(col)) {
                    b.key(col, v);
                } else if (v.isBlank()) {
                    b.measure(col, (Double) null);
                } else {
                    b.measure(col, toUs(measure(src, n, col, v), scale[i]));
                }
            }
            rows.add(b.build());
        }
        if (shortLine > 0) {
            warnings.add(new Warning(src, shortLine, "truncated row (" + shortFields + " of " + header.size()
                    + " fields), ignored; the rows before it are kept"));
        }
        if (header == null) {
            throw WirebenchException.badInput(src + ":" + lineNo + ": expected a header row after the "
                    + "format line, got end of file");
        }
        return new Sheet(family, kind, keys, header, rows, warnings);
    }

    /** Latency columns: a statistic, then the unit ({@code p99_us}, {@code ave_ms}). */
    private static final java.util.regex.Pattern LATENCY_COLUMN = java.util.regex.Pattern.compile(
            "^(ave|std|min|max|median|mean|p\\d+|latency|serialize|deserialize)_([^_]+)$");
    /** {@code value} times {@code usPerUnit}, dividing for units below 1 us so that 1234 ns reads 1.234. */
    private static double toUs(double value, double usPerUnit) {
        return usPerUnit >= 1 ? value * usPerUnit : value / Math.rint(1 / usPerUnit);
    }

    /** Microseconds per unit of the latency units that are converted. */
    private static final Map<String, Double> US_PER_UNIT = Map.of("us", 1.0, "ns", 1e-3, "ms", 1e3, "s", 1e6);
    /** The largest integer a double holds exactly, and beyond which neighbouring integers merge. */
    private static final double EXACT_LIMIT = 9007199254740992.0; // 2^53

    /**
     * The header with latency columns in {@code _us} ({@code scale} gets each column's factor to
     * microseconds); refuses a column given twice, a latency column in an unknown unit and missing
     * key columns.
     */
    private static List<String> header(String src, int n, List<String> fields, Set<String> keys, double[] scale) {
        List<String> header = new ArrayList<>();
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            String col = fields.get(i);
            scale[i] = 1.0;
            java.util.regex.Matcher m = LATENCY_COLUMN.matcher(col);
            if (m.matches() && !keys.contains(col)) {
                Double f = US_PER_UNIT.get(m.group(2));
                if (f == null) {
                    throw WirebenchException.badInput(src + ":" + n + ": column '" + col + "': unknown unit '"
                            + m.group(2) + "' (expected " + m.group(1) + "_us; _ns, _ms and _s are converted)");
                }
                scale[i] = f;
                col = m.group(1) + "_us";
            }
            Integer before = seen.put(col, i + 1);
            if (before != null) {
                throw WirebenchException.badInput(src + ":" + n + ": column '" + col + "' appears twice in the header "
                        + "(fields " + before + " and " + (i + 1) + "); expected each column once");
            }
            header.add(col);
        }
        for (String k : keys) {
            if (!header.contains(k)) {
                throw WirebenchException.badInput(src + ":" + n + ": expected key column '" + k
                        + "' in the header, got " + header);
            }
        }
        return header;
    }

    /**
     * A measure: a number a double holds exactly as an integer part (below 2^53), and not negative
     * unless the column is a saving ({@code saved_bytes}, {@code saved_pct}: compression can
     * enlarge data).
     */
    private static double measure(String src, int n, String col, String v) {
        Double d = Numbers.parseOrNull(v);
        if (d == null) {
            throw WirebenchException.badInput(src + ":" + n + ": column '" + col + "': expected a number, got '" + v
                    + "'");
        }
        if (Math.abs(d) >= EXACT_LIMIT) {
            throw WirebenchException.badInput(src + ":" + n + ": column '" + col + "': expected a number below 2^53 "
                    + "(9007199254740992), got '" + v + "' (a double cannot hold it exactly; it would be printed "
                    + "rounded)");
        }
        if (d < 0 && !col.startsWith("saved_")) {
            throw WirebenchException.badInput(src + ":" + n + ": column '" + col + "': expected a value >= 0 (a "
                    + "latency, count, size or rate), got '" + v + "'");
        }
        return d;
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
            out.add(new ResultTable(src, kind, ctx, header, g.getValue()));
        }
        if (out.isEmpty()) {
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", "wirebench-csv-" + VERSION);
            ctx.put("family", family);
            out.add(new ResultTable(src, kind, ctx, header, List.of()));
        }
        return out;
    }

    private static Map<String, String> attributes(String src, int lineNo, String line) {
        String[] parts = line.substring(MAGIC.length()).trim().split("\\s+");
        if (parts.length == 0 || !parts[0].equals(Integer.toString(VERSION))) {
            throw WirebenchException.badInput(src + ":" + lineNo + ": expected format version " + VERSION
                    + ", got '" + (parts.length == 0 ? "" : parts[0]) + "'");
        }
        Map<String, String> attrs = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) {
                attrs.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
            }
        }
        return attrs;
    }

    private static List<String> split(String src, int n, String line) {
        try (CSVParser p = CSVParser.parse(new StringReader(line), CSVFormat.DEFAULT)) {
            List<CSVRecord> recs = p.getRecords();
            if (recs.isEmpty()) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            recs.get(0).forEach(v -> out.add(v.strip()));
            return out;
        } catch (IOException | java.io.UncheckedIOException e) {
            throw WirebenchException.badInput(src + ":" + n + ": expected a CSV row, got '" + line + "'");
        }
    }
}
