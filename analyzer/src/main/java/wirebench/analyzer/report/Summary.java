package wirebench.analyzer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.RpcColumns;
import wirebench.contract.SpeedTesterRating;
import wirebench.contract.Columns;
import wirebench.contract.Numbers;

/**
 * The one-screen summary at the top of a report: per suite its headline numbers (pub/sub p50
 * and p99 per size and configuration and the peak throughput; UDP the best receive method per
 * payload and its loss; RPC the echo case's ms/call and rating and the thread sweep's peak
 * calls/s), and one line saying when and where the runs ran.
 *
 * <p>Model: {@code when} (one line), {@code suites[]}: id (the section it summarises), title,
 * columns[], align[] (num or text per column), rows[][], lines[] (sentences under the table).
 */
final class Summary {
    private Summary() {
    }

    static Map<String, Object> of(List<ParsedInput> parsed, List<Object> runs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("when", when(runs));
        List<Object> suites = new ArrayList<>();
        addIfAny(suites, pubsub(parsed));
        addIfAny(suites, udp(parsed));
        addIfAny(suites, rpc(parsed));
        m.put("suites", suites);
        return m;
    }

    private static void addIfAny(List<Object> out, Map<String, Object> s) {
        if (s != null) {
            out.add(s);
        }
    }

    /** "5 runs, 2026-12-01 01:43:14 to 01:44:02 UTC, host vm" from the run.json files. */
    @SuppressWarnings("unchecked")
    static String when(List<Object> runs) {
        if (runs.isEmpty()) {
            return "no run.json among the inputs: dates and host unknown";
        }
        TreeSet<String> starts = new TreeSet<>();
        TreeSet<String> ends = new TreeSet<>();
        TreeSet<String> hosts = new TreeSet<>();
        for (Object o : runs) {
            Map<String, Object> r = (Map<String, Object>) o;
            addIfSet(starts, (String) r.get("start_utc"));
            addIfSet(ends, (String) r.get("end_utc"));
            addIfSet(hosts, (String) r.get("host"));
        }
        String from = starts.isEmpty() ? "?" : second(starts.first());
        String to = ends.isEmpty() ? null : second(ends.last());
        if (to != null && to.length() > 11 && from.length() > 11 && to.substring(0, 10).equals(from.substring(0, 10))) {
            to = to.substring(11);
        }
        return runs.size() + (runs.size() == 1 ? " run, " : " runs, ") + from.replace('T', ' ')
                + (to == null ? "" : " to " + to.replace('T', ' ')) + " UTC, "
                + (hosts.size() == 1 ? "host " : "hosts ") + (hosts.isEmpty() ? "unknown" : String.join(", ", hosts));
    }

    private static void addIfSet(TreeSet<String> s, String v) {
        if (v != null && !v.isBlank()) {
            s.add(v);
        }
    }

    /** An ISO instant cut to whole seconds, without the zone letter. */
    private static String second(String iso) {
        String s = iso.endsWith("Z") ? iso.substring(0, iso.length() - 1) : iso;
        int dot = s.indexOf('.');
        return dot > 0 ? s.substring(0, dot) : s;
    }

    private static Map<String, Object> pubsub(List<ParsedInput> parsed) {
        List<ResultTable> lat = new ArrayList<>();
        for (ResultTable t : ReportBuilder.tablesOf(parsed, Kind.LATENCY)) {
            if (!"throughput".equals(t.context().get("test"))) {
                lat.add(t);
            }
        }
        List<ResultTable> thr = ReportBuilder.tablesOf(parsed, Kind.THROUGHPUT);
        if (lat.isEmpty() && thr.isEmpty()) {
            return null;
        }
        List<Object> rows = new ArrayList<>();
        List<String> names = SeriesLabels.varying(lat.stream().map(ResultTable::context).toList(), "");
        for (int i = 0; i < lat.size(); i++) {
            for (Row r : lat.get(i).rows()) {
                Double size = r.number(Columns.SIZE_BYTES);
                rows.add(List.of(names.get(i), size == null ? "" : SeriesLabels.bytes(size),
                        us(r.number(Columns.P50_US)), us(r.number(Columns.P99_US))));
            }
        }
        List<String> lines = new ArrayList<>();
        List<String> thrNames = SeriesLabels.varying(thr.stream().map(ResultTable::context).toList(), "");
        for (int i = 0; i < thr.size(); i++) {
            Row best = max(thr.get(i).rows(), Columns.MBPS);
            Row bestRate = max(thr.get(i).rows(), Columns.SAMPLES_PER_S);
            if (best == null && bestRate == null) {
                continue;
            }
            StringBuilder b = new StringBuilder("Peak throughput");
            b.append(thrNames.get(i).isEmpty() ? "" : " (" + thrNames.get(i) + ")").append(": ");
            if (best != null) {
                b.append(Numbers.upTo(best.number(Columns.MBPS), 1)).append(" Mbps at ").append(size(best));
            }
            if (bestRate != null) {
                b.append(best != null ? ", " : "").append(grouped(bestRate.number(Columns.SAMPLES_PER_S)))
                        .append(" samples/s at ").append(size(bestRate));
            }
            lines.add(b.toString());
        }
        boolean anyConfig = names.stream().anyMatch(n -> !n.isEmpty());
        List<String> columns = anyConfig ? List.of("Configuration", "Size", "p50 (μs)", "p99 (μs)")
                : List.of("Size", "p50 (μs)", "p99 (μs)");
        if (!anyConfig) {
            List<Object> cut = new ArrayList<>();
            rows.forEach(r -> cut.add(((List<?>) r).subList(1, 4)));
            rows = cut;
        }
        return suite("pubsub-latency", "Pub/sub latency (latency tests)", columns, rows, lines);
    }

    private static Map<String, Object> udp(List<ParsedInput> parsed) {
        List<ResultTable> tables = ReportBuilder.tablesOf(parsed, Kind.UDP);
        TreeMap<Double, Row> best = new TreeMap<>();
        for (ResultTable t : tables) {
            for (Row r : t.rows()) {
                Object raw = r.get("payload_bytes") != null ? r.get("payload_bytes") : t.context().get("payload_bytes");
                Double payload = raw instanceof Double ? (Double) raw : raw == null ? null
                        : Numbers.parseOrNull(raw.toString());
                Double mbps = r.number("data_mbps");
                if (payload == null || mbps == null) {
                    continue;
                }
                Row b = best.get(payload);
                if (b == null || mbps > b.number("data_mbps")) {
                    best.put(payload, r.text("method") == null ? r.with("method", t.context().getOrDefault("method",
                            "?")) : r);
                }
            }
        }
        if (best.isEmpty()) {
            return null;
        }
        List<Object> rows = new ArrayList<>();
        best.forEach((payload, r) -> rows.add(List.of(SeriesLabels.bytes(payload), r.text("method") == null ? "?"
                : r.text("method"), Numbers.upTo(r.number("data_mbps"), 1), r.number("lost_pct") == null ? "n/a"
                        : Numbers.upTo(r.number("lost_pct"), 2))));
        return suite("udp", "UDP: best receive method", List.of("Payload", "Method", "Data (Mbps)",
                "Loss (%)"), rows, List.of());
    }

    private static Map<String, Object> rpc(List<ParsedInput> parsed) {
        List<ResultTable> tables = ReportBuilder.tablesOf(parsed, Kind.RPC);
        if (tables.isEmpty()) {
            return null;
        }
        List<Object> rows = new ArrayList<>();
        Double peak = null;
        String peakAt = null;
        for (ResultTable t : tables) {
            boolean sweep = t.rows().stream().map(r -> r.get("threads")).filter(v -> v != null).distinct().count() > 1;
            for (Row r : t.rows()) {
                String name = r.text(RpcColumns.CASE) != null ? r.text(RpcColumns.CASE) : r.text(RpcColumns.LABEL);
                Double rate = callsPerS(r);
                if (sweep) {
                    if (rate != null && (peak == null || rate > peak)) {
                        peak = rate;
                        peakAt = Numbers.plain(r.number("threads")) + " threads";
                    }
                    continue;
                }
                if (name == null || !name.toLowerCase(java.util.Locale.ROOT).startsWith("echo")) {
                    continue;
                }
                Double ms = r.number("ms_per_call") != null ? r.number("ms_per_call") : r.number("orig_ms_per_call");
                if (ms == null) {
                    continue;
                }
                String rating = r.text(RpcColumns.RATING) != null ? r.text(RpcColumns.RATING)
                        : SpeedTesterRating.of(ms).text();
                rows.add(List.of(name, Numbers.upTo(ms, 3), rating, rate == null ? "n/a" : grouped(rate)));
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add(peak == null ? "No thread sweep among the inputs (peak calls/s needs one)."
                : "Thread sweep peak: " + grouped(peak) + " calls/s at " + peakAt + ".");
        return suite("rpc", "RPC: echo call", List.of("Case", "ms/call", "Rating", "Calls/s"), rows, lines);
    }

    private static Double callsPerS(Row r) {
        Double rate = r.number("calls_per_s");
        if (rate == null && r.number("calls") != null && r.number("orig_time_ms") != null
                && r.number("orig_time_ms") > 0) {
            rate = r.number("calls") / (r.number("orig_time_ms") / 1000.0);
        }
        return rate;
    }

    private static Row max(List<Row> rows, String column) {
        Row best = null;
        for (Row r : rows) {
            Double v = r.number(column);
            if (v != null && (best == null || v > best.number(column))) {
                best = r;
            }
        }
        return best;
    }

    private static String size(Row r) {
        Double s = r.number(Columns.SIZE_BYTES);
        return s == null ? "?" : SeriesLabels.bytes(s);
    }

    private static String us(Double v) {
        return v == null ? "n/a" : v >= 100 ? Numbers.upTo(v, 0) : Numbers.upTo(v, 1);
    }

    /** A count with thousands separators (Locale.ROOT: commas). */
    private static String grouped(double v) {
        return String.format(java.util.Locale.ROOT, "%,.0f", v);
    }

    private static Map<String, Object> suite(String id, String title, List<String> columns, List<Object> rows,
            List<String> lines) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("id", id);
        s.put("title", title);
        s.put("columns", columns);
        List<String> align = new ArrayList<>();
        for (String c : columns) {
            align.add(c.contains("(") || c.equals("Size") || c.equals("Payload") || c.startsWith("ms/")
                    || c.startsWith("Calls") ? "num" : "text");
        }
        s.put("align", align);
        s.put("rows", rows);
        s.put("lines", lines);
        return s;
    }
}
