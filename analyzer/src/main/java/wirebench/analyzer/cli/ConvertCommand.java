package wirebench.analyzer.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import wirebench.analyzer.parse.ResultsDirWriter;
import wirebench.analyzer.stats.Lint;

/** {@code wirebench convert}: old logs into a results directory. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Writes parsed benchmark output (RTI Perftest of any version, speed_test, SpeedTester) as a "
                + "wirebench results directory: run.json plus one CSV per family (pubsub-latency.csv, "
                + "pubsub-throughput.csv, ...), so old logs join reports and comparisons.",
                "Each source file becomes a value of the 'source' key column; what the file content tells "
                        + "(role, format) becomes further key columns."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:internal error", "2:usage error", "3:bad input or unwritable output"})
public final class ConvertCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "Result files or directories.")
    List<Path> inputs;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The results directory to write.")
    Path out;

    @Option(names = "--intervals", description = "Also write the interval rows as *-intervals.csv families.")
    boolean intervals;

    @Override
    public Integer call() {
        List<ParsedInput> parsed = Parsers.readResults(inputs);
        List<ResultTable> tables = new ArrayList<>();
        List<Object> sources = new ArrayList<>();
        List<Warning> warnings = new ArrayList<>();
        for (ParsedInput p : parsed) {
            for (ResultTable t : p.tables()) {
                if (ResultsDirWriter.family(t.kind()) == null) {
                    // e.g. ddsperf's per-process resources: no CSV family holds them (stats and report show them)
                    warnings.add(new Warning(p.source(), 0, t.kind().id() + " table not written: the results "
                            + "format has no family for it"));
                    continue;
                }
                tables.add(withSource(t));
            }
            if (intervals) {
                for (ResultTable t : p.series()) {
                    tables.add(withSource(t));
                }
            }
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("path", p.source());
            s.put("format", p.format());
            sources.add(s);
            warnings.addAll(p.warnings());
            warnings.addAll(Lint.check(p));
        }
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("command_line", "wirebench convert " + String.join(" ", spec.commandLine().getParseResult()
                .originalArgs()));
        run.put("sources", sources);
        List<String> ws = new ArrayList<>();
        warnings.forEach(w -> ws.add(w.format()));
        run.put("warnings", ws);
        ResultsDirWriter.write(out, tables, run);
        for (Warning w : warnings) {
            spec.commandLine().getErr().println("warning: " + w.format());
        }
        spec.commandLine().getOut().println("wrote " + tables.size() + " table(s) from " + parsed.size()
                + " file(s) to " + out);
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static ResultTable withSource(ResultTable t) {
        Map<String, String> ctx = new LinkedHashMap<>();
        ctx.put("source", t.source());
        for (Map.Entry<String, String> e : t.context().entrySet()) {
            if (!e.getKey().equals("source")) {
                ctx.put(e.getKey(), e.getValue());
            }
        }
        return new ResultTable(t.source(), t.kind(), ctx, t.columns(), t.rows());
    }
}
