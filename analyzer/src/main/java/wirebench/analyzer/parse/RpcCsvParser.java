package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.RpcColumns;
import wirebench.analyzer.model.Warning;
import wirebench.contract.SpeedTesterRating;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * Reads {@code rpc.csv} of a results directory (docs/rpc.md): format line
 * {@code # wirebench-results 1 family=rpc keys=client,threads,case,label}, header, one row per case.
 * Rows are grouped into one table per client run (the key columns except the case's own), in file
 * order, and rated with SpeedTester's thresholds from {@code orig_ms_per_call}. Files that
 * {@code wirebench convert} wrote from SpeedTester output (other key columns, a {@code rating}
 * column) are read the same way.
 */
final class RpcCsvParser {
    /** Row-level text: the case and what is derived from it (its rating), never a table's grouping. */
    private static final Set<String> CASE_KEYS = Set.of(RpcColumns.CASE, RpcColumns.LABEL, RpcColumns.RATING,
            "size_bytes");
    /** Columns the rpc.csv carries but the table leaves out (derivable from the ones shown). */
    private static final Set<String> NOT_SHOWN = Set.of(RpcColumns.CASE, "size_bytes", "calls_per_thread",
            RpcColumns.TIME_MS);

    private RpcCsvParser() {
    }

    static boolean accepts(InputText text) {
        String first = text.firstNonBlankLine();
        return first.startsWith(WirebenchCsvParser.MAGIC)
                && Arrays.asList(first.substring(WirebenchCsvParser.MAGIC.length()).trim().split("\\s+"))
                        .contains("family=rpc");
    }

    static ParsedInput parse(InputText text) {
        String src = text.source();
        // text wherever they appear (files written by 'wirebench convert' have other key columns)
        WirebenchCsvParser.Sheet sheet = WirebenchCsvParser.read(text, Set.of(RpcColumns.RATING, RpcColumns.LABEL,
                RpcColumns.CASE, RpcColumns.CLIENT, "title", "note"));
        Set<String> keys = sheet.keys();
        List<String> header = sheet.header();
        for (String need : List.of(RpcColumns.LABEL, RpcColumns.ORIG_MS_PER_CALL)) {
            if (!header.contains(need)) {
                throw WirebenchException.badInput(src + ":" + headerLine(text) + ": expected column '" + need
                        + "' in the rpc header, got " + header);
            }
        }
        List<Warning> warnings = sheet.warnings();
        Map<List<String>, List<Row>> groups = new LinkedHashMap<>();
        List<String> groupKeys = new ArrayList<>(keys);
        groupKeys.removeAll(CASE_KEYS);
        for (Row row : sheet.rows()) {
            Map<String, Object> values = new LinkedHashMap<>(row.values());
            Object perCall = values.get(RpcColumns.ORIG_MS_PER_CALL);
            if (!values.containsKey(RpcColumns.RATING) && perCall != null) {
                values.put(RpcColumns.RATING, SpeedTesterRating.of((Double) perCall).text());
            }
            List<String> group = new ArrayList<>();
            for (String k : groupKeys) {
                group.add((String) values.get(k));
            }
            groups.computeIfAbsent(group, g -> new ArrayList<>()).add(Row.of(values));
        }
        List<String> columns = columns(header, keys);
        List<ResultTable> tables = new ArrayList<>();
        for (Map.Entry<List<String>, List<Row>> g : groups.entrySet()) {
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", "wirebench-csv-" + WirebenchCsvParser.VERSION);
            ctx.put("family", "rpc");
            for (int i = 0; i < groupKeys.size(); i++) {
                ctx.put(groupKeys.get(i), g.getKey().get(i));
            }
            noteMultiThreaded(ctx);
            tables.add(new ResultTable(src, Kind.RPC, ctx, columns, g.getValue()));
        }
        if (Set.of(RpcColumns.CLIENT, RpcColumns.THREADS).containsAll(groupKeys)) {
            // runs that differ only in their thread count: a sweep (not runs between different hosts)
            tables.addAll(sweeps(src, tables, columns));
        }
        if (tables.isEmpty()) {
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", "wirebench-csv-" + WirebenchCsvParser.VERSION);
            ctx.put("family", "rpc");
            tables.add(new ResultTable(src, Kind.RPC, ctx, columns, List.of()));
        }
        return new ParsedInput(src, "wirebench-csv-" + WirebenchCsvParser.VERSION, tables, List.of(), warnings);
    }

    /** Says in the table's title what the original's figure means with several threads. */
    static void noteMultiThreaded(Map<String, String> ctx) {
        if ("multi".equals(ctx.get(RpcColumns.CLIENT))) {
            ctx.put("note", "ms/call = wall time / completed calls of all " + ctx.getOrDefault(RpcColumns.THREADS, "N")
                    + " threads, not latency");
        }
    }

    /**
     * The thread sweep (the seed's "How Many Threads"): for each case run by the multithreaded
     * client with two or more thread counts, one table with a {@code threads} column, in file order.
     */
    private static List<ResultTable> sweeps(String src, List<ResultTable> tables, List<String> columns) {
        Map<String, List<Row>> byCase = new LinkedHashMap<>();
        for (ResultTable t : tables) {
            String threads = t.context().get(RpcColumns.THREADS);
            if (!"multi".equals(t.context().get(RpcColumns.CLIENT)) || threads == null
                    || Numbers.parseOrNull(threads) == null) {
                continue;
            }
            for (Row r : t.rows()) {
                String id = r.text(RpcColumns.CASE) != null ? r.text(RpcColumns.CASE) : r.text(RpcColumns.LABEL);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put(RpcColumns.THREADS, Numbers.parseOrNull(threads));
                r.values().forEach((k, v) -> {
                    if (!k.equals(RpcColumns.THREADS)) {
                        m.put(k, v);
                    }
                });
                byCase.computeIfAbsent(id, k -> new ArrayList<>()).add(Row.of(m));
            }
        }
        List<ResultTable> out = new ArrayList<>();
        for (Map.Entry<String, List<Row>> e : byCase.entrySet()) {
            long distinct = e.getValue().stream().map(r -> r.number(RpcColumns.THREADS)).distinct().count();
            if (distinct < 2) {
                continue;
            }
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", "wirebench-csv-" + WirebenchCsvParser.VERSION);
            ctx.put("family", "rpc");
            ctx.put("title", "How Many Threads");
            ctx.put(RpcColumns.CASE, e.getKey());
            ctx.put(RpcColumns.CLIENT, "multi");
            ctx.put("note", "ms/call = wall time / completed calls, not latency");
            List<String> cols = new ArrayList<>();
            cols.add(RpcColumns.THREADS);
            cols.addAll(columns);
            out.add(new ResultTable(src, Kind.RPC, ctx, cols, e.getValue()));
        }
        return out;
    }

    /** The original's columns and the precise ones in the documented order, then any others. */
    private static List<String> columns(List<String> header, Set<String> keys) {
        List<String> out = new ArrayList<>();
        for (String c : RpcColumns.WIREBENCH) {
            if (header.contains(c) || c.equals(RpcColumns.RATING)) {
                out.add(c);
            }
        }
        for (String c : header) {
            if (!out.contains(c) && !NOT_SHOWN.contains(c) && !(keys.contains(c) && !CASE_KEYS.contains(c))) {
                out.add(c);
            }
        }
        return out;
    }

    /** The line of the header row: the first line after the format line that is not blank or a comment. */
    private static int headerLine(InputText t) {
        boolean formatSeen = false;
        for (int n = 1; n <= t.lineCount(); n++) {
            String l = t.line(n);
            if (l.isBlank()) {
                continue;
            }
            if (!formatSeen) {
                formatSeen = true;
            } else if (!l.startsWith("#")) {
                return n;
            }
        }
        return t.lineCount();
    }
}
