package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/**
 * wirebench's {@code udp.csv} (docs/udp.md): read by {@link WirebenchCsvParser}, then shown as seed
 * 002 shows it: ONE table per file (the generic grouping would make one table per row, since every
 * column of the seed's table is a key), seed's columns first, then method, counts, packets/s and
 * jitter. Key columns other than the seed's that hold one value in every row move to the title.
 */
public final class WirebenchUdpCsvParser implements ResultParser {
    private final WirebenchCsvParser csv = new WirebenchCsvParser();

    @Override
    public String name() {
        return "wirebench-udp-csv";
    }

    @Override
    public boolean accepts(InputText text) {
        String first = text.firstNonBlankLine();
        return first.startsWith(WirebenchCsvParser.MAGIC) && (" " + first + " ").contains(" family=udp ");
    }

    @Override
    public ParsedInput parse(InputText text) {
        ParsedInput p = csv.parse(text);
        List<Row> rows = new ArrayList<>();
        Set<String> all = new LinkedHashSet<>();
        Map<String, String> context = new LinkedHashMap<>();
        for (ResultTable t : p.tables()) {
            rows.addAll(t.rows());
            all.addAll(t.columns());
            context.putIfAbsent("format", t.context().get("format"));
            context.putIfAbsent("family", t.context().get("family"));
        }
        List<String> columns = new ArrayList<>();
        for (String c : UdpColumns.SEED_LAYOUT) {
            if (all.contains(c)) {
                columns.add(c);
            }
        }
        for (String c : UdpColumns.EXTRA) {
            if (!all.contains(c)) {
                continue;
            }
            String constant = constantText(rows, c);
            if (constant != null && rows.size() > 1) {
                context.put(c, constant);
            }
            columns.add(c);
        }
        List<Row> shown = new ArrayList<>();
        for (Row r : rows) {
            Map<String, Object> v = new LinkedHashMap<>();
            for (String c : columns) {
                v.put(c, r.get(c));
            }
            shown.add(Row.of(v));
        }
        ResultTable t = new ResultTable(text.source(), wirebench.analyzer.model.Kind.UDP, context, columns, shown);
        return new ParsedInput(p.source(), p.format(), List.of(t), List.of(), p.warnings());
    }

    /** The text every row holds in a key column, or null when they differ (or it is a measure). */
    private static String constantText(List<Row> rows, String column) {
        String first = null;
        for (Row r : rows) {
            String v = r.text(column);
            if (v == null || (first != null && !Objects.equals(first, v))) {
                return null;
            }
            first = v;
        }
        return first;
    }
}
