package wirebench.analyzer.history;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import wirebench.analyzer.compare.KeyMetrics;
import wirebench.contract.AtomicFiles;
import wirebench.contract.WirebenchException;

/** {@code history report}. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"A self-contained HTML page of trends: one small-multiple panel per test point (its metrics "
                + "stacked over the runs, a point per run with its exact value, run id and commit as tooltip, the "
                + "median dotted, change points dashed red; latest value vs the median), grouped by test kind. The "
                + "panels with change points come first, newest change first, with the change table. Same "
                + "templates and Content-Security-Policy as 'wirebench report'.",
                "Default: the key metrics (latency p50/p99/p99.9, samples/s, Mbps, loss); --metric to choose, "
                        + "--all-metrics for every metric, --point to choose test points."})
final class HistoryReport extends HistoryReading implements Callable<Integer> {
    @Mixin
    DetectOptions detect;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.html", description = "The page.")
    Path output;

    @Option(names = "--last", defaultValue = "200", paramLabel = "N",
            description = "Runs drawn per chart: the newest N (change points are found over the whole series; "
                    + "default: ${DEFAULT-VALUE}).")
    int last;

    @Option(names = "--templates", paramLabel = "DIR", description = "Templates overriding the packaged ones.")
    Path templates;

    @Option(names = "--title", defaultValue = "wirebench trends", paramLabel = "TEXT", description = "Page title.")
    String title;

    @Option(names = "--all-metrics", description = "Every metric whose better direction is known, not only the key "
            + "metrics (when no --metric is given).")
    boolean allMetrics;

    @Override
    public Integer call() {
        detect.params(); // options refused before the database is opened
        if (last < 1) {
            throw new WirebenchException(WirebenchException.USAGE, "--last: expected 1 or more runs, got " + last);
        }
        TrendsPage page = new TrendsPage(title, last);
        try (HistoryDb h = open(); ChangeFinder finder = new ChangeFinder(detect.params(),
                detect.threads)) {
            SeriesReader reader = new SeriesReader(h);
            detect.checkStored(reader.metricNames(), db.db);
            java.util.Set<String> metrics = detect.metricSet();
            if (metrics.isEmpty() && !allMetrics) {
                metrics = keyMetrics(reader.metricNames());
            }
            warnWhenNoRunMatches(h);
            reader.read(filters, metrics, detect.byCommit(), s -> {
                page.addSeries(s);
                finder.submit(s);
            });
            page.setChanges(finder.results());
            page.setSource(db.db.toString(), new HistoryQueries(h).runCount());
        }
        String html = new wirebench.analyzer.report.ReportRenderer(templates).render("trends.ftlh", page.model());
        AtomicFiles.writeString(output, html, "the trends page");
        spec.commandLine().getErr().println("trends: " + output.toAbsolutePath().normalize());
        return 0;
    }

    /**
     * The key metrics among {@code stored} (those the comparison's key tables show); all of them when
     * none is stored (e.g. a history of UDP runs only).
     */
    static java.util.Set<String> keyMetrics(java.util.Set<String> stored) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>(KeyMetrics.KEYS);
        out.retainAll(stored);
        return out.isEmpty() ? java.util.Set.of() : out;
    }
}
