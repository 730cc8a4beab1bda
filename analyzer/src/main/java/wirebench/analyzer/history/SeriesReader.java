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

import wirebench.contract.WirebenchException;
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
        int argsBefore = args.size();
        StringBuilder metricCond = new StringBuilder();
        if (!metrics.isEmpty()) {
            metricCond.append(" AND m.metric IN (").append(String.join(", ", metrics.stream().map(x -> "?").toList()))
                    .append(")");
        }
        // no join, no aggregate, no sort by time in the database: one pass over the measures sorted by
        // series; a series' runs are put in time order (or grouped by commit) here, one series at a time
        boolean filtered = !where.equals("TRUE");
        String sql = "SELECT m.point_id, m.metric, m.run_no, m.value FROM measure m"
                + (filtered ? " WHERE m.run_no IN (SELECT r.run_no FROM run r WHERE " + runWhere(filters, args)
                        + ") AND m.point_id IN (SELECT p.point_id FROM point p WHERE " + pointWhere(filters, args)
                        + ")" : "")
                + metricCond.toString().replace(" AND m.metric", filtered ? " AND m.metric" : " WHERE m.metric")
                + " ORDER BY m.point_id, m.metric, m.run_no";
        List<Object> sqlArgs = new ArrayList<>(args.subList(argsBefore, args.size()));
        if (!metrics.isEmpty()) {
            sqlArgs.addAll(metrics);
        }
        Map<Integer, RunInfo> runs = runs();
        Map<Integer, String[]> points = points();
        int count = 0;
        try (PreparedStatement s = db.connection().prepareStatement(sql)) {
            for (int i = 0; i < sqlArgs.size(); i++) {
                s.setObject(i + 1, sqlArgs.get(i));
            }
            try (ResultSet r = s.executeQuery()) {
                int curPoint = -1;
                String curMetric = null;
                List<double[]> values = new ArrayList<>();
                while (r.next()) {
                    int pid = r.getInt(1);
                    String metric = r.getString(2);
                    if (pid != curPoint || !metric.equals(curMetric)) {
                        if (curMetric != null && wanted(curMetric, metrics)) {
                            sink.accept(series(points.get(curPoint), curMetric, values, runs, byCommit));
                            count++;
                        }
                        values = new ArrayList<>();
                        curPoint = pid;
                        curMetric = metric;
                    }
                    if (wanted(metric, metrics)) {
                        values.add(new double[] {r.getInt(3), r.getDouble(4)});
                    }
                }
                if (curMetric != null && wanted(curMetric, metrics)) {
                    sink.accept(series(points.get(curPoint), curMetric, values, runs, byCommit));
                    count++;
                }
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the series failed (" + e.getMessage() + ")");
        }
        return count;
    }

    /** The run conditions of {@code filters} (host, since, commit) on {@code r}. */
    private static String runWhere(Filters f, List<Object> args) {
        Filters runOnly = new Filters();
        runOnly.host = f.host;
        runOnly.since = f.since;
        runOnly.commit = f.commit;
        return runOnly.where(args);
    }

    /** The point condition of {@code filters} on {@code p}. */
    private static String pointWhere(Filters f, List<Object> args) {
        Filters pointOnly = new Filters();
        pointOnly.point = f.point;
        return pointOnly.where(args);
    }

    /**
     * One series from its (run_no, value) pairs sorted by run_no: a run's rows are reduced to their
     * median, then the runs are put in time order (ties: run_no), or grouped by commit.
     */
    private static Series series(String[] point, String metric, List<double[]> values, Map<Integer, RunInfo> runs,
            boolean byCommit) {
        List<Integer> runNos = new ArrayList<>();
        List<Double> medians = new ArrayList<>();
        int i = 0;
        while (i < values.size()) {
            int run = (int) values.get(i)[0];
            int j = i;
            while (j < values.size() && (int) values.get(j)[0] == run) {
                j++;
            }
            double[] v = new double[j - i];
            for (int k = i; k < j; k++) {
                v[k - i] = values.get(k)[1];
            }
            runNos.add(run);
            medians.add(EDivisive.median(v, 0, v.length));
            i = j;
        }
        // the run of each value looked up once, not in every comparison of the sort
        RunInfo[] info = new RunInfo[runNos.size()];
        Integer[] order = new Integer[runNos.size()];
        for (int k = 0; k < order.length; k++) {
            order[k] = k;
            info[k] = runs.get(runNos.get(k));
        }
        java.util.Arrays.sort(order, java.util.Comparator.<Integer, Instant>comparing(k -> info[k].time(),
                java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder())).thenComparing(runNos::get));
        List<Series.Entry> entries = new ArrayList<>();
        if (!byCommit) {
            for (Integer k : order) {
                RunInfo r = info[k];
                entries.add(new Series.Entry(r.runId(), r.time(), r.commit(), medians.get(k), 1));
            }
            return new Series(point[0], point[1], metric, entries);
        }
        // by commit: commits in the order of their first run, each the median of its runs' values
        Map<String, List<Double>> byCommitValues = new java.util.LinkedHashMap<>();
        Map<String, RunInfo> first = new HashMap<>();
        for (Integer k : order) {
            RunInfo r = runs.get(runNos.get(k));
            if (r.commit() == null) {
                continue;
            }
            byCommitValues.computeIfAbsent(r.commit(), c -> new ArrayList<>()).add(medians.get(k));
            first.putIfAbsent(r.commit(), r);
        }
        for (Map.Entry<String, List<Double>> e : byCommitValues.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
            RunInfo r = first.get(e.getKey());
            entries.add(new Series.Entry(r.runId(), r.time(), e.getKey(), EDivisive.median(v, 0, v.length), v.length));
        }
        return new Series(point[0], point[1], metric, entries);
    }

    private Map<Integer, String[]> points() {
        Map<Integer, String[]> out = new HashMap<>();
        try (PreparedStatement s = db.connection().prepareStatement("SELECT point_id, point, kind FROM point");
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.put(r.getInt(1), new String[] {r.getString(2), r.getString(3)});
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the test points failed (" + e.getMessage() + ")");
        }
        return out;
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
