package wirebench.analyzer.history;

import java.nio.file.Path;
import java.util.List;

import wirebench.analyzer.report.ReportRenderer;
import wirebench.contract.AtomicFiles;

/**
 * What {@code wirebench demo} does with the history: adds the demo's runs to a database beside
 * its results and, once that database holds more than this demo's runs, writes the trends page.
 */
public final class DemoHistory {
    private DemoHistory() {
    }

    /**
     * @param added      runs added by this call
     * @param total      runs in the database afterwards
     * @param trendsPage the trends page written, or null when the database holds only this demo
     */
    public record Result(int added, long total, Path trendsPage) {
    }

    /** Adds {@code runs} to {@code db} (waiting up to 10 s for another process) and maybe writes {@code trends}. */
    public static Result record(List<Path> runs, Path db, Path trends) {
        int added = 0;
        long total;
        try (HistoryDb h = HistoryDb.openForWriting(db, 10_000)) {
            HistoryStore store = new HistoryStore(h);
            for (Path run : runs) {
                for (Path p : RunReader.runPaths(run)) {
                    RunData data = RunReader.read(p);
                    if (!data.isEmpty() && store.add(data, new java.io.PrintWriter(java.io.Writer.nullWriter()))
                            == HistoryStore.Outcome.ADDED) {
                        added++;
                    }
                }
            }
            total = new HistoryQueries(h).runCount();
            if (total <= added) {
                return new Result(added, total, null);
            }
            TrendsPage page = new TrendsPage("wirebench demo trends", 200);
            try (ChangeFinder finder = new ChangeFinder(EDivisive.Params.defaults(), 2)) {
                SeriesReader reader = new SeriesReader(h);
                reader.read(new Filters(), HistoryReport.keyMetrics(reader.metricNames()), false, s -> {
                    page.addSeries(s);
                    finder.submit(s);
                });
                page.setChanges(finder.results());
            }
            page.setSource(db.toString(), total);
            AtomicFiles.writeString(trends, new ReportRenderer(null).render("trends.ftlh", page.model()),
                    "the trends page");
        }
        return new Result(added, total, trends);
    }
}
