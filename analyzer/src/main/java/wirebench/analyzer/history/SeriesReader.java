package wirebench.analyzer.history;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

import wirebench.contract.WirebenchException;
import wirebench.analyzer.compare.Metric;
import wirebench.analyzer.stats.Median;

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
     * The runs in series order (time, ties by run_no): {@code byRank[k]} is the k-th run, and
     * {@code rankOf[run_no]} its position (-1: no such run).
     */
    private record RunOrder(RunInfo[] byRank, int[] rankOf) {
        int rank(int runNo) {
            return runNo >= 0 && runNo < rankOf.length ? rankOf[runNo] : -1;
        }
    }

    /**
     * Calls {@code sink} with every series passing {@code filters}; {@code metrics} restricts the
     * metrics (empty: every metric whose better direction is known, see compare's Metric).
     *
     * @return the number of series read
     */
    public int read(Filters filters, Set<String> metrics, boolean byCommit, Consumer<Series> sink) {
        // the metrics read, in name order (the order of the series); each has a number so the
        // database returns an integer per row instead of a string to decode
        List<String> wanted = new ArrayList<>(new TreeSet<>(metrics.isEmpty() ? metricNames() : metrics));
        if (metrics.isEmpty()) {
            wanted.removeIf(m -> Metric.of(m) == Metric.NEUTRAL);
        }
        if (wanted.isEmpty()) {
            return 0;
        }
        List<Object> args = new ArrayList<>();
        String where = filters.where(args);
        int argsBefore = args.size();
        String marks = String.join(", ", wanted.stream().map(x -> "?").toList());
        StringBuilder code = new StringBuilder("CASE m.metric");
        for (int i = 0; i < wanted.size(); i++) {
            code.append(" WHEN ? THEN ").append(i);
        }
        code.append(" END");
        // no join, no aggregate, no sort by run or time in the database: one pass over the measures
        // grouped by series; a series' runs are put in time order (or grouped by commit) here, one
        // series at a time
        boolean filtered = !where.equals("TRUE");
        String sql = "SELECT m.point_id, " + code + " AS metric_no, m.run_no, m.value FROM measure m WHERE m.metric IN ("
                + marks + ")"
                + (filtered ? " AND m.run_no IN (SELECT r.run_no FROM run r WHERE " + runWhere(filters, args)
                        + ") AND m.point_id IN (SELECT p.point_id FROM point p WHERE " + pointWhere(filters, args)
                        + ")" : "")
                + " ORDER BY m.point_id, metric_no";
        List<Object> sqlArgs = new ArrayList<>(wanted);
        sqlArgs.addAll(wanted);
        sqlArgs.addAll(args.subList(argsBefore, args.size()));
        RunOrder runs = runs();
        Map<Integer, String[]> points = points();
        int count = 0;
        try (PreparedStatement s = db.connection().prepareStatement(sql)) {
            HistoryQueries.bind(s, sqlArgs);
            try (ResultSet r = s.executeQuery()) {
                int curPoint = -1;
                int curMetric = -1;
                Rows rows = new Rows();
                while (r.next()) {
                    int pid = r.getInt(1);
                    int metric = r.getInt(2);
                    if (pid != curPoint || metric != curMetric) {
                        if (curMetric >= 0) {
                            sink.accept(series(points.get(curPoint), wanted.get(curMetric), rows, runs, byCommit));
                            count++;
                        }
                        rows = new Rows();
                        curPoint = pid;
                        curMetric = metric;
                    }
                    int rank = runs.rank(r.getInt(3));
                    if (rank >= 0) {
                        rows.add(rank, r.getDouble(4));
                    }
                }
                if (curMetric >= 0) {
                    sink.accept(series(points.get(curPoint), wanted.get(curMetric), rows, runs, byCommit));
                    count++;
                }
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the series failed ("
                    + HistoryDb.firstLine(e.getMessage()) + ")");
        }
        return count;
    }

    /** The rows of one series: each value with its run's rank (see {@link RunOrder}), in any order. */
    private static final class Rows {
        private int[] rank = new int[1024];
        private double[] value = new double[1024];
        private int size;

        void add(int runRank, double v) {
            if (size == rank.length) {
                rank = Arrays.copyOf(rank, 2 * size);
                value = Arrays.copyOf(value, 2 * size);
            }
            rank[size] = runRank;
            value[size] = v;
            size++;
        }

        /** Row indices sorted by run rank (ties: row order), packed as {@code rank << 32 | row}. */
        long[] byRank() {
            long[] keys = new long[size];
            for (int i = 0; i < size; i++) {
                keys[i] = (long) rank[i] << 32 | i;
            }
            Arrays.sort(keys);
            return keys;
        }
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
     * One series from its rows: a run's rows are reduced to their median, the runs taken in time
     * order (ties: run_no), or grouped by commit.
     */
    private static Series series(String[] point, String metric, Rows rows, RunOrder runs, boolean byCommit) {
        long[] keys = rows.byRank();
        int n = 0;
        int[] runRanks = new int[keys.length];
        double[] medians = new double[keys.length];
        int i = 0;
        while (i < keys.length) {
            int run = (int) (keys[i] >>> 32);
            int j = i + 1;
            while (j < keys.length && (int) (keys[j] >>> 32) == run) {
                j++;
            }
            if (j - i == 1) {
                medians[n] = rows.value[(int) keys[i]];
            } else {
                double[] v = new double[j - i];
                for (int k = i; k < j; k++) {
                    v[k - i] = rows.value[(int) keys[k]];
                }
                medians[n] = Median.of(v);
            }
            runRanks[n++] = run;
            i = j;
        }
        List<Series.Entry> entries = new ArrayList<>(byCommit ? 16 : n);
        if (!byCommit) {
            for (int k = 0; k < n; k++) {
                RunInfo r = runs.byRank()[runRanks[k]];
                entries.add(new Series.Entry(r.runId(), r.time(), r.commit(), medians[k], 1));
            }
            return new Series(point[0], point[1], metric, entries);
        }
        // by commit: commits in the order of their first run, each the median of its runs' values
        Map<String, List<Double>> byCommitValues = new java.util.LinkedHashMap<>();
        Map<String, RunInfo> first = new HashMap<>();
        for (int k = 0; k < n; k++) {
            RunInfo r = runs.byRank()[runRanks[k]];
            if (r.commit() == null) {
                continue;
            }
            byCommitValues.computeIfAbsent(r.commit(), c -> new ArrayList<>()).add(medians[k]);
            first.putIfAbsent(r.commit(), r);
        }
        for (Map.Entry<String, List<Double>> e : byCommitValues.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
            RunInfo r = first.get(e.getKey());
            entries.add(new Series.Entry(r.runId(), r.time(), e.getKey(), Median.of(v), v.length));
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
            throw WirebenchException.badInput(db.file() + ": reading the test points failed ("
                    + HistoryDb.firstLine(e.getMessage()) + ")");
        }
        return out;
    }

    /** Every run, in series order: time (none first), ties by run_no. */
    private RunOrder runs() {
        List<int[]> nos = new ArrayList<>();
        List<RunInfo> infos = new ArrayList<>();
        int maxNo = -1;
        try (PreparedStatement s = db.connection().prepareStatement("SELECT run_no, run_id, time_utc, git_sha FROM run");
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                int no = r.getInt(1);
                nos.add(new int[] {no, infos.size()});
                infos.add(new RunInfo(r.getString(2), HistoryStore.instant(r.getTimestamp(3)), r.getString(4)));
                maxNo = Math.max(maxNo, no);
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the runs failed ("
                    + HistoryDb.firstLine(e.getMessage()) + ")");
        }
        nos.sort(Comparator.<int[], Instant>comparing(x -> infos.get(x[1]).time(),
                Comparator.nullsFirst(Comparator.naturalOrder())).thenComparingInt(x -> x[0]));
        RunInfo[] byRank = new RunInfo[nos.size()];
        int[] rankOf = new int[maxNo + 1];
        Arrays.fill(rankOf, -1);
        for (int k = 0; k < byRank.length; k++) {
            byRank[k] = infos.get(nos.get(k)[1]);
            rankOf[nos.get(k)[0]] = k;
        }
        return new RunOrder(byRank, rankOf);
    }

    /** Every metric name stored (for checking {@code --metric} and {@code --fail-on}). */
    public Set<String> metricNames() {
        Set<String> out = new TreeSet<>();
        try (PreparedStatement s = db.connection().prepareStatement("SELECT DISTINCT metric FROM measure");
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        } catch (SQLException e) {
            throw WirebenchException.badInput(db.file() + ": reading the metrics failed ("
                    + HistoryDb.firstLine(e.getMessage()) + ")");
        }
        return out;
    }
}
