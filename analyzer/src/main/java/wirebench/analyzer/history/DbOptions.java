package wirebench.analyzer.history;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** {@code --db} and {@code --wait}, shared by every {@code history} command. */
public final class DbOptions {
    @Option(names = "--db", paramLabel = "FILE", defaultValue = HistoryDb.DEFAULT_FILE,
            description = "The history database (default: ./${DEFAULT-VALUE}).")
    Path db;

    @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "60",
            description = "How long to wait for another process using the database (default: ${DEFAULT-VALUE}); "
                    + "then exit 3 with nothing changed.")
    double waitSeconds;

    long waitMs() {
        if (!(waitSeconds >= 0) || waitSeconds > Long.MAX_VALUE / 1000.0) {
            throw new wirebench.contract.WirebenchException(wirebench.contract.WirebenchException.USAGE,
                    "--wait: expected seconds, 0 or more, got " + waitSeconds);
        }
        return (long) (waitSeconds * 1000);
    }

    HistoryDb openReadOnly() {
        return HistoryDb.openReadOnly(db, waitMs());
    }

    HistoryDb openForWriting() {
        return HistoryDb.openForWriting(db, waitMs());
    }
}
