package wirebench.analyzer.history;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code history list}. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "The runs stored, oldest first.")
final class HistoryList extends HistoryReading implements Callable<Integer> {
    @Mixin
    FormatOption output;

    @Override
    public Integer call() {
        OutputTable t = new OutputTable(List.of("run_id", "time_utc", "git_sha", "host", "points", "rows",
                "source"));
        try (HistoryDb h = open()) {
            List<List<Object>> runs;
            try {
                runs = new HistoryQueries(h).runs(filters);
            } catch (SQLException e) {
                throw h.unreadable(e);
            }
            if (runs.isEmpty()) {
                warnWhenNoRunMatches(h); // the list is the runs query itself: asked again only when empty
            }
            runs.forEach(t::add);
        }
        spec.commandLine().getOut().print(t.write(output.format));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
