package wirebench.analyzer.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One table of results: what one test printed (a Perftest run's latency summary for each size,
 * say) or one group of rows of a wirebench CSV family.
 *
 * @param source  where it came from, as the user named it (a path)
 * @param kind    what it measures
 * @param context what is known of the whole table, ordered: e.g. {@code format}, {@code role},
 *                {@code reliability}; never null, may be empty
 * @param columns the column order (key columns first, then measures with units in their names)
 * @param rows    the rows, in source order
 */
public record ResultTable(String source, Kind kind, Map<String, String> context, List<String> columns,
        List<Row> rows) {

    public ResultTable {
        context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** True when at least one row has a non-null value in {@code column}. */
    public boolean hasValues(String column) {
        for (Row r : rows) {
            if (r.get(column) != null) {
                return true;
            }
        }
        return false;
    }
}
