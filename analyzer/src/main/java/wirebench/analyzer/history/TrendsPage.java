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
 * {@code db}, {@code runs}, {@code series}, {@code points}, {@code summary}, {@code changes} (rows
 * of the change table, newest first, each with {@code cls} worse/better and its panel's id),
 * {@code changed_panels} (the panels of test points with a change point, newest change first) and
 * {@code kinds} (the other panels by test kind). A panel is one test point: {@code id},
 * {@code point}, {@code changes}, {@code change_lines}, {@code latest} (per metric the latest value,
 * the series median and the latest vs the median) and {@code svg} (its metrics stacked, {@link TrendChart}).
 */
final class TrendsPage {
    private final String title;
    private final int last;
    private final List<Series> series = new ArrayList<>();
    private final Map<String, Integer> offsets = new HashMap<>();
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
        Map<String, List<Series>> byPoint = new LinkedHashMap<>();
        series.forEach(s -> byPoint.computeIfAbsent(s.point(), k -> new ArrayList<>()).add(s));
        Map<String, String> panelIds = new HashMap<>();
        byPoint.keySet().forEach(p -> panelIds.put(p, "p" + panelIds.size()));
        List<Object> rows = new ArrayList<>();
        Map<String, List<EDivisive.Change>> bySeries = new HashMap<>();
        Map<String, Instant> newest = new HashMap<>();
        Map<String, List<String>> changeLines = new HashMap<>();
        for (ChangeFinder.Found f : changes) {
            EDivisive.Change c = f.change();
            bySeries.computeIfAbsent(key(f.series()), k -> new ArrayList<>()).add(c);
            newest.merge(f.series().point(), f.time() == null ? Instant.EPOCH : f.time(),
                    (a, b) -> a.isAfter(b) ? a : b);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("time", f.time() == null ? "-" : f.time().toString());
            r.put("run", f.entry().runId());
            r.put("commit", f.entry().commit() == null ? "-" : f.entry().commit());
            r.put("point", f.series().point());
            r.put("metric", f.series().metric());
            r.put("before", Numbers.upTo(c.medianBefore(), 3));
            r.put("after", Numbers.upTo(c.medianAfter(), 3));
            r.put("delta", Double.isFinite(c.deltaPct()) ? HistoryChanges.signedPct(c.deltaPct()) : "-");
            r.put("p", Numbers.upTo(c.pValue(), 4));
            r.put("cls", cls(f.series().metric(), c.deltaPct()));
            r.put("chart", panelIds.getOrDefault(f.series().point(), ""));
            rows.add(r);
            changeLines.computeIfAbsent(f.series().point(), k -> new ArrayList<>()).add(f.series().metric() + " "
                    + r.get("delta") + " at run " + f.entry().runId() + (f.entry().commit() == null ? ""
                            : " (commit " + f.entry().commit() + ")") + ", " + r.get("time"));
        }
        m.put("changes", rows);
        List<Map<String, Object>> changed = new ArrayList<>();
        Map<String, List<Object>> byKind = new LinkedHashMap<>();
        for (Map.Entry<String, List<Series>> e : byPoint.entrySet()) {
            Map<String, Object> panel = panel(panelIds.get(e.getKey()), e.getKey(), e.getValue(), bySeries);
            panel.put("change_lines", changeLines.getOrDefault(e.getKey(), List.of()));
            if (newest.containsKey(e.getKey())) {
                panel.put("newest", newest.get(e.getKey()));
                changed.add(panel);
            } else {
                byKind.computeIfAbsent(e.getValue().get(0).kind(), k -> new ArrayList<>()).add(panel);
            }
        }
        changed.sort(Comparator.comparing((Map<String, Object> p) -> (Instant) p.get("newest")).reversed());
        changed.forEach(p -> p.remove("newest"));
        m.put("changed_panels", changed);
        List<Object> kinds = new ArrayList<>();
        byKind.forEach((k, ps) -> kinds.add(Map.of("kind", k == null ? "other" : k, "panels", ps)));
        m.put("kinds", kinds);
        m.put("points", (long) byPoint.size());
        m.put("summary", changes.isEmpty() ? "No change point in " + byPoint.size() + " test points (" + series.size()
                + " series)." : changes.size() + " change point(s) in " + changed.size() + " of " + byPoint.size()
                        + " test points; the newest first.");
        return m;
    }

    /** One panel: a test point's metrics in one chart, with latest-vs-median per metric. */
    private Map<String, Object> panel(String id, String point, List<Series> ss,
            Map<String, List<EDivisive.Change>> bySeries) {
        List<TrendChart.Metric> metrics = new ArrayList<>();
        List<Object> latest = new ArrayList<>();
        int changeCount = 0;
        for (Series s : ss) {
            List<EDivisive.Change> cs = bySeries.getOrDefault(key(s), List.of());
            changeCount += cs.size();
            double median = wirebench.analyzer.stats.Median.of(s.values());
            metrics.add(new TrendChart.Metric(s.metric(), s.entries(), offsets.get(key(s)), cs, median));
            double last = s.entries().get(s.entries().size() - 1).value();
            double vs = median == 0 ? Double.NaN : (last - median) / Math.abs(median) * 100;
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("metric", s.metric());
            l.put("latest", Numbers.upTo(last, 3));
            l.put("median", Numbers.upTo(median, 3));
            l.put("vs", Double.isFinite(vs) ? HistoryChanges.signedPct(vs) : "-");
            l.put("cls", Double.isFinite(vs) && Math.abs(vs) >= 5 ? cls(s.metric(), vs) : "");
            latest.add(l);
        }
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", id);
        p.put("point", point);
        p.put("changes", (long) changeCount);
        p.put("latest", latest);
        p.put("svg", TrendChart.svg("t" + id, metrics));
        return p;
    }

    /** worse/better for a change of {@code deltaPct} in {@code metric}, "" when its direction is unknown. */
    private static String cls(String metric, double deltaPct) {
        Metric dir = Metric.of(metric);
        boolean up = deltaPct > 0;
        return dir == Metric.NEUTRAL ? "" : (dir == Metric.LOWER_IS_BETTER) == up ? "worse" : "better";
    }
}
