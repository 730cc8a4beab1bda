package wirebench.analyzer.parse;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.contract.Columns;
import wirebench.contract.CsvFamilies;
import wirebench.contract.CsvFamilyReader;
import wirebench.contract.WirebenchException;

/**
 * Reads a CSV file of a wirebench results directory (docs/results-format.md): a format line
 * {@code # wirebench-results 1 family=F keys=k1,k2,...}, a header row, one row per test point.
 * Key columns are text, every other column a number (empty = missing). Pub/sub rows are grouped
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
     * Reads the format line, the header and the rows. Key columns (but {@code size_bytes}) and the
     * columns in {@code extraText} hold text; every other column a number or nothing. Errors name
     * file, line and column; a last row cut short is a warning and the rows before it are kept.
     */
    static Sheet read(InputText text, Set<String> extraText) {
        String src = text.source();
        try (CsvFamilyReader reader = CsvFamilyReader.of(src, new StringReader(text.joined()))) {
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
            textColumns.remove(Columns.SIZE_BYTES);

            List<Warning> warnings = new ArrayList<>();
            List<String> header = reader.header();
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
                        b.measure(col, r.number(i));
                    }
                }
                rows.add(b.build());
            }
            return new Sheet(family, kind, keys, header, rows, warnings);
        }
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
}
