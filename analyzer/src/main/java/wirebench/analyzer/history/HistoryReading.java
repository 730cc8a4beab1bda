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
        filters.sinceInstant();
        return db.openReadOnly();
    }
}
