package wirebench.analyzer.history;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import wirebench.contract.WirebenchException;
import wirebench.analyzer.compare.Gate;
import wirebench.analyzer.compare.GateRule;
import wirebench.contract.AtomicFiles;
import wirebench.contract.Numbers;

/** {@code wirebench history}: every run in an embedded database, trends and change points. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Keeps every run in one DuckDB database file (default ./wirebench-history.duckdb) and "
                + "answers 'when did it change, and with which commit': E-divisive change points per test point "
                + "and metric, a trends page, a CI gate. Schema: docs/history.md."},
        subcommands = {HistoryCommand.Add.class, HistoryCommand.ListRuns.class, HistoryCommand.Show.class,
                HistoryCommand.Sql.class, HistoryCommand.Changes.class, HistoryCommand.Report.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:internal error", "2:usage error", "3:bad input, or the database is held by "
                + "another process (nothing changed)", "4:history changes --fail-on: a gate was crossed"})
public final class HistoryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return WirebenchException.USAGE;
    }

    static String time(Object t) {
        if (t instanceof Timestamp) {
            return HistoryStore.instant((Timestamp) t).toString();
        }
        if (t instanceof java.time.LocalDateTime) {
            return ((java.time.LocalDateTime) t).toInstant(java.time.ZoneOffset.UTC).toString();
        }
        return t == null ? null : t.toString();
    }

    /** {@code history add}. */
    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Stores runs: a results directory (run.json, every CSV family's rows, the percentiles "
                    + "of its HdrHistogram logs), a directory of such directories (a campaign, demo-results), or "
                    + "anything 'stats' reads (Perftest, speed_test, SpeedTester output: one run per file or "
                    + "directory, identified by the SHA-256 of its content).",
                    "One transaction per run: a run is stored whole or not at all. A run already stored (same "
                            + "run_id, or the same content) is skipped and said so."})
    static final class Add implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        DbOptions db;

        @Parameters(arity = "1..*", paramLabel = "DIR|FILE", description = "Results directories or result files.")
        List<Path> inputs;

        @Override
        public Integer call() {
            db.waitMs(); // --wait refused before any input is read
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            List<Path> runs = new ArrayList<>();
            for (Path in : inputs) {
                runs.addAll(RunReader.runPaths(in));
            }
            int added = 0;
            int skipped = 0;
            int empty = 0;
            long t0 = System.nanoTime();
            long lastProgress = t0;
            try (HistoryDb h = db.openForWriting()) {
                HistoryStore store = new HistoryStore(h);
                int k = 0;
                for (Path run : runs) {
                    k++;
                    RunData data = RunReader.read(run);
                    if (data.isEmpty()) {
                        empty++;
                        err.println("history: skipped " + run + ": no result rows and no histograms (a run "
                                + "interrupted before its first test?)");
                        continue;
                    }
                    HistoryStore.Outcome o = store.add(data, err);
                    if (o == HistoryStore.Outcome.ADDED) {
                        added++;
                        if (runs.size() <= 20) {
                            out.println("added " + data.runId() + " (" + run + ", " + data.rows().size() + " rows, "
                                    + data.histograms().size() + " histograms)");
                        }
                    } else {
                        skipped++;
                        if (runs.size() <= 20) {
                            out.println("already stored: " + data.runId() + " (" + run + ")");
                        }
                    }
                    long now = System.nanoTime();
                    if (runs.size() > 20 && now - lastProgress > 5_000_000_000L) {
                        lastProgress = now;
                        err.println("history add: " + k + "/" + runs.size() + " runs, "
                                + Numbers.fixed((now - t0) / 1e9, 0) + " s");
                        err.flush();
                    }
                }
            }
            out.println("history: " + added + " run(s) added, " + skipped + " already stored" + (empty > 0 ? ", "
                    + empty + " empty skipped" : "") + ", in " + db.db);
            out.flush();
            return 0;
        }
    }

    /** {@code history list}. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "The runs stored, oldest first.")
    static final class ListRuns implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        DbOptions db;

        @Mixin
        Filters filters;

        @Mixin
        FormatOption output;

        @Override
        public Integer call() throws SQLException {
            List<Object> args = new ArrayList<>();
            String pointFilter = "";
            Filters runOnly = new Filters();
            runOnly.host = filters.host;
            runOnly.since = filters.since;
            runOnly.commit = filters.commit;
            String where = runOnly.where(args);
            if (filters.point != null) {
                pointFilter = " AND r.run_no IN (SELECT rr.run_no FROM result_row rr JOIN point p USING (point_id) "
                        + "WHERE contains(lower(p.point), ?))";
                args.add(filters.point.toLowerCase(Locale.ROOT));
            }
            OutputTable t = new OutputTable(List.of("run_id", "time_utc", "git_sha", "host", "points", "rows",
                    "source"));
            try (HistoryDb h = db.openReadOnly();
                    PreparedStatement s = h.connection().prepareStatement("SELECT r.run_id, r.time_utc, r.git_sha, "
                            + "r.host, count(DISTINCT rr.point_id), count(rr.row_no), r.source FROM run r LEFT JOIN "
                            + "result_row rr USING (run_no) WHERE " + where + pointFilter + " GROUP BY r.run_no, "
                            + "r.run_id, r.time_utc, r.git_sha, r.host, r.source ORDER BY r.time_utc, r.run_no")) {
                bind(s, args);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        t.add(java.util.Arrays.asList(r.getString(1), time(r.getTimestamp(2)), r.getString(3),
                                r.getString(4), r.getLong(5), r.getLong(6), r.getString(7)));
                    }
                }
            }
            spec.commandLine().getOut().print(t.write(output.format));
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    static void bind(PreparedStatement s, List<Object> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            s.setObject(i + 1, args.get(i));
        }
    }

    /** {@code history show METRIC}. */
    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "One metric over the runs, per test point: the value of each run (the median of its "
                    + "rows of that point when it has repetitions) and the number of rows.")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        DbOptions db;

        @Mixin
        Filters filters;

        @Parameters(index = "0", paramLabel = "METRIC", description = "A column, e.g. p99_us, mbps, samples_per_s.")
        String metric;

        @Mixin
        FormatOption output;

        @Override
        public Integer call() throws SQLException {
            List<Object> args = new ArrayList<>();
            args.add(metric);
            String where = filters.where(args);
            OutputTable t = new OutputTable(List.of("point", "run_id", "time_utc", "git_sha", "host", metric, "rows"));
            try (HistoryDb h = db.openReadOnly()) {
                if (!new SeriesReader(h).metricNames().contains(metric)) {
                    throw new WirebenchException(WirebenchException.USAGE, "history show: no metric '" + metric
                            + "' in " + db.db + " (stored: " + String.join(", ", new SeriesReader(h).metricNames())
                            + ")");
                }
                try (PreparedStatement s = h.connection().prepareStatement("SELECT p.point, r.run_id, r.time_utc, "
                        + "r.git_sha, r.host, median(m.value), count(*) FROM measure m JOIN run r USING (run_no) "
                        + "JOIN point p USING (point_id) WHERE m.metric = ? AND " + where + " GROUP BY p.point, "
                        + "r.run_no, r.run_id, r.time_utc, r.git_sha, r.host ORDER BY p.point, r.time_utc, r.run_no")) {
                    bind(s, args);
                    try (ResultSet r = s.executeQuery()) {
                        while (r.next()) {
                            t.add(java.util.Arrays.asList(r.getString(1), r.getString(2), time(r.getTimestamp(3)),
                                    r.getString(4), r.getString(5), r.getDouble(6), r.getLong(7)));
                        }
                    }
                }
            }
            spec.commandLine().getOut().print(t.write(output.format));
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    /** {@code history sql}. */
    @Command(name = "sql", mixinStandardHelpOptions = true,
            description = {"Runs one read-only query (SELECT, WITH, FROM, DESCRIBE, SHOW, SUMMARIZE, VALUES) on the "
                    + "database, opened read-only with access to other files disabled. Tables and views: "
                    + "docs/history.md (run, point, result_row, measure, histogram, observation)."})
    static final class Sql implements Callable<Integer> {
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
            try (HistoryDb h = db.openReadOnly(); Statement s = h.connection().createStatement();
                    ResultSet r = s.executeQuery(q)) {
                ResultSetMetaData md = r.getMetaData();
                List<String> cols = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    cols.add(md.getColumnLabel(i));
                }
                t = new OutputTable(cols);
                while (r.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= cols.size(); i++) {
                        row.add(value(r.getObject(i)));
                    }
                    t.add(row);
                }
            } catch (SQLException e) {
                throw WirebenchException.badInput("history sql: " + firstLine(e.getMessage()));
            }
            spec.commandLine().getOut().print(t.write(output.format));
            spec.commandLine().getOut().flush();
            return 0;
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

        private static String abbreviate(String s) {
            String one = s.replaceAll("\\s+", " ");
            return one.length() > 60 ? one.substring(0, 57) + "..." : one;
        }
    }

    static String firstLine(String s) {
        String[] lines = String.valueOf(s).strip().split("\\R");
        return lines.length == 0 ? "" : lines[0];
    }

    /** Options of the change point detection (Otava's parameters). */
    static final class DetectOptions {
        @Option(names = "--window", defaultValue = "50", paramLabel = "N",
                description = "Values per sliding window of the split step, at least 4 (Otava's window; default: "
                        + "${DEFAULT-VALUE}).")
        int window;

        @Option(names = {"--p-value", "--max-pvalue"}, defaultValue = "0.001", paramLabel = "P",
                description = "Significance threshold of a change point (Otava's max_pvalue; default: "
                        + "${DEFAULT-VALUE}).")
        double pValue;

        @Option(names = "--min-magnitude", defaultValue = "0", paramLabel = "PCT",
                description = "Smallest change kept, in percent of the median before (Otava's min_magnitude as a "
                        + "percentage; default: ${DEFAULT-VALUE}).")
        double minMagnitudePct;

        @Option(names = "--min-segment", defaultValue = "" + EDivisive.Params.DEFAULT_MIN_SEGMENT, paramLabel = "N",
                description = "Values at least on each side of a change point: shorter runs of values are "
                        + "never split off, which keeps single outliers from becoming changes "
                        + "(default: ${DEFAULT-VALUE}).")
        int minSegment;

        @Option(names = "--permutations", defaultValue = "99", paramLabel = "N",
                description = "Permutations per significance test, raised to 1/P-1 when fewer cannot reach P "
                        + "(default: ${DEFAULT-VALUE}).")
        int permutations;

        @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
                description = "Seed of the permutations: the same history and seed give the same answer "
                        + "(default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--order", defaultValue = "time", paramLabel = "ORDER",
                description = "time: one value per run in time order; commit: one value per commit (the median of "
                        + "its runs), commits in the order of their first run, runs without a commit left out "
                        + "(default: ${DEFAULT-VALUE}).")
        String order;

        @Option(names = "--metric", paramLabel = "METRIC", split = ",",
                description = "Only these metrics (default: every metric whose better direction is known).")
        List<String> metrics = new ArrayList<>();

        @Option(names = "--threads", defaultValue = "2", paramLabel = "N",
                description = "Series analysed in parallel (default: ${DEFAULT-VALUE}).")
        int threads;

        EDivisive.Params params() {
            if (threads < 1) {
                throw new WirebenchException(WirebenchException.USAGE, "--threads: expected 1 or more, got " + threads);
            }
            try {
                return new EDivisive.Params(window, pValue, minMagnitudePct / 100.0, permutations, seed, minSegment);
            } catch (IllegalArgumentException e) {
                throw new WirebenchException(WirebenchException.USAGE, "history: " + e.getMessage());
            }
        }

        boolean byCommit() {
            if (!order.equals("time") && !order.equals("commit")) {
                throw new WirebenchException(WirebenchException.USAGE, "--order '" + order + "': expected time or "
                        + "commit");
            }
            return order.equals("commit");
        }

        Set<String> metricSet() {
            return new LinkedHashSet<>(metrics);
        }
    }

    /** {@code history changes}. */
    @Command(name = "changes", mixinStandardHelpOptions = true,
            description = {"Change points of every series (test point x metric): E-divisive means with a "
                    + "permutation significance test, in sliding windows and then merged, as Apache Otava. Prints "
                    + "run, time, commit, the medians before and after, delta %% and p-value, newest first.",
                    "--fail-on 'p99_us>+5%%' (compare's gate syntax) exits 4 when a change crossing the gate lies "
                            + "in the newest --recent runs of its series: for CI, after 'history add'."})
    static final class Changes implements Callable<Integer> {
        /** Exit code when a gate is crossed. */
        static final int REGRESSION = 4;

        @Spec
        CommandSpec spec;

        @Mixin
        DbOptions db;

        @Mixin
        Filters filters;

        @Mixin
        DetectOptions detect;

        @Option(names = "--fail-on", paramLabel = "EXPR", description = "A gate, e.g. 'p99_us>+5%%' or "
                + "'samples_per_s<-5%%'. Repeatable.")
        List<String> failOn = new ArrayList<>();

        @Option(names = "--recent", defaultValue = "5", paramLabel = "N",
                description = "What 'the newest runs' are for --fail-on: a change point among the newest N values of "
                        + "its series (default: ${DEFAULT-VALUE}).")
        int recent;

        @Mixin
        FormatOption output;

        @Override
        public Integer call() {
            if (recent < 1) {
                throw new WirebenchException(WirebenchException.USAGE, "--recent: expected 1 or more, got " + recent);
            }
            List<Gate> gates = new ArrayList<>();
            failOn.forEach(g -> gates.add(Gate.parse(g)));
            EDivisive.Params params = detect.params();
            List<ChangeFinder.Found> found;
            int series;
            java.util.Map<String, Integer> searched = new java.util.HashMap<>();
            try (HistoryDb h = db.openReadOnly(); ChangeFinder finder = new ChangeFinder(params, detect.threads)) {
                SeriesReader reader = new SeriesReader(h);
                Set<String> stored = reader.metricNames();
                for (String m : detect.metrics) {
                    if (!stored.contains(m)) {
                        throw new WirebenchException(WirebenchException.USAGE, "--metric '" + m + "': not stored in "
                                + db.db);
                    }
                }
                for (Gate g : gates) {
                    if (!stored.contains(g.metric())) {
                        throw new WirebenchException(WirebenchException.USAGE, "--fail-on '" + g + "': no run in "
                                + db.db + " has metric '" + g.metric() + "'");
                    }
                }
                Set<String> metrics = detect.metricSet();
                if (!metrics.isEmpty()) {
                    gates.forEach(g -> metrics.add(g.metric()));
                }
                series = reader.read(filters, metrics, detect.byCommit(), finder::submit);
                found = finder.results();
                gates.forEach(g -> searched.put(g.metric(), finder.searched(g.metric())));
            }
            OutputTable t = table(found);
            List<GateRule.Check> checks = new ArrayList<>();
            for (Gate g : gates) {
                for (ChangeFinder.Found f : found) {
                    if (f.series().metric().equals(g.metric()) && f.age() <= recent) {
                        EDivisive.Change c = f.change();
                        checks.add(GateRule.changePoint(g, f.series().point(), c.medianBefore(), c.medianAfter(),
                                "at run " + f.entry().runId() + " (commit " + (f.entry().commit() == null ? "-"
                                        : f.entry().commit()) + ", p=" + Numbers.upTo(c.pValue(), 4) + ", " + f.age()
                                        + " of the newest values)"));
                    }
                }
            }
            List<String> gateLines = GateRule.lines(gates, checks, g -> searched.getOrDefault(g.metric(), 0),
                    "series searched, no crossing change point in the newest " + recent + " values",
                    "no series of 4 values or more to search");
            boolean failed = GateRule.failed(checks);
            PrintWriter out = spec.commandLine().getOut();
            if (output.format == OutputTable.Format.JSON) {
                java.util.Map<String, Object> doc = new java.util.LinkedHashMap<>();
                doc.put("series", (long) series);
                doc.put("changes", t.objects());
                doc.put("gates", gateLines);
                doc.put("failed", failed);
                out.print(wirebench.contract.Json.write(doc));
            } else {
                out.print(t.write(output.format));
                PrintWriter notes = output.format == OutputTable.Format.CSV ? spec.commandLine().getErr() : out;
                notes.println(found.size() + " change point(s) in " + series + " series (window " + params.window()
                        + ", p <= " + Numbers.plain(params.pValue()) + ", min magnitude "
                        + Numbers.plain(params.minMagnitude() * 100) + "%, order " + detect.order + ")");
                gateLines.forEach(notes::println);
                notes.flush();
            }
            out.flush();
            return failed ? REGRESSION : 0;
        }

        static OutputTable table(List<ChangeFinder.Found> found) {
            OutputTable t = new OutputTable(List.of("time_utc", "run_id", "git_sha", "point", "metric",
                    "median_before", "median_after", "delta_pct", "p_value", "index"));
            for (ChangeFinder.Found f : found) {
                EDivisive.Change c = f.change();
                t.add(java.util.Arrays.asList(f.time() == null ? null : f.time().toString(), f.entry().runId(),
                        f.entry().commit(), f.series().point(), f.series().metric(), round(c.medianBefore()),
                        round(c.medianAfter()), Double.isFinite(c.deltaPct()) ? Math.round(c.deltaPct() * 10) / 10.0
                                : null, c.pValue(), (long) c.index()));
            }
            return t;
        }
    }

    /** A value rounded to 6 significant digits, for display. */
    static double round(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v;
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue();
    }

    static String signedPct(double d) {
        return (d >= 0 ? "+" : "") + Numbers.fixed(d, 1) + "%";
    }

    /** {@code history report}. */
    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "A self-contained HTML page of trends: one chart per test point and metric (a point per run "
                    + "with its exact value, run id and commit as tooltip; change points marked), the newest changes "
                    + "on top. Same templates and Content-Security-Policy as 'wirebench report'.")
    static final class Report implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        DbOptions db;

        @Mixin
        Filters filters;

        @Mixin
        DetectOptions detect;

        @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.html", description = "The page.")
        Path output;

        @Option(names = "--last", defaultValue = "200", paramLabel = "N",
                description = "Runs drawn per chart: the newest N (change points are found over the whole series; "
                        + "default: ${DEFAULT-VALUE}).")
        int last;

        @Option(names = "--templates", paramLabel = "DIR", description = "Templates overriding the packaged ones.")
        Path templates;

        @Option(names = "--title", defaultValue = "wirebench trends", paramLabel = "TEXT", description = "Page title.")
        String title;

        @Override
        public Integer call() {
            detect.params(); // options refused before the database is opened
            if (last < 1) {
                throw new WirebenchException(WirebenchException.USAGE, "--last: expected 1 or more runs, got " + last);
            }
            TrendsPage page = new TrendsPage(title, last);
            try (HistoryDb h = db.openReadOnly(); ChangeFinder finder = new ChangeFinder(detect.params(),
                    detect.threads)) {
                SeriesReader reader = new SeriesReader(h);
                reader.read(filters, detect.metricSet(), detect.byCommit(), s -> {
                    page.addSeries(s);
                    finder.submit(s);
                });
                page.setChanges(finder.results());
                page.setSource(db.db.toString(), runCount(h));
            }
            String html = new wirebench.analyzer.report.ReportRenderer(templates).render("trends.ftlh", page.model());
            AtomicFiles.writeString(output, html, "the trends page");
            spec.commandLine().getErr().println("trends: " + output.toAbsolutePath().normalize());
            return 0;
        }
    }

    static long runCount(HistoryDb h) {
        try (Statement s = h.connection().createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM run")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw WirebenchException.badInput(h.file() + ": " + e.getMessage());
        }
    }
}
