package wirebench.analyzer.history;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import wirebench.contract.WirebenchException;

/**
 * The read queries of the {@code history} subcommands over one open database: the SQL and JDBC
 * live here, the subcommands parse options and print.
 */
final class HistoryQueries {
    private final HistoryDb db;

    HistoryQueries(HistoryDb db) {
        this.db = db;
    }

    /** Rows of {@code history list}: run_id, time_utc, git_sha, host, points, rows, source; oldest first. */
    List<List<Object>> runs(Filters filters) throws SQLException {
        List<Object> args = new ArrayList<>();
        Filters runOnly = new Filters();
        runOnly.host = filters.host;
        runOnly.since = filters.since;
        runOnly.commit = filters.commit;
        String where = runOnly.where(args);
        String pointFilter = "";
        if (filters.point != null) {
            pointFilter = " AND r.run_no IN (SELECT rr.run_no FROM result_row rr JOIN point p USING (point_id) "
                    + "WHERE contains(lower(p.point), ?))";
            args.add(filters.point.toLowerCase(Locale.ROOT));
        }
        List<List<Object>> out = new ArrayList<>();
        try (PreparedStatement s = db.connection().prepareStatement("SELECT r.run_id, r.time_utc, r.git_sha, "
                + "r.host, count(DISTINCT rr.point_id), count(rr.row_no), r.source FROM run r LEFT JOIN "
                + "result_row rr USING (run_no) WHERE " + where + pointFilter + " GROUP BY r.run_no, "
                + "r.run_id, r.time_utc, r.git_sha, r.host, r.source ORDER BY r.time_utc, r.run_no")) {
            bind(s, args);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(Arrays.asList(r.getString(1), time(r.getTimestamp(2)), r.getString(3), r.getString(4),
                            r.getLong(5), r.getLong(6), r.getString(7)));
                }
            }
        }
        return out;
    }

    /**
     * Rows of {@code history show METRIC}: point, run_id, time_utc, git_sha, host, the median of the
     * run's rows of that point, and their number.
     */
    List<List<Object>> metricByRun(String metric, Filters filters) throws SQLException {
        List<Object> args = new ArrayList<>();
        args.add(metric);
        String where = filters.where(args);
        List<List<Object>> out = new ArrayList<>();
        try (PreparedStatement s = db.connection().prepareStatement("SELECT p.point, r.run_id, r.time_utc, "
                + "r.git_sha, r.host, median(m.value), count(*) FROM measure m JOIN run r USING (run_no) "
                + "JOIN point p USING (point_id) WHERE m.metric = ? AND " + where + " GROUP BY p.point, "
                + "r.run_no, r.run_id, r.time_utc, r.git_sha, r.host ORDER BY p.point, r.time_utc, r.run_no")) {
            bind(s, args);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(Arrays.asList(r.getString(1), r.getString(2), time(r.getTimestamp(3)), r.getString(4),
                            r.getString(5), r.getDouble(6), r.getLong(7)));
                }
            }
        }
        return out;
    }

    /** One read-only query's result as a table (the caller checked it is read-only). */
    OutputTable query(String q) throws SQLException {
        try (Statement s = db.connection().createStatement(); ResultSet r = s.executeQuery(q)) {
            ResultSetMetaData md = r.getMetaData();
            List<String> cols = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                cols.add(md.getColumnLabel(i));
            }
            OutputTable t = new OutputTable(cols);
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= cols.size(); i++) {
                    row.add(value(r.getObject(i)));
                }
                t.add(row);
            }
            return t;
        }
    }

    /** The number of runs stored. */
    long runCount() {
        try (Statement s = db.connection().createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM run")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw db.unreadable(e);
        }
    }

    private static Object value(Object v) {
        if (v instanceof Number && !(v instanceof Double)) {
            if (v instanceof Float || v instanceof java.math.BigDecimal) {
                return ((Number) v).doubleValue();
            }
            return ((Number) v).longValue();
        }
        if (v instanceof Timestamp || v instanceof java.time.LocalDateTime) {
            return time(v);
        }
        return v == null || v instanceof Double || v instanceof Boolean ? v : v.toString();
    }

    static void bind(PreparedStatement s, List<Object> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            s.setObject(i + 1, args.get(i));
        }
    }

    /** A database time as an ISO-8601 instant (UTC). */
    static String time(Object t) {
        if (t instanceof Timestamp) {
            return HistoryStore.instant((Timestamp) t).toString();
        }
        if (t instanceof java.time.LocalDateTime) {
            return ((java.time.LocalDateTime) t).toInstant(java.time.ZoneOffset.UTC).toString();
        }
        return t == null ? null : t.toString();
    }
}
