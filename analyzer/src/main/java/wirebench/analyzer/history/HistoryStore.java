package wirebench.analyzer.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import wirebench.contract.WirebenchException;

/**
 * Writes runs into the history database: one transaction per run, so a run is either stored
 * whole or not at all (a process killed half-way leaves the database as it was). A run whose id
 * is already stored is skipped.
 */
public final class HistoryStore {
    /**
     * Test hook (system property): a file path; after a run's rows are written and before its
     * transaction commits, {@code add} prints a line naming the hook and waits until that file
     * exists. Lets tests hold the lock or kill the process at the worst moment.
     */
    public static final String PAUSE_HOOK = "wirebench.history.pauseBeforeCommit";

    /** The point name under which HdrHistogram log percentiles are stored. */
    public static final String DISTRIBUTION_PREFIX = "distribution ";

    private final HistoryDb db;
    private final Map<String, Integer> pointIds = new HashMap<>();
    private int nextPointId = 1;

    public HistoryStore(HistoryDb db) {
        this.db = db;
    }

    /** What {@link #add} did. */
    public enum Outcome { ADDED, ALREADY_STORED }

    /** Stores {@code run} in one transaction; {@code hookOut} receives the test hook's line. */
    public Outcome add(RunData run, java.io.PrintWriter hookOut) {
        Connection c = db.connection();
        try {
            c.setAutoCommit(false);
            try {
                if (exists(c, run.runId())) {
                    c.rollback();
                    return Outcome.ALREADY_STORED;
                }
                loadPoints(c);
                int runNo = insertRun(c, run);
                insertRows(c, runNo, run);
                pauseForTests(hookOut);
                c.commit();
                return Outcome.ADDED;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                pointIds.clear();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": storing " + run.source() + " failed, nothing of it was "
                    + "stored (" + HistoryDb.firstLine(e.getMessage()) + ")");
        }
    }

    private static boolean exists(Connection c, String runId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM run WHERE run_id = ?")) {
            s.setString(1, runId);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1) > 0;
            }
        }
    }

    private void loadPoints(Connection c) throws SQLException {
        pointIds.clear();
        nextPointId = 1;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT point_id, point FROM point")) {
            while (r.next()) {
                pointIds.put(r.getString(2), r.getInt(1));
                nextPointId = Math.max(nextPointId, r.getInt(1) + 1);
            }
        }
    }

    private int pointId(Connection c, String point, String kind) throws SQLException {
        Integer id = pointIds.get(point);
        if (id != null) {
            return id;
        }
        int newId = nextPointId++;
        try (PreparedStatement s = c.prepareStatement("INSERT INTO point VALUES (?, ?, ?)")) {
            HistoryQueries.bind(s, Arrays.asList(newId, kind, point));
            s.executeUpdate();
        }
        pointIds.put(point, newId);
        return newId;
    }

    private static int insertRun(Connection c, RunData run) throws SQLException {
        int runNo;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT nextval('run_no_seq')")) {
            r.next();
            runNo = r.getInt(1);
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO run VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                + "?, ?, ?)")) {
            HistoryQueries.bind(s, Arrays.asList(runNo, run.runId(), run.source(), run.format(), ts(run.startUtc()),
                    ts(run.endUtc()), ts(run.timeUtc()), run.timeFrom(), run.gitSha(), run.toolVersion(), run.host(),
                    run.commandLine(), run.configSha(), run.runJson(), ts(Instant.now())));
            s.executeUpdate();
        }
        return runNo;
    }

    private void insertRows(Connection c, int runNo, RunData run) throws SQLException {
        Map<Integer, Integer> points = new HashMap<>();
        int rowNo = 0;
        for (RunData.StoredRow r : run.rows()) {
            points.put(rowNo++, pointId(c, r.point(), r.kind()));
        }
        int[] histPoints = new int[run.histograms().size()];
        for (int i = 0; i < histPoints.length; i++) {
            histPoints[i] = pointId(c, DISTRIBUTION_PREFIX + run.histograms().get(i).name(), "latency_distribution");
        }
        DuckDBConnection dc = c.unwrap(DuckDBConnection.class);
        try (DuckDBAppender rows = dc.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "result_row");
                DuckDBAppender measures = dc.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "measure")) {
            rowNo = 0;
            for (RunData.StoredRow r : run.rows()) {
                int pid = points.get(rowNo);
                rows.beginRow().append(runNo).append(rowNo).append(pid).append(r.source()).append(r.format())
                        .append(r.keysJson()).endRow();
                for (Map.Entry<String, Double> m : r.measures().entrySet()) {
                    measures.beginRow().append(runNo).append(rowNo).append(pid).append(m.getKey())
                            .append(m.getValue().doubleValue()).endRow();
                }
                rowNo++;
            }
            for (int i = 0; i < histPoints.length; i++) {
                RunData.StoredHistogram h = run.histograms().get(i);
                int hr = rowNo++;
                rows.beginRow().append(runNo).append(hr).append(histPoints[i]).append(h.name() + ".hlog")
                        .append("hdrhistogram-log").append("{}").endRow();
                String[] names = {"p50_us", "p90_us", "p99_us", "p999_us", "p9999_us", "max_us", "count"};
                double[] values = {h.p50Us(), h.p90Us(), h.p99Us(), h.p999Us(), h.p9999Us(), h.maxUs(), h.count()};
                for (int k = 0; k < names.length; k++) {
                    measures.beginRow().append(runNo).append(hr).append(histPoints[i]).append(names[k])
                            .append(values[k]).endRow();
                }
            }
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO histogram VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (RunData.StoredHistogram h : run.histograms()) {
                HistoryQueries.bind(s, Arrays.asList(runNo, h.name(), h.count(), h.p50Us(), h.p90Us(), h.p99Us(),
                        h.p999Us(), h.p9999Us(), h.maxUs()));
                s.addBatch();
            }
            if (!run.histograms().isEmpty()) {
                s.executeBatch();
            }
        }
    }

    private static void pauseForTests(java.io.PrintWriter out) {
        String hook = System.getProperty(PAUSE_HOOK);
        if (hook == null || hook.isBlank()) {
            return;
        }
        Path go = Path.of(hook);
        out.println("history: test hook " + PAUSE_HOOK + ": paused before commit until " + go + " exists");
        out.flush();
        while (!Files.exists(go)) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WirebenchException(1, "interrupted in the test hook");
            }
        }
    }

    /** An instant as DuckDB's TIMESTAMP (UTC wall time), or null. */
    static LocalDateTime ts(Instant t) {
        return t == null ? null : LocalDateTime.ofInstant(t, ZoneOffset.UTC);
    }

    /** A TIMESTAMP read back as an instant (UTC). */
    static Instant instant(Timestamp t) {
        return t == null ? null : t.toLocalDateTime().toInstant(ZoneOffset.UTC);
    }
}
