package wirebench.analyzer.parse;

import java.util.Map;

import wirebench.analyzer.model.ParsedInput;
import wirebench.contract.perftest.PerftestCsvLayout;
import wirebench.contract.perftest.PerftestCsvLayout.Shape;
import wirebench.contract.perftest.PerftestCsvReader;
import wirebench.contract.perftest.PerftestOutput;

/**
 * RTI Perftest's CSV printer, 3.1 to 4.3 (C++ and Java), read by the one reader of that format,
 * {@link PerftestCsvReader} (layouts, units, header-less rows), into {@link PerftestTables}: the
 * summaries as tables, the interval rows as bounded series. This class only recognises the format
 * and hands the rows over.
 */
public final class PerftestCsvParser implements ResultParser {

    @Override
    public String name() {
        return "perftest-csv";
    }

    @Override
    public boolean accepts(InputText text) {
        return text.head().stream().anyMatch(PerftestOutput.CSV::matches);
    }

    @Override
    public ParsedInput parse(InputText text) {
        PerftestTables out = new PerftestTables(text.source());
        return out.read(text, new PerftestCsvReader(text.source(), new Rows(out)));
    }

    /** The reader's rows into the tables: summaries as rows, intervals into the bounded series. */
    private record Rows(PerftestTables out) implements PerftestCsvReader.Sink {
        @Override
        public Double number(int line, String column, String text) {
            return out.number(line, column, text);
        }

        @Override
        public void row(PerftestCsvLayout layout, int line, Map<String, Double> values) {
            switch (layout.shape()) {
                case LATENCY_SUMMARY: out.latencySummary(line, values); break;
                case THROUGHPUT_SUMMARY: out.throughputSummary(line, values); break;
                case LATENCY_INTERVAL: out.latencyInterval(values); break;
                default: out.throughputInterval(values); break;
            }
        }

        @Override
        public void intervalRow(Shape shape, double[] row) {
            (shape == Shape.LATENCY_INTERVAL ? out.latencySeries() : out.throughputSeries()).add(row);
        }

        @Override
        public void warn(int line, String message) {
            out.warn(line, message);
        }
    }
}
