package wirebench.analyzer.history;

import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import wirebench.contract.WirebenchException;

/** {@code history sql}. */
@Command(name = "sql", mixinStandardHelpOptions = true,
        description = {"Runs one read-only query (SELECT, WITH, FROM, DESCRIBE, SHOW, SUMMARIZE, VALUES) on the "
                + "database, opened read-only with access to other files disabled. Tables and views: "
                + "docs/history.md (run, point, result_row, measure, histogram, observation)."})
final class HistorySql implements Callable<Integer> {
    private static final Pattern READ_ONLY = Pattern.compile(
            "(?is)\\s*(\\(\\s*)*(select|with|from|describe|show|summarize|values|table)\\b.*");

    @Spec
    CommandSpec spec;

    @Mixin
    DbOptions db;

    @Parameters(index = "0", paramLabel = "QUERY", description = "e.g. \"SELECT point, metric, median(value) "
            + "FROM observation GROUP BY ALL\"")
    String query;

    @Mixin
    FormatOption output;

    @Override
    public Integer call() {
        String q = query.strip();
        while (q.endsWith(";")) {
            q = q.substring(0, q.length() - 1).strip();
        }
        if (!READ_ONLY.matcher(q).matches()) {
            throw new WirebenchException(WirebenchException.USAGE, "history sql: only read-only queries "
                    + "(SELECT, WITH, FROM, DESCRIBE, SHOW, SUMMARIZE, VALUES), got '" + abbreviate(q) + "'");
        }
        OutputTable t;
        try (HistoryDb h = db.openReadOnly()) {
            t = new HistoryQueries(h).query(q);
        } catch (SQLException e) {
            throw WirebenchException.badInput("history sql: " + db.db + ": " + HistoryDb.firstLine(e.getMessage()));
        }
        spec.commandLine().getOut().print(t.write(output.format));
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static String abbreviate(String s) {
        String one = s.replaceAll("\\s+", " ");
        return one.length() > 60 ? one.substring(0, 57) + "..." : one;
    }
}
