package wirebench.analyzer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.stats.ColumnLabels;
import wirebench.analyzer.stats.Savings;
import wirebench.contract.Numbers;

/**
 * Report sections of the suites other than pub/sub latency and throughput: compression, UDP,
 * RPC, and the processes' resources (ddsperf). Each shows its tables and a bar chart per headline measure that the tables carry.
 */
final class SuiteSections {
    private static final Map<Kind, List<String>> HEADLINES = Map.of(
            Kind.COMPRESSION, List.of("saved_pct", "saved_bytes", "wire_bytes"),
            Kind.UDP, List.of("data_mbps", "lost_pct", "jitter_ms"),
            Kind.RPC, List.of("ms_per_call"),
            Kind.RESOURCES, List.of("cpu_core_pct", "max_rss_mb"));
    /** SpeedTester's rating thresholds on ms per call: below 0.1 SUPERB ... 5.0 and above DEAD HORSE. */
    private static final double[] RATING_MS = {0.1, 0.3, 0.5, 1.0, 5.0};
    private static final String[] RATING_NAMES = {"SUPERB", "TOP", "OK", "ACCEPTABLE", "LOUSY", "DEAD HORSE"};
    private static final Map<Kind, String[]> TITLES = Map.of(
            Kind.COMPRESSION, new String[] {"compression", "Compression savings",
                "Bytes on the wire with and without compression."},
            Kind.UDP, new String[] {"udp", "UDP receive methods (speed_test model)",
                "Loss and bandwidth by receive method, payload and receive buffer; wire Mbps adds 42 header "
                        + "bytes per packet."},
            Kind.RPC, new String[] {"rpc", "RPC request/response (SpeedTester model)",
                "ms per call per case with SpeedTester's rating bands (SUPERB < 0.1 <= TOP < 0.3 <= OK < 0.5 <= "
                        + "ACCEPTABLE < 1.0 <= LOUSY < 5.0 <= DEAD HORSE)."},
            Kind.RESOURCES, new String[] {"resources", "Processes: CPU and memory",
                "Per process of a ddsperf capture: CPU in % of one core (mean of the intervals printed), peak RSS, "
                        + "context switches per second."});

    private SuiteSections() {
    }

    static Map<String, Object> section(Kind kind, List<ParsedInput> parsed, Charts charts) {
        List<ResultTable> tables = ReportBuilder.tablesOf(parsed, kind);
        if (tables.isEmpty()) {
            return null;
        }
        List<Object> chartList = new ArrayList<>();
        if (kind == Kind.RPC) {
            String sweep = sweepChart(tables, charts);
            if (sweep != null) {
                chartList.add(ReportBuilder.chart("Thread sweep: completed calls per second by client threads", sweep));
            }
        }
        List<String> names = SeriesLabels.varying(tables.stream().map(ResultTable::context).toList(),
                TITLES.get(kind)[1]);
        for (String headline : HEADLINES.get(kind)) {
            List<Charts.Bars> bars = new ArrayList<>();
            String measure = headline;
            for (int ti = 0; ti < tables.size(); ti++) {
                ResultTable t = tables.get(ti);
                // RPC: wirebench's precise ms/call, or SpeedTester's whole-millisecond one: one chart, not two
                String m = kind == Kind.RPC && !t.hasValues(headline) ? "orig_ms_per_call" : headline;
                if (!t.hasValues(m) || isSweep(t)) {
                    continue;
                }
                measure = m;
                List<String> cats = new ArrayList<>();
                List<Double> vals = new ArrayList<>();
                for (Row r : t.rows()) {
                    cats.add(category(t, r));
                    vals.add(r.number(m));
                }
                bars.add(new Charts.Bars(names.get(ti), cats, vals));
            }
            if (!bars.isEmpty()) {
                String label = ColumnLabels.label(kind, measure);
                boolean bands = kind == Kind.RPC && measure.endsWith("ms_per_call");
                chartList.add(ReportBuilder.chart(label + " by test point" + (bands
                        ? " (background bands: SpeedTester's ratings SUPERB < 0.1 ms <= TOP < 0.3 <= OK < 0.5 <= "
                                + "ACCEPTABLE < 1.0 <= LOUSY < 5.0 <= DEAD HORSE)" : ""),
                        bands ? charts.bars(label, "Test point", label, bars, RATING_MS, RATING_NAMES)
                                : charts.bars(label, "Test point", label, bars)));
            }
        }
        if (kind == Kind.RPC) {
            percentileBars(tables, names, charts, chartList);
        }
        List<Object> tableModels = new ArrayList<>();
        if (kind == Kind.COMPRESSION) {
            for (ResultTable t : Savings.tables(tables)) {
                tableModels.add(ReportBuilder.table(t, List.of()));
                String series = seriesName(t);
                chartList.add(0, ReportBuilder.chart("Megabits on the wire by batching level: NONE vs " + series,
                        charts.bars("Bandwidth: NONE vs " + series, "Batching", "Mb on the wire", savingsBars(t))));
            }
        }
        for (int ti = 0; ti < tables.size(); ti++) {
            Map<String, Object> m = ReportBuilder.table(tables.get(ti), List.of());
            if (tables.size() > 1) {
                m.put("title", names.get(ti));
            }
            tableModels.add(m);
        }
        String[] title = TITLES.get(kind);
        Map<String, Object> s = ReportBuilder.section(title[0], title[1], title[2], chartList, tableModels);
        return new LinkedHashMap<>(s);
    }

    /** RPC call latency: p50 and p99 per case as one chart (one quantity, two series per table). */
    private static void percentileBars(List<ResultTable> tables, List<String> names, Charts charts,
            List<Object> chartList) {
        List<Charts.Bars> bars = new ArrayList<>();
        for (int ti = 0; ti < tables.size(); ti++) {
            ResultTable t = tables.get(ti);
            if (isSweep(t)) {
                continue;
            }
            for (String c : List.of("p50_us", "p99_us")) {
                if (!t.hasValues(c)) {
                    continue;
                }
                List<String> cats = new ArrayList<>();
                List<Double> vals = new ArrayList<>();
                for (Row r : t.rows()) {
                    cats.add(category(t, r));
                    vals.add(r.number(c));
                }
                String p = c.equals("p50_us") ? "p50" : "p99";
                bars.add(new Charts.Bars(tables.size() > 1 ? names.get(ti) + ", " + p : p, cats, vals));
            }
        }
        if (!bars.isEmpty()) {
            chartList.add(ReportBuilder.chart("Call latency by case: p50 and p99 (μs)",
                    charts.bars("Call latency (p50, p99)", "Case", "Latency (μs)", bars)));
        }
    }

    /** The algorithm, then the series' other values when a file holds several (ZLIB level=1). */
    private static String seriesName(ResultTable t) {
        StringBuilder b = new StringBuilder(t.context().get("algorithm"));
        t.context().forEach((k, v) -> {
            if (!k.equals("algorithm")) {
                b.append(' ').append(k).append('=').append(v);
            }
        });
        return b.toString();
    }

    private static List<Charts.Bars> savingsBars(ResultTable t) {
        List<String> cats = new ArrayList<>();
        List<Double> none = new ArrayList<>();
        List<Double> comp = new ArrayList<>();
        String algCol = t.columns().get(2);
        for (Row r : t.rows()) {
            cats.add(r.text("batching"));
            none.add(r.number("none_mbit"));
            comp.add(r.number(algCol));
        }
        return List.of(new Charts.Bars("NONE", cats, none), new Charts.Bars(t.context().get("algorithm"), cats, comp));
    }

    /** A thread-sweep table: several thread counts in one table. */
    private static boolean isSweep(ResultTable t) {
        return t.rows().stream().map(r -> r.get("threads")).filter(v -> v != null).distinct().count() > 1;
    }

    /** calls/s against threads, one line per case, from the sweep tables (null when there are none). */
    private static String sweepChart(List<ResultTable> tables, Charts charts) {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (ResultTable t : tables) {
            if (!isSweep(t)) {
                continue;
            }
            for (Row r : t.rows()) {
                Double threads = r.number("threads");
                Double rate = r.number("calls_per_s");
                if (rate == null && r.number("calls") != null && r.number("orig_time_ms") != null
                        && r.number("orig_time_ms") > 0) {
                    rate = r.number("calls") / (r.number("orig_time_ms") / 1000.0);
                }
                String label = r.text("label") != null ? r.text("label") : t.context().getOrDefault("title", "calls");
                if (threads != null && rate != null) {
                    lines.computeIfAbsent(label, k -> new ArrayList<>())
                            .add(new double[] {threads, rate});
                }
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        List<Charts.Line> ls = new ArrayList<>();
        lines.forEach((k, v) -> ls.add(new Charts.Line(k, v, false)));
        return charts.xy("Thread sweep", "Client threads", "Calls/s", ls, false, false);
    }

    /**
     * A bar's category: the row's values in the columns that vary within the table (method,
     * payload...), so labels stay short; the row number when nothing varies.
     */
    private static String category(ResultTable t, Row r) {
        List<String> parts = new ArrayList<>();
        if (r.text("case") != null) {
            // RPC: the short case id (in-same-1000), not its sentence-long label
            parts.add(r.text("case"));
            if (varies(t, "threads")) {
                parts.add(Numbers.plain(r.number("threads")) + " threads");
            }
            return String.join(" ", parts);
        }
        for (String c : t.columns()) {
            if (t.context().containsKey(c) || c.equals("rating") || c.equals("client") || !varies(t, c)
                    || ((c.equals("label") || c.endsWith("_bytes")) && t.columns().contains("case"))) {
                continue;
            }
            Object v = r.get(c);
            if (v instanceof String) {
                parts.add((String) v);
            } else if (c.endsWith("_bytes") || c.equals("threads")) {
                parts.add(v == null ? "-" : c.endsWith("_bytes") ? SeriesLabels.bytes((Double) v)
                        : Numbers.plain((Double) v) + " threads");
            }
        }
        return parts.isEmpty() ? "#" + (t.rows().indexOf(r) + 1) : String.join(" ", parts);
    }

    /** Whether a key-like column (text, bytes, threads) takes more than one value in the table. */
    private static boolean varies(ResultTable t, String c) {
        if (!(c.endsWith("_bytes") || c.equals("threads") || t.rows().stream().anyMatch(r -> r.get(c) instanceof String))) {
            return false;
        }
        return t.rows().stream().map(r -> r.get(c)).distinct().count() > 1;
    }
}
