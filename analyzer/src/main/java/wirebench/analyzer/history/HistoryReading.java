package wirebench.analyzer.history;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the {@code history} commands that read chosen runs share, declared once: the database
 * ({@link DbOptions}) and the run and test point filters ({@link Filters}). picocli reads the
 * annotated fields of this superclass as if the subcommand declared them.
 */
abstract class HistoryReading {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOptions db;

    @Mixin
    Filters filters;

    /** The database opened for reading, once the filters' syntax is checked (a usage error comes first). */
    HistoryDb open() {
        filters.check();
        return db.openReadOnly();
    }

    /**
     * One warning line on stderr when filters were given and no stored run matches them: the answer
     * is then empty (exit 0, as for any query), and says why instead of leaving an empty table.
     */
    void warnWhenNoRunMatches(HistoryDb h) {
        String given = filters.given();
        if (given.isEmpty()) {
            return;
        }
        HistoryQueries q = new HistoryQueries(h);
        boolean none;
        try {
            none = q.runs(filters).isEmpty();
        } catch (java.sql.SQLException e) {
            throw h.unreadable(e);
        }
        if (none) {
            java.io.PrintWriter err = spec.commandLine().getErr();
            err.println("warning: no run in " + db.db + " matches " + given + " (" + q.runCount() + " run(s) stored)");
            err.flush();
        }
    }
}
