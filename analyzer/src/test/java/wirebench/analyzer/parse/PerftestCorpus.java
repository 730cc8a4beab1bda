package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import wirebench.analyzer.AnalyzerMain;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/** Helpers for the tests of the Perftest corpus in src/test/resources/perftest. */
final class PerftestCorpus {
    static final String DIR = "src/test/resources/perftest/";

    /** The standard latency summary of size 100 in the corpus (make_corpus.py, SUMS[100]). */
    static final Double[] LAT_100 = {100.0, 35.0, 4.1, 30.0, 40.0, 35.0, 40.0, 40.0, 40.0, 40.0};
    static final Double[] LAT_1024 = {1024.0, 60.0, 8.2, 50.0, 70.0, 60.0, 70.0, 70.0, 70.0, 70.0};
    /** The standard throughput summary (size 100). */
    static final Double[] THR_100 = {100.0, 2800000.0, 931000.0, 744.8, 5.0, 0.0};
    /** The second latency interval row of size 100. */
    static final Double[] LAT_INT_100_2 = {100.0, 40.0, 35.0, 5.0, 30.0, 40.0};
    /** The second throughput interval row. */
    static final Double[] THR_INT_2 = {100.0, 1850000.0, 950000.0, 925000.0, 760.0, 740.0, 2.0, 0.0};

    private PerftestCorpus() {
    }

    static ParsedInput parse(String file) {
        return Parsers.all().parse(InputText.read(Path.of(DIR + file)));
    }

    static List<ResultTable> tables(ParsedInput p, Kind kind) {
        List<ResultTable> out = new ArrayList<>();
        for (ResultTable t : p.tables()) {
            if (t.kind() == kind) {
                out.add(t);
            }
        }
        for (ResultTable t : p.series()) {
            if (t.kind() == kind) {
                out.add(t);
            }
        }
        return out;
    }

    static int rows(ParsedInput p, Kind kind) {
        return tables(p, kind).stream().mapToInt(t -> t.rows().size()).sum();
    }

    /** The values of {@code columns} of a row, in order (null where missing). */
    static List<Double> values(Row r, List<String> columns) {
        List<Double> out = new ArrayList<>();
        for (String c : columns) {
            out.add(r.number(c));
        }
        return out;
    }

    static void assertValues(Row r, List<String> columns, Double... expected) {
        assertThat(values(r, columns)).as("row %s", r).containsExactly(expected);
    }

    static List<Double> list(Double... v) {
        return Arrays.asList(v);
    }

    /** Runs the analyzer's command line. */
    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AnalyzerMain.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    record Result(int exitCode, String out, String err) {
    }
}
