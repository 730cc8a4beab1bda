package wirebench.analyzer.history;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.contract.VersionProvider;
import wirebench.analyzer.compare.Metric;
import wirebench.contract.Numbers;

/**
 * The model of {@code trends.ftlh}: {@code title}, {@code generated_utc}, {@code tool_version},
 * {@code db}, {@code runs}, {@code series}, {@code changes} (rows of the change table, newest first,
 * each with {@code cls} worse/better) and {@code charts} ({@code id}, {@code title}, {@code svg},
 * {@code changes}: the number of change points), charts with the newest changes first.
 */
final class TrendsPage {
    private final String title;
    private final int last;
    private final List<Series> series = new ArrayList<>();
    private final Map<String, Integer> offsets = new HashMap<>();
    private final Map<String, Integer> indices = new HashMap<>();
    private List<ChangeFinder.Found> changes = List.of();
    private String db;
    private long runs;

    TrendsPage(String title, int last) {
        this.title = title;
        this.last = Math.max(2, last);
    }

    /** Keeps the newest {@code last} values of {@code s} for drawing. */
    void addSeries(Series s) {
        int n = s.entries().size();
        int from = Math.max(0, n - last);
        series.add(new Series(s.point(), s.kind(), s.metric(), List.copyOf(s.entries().subList(from, n))));
        offsets.put(key(s), from);
        indices.put(key(s), indices.size());
    }

    void setChanges(List<ChangeFinder.Found> found) {
        this.changes = found;
    }

    void setSource(String db, long runs) {
        this.db = db;
        this.runs = runs;
    }

    private static String key(Series s) {
        return s.point() + "\u0000" + s.metric();
    }

    Map<String, Object> model() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("generated_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        m.put("tool_version", VersionProvider.version());
        m.put("db", db);
        m.put("runs", runs);
        m.put("series", (long) series.size());
        List<Object> rows = new ArrayList<>();
        Map<String, List<EDivisive.Change>> bySeries = new HashMap<>();
        Map<String, Instant> newest = new HashMap<>();
        for (ChangeFinder.Found f : changes) {
            EDivisive.Change c = f.change();
            bySeries.computeIfAbsent(key(f.series()), k -> new ArrayList<>()).add(c);
            newest.merge(key(f.series()), f.time() == null ? Instant.EPOCH : f.time(),
                    (a, b) -> a.isAfter(b) ? a : b);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("time", f.time() == null ? "-" : f.time().toString());
            r.put("run", f.entry().runId());
            r.put("commit", f.entry().commit() == null ? "-" : f.entry().commit());
            r.put("point", f.series().point());
            r.put("metric", f.series().metric());
            r.put("before", Numbers.upTo(c.medianBefore(), 3));
            r.put("after", Numbers.upTo(c.medianAfter(), 3));
            r.put("delta", Double.isFinite(c.deltaPct()) ? HistoryCommand.signedPct(c.deltaPct()) : "-");
            r.put("p", Numbers.upTo(c.pValue(), 4));
            Metric dir = Metric.of(f.series().metric());
            boolean up = c.deltaPct() > 0;
            r.put("cls", dir == Metric.NEUTRAL ? "" : (dir == Metric.LOWER_IS_BETTER) == up ? "worse" : "better");
            r.put("chart", "c" + chartIndex(f.series()));
            rows.add(r);
        }
        m.put("changes", rows);
        List<Series> ordered = new ArrayList<>(series);
        ordered.sort(Comparator.<Series, Instant>comparing(s -> newest.getOrDefault(key(s), null),
                Comparator.nullsLast(Comparator.reverseOrder())).thenComparing(Series::point)
                .thenComparing(Series::metric));
        List<Object> charts = new ArrayList<>();
        for (Series s : ordered) {
            List<EDivisive.Change> cs = bySeries.getOrDefault(key(s), List.of());
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("id", "c" + chartIndex(s));
            c.put("title", s.point() + " \u2014 " + s.metric());
            c.put("changes", (long) cs.size());
            c.put("svg", TrendChart.svg(s.metric(), s.entries(), offsets.get(key(s)), cs));
            charts.add(c);
        }
        m.put("charts", charts);
        return m;
    }

    private int chartIndex(Series s) {
        return indices.getOrDefault(key(s), -1);
    }
}
