package wirebench.analyzer.history;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import wirebench.analyzer.compare.Gate;
import wirebench.analyzer.compare.GateRule;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/** {@code history changes}. */
@Command(name = "changes", mixinStandardHelpOptions = true,
        description = {"Change points of every series (test point x metric): E-divisive means with a "
                + "permutation significance test, in sliding windows and then merged, as Apache Otava. Prints "
                + "run, time, commit, the medians before and after, delta %% and p-value, newest first.",
                "--fail-on 'p99_us>+5%%' (compare's gate syntax) exits 4 when a change crossing the gate lies "
                        + "in the newest --recent runs of its series: for CI, after 'history add'."})
final class HistoryChanges extends HistoryReading implements Callable<Integer> {
    /** Exit code when a gate is crossed. */
    static final int REGRESSION = 4;

    @Mixin
    DetectOptions detect;

    @Option(names = "--fail-on", paramLabel = "EXPR", description = "A gate, e.g. 'p99_us>+5%%' or "
            + "'samples_per_s<-5%%'. Repeatable.")
    List<String> failOn = new ArrayList<>();

    @Option(names = "--recent", defaultValue = "5", paramLabel = "N",
            description = "What 'the newest runs' are for --fail-on: a change point among the newest N values of "
                    + "its series (default: ${DEFAULT-VALUE}).")
    int recent;

    @Mixin
    FormatOption output;

    @Override
    public Integer call() {
        if (recent < 1) {
            throw new WirebenchException(WirebenchException.USAGE, "--recent: expected 1 or more, got " + recent);
        }
        List<Gate> gates = new ArrayList<>();
        failOn.forEach(g -> gates.add(Gate.parse(g)));
        EDivisive.Params params = detect.params();
        List<ChangeFinder.Found> found;
        int series;
        java.util.Map<String, Integer> searched = new java.util.HashMap<>();
        try (HistoryDb h = open(); ChangeFinder finder = new ChangeFinder(params, detect.threads)) {
            SeriesReader reader = new SeriesReader(h);
            Set<String> stored = reader.metricNames();
            detect.checkStored(stored, db.db);
            for (Gate g : gates) {
                if (!stored.contains(g.metric())) {
                    throw new WirebenchException(WirebenchException.USAGE, "--fail-on '" + g + "': no run in "
                            + db.db + " has metric '" + g.metric() + "'");
                }
            }
            Set<String> metrics = detect.metricSet();
            if (!metrics.isEmpty()) {
                gates.forEach(g -> metrics.add(g.metric()));
            }
            warnWhenNoRunMatches(h);
            series = reader.read(filters, metrics, detect.byCommit(), finder::submit);
            found = finder.results();
            gates.forEach(g -> searched.put(g.metric(), finder.searched(g.metric())));
        }
        OutputTable t = table(found);
        List<GateRule.Check> checks = new ArrayList<>();
        for (Gate g : gates) {
            for (ChangeFinder.Found f : found) {
                if (f.series().metric().equals(g.metric()) && f.age() <= recent) {
                    EDivisive.Change c = f.change();
                    checks.add(GateRule.changePoint(g, f.series().point(), c.medianBefore(), c.medianAfter(),
                            "at run " + f.entry().runId() + " (commit " + (f.entry().commit() == null ? "-"
                                    : f.entry().commit()) + ", p=" + Numbers.upTo(c.pValue(), 4) + ", " + f.age()
                                    + " of the newest values)"));
                }
            }
        }
        List<String> gateLines = GateRule.lines(gates, checks, g -> searched.getOrDefault(g.metric(), 0),
                "series searched, no crossing change point in the newest " + recent + " values",
                "no series of 4 values or more to search");
        boolean failed = GateRule.failed(checks);
        PrintWriter out = spec.commandLine().getOut();
        if (output.format == OutputTable.Format.JSON) {
            java.util.Map<String, Object> doc = new java.util.LinkedHashMap<>();
            doc.put("series", (long) series);
            doc.put("changes", t.objects());
            doc.put("gates", gateLines);
            doc.put("failed", failed);
            out.print(wirebench.contract.Json.write(doc));
        } else {
            out.print(t.write(output.format));
            PrintWriter notes = output.format == OutputTable.Format.CSV ? spec.commandLine().getErr() : out;
            notes.println(found.size() + " change point(s) in " + series + " series (window " + params.window()
                    + ", p <= " + Numbers.plain(params.pValue()) + ", min magnitude "
                    + Numbers.plain(params.minMagnitude() * 100) + "%, order " + detect.order + ")");
            gateLines.forEach(notes::println);
            notes.flush();
        }
        out.flush();
        return failed ? REGRESSION : 0;
    }

    static OutputTable table(List<ChangeFinder.Found> found) {
        OutputTable t = new OutputTable(List.of("time_utc", "run_id", "git_sha", "point", "metric",
                "median_before", "median_after", "delta_pct", "p_value", "index"));
        for (ChangeFinder.Found f : found) {
            EDivisive.Change c = f.change();
            t.add(java.util.Arrays.asList(f.time() == null ? null : f.time().toString(), f.entry().runId(),
                    f.entry().commit(), f.series().point(), f.series().metric(), round(c.medianBefore()),
                    round(c.medianAfter()), Double.isFinite(c.deltaPct()) ? Math.round(c.deltaPct() * 10) / 10.0
                            : null, c.pValue(), (long) c.index()));
        }
        return t;
    }

    /** A value rounded to 6 significant digits, for display. */
    static double round(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v;
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue();
    }

    static String signedPct(double d) {
        return (d >= 0 ? "+" : "") + Numbers.fixed(d, 1) + "%";
    }
}
