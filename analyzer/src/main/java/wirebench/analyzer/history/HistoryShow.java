package wirebench.analyzer.history;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import wirebench.contract.WirebenchException;

/** {@code history show METRIC}. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "One metric over the runs, per test point: the value of each run (the median of its "
                + "rows of that point when it has repetitions) and the number of rows.")
final class HistoryShow extends HistoryReading implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "METRIC", description = "A column, e.g. p99_us, mbps, samples_per_s.")
    String metric;

    @Mixin
    FormatOption output;

    @Override
    public Integer call() {
        OutputTable t = new OutputTable(List.of("point", "run_id", "time_utc", "git_sha", "host", metric, "rows"));
        try (HistoryDb h = open()) {
            if (!new SeriesReader(h).metricNames().contains(metric)) {
                throw new WirebenchException(WirebenchException.USAGE, "history show: no metric '" + metric
                        + "' in " + db.db + " (stored: " + String.join(", ", new SeriesReader(h).metricNames())
                        + ")");
            }
            warnWhenNoRunMatches(h);
            try {
                new HistoryQueries(h).metricByRun(metric, filters).forEach(t::add);
            } catch (SQLException e) {
                throw h.unreadable(e);
            }
        }
        spec.commandLine().getOut().print(t.write(output.format));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
