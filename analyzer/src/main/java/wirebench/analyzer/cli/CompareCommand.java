package wirebench.analyzer.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.analyzer.compare.CompareReport;
import wirebench.analyzer.compare.CompareWriter;
import wirebench.analyzer.compare.Comparison;
import wirebench.analyzer.compare.Gate;
import wirebench.analyzer.compare.GateRule;
import wirebench.analyzer.compare.RpcReplicates;
import wirebench.analyzer.compare.RunSettings;
import wirebench.analyzer.compare.SingleRunReplicates;
import wirebench.analyzer.compare.SliceReplicates;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.Warning;
import wirebench.analyzer.parse.Parsers;
import wirebench.analyzer.parse.RunJsonCheck;
import wirebench.analyzer.report.Histograms;
import wirebench.analyzer.report.ReportRenderer;
import wirebench.contract.AtomicFiles;
import wirebench.contract.WirebenchException;

/** {@code wirebench compare}: what changed between two runs, is it real, and should CI fail. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares a baseline with a candidate: test points matched by key (kind, transport, "
                + "reliability, keyed, batching, compression, method, threads, size...), per metric the baseline and "
                + "candidate medians, the delta in percent and a verdict that knows the direction (lower latency "
                + "is better, higher throughput is better).",
                "Repetitions: a side given as a comma-separated list of paths, or as a directory whose "
                        + "subdirectories each hold a run (run.json), has one repetition per run; rows that differ "
                        + "only in a 'repetition' key are repetitions too. With at least 2 repetitions per side: "
                        + "95%% confidence interval of each median and a two-sided Mann-Whitney U test (--alpha); "
                        + "'~' means no significant change. With one run per side, latency metrics are judged on the "
                        + "intervals of each run's HdrHistogram log, throughput and UDP rates on the run's rate slices "
                        + "(interval bootstrap, docs/compare.md); where a run has none the delta is shown with "
                        + "'no significance test (n=1)' and why. The method column "
                        + "names the test behind each verdict.",
                "Gates: --fail-on 'p99_us>+10%%' --fail-on 'samples_per_s<-5%%': exit 4 when a change crosses "
                        + "a threshold and is significant; where no test can decide (one run, or 2+2, 3+3 repetitions that "
                        + "can never reach --alpha) on the delta alone, said so. 'lost_pct>+1' (no %%) is absolute; "
                        + "a %% gate on a zero baseline reads the absolute change. Rules: docs/compare.md."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no gate crossed", "1:internal error", "2:usage error (bad --fail-on)",
                "3:unreadable input (never 0 on a parse error)", "4:a --fail-on gate was crossed"})
public final class CompareCommand implements Callable<Integer> {
    /** Output formats. */
    public enum Format { TEXT, MARKDOWN, CSV, JSON }

    /** Exit code when a gate is crossed. */
    public static final int REGRESSION = WirebenchException.REGRESSION;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASELINE", description = "Results: a file, a directory, or a "
            + "comma-separated list of runs.")
    String baseline;

    @Parameters(index = "1", paramLabel = "CANDIDATE", description = "The same for the candidate.")
    String candidate;

    @Option(names = "--fail-on", paramLabel = "EXPR", description = "A gate, e.g. 'p99_us>+10%%', "
            + "'samples_per_s<-5%%' or 'lost_pct>+1' (absolute). Repeatable.")
    List<String> failOn = new ArrayList<>();

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text, markdown, csv or json on stdout (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.html", description = "Also write an HTML comparison "
            + "with overlay charts (through the report templates).")
    Path html;

    @Option(names = "--templates", paramLabel = "DIR", description = "Templates overriding the packaged ones.")
    Path templates;

    @Option(names = "--alpha", defaultValue = "0.05", paramLabel = "P",
            description = "Significance level of the Mann-Whitney U test (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Override
    public Integer call() {
        if (!(alpha > 0 && alpha < 1)) {
            throw new WirebenchException(WirebenchException.USAGE, "--alpha: expected a significance level between 0 "
                    + "and 1 (exclusive), e.g. 0.05, got " + alpha);
        }
        List<Gate> gates = new ArrayList<>();
        failOn.forEach(g -> gates.add(Gate.parse(g)));
        List<Path> basePaths = paths(baseline);
        List<Path> candPaths = paths(candidate);
        Comparison cmp = new Comparison(alpha);
        List<Warning> unreadable = new ArrayList<>();
        List<List<ParsedInput>> baseRuns = runs("baseline", basePaths, unreadable);
        List<List<ParsedInput>> candRuns = runs("candidate", candPaths, unreadable);
        cmp.withSingleRunTest(new SingleRunReplicates(basePaths, candPaths)
                .or(new SliceReplicates(baseRuns, candRuns)).or(new RpcReplicates(basePaths, candPaths)));
        Comparison.Result tables = cmp.compare(baseRuns, candRuns);
        List<Comparison.Delta> all = new ArrayList<>(tables.deltas());
        all.addAll(cmp.distributions(histograms(basePaths, unreadable), histograms(candPaths, unreadable)));
        List<String> notes = new ArrayList<>(tables.notes());
        unreadable.forEach(w -> notes.add(w.format()));
        List<Path> both = new ArrayList<>(basePaths);
        both.addAll(candPaths); // compare(a, a) names each run.json once
        new RunJsonCheck().checkAll(both).stream().map(Warning::format).distinct().forEach(notes::add);
        notes.addAll(RunSettings.differences(basePaths, candPaths));
        Comparison.Result r = new Comparison.Result(all, tables.onlyInBaseline(), tables.onlyInCandidate(), notes);

        List<GateRule.Check> checks = new ArrayList<>();
        for (Gate g : gates) {
            boolean any = false;
            for (Comparison.Delta d : r.deltas()) {
                if (d.metric().equals(g.metric())) {
                    any = true;
                    checks.add(d.pValue() != null && !Comparison.MANN_WHITNEY.equals(d.method())
                            ? GateRule.judgedWithin(g, d.point(), d.baselineMedian(), d.candidateMedian(), d.method(),
                                    d.pValue(), alpha)
                            : GateRule.compare(g, d.point(), d.baselineMedian(), d.candidateMedian(),
                                    d.baseline().length, d.candidate().length, d.pValue(), alpha));
                }
            }
            if (!any) {
                throw new WirebenchException(WirebenchException.USAGE, "--fail-on '" + g + "': no compared test "
                        + "point has metric '" + g.metric() + "'");
            }
        }
        List<String> gateLines = GateRule.lines(gates, checks);
        boolean failed = GateRule.failed(checks);

        String out = switch (format) {
            case JSON -> CompareWriter.json(r, gateLines, failed);
            case CSV -> CompareWriter.csv(r);
            case MARKDOWN -> CompareWriter.markdown(r, gateLines);
            default -> CompareWriter.text(r, gateLines);
        };
        spec.commandLine().getOut().print(out);
        if (html != null) {
            List<String> bs = basePaths.stream().map(Path::toString).toList();
            List<String> cs = candPaths.stream().map(Path::toString).toList();
            String page = new ReportRenderer(templates).render("compare.ftlh",
                    CompareReport.model(r, bs, cs, basePaths, candPaths, gateLines, failed));
            AtomicFiles.writeString(html, page, "the comparison");
            spec.commandLine().getErr().println("compare report: " + html.toAbsolutePath().normalize());
        }
        if (format == Format.CSV && !gateLines.isEmpty()) {
            gateLines.forEach(l -> spec.commandLine().getErr().println(l));
        }
        spec.commandLine().getOut().flush();
        return failed ? REGRESSION : 0;
    }

    /** One side's runs: a comma list, or a directory of run directories, or one path. */
    static List<Path> paths(String side) {
        List<Path> out = new ArrayList<>();
        for (String s : side.split(",")) {
            if (s.isBlank()) {
                continue;
            }
            Path p = Path.of(s.strip());
            List<Path> runDirs = runDirectories(p);
            if (runDirs.isEmpty()) {
                out.add(p);
            } else {
                out.addAll(runDirs);
            }
        }
        return out;
    }

    private static List<Path> runDirectories(Path p) {
        if (!Files.isDirectory(p) || Files.exists(p.resolve("run.json"))) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.filter(d -> Files.isDirectory(d) && Files.exists(d.resolve("run.json"))).sorted().toList();
        } catch (IOException e) {
            throw WirebenchException.badInput(p + ": cannot list directory (" + e.getMessage() + ")");
        }
    }

    /** Log name -> one merged histogram per run, for the runs that have HdrHistogram logs. */
    private static Map<String, List<Histogram>> histograms(List<Path> runs, List<Warning> warnings) {
        Map<String, List<Histogram>> out = new TreeMap<>();
        for (Path run : runs) {
            for (Map.Entry<String, Path> e : Histograms.logsIn(run).entrySet()) {
                Histogram h = Histograms.merged(e.getValue(), warnings);
                if (h != null) {
                    out.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(h);
                }
            }
        }
        return out;
    }

    /**
     * One side's runs as parsed; the files skipped (empty, not a benchmark output) go to
     * {@code skipped}, and a side nothing was read from (no table, no HdrHistogram log) is bad input
     * naming its files (exit 3).
     */
    private static List<List<ParsedInput>> runs(String side, List<Path> paths, List<Warning> skipped) {
        List<List<ParsedInput>> out = new ArrayList<>();
        List<ParsedInput> all = new ArrayList<>();
        for (Path p : paths) {
            out.add(Parsers.all().parseAll(List.of(p)));
            all.addAll(out.get(out.size() - 1));
        }
        all.stream().filter(p -> p.tables().isEmpty() && p.series().isEmpty()).forEach(p -> skipped.addAll(
                p.warnings()));
        if (!Parsers.anyResults(all) && paths.stream().allMatch(p -> Histograms.logsIn(p).isEmpty())) {
            throw WirebenchException.badInput("compare: " + side + ": " + Parsers.nothingRead(paths, all).getMessage());
        }
        return out;
    }
}
