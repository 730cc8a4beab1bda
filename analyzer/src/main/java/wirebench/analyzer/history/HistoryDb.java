package wirebench.analyzer.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.function.LongSupplier;

import wirebench.contract.WirebenchException;

/**
 * Opens the history database (an embedded DuckDB file) and keeps its schema. DuckDB lets one
 * process at a time hold a database file open for writing; another process trying to open it gets
 * a lock error, which is retried until {@code waitMs} has passed and then reported as exit code 3
 * naming the file and the process holding it. Nothing is written before the lock is held, so a
 * refused open never touches the file.
 *
 * <p>Schema version 1 is documented in docs/history.md; a database written by a newer wirebench
 * (a higher version) is refused rather than misread.
 */
public final class HistoryDb implements AutoCloseable {
    /** The schema version this code writes and reads. */
    public static final int SCHEMA_VERSION = 1;
    /** Default database file, relative to the working directory. */
    public static final String DEFAULT_FILE = "wirebench-history.duckdb";

    private static final long RETRY_MS = 200;

    private static final String[] SCHEMA = {
        "CREATE TABLE schema_version (version INTEGER NOT NULL, applied_utc TIMESTAMP NOT NULL)",
        "CREATE SEQUENCE run_no_seq START 1",
        "CREATE TABLE run (run_no INTEGER PRIMARY KEY, run_id VARCHAR NOT NULL UNIQUE, source VARCHAR NOT NULL, "
                + "format VARCHAR, start_utc TIMESTAMP, end_utc TIMESTAMP, time_utc TIMESTAMP NOT NULL, "
                + "time_from VARCHAR NOT NULL, git_sha VARCHAR, tool_version VARCHAR, host VARCHAR, "
                + "command_line VARCHAR, config_sha256 VARCHAR, run_json VARCHAR, added_utc TIMESTAMP NOT NULL)",
        "CREATE TABLE point (point_id INTEGER PRIMARY KEY, kind VARCHAR NOT NULL, point VARCHAR NOT NULL UNIQUE)",
        "CREATE TABLE result_row (run_no INTEGER NOT NULL, row_no INTEGER NOT NULL, point_id INTEGER NOT NULL, "
                + "source VARCHAR, format VARCHAR, keys_json VARCHAR)",
        "CREATE TABLE measure (run_no INTEGER NOT NULL, row_no INTEGER NOT NULL, point_id INTEGER NOT NULL, "
                + "metric VARCHAR NOT NULL, value DOUBLE NOT NULL)",
        "CREATE TABLE histogram (run_no INTEGER NOT NULL, name VARCHAR NOT NULL, count BIGINT NOT NULL, "
                + "p50_us DOUBLE, p90_us DOUBLE, p99_us DOUBLE, p999_us DOUBLE, p9999_us DOUBLE, max_us DOUBLE)",
        "CREATE VIEW observation AS SELECT r.run_id, r.time_utc, r.git_sha, r.host, p.kind, p.point, m.metric, "
                + "m.value, m.row_no FROM measure m JOIN run r USING (run_no) JOIN point p USING (point_id)",
    };

    private final Path file;
    private final Connection connection;
    private final boolean readOnly;

    private HistoryDb(Path file, Connection connection, boolean readOnly) {
        this.file = file;
        this.connection = connection;
        this.readOnly = readOnly;
    }

    /**
     * Opens {@code file} for writing (creating it and its schema when missing), waiting up to
     * {@code waitMs} for another process to release it.
     */
    public static HistoryDb openForWriting(Path file, long waitMs) {
        HistoryDb db = new HistoryDb(file, connect(file, false, waitMs, System::currentTimeMillis), false);
        db.ensureSchema();
        return db;
    }

    /**
     * Opens an existing {@code file} read-only (no statement can change it, and queries cannot
     * read or write other files), waiting up to {@code waitMs} for a writer to finish.
     */
    public static HistoryDb openReadOnly(Path file, long waitMs) {
        if (!Files.isRegularFile(file)) {
            throw WirebenchException.badInput(file + ": no history database here (create one with "
                    + "'wirebench history add DIR --db " + file + "')");
        }
        HistoryDb db = new HistoryDb(file, connect(file, true, waitMs, System::currentTimeMillis), true);
        db.checkVersion();
        return db;
    }

    public Connection connection() {
        return connection;
    }

    public Path file() {
        return file;
    }

    public boolean readOnly() {
        return readOnly;
    }

    private static Connection connect(Path file, boolean readOnly, long waitMs, LongSupplier clockMs) {
        Properties p = new Properties();
        p.setProperty("duckdb.read_only", Boolean.toString(readOnly));
        // nothing is ever fetched from the network, and read-only queries cannot touch other files
        p.setProperty("autoinstall_known_extensions", "false");
        p.setProperty("autoload_known_extensions", "false");
        if (readOnly) {
            p.setProperty("enable_external_access", "false");
        }
        try {
            Class.forName("org.duckdb.DuckDBDriver");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("DuckDB's JDBC driver is missing from the class path", e);
        }
        String url = "jdbc:duckdb:" + file.toAbsolutePath();
        long deadline = clockMs.getAsLong() + Math.max(0, waitMs);
        while (true) {
            try {
                return DriverManager.getConnection(url, p);
            } catch (SQLException e) {
                String msg = String.valueOf(e.getMessage());
                if (!isLockConflict(msg)) {
                    throw WirebenchException.badInput(file + ": cannot open the history database (" + firstLine(msg)
                            + ")");
                }
                if (clockMs.getAsLong() >= deadline) {
                    throw new WirebenchException(WirebenchException.BAD_INPUT, file + ": the history database is in "
                            + "use by another process" + holder(msg) + "; waited " + waitMs / 1000 + " s (--wait "
                            + "SECONDS waits longer); nothing was changed");
                }
                try {
                    Thread.sleep(RETRY_MS);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new WirebenchException(1, file + ": interrupted while waiting for the database lock");
                }
            }
        }
    }

    /**
     * A query on this database that failed: bad input (exit 3) naming the file, on one line (a file
     * cut short or damaged fails here, not when it is opened: DuckDB reads blocks as they are needed).
     */
    WirebenchException unreadable(SQLException e) {
        return WirebenchException.badInput(file + ": cannot read the history database (" + firstLine(e.getMessage())
                + ")");
    }

    static boolean isLockConflict(String message) {
        return message.contains("Could not set lock") || message.contains("Conflicting lock");
    }

    /** The " (PID n)" part of DuckDB's lock message, or "". */
    static String holder(String message) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("PID (\\d+)").matcher(message);
        return m.find() ? " (PID " + m.group(1) + ")" : "";
    }

    /** The first line of a (database) message. */
    static String firstLine(String s) {
        String[] lines = String.valueOf(s).strip().split("\\R");
        return lines.length == 0 ? "" : lines[0];
    }

    private void ensureSchema() {
        try {
            if (!tableExists("schema_version")) {
                boolean auto = connection.getAutoCommit();
                connection.setAutoCommit(false);
                try (Statement s = connection.createStatement()) {
                    for (String ddl : SCHEMA) {
                        s.execute(ddl);
                    }
                    s.execute("INSERT INTO schema_version VALUES (" + SCHEMA_VERSION + ", now()::TIMESTAMP)");
                    connection.commit();
                } catch (SQLException e) {
                    connection.rollback();
                    throw e;
                } finally {
                    connection.setAutoCommit(auto);
                }
            }
            checkVersion();
        } catch (SQLException e) {
            throw WirebenchException.badInput(file + ": cannot create the history schema ("
                    + firstLine(e.getMessage()) + ")");
        }
    }

    private void checkVersion() {
        try {
            if (!tableExists("schema_version")) {
                throw WirebenchException.badInput(file + ": not a wirebench history database (no schema_version "
                        + "table)");
            }
            try (Statement s = connection.createStatement();
                    ResultSet r = s.executeQuery("SELECT max(version) FROM schema_version")) {
                r.next();
                int v = r.getInt(1);
                if (v != SCHEMA_VERSION) {
                    throw WirebenchException.badInput(file + ": history schema version " + v + ", this wirebench "
                            + "reads version " + SCHEMA_VERSION + (v > SCHEMA_VERSION ? " (written by a newer "
                                    + "wirebench)" : ""));
                }
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(file + ": not a readable history database ("
                    + firstLine(e.getMessage()) + ")");
        }
    }

    private boolean tableExists(String name) throws SQLException {
        try (java.sql.PreparedStatement s = connection.prepareStatement(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = ?")) {
            s.setString(1, name);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1) > 0;
            }
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw WirebenchException.badInput(file + ": closing the history database failed ("
                    + firstLine(e.getMessage()) + ")");
        }
    }
}
