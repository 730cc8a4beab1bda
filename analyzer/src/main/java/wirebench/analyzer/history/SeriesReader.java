package wirebench.analyzer.history;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import wirebench.analyzer.WirebenchException;
import wirebench.analyzer.compare.Metric;

/**
 * Streams the series of the history, one (test point, metric) at a time, so memory holds one
 * series (plus the run table), not the database. A run's value for a point is the median of its
 * rows of that point (repetitions); with {@code byCommit}, a commit's value is the median of all
 * its runs' rows and runs without a commit are left out.
 */
public final class SeriesReader {
    private final HistoryDb db;

    public SeriesReader(HistoryDb db) {
        this.db = db;
    }

    private record RunInfo(String runId, Instant time, String commit) {
    }

    /**
     * Calls {@code sink} with every series passing {@code filters}; {@code metrics} restricts the
     * metrics (empty: every metric whose better direction is known, see compare's Metric).
     *
     * @return the number of series read
     */
    public int read(Filters filters, Set<String> metrics, boolean byCommit, Consumer<Series> sink) {
        List<Object> args = new ArrayList<>();
        String where = filters.where(args);
        StringBuilder metricCond = new StringBuilder();
        if (!metrics.isEmpty()) {
            metricCond.append(" AND m.metric IN (").append(String.join(", ", metrics.stream().map(x -> "?").toList()))
                    .append(")");
            args.addAll(metrics);
        }
        String sql = byCommit
                ? "SELECT m.point_id, p.point, p.kind, m.metric, min(r.run_no) AS first_run, r.git_sha, "
                        + "median(m.value) AS v, count(DISTINCT r.run_no) AS n, min(r.time_utc) AS t "
                        + "FROM measure m JOIN run r USING (run_no) JOIN point p USING (point_id) WHERE " + where
                        + metricCond + " AND r.git_sha IS NOT NULL GROUP BY m.point_id, p.point, p.kind, m.metric, "
                        + "r.git_sha ORDER BY m.point_id, m.metric, t, r.git_sha"
                : "SELECT m.point_id, p.point, p.kind, m.metric, m.run_no, median(m.value) AS v FROM measure m "
                        + "JOIN run r USING (run_no) JOIN point p USING (point_id) WHERE " + where + metricCond
                        + " GROUP BY m.point_id, p.point, p.kind, m.metric, m.run_no, r.time_utc "
                        + "ORDER BY m.point_id, m.metric, r.time_utc, m.run_no";
        Map<Integer, RunInfo> runs = runs();
        int count = 0;
        try (PreparedStatement s = db.connection().prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                s.setObject(i + 1, args.get(i));
            }
            try (ResultSet r = s.executeQuery()) {
                int curPoint = -1;
                String curMetric = null;
                String point = null;
                String kind = null;
                List<Series.Entry> entries = new ArrayList<>();
                while (r.next()) {
                    int pid = r.getInt(1);
                    String metric = r.getString(4);
                    if (pid != curPoint || !metric.equals(curMetric)) {
                        if (curMetric != null && wanted(curMetric, metrics)) {
                            sink.accept(new Series(point, kind, curMetric, entries));
                            count++;
                        }
                        entries = new ArrayList<>();
                        curPoint = pid;
                        curMetric = metric;
                        point = r.getString(2);
                        kind = r.getString(3);
                    }
                    if (!wanted(metric, metrics)) {
                        continue;
                    }
                    RunInfo run = runs.get(r.getInt(5));
                    if (byCommit) {
                        entries.add(new Series.Entry(run.runId(), run.time(), r.getString(6), r.getDouble(7),
                                r.getInt(8)));
                    } else {
                        entries.add(new Series.Entry(run.runId(), run.time(), run.commit(), r.getDouble(6), 1));
                    }
                }
                if (curMetric != null && wanted(curMetric, metrics)) {
                    sink.accept(new Series(point, kind, curMetric, entries));
                    count++;
                }
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the series failed (" + e.getMessage() + ")");
        }
        return count;
    }

    private static boolean wanted(String metric, Set<String> metrics) {
        return metrics.isEmpty() ? Metric.of(metric) != Metric.NEUTRAL : metrics.contains(metric);
    }

    private Map<Integer, RunInfo> runs() {
        Map<Integer, RunInfo> out = new HashMap<>();
        try (PreparedStatement s = db.connection().prepareStatement("SELECT run_no, run_id, time_utc, git_sha FROM run");
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.put(r.getInt(1), new RunInfo(r.getString(2), HistoryStore.instant(r.getTimestamp(3)),
                        r.getString(4)));
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the runs failed (" + e.getMessage() + ")");
        }
        return out;
    }

    /** Every metric name stored (for checking {@code --metric} and {@code --fail-on}). */
    public Set<String> metricNames() {
        Set<String> out = new java.util.TreeSet<>();
        try (PreparedStatement s = db.connection().prepareStatement("SELECT DISTINCT metric FROM measure");
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the metrics failed (" + e.getMessage() + ")");
        }
        return out;
    }
}
