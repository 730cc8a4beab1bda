package wirebench.analyzer.model;

import java.util.List;

/**
 * Everything read from one input file.
 *
 * @param source   the path as the user named it
 * @param format   the detected format, e.g. {@code perftest-csv-4.x}, {@code perftest-legacy-2.4},
 *                 {@code wirebench-csv-1}
 * @param tables   summary tables (one per test the file holds)
 * @param series   interval rows kept as time series (may be empty)
 * @param warnings what the parser noticed (truncated rows, skipped noise worth mentioning)
 */
public record ParsedInput(String source, String format, List<ResultTable> tables, List<ResultTable> series,
        List<Warning> warnings) {

    public ParsedInput {
        tables = List.copyOf(tables);
        series = List.copyOf(series);
        warnings = List.copyOf(warnings);
    }
}
