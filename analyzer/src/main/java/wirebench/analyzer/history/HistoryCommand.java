package wirebench.analyzer.history;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import wirebench.contract.WirebenchException;

/**
 * {@code wirebench history}: every run in an embedded database, trends and change points. Each
 * subcommand is its own class ({@code HistoryAdd}, {@code HistoryList}, {@code HistoryShow},
 * {@code HistorySql}, {@code HistoryChanges}, {@code HistoryReport}); their queries are in
 * {@link HistoryQueries}.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Keeps every run in one DuckDB database file (default ./wirebench-history.duckdb) and "
                + "answers 'when did it change, and with which commit': E-divisive change points per test point "
                + "and metric, a trends page, a CI gate. Schema: docs/history.md."},
        subcommands = {HistoryAdd.class, HistoryList.class, HistoryShow.class, HistorySql.class,
                HistoryChanges.class, HistoryReport.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:internal error", "2:usage error", "3:bad input, or the database is held by "
                + "another process (nothing changed)", "4:history changes --fail-on: a gate was crossed"})
public final class HistoryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return WirebenchException.USAGE;
    }
}
