package wirebench.analyzer.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Warning;
import wirebench.analyzer.parse.Parsers;
import wirebench.analyzer.stats.Lint;
import wirebench.analyzer.stats.Repetitions;
import wirebench.analyzer.stats.Savings;
import wirebench.analyzer.stats.TableWriter;

/** {@code wirebench stats}: Perftest's tables from any supported input. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = {"Prints the tables of benchmark results: latency (Sample Size, Ave, Std, Min, Max, 50%%, 90%%, "
                + "99%%, 99.99%%, 99.9999%%, in μs) and throughput (Sample Size, Total Samples, Avg Samples/s, Avg Mbps, "
                + "Lost Samples, Lost Samples %%), one table per test, as RTI publishes them.",
                "Inputs: RTI Perftest output of any version (CSV, JSON, legacy text; publisher or subscriber; a "
                        + "'2>&1' console capture is fine), wirebench results directories, wirebench CSV files. "
                        + "The format is detected from the content.",
                "Warnings (truncated rows, percentiles that are not monotone, percentiles from too few samples) "
                        + "follow the tables."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:internal error", "2:usage error", "3:bad input (unrecognised file, bad field)"})
public final class StatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Result files or results directories.")
    List<Path> inputs;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text, markdown, csv or json (default: ${DEFAULT-VALUE}). JSON: {\"tables\":[{\"source\","
                    + "\"kind\",\"context\",\"rows\":[...]}],\"warnings\":[...]}; column names as in "
                    + "docs/results-format.md.")
    TableWriter.Format format;

    @Option(names = "--intervals", description = "Also print the interval rows (time series) the inputs carry.")
    boolean intervals;

    @Option(names = "--per-repetition", description = "One table per repetition, as measured. Default: "
            + "repetitions of a test point (rows differing only in their 'repetition' key, e.g. a campaign's) are "
            + "grouped into one row: the median of each measure across repetitions with its range (min-max) "
            + "and n.")
    boolean perRepetition;

    @Override
    public Integer call() {
        List<ParsedInput> parsed = Parsers.readResults(inputs);
        if (!perRepetition) {
            parsed = Repetitions.grouped(parsed);
        }
        List<ResultTable> tables = new ArrayList<>();
        List<Warning> warnings = new ArrayList<>();
        for (ParsedInput p : parsed) {
            tables.addAll(p.tables());
            tables.addAll(Savings.tables(p.tables()));
            if (intervals) {
                tables.addAll(p.series());
            }
            warnings.addAll(p.warnings());
            warnings.addAll(Lint.check(p));
        }
        spec.commandLine().getOut().print(TableWriter.write(format, tables, warnings));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
