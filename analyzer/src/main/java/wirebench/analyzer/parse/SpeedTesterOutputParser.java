package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * Reads the console output of DistributeMe SpeedTester (single and multithreaded clients) and of
 * {@code wirebench run rpc client}, which prints the same lines:
 * <pre>
 * 1 - echo calls, Performed 1000 in 311, 0.311 ms per call - OK
 * ==========================
 * Finished Test In 4935 ServerSide: 4930 with 10
 * ==========================
 * (every result line again)
 * </pre>
 * Each result line is printed twice (as the case ends, then in the final block); the final block is
 * taken when present, the progress lines otherwise (a run that did not finish, with a warning).
 * Runs are split at "Testing with"/"Testing instance of", at a number that does not go up, and at
 * a heading line followed by a new run; a line between the results of one run (a number that goes
 * on) is noise, never a split. SLF4J, log4j and JVM warnings ({@link #STRAY}) are skipped wherever
 * they are, and the service's own lines of an in-process LocalClient run ({@code First call
 * called}, {@code Last call called, duration between first and last call N ms.}) belong to the run. Lines prefixed with a thread count ({@code 10 - 1 - echo calls,
 * ...}, the "How Many Threads" table) form one table with a {@code threads} column. Ms per call may
 * be written in Java's scientific notation ({@code 5.0E-4}).
 */
public final class SpeedTesterOutputParser implements ResultParser {
    static final String FORMAT = "speedtester-output";
    private static final String RATINGS = "SUPERB|TOP|OK|ACCEPTABLE|LOUSY|DEAD HORSE";
    private static final Pattern RESULT = Pattern.compile(
            "^(\\d+) - (.+?), Performed (\\d+) in (\\d+), (\\S+) ms per call - (" + RATINGS + ")\\s*$");
    private static final Pattern SWEEP = Pattern.compile("^(\\d+) - (\\d+ - .+, Performed .*)$");
    private static final Pattern FINISHED = Pattern.compile(
            "^Finished Test In (\\d+) ServerSide: (\\d+)(?: with (\\d+))?\\s*$");
    private static final Pattern MULTI_PROGRESS = Pattern.compile("^-- testing .+ with (\\d+) threads\\s*$");
    private static final Pattern TITLE_THREADS = Pattern.compile("\\b(\\d+) [Tt]hreads?\\b");
    /** The service's own lines when it runs in the client's JVM (the original's LocalClient). */
    private static final Pattern LAST_CALL = Pattern.compile(
            "^Last call called, duration between first and last call (-?\\d+) ms\\.?$");
    /**
     * Lines a JVM, a logging library or a launcher writes into a merged stdout/stderr: never a
     * heading, never the end of a run. SLF4J and log4j 1 bootstrap messages, the JVM's warnings
     * ({@code OpenJDK 64-Bit Server VM warning:}, {@code WARNING:} of illegal reflective access or the
     * security manager, unified logging {@code [0.004s][warning]...}), {@code Picked up
     * JAVA_TOOL_OPTIONS}, a stack trace's {@code at ...} lines, the DistributeMe server's registration
     * lines.
     */
    private static final Pattern STRAY = Pattern.compile("^(SLF4J(\\(\\w+\\))?:|log4j:|WARNING:|NOTE: Picked up |"
            + "Picked up (JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS):|(OpenJDK|Java HotSpot\\(TM\\)|Eclipse OpenJ9)"
            + " .*VM warning:|(SEVERE|INFO|CONFIG|FINE|FINER|FINEST): |[A-Z][a-z]{2} \\d{1,2}, \\d{4} \\d{1,2}:\\d{2}:\\d{2} "
            + "[AP]M [\\w$.]+ |\\[\\d+[.,]\\d+s]\\[|at [\\w$.]+\\(.*\\)$|\\.\\.\\. \\d+ more$|skipping registration "
            + "for )");
    /** How far into the head the client's lines are looked for. */
    private static final int SNIFF_LINES = 400;
    private static final Pattern ACCEPT = Pattern.compile(", Performed \\d+ in \\d+, \\S+ ms per call - (" + RATINGS
            + ")\\s*$|^Finished Test In \\d+ ServerSide: ");

    @Override
    public String name() {
        return FORMAT;
    }

    @Override
    public boolean accepts(InputText text) {
        return text.head(SNIFF_LINES).stream().anyMatch(l -> ACCEPT.matcher(l.strip()).find());
    }

    /** One run of a client: its progress rows, its final block and what is known about it. */
    private static final class RunBuilder {
        final List<Row> progress = new ArrayList<>();
        final List<Integer> progressLines = new ArrayList<>();
        List<Row> finalBlock;
        int finishedLine;
        String title;
        String client;
        String threads;
        String totalMs;
        String serverMs;

        boolean isEmpty() {
            return progress.isEmpty() && finalBlock == null;
        }

        List<Row> current() {
            return finalBlock != null ? finalBlock : progress;
        }

        int lastNumber() {
            List<Row> rows = current();
            return rows.isEmpty() ? 0 : rows.get(rows.size() - 1).number(RpcColumns.CASE_NO).intValue();
        }
    }

    @Override
    public ParsedInput parse(InputText text) {
        String src = text.source();
        Runs tables = new Runs();
        BoundedWarnings warnings = new BoundedWarnings(src);
        RunFolder sweep = new RunFolder(List.of(RpcColumns.THREADS, RpcColumns.CASE_NO, RpcColumns.LABEL), MEASURES);
        String sweepTitle = null;
        RunBuilder run = new RunBuilder();
        String pendingTitle = null;
        try (LineReader lines = text.open()) {
            String raw;
            while ((raw = lines.next()) != null) {
                int n = lines.lineNumber();
                String line = raw.strip();
                if (line.isEmpty() || line.chars().allMatch(c -> c == '=')) {
                    continue;
                }
                Matcher m;
                Matcher inner;
                if ((m = SWEEP.matcher(line)).matches() && (inner = RESULT.matcher(m.group(2))).matches()) {
                    if (sweep.isEmpty()) {
                        sweepTitle = pendingTitle;
                    }
                    Row r = row(src, n, inner, warnings);
                    sweep.add(withThreadsFirst(m.group(1), r));
                    continue;
                }
                if ((m = RESULT.matcher(line)).matches()) {
                    Row r = row(src, n, m, warnings);
                    boolean continues = r.number(RpcColumns.CASE_NO) == run.lastNumber() + 1;
                    if (!run.isEmpty() && (r.number(RpcColumns.CASE_NO) <= run.lastNumber()
                            || (pendingTitle != null && !continues))) {
                        flush(src, run, tables, warnings); // numbering started again, or a heading: a new run
                        run = new RunBuilder();
                    } else if (!run.isEmpty() && continues) {
                        pendingTitle = null; // a line inside a run is not its heading (noise between its results)
                    }
                    if (run.isEmpty() && run.title == null) {
                        run.title = pendingTitle;
                        pendingTitle = null;
                    }
                    if (run.finalBlock != null) {
                        run.finalBlock.add(r);
                    } else {
                        run.progress.add(r);
                        run.progressLines.add(n);
                    }
                    continue;
                }
                if ((m = FINISHED.matcher(line)).matches()) {
                    if (run.finalBlock == null && !run.isEmpty() && run.client != null) {
                        pendingTitle = null; // noise between a live client's results and its final block
                    }
                    if (run.finalBlock != null || (pendingTitle != null && !run.isEmpty())) {
                        flush(src, run, tables, warnings);
                        run = new RunBuilder();
                    }
                    if (run.title == null && run.isEmpty()) {
                        run.title = pendingTitle;
                        pendingTitle = null;
                    }
                    run.totalMs = m.group(1);
                    run.serverMs = m.group(2);
                    if (m.group(3) != null) {
                        run.threads = m.group(3);
                        run.client = "multi";
                    } else if (run.client == null) {
                        run.client = "single";
                        run.threads = "1";
                    }
                    run.finalBlock = new ArrayList<>();
                    run.finishedLine = n;
                    continue;
                }
                if (line.startsWith("Testing with ") || line.startsWith("Testing instance of ")) {
                    if (!run.isEmpty()) {
                        flush(src, run, tables, warnings);
                        run = new RunBuilder();
                    }
                    continue;
                }
                if ((m = MULTI_PROGRESS.matcher(line)).matches()) {
                    run.client = "multi";
                    run.threads = m.group(1);
                    continue;
                }
                if (line.startsWith("Testing ")) {
                    if (run.client == null) {
                        run.client = "single";
                        run.threads = "1";
                    }
                    continue;
                }
                if (line.equals("connection established") || line.equals("First call called")) {
                    continue; // "First call called": the service's own line, in the client's JVM (LocalClient)
                }
                if ((m = LAST_CALL.matcher(line)).matches()) {
                    run.serverMs = m.group(1); // the service's figure, printed just before the final block
                    continue;
                }
                if (STRAY.matcher(line).find()) {
                    continue;
                }
                // any other line is a heading or noise: a heading when a new run follows it (a result
                // number that does not continue the run, 'Finished Test In' after a final block, 'Testing
                // with'), else it is dropped and the run goes on
                pendingTitle = line;
            }
        }
        if (!run.isEmpty()) {
            flush(src, run, tables, warnings);
        }
        if (!sweep.isEmpty()) {
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", FORMAT);
            if (sweepTitle != null) {
                ctx.put("title", sweepTitle);
            }
            ctx.put(RpcColumns.CLIENT, "multi");
            ctx.put("note", "ms/call = wall time / completed calls, not latency");
            if (sweep.folded()) {
                tables.addLast(sweep.table(src, Kind.RPC, ctx, List.of(RpcColumns.THREADS, RpcColumns.CASE_NO,
                        RpcColumns.LABEL), "lines", RunFolder.tooMany("lines")));
            } else {
                List<String> cols = new ArrayList<>();
                cols.add(RpcColumns.THREADS);
                cols.addAll(RpcColumns.ORIGINAL);
                tables.addLast(new ResultTable(src, Kind.RPC, ctx, cols, sweep.rows()));
            }
        }
        List<ResultTable> out = tables.list(src);
        if (out.isEmpty()) {
            throw WirebenchException.badInput(src + ":1: expected SpeedTester result lines ('N - LABEL, Performed "
                    + "CALLS in MS, X ms per call - RATING'), got none");
        }
        return new ParsedInput(src, FORMAT, out, List.of(), warnings.list());
    }

    /** The measures of a result line, aggregated when runs are folded. */
    private static final List<String> MEASURES = List.of(RpcColumns.CALLS, RpcColumns.ORIG_TIME_MS,
            RpcColumns.ORIG_MS_PER_CALL);

    /**
     * The tables of the runs read, one per run up to {@link RunFolder#MAX_ROWS} runs; past that (a
     * console log of a client run in a loop), every run's cases are folded per test point (the run's
     * context but its timings, and the case) into mean (min-max) over the runs, so memory does not
     * grow with the log. The rating is left out of a folded table (it differs from run to run).
     */
    private static final class Runs {
        private final List<ResultTable> tables = new ArrayList<>();
        private Map<Map<String, String>, RunFolder> folded;
        private int later;

        void add(ResultTable t) {
            if (folded == null) {
                tables.add(t);
                if (tables.size() > RunFolder.MAX_ROWS) {
                    folded = new LinkedHashMap<>();
                    tables.forEach(this::fold);
                    tables.clear();
                }
            } else {
                fold(t);
            }
        }

        /** A table that is not a run (the thread sweep), shown after the runs. */
        void addLast(ResultTable t) {
            tables.add(t);
            later++;
        }

        private void fold(ResultTable t) {
            Map<String, String> ctx = new LinkedHashMap<>(t.context());
            ctx.remove("total_ms");
            ctx.remove("server_ms");
            RunFolder f = folded.computeIfAbsent(ctx,
                    k -> new RunFolder(List.of(RpcColumns.CASE_NO, RpcColumns.LABEL), MEASURES, 0));
            t.rows().forEach(f::add);
        }

        List<ResultTable> list(String src) {
            if (folded == null) {
                return tables;
            }
            List<ResultTable> out = new ArrayList<>();
            for (Map.Entry<Map<String, String>, RunFolder> e : folded.entrySet()) {
                out.add(e.getValue().table(src, Kind.RPC, e.getKey(), List.of(RpcColumns.CASE_NO, RpcColumns.LABEL),
                        "runs", RunFolder.tooMany("runs") + "; each run's total_ms and server_ms left out"));
            }
            out.addAll(tables.subList(tables.size() - later, tables.size()));
            return out;
        }
    }

    private static Row withThreadsFirst(String threads, Row r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(RpcColumns.THREADS, Double.valueOf(threads));
        m.putAll(r.values());
        return Row.of(m);
    }

    private static void flush(String src, RunBuilder run, Runs tables, BoundedWarnings warnings) {
        List<Row> rows;
        if (run.finalBlock != null && !run.finalBlock.isEmpty()) {
            rows = run.finalBlock;
            if (!run.progress.isEmpty() && !run.progress.equals(run.finalBlock)) {
                warnings.add(new Warning(src, run.finishedLine, "the final block differs from the result lines "
                        + "printed as the cases ended; the final block is used"));
            }
        } else {
            rows = run.progress;
            if (run.finalBlock != null) {
                warnings.add(new Warning(src, run.finishedLine, "'Finished Test In' without result lines after it; "
                        + "the " + rows.size() + " result lines printed before it are used"));
            } else if (run.client != null && !rows.isEmpty()) {
                // a client's progress lines without its final block: killed, failed or cut
                warnings.add(new Warning(src, run.progressLines.get(run.progressLines.size() - 1), "no 'Finished "
                        + "Test In' block after these " + rows.size() + " results: the run did not finish (or the "
                        + "output was cut); the cases printed are kept"));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        Map<String, String> ctx = new LinkedHashMap<>();
        ctx.put("format", FORMAT);
        if (run.title != null) {
            ctx.put("title", run.title);
        }
        String threads = run.threads;
        String client = run.client;
        if (threads == null && run.title != null) {
            Matcher t = TITLE_THREADS.matcher(run.title);
            if (t.find()) {
                threads = t.group(1);
                client = "multi";
            }
        }
        if (client != null) {
            ctx.put(RpcColumns.CLIENT, client);
        }
        if (threads != null) {
            ctx.put(RpcColumns.THREADS, threads);
        }
        if (run.totalMs != null) {
            ctx.put("total_ms", run.totalMs);
            ctx.put("server_ms", run.serverMs);
        }
        RpcCsvParser.noteMultiThreaded(ctx);
        tables.add(new ResultTable(src, Kind.RPC, ctx, RpcColumns.ORIGINAL, rows));
    }

    private static Row row(String src, int n, Matcher m, BoundedWarnings warnings) {
        String figure = m.group(5);
        Double msPerCall = Numbers.parseOrNull(figure);
        if (msPerCall == null) {
            throw WirebenchException.badInput(src + ":" + n + ": column '" + RpcColumns.ORIG_MS_PER_CALL
                    + "': expected a number, got '" + figure + "'");
        }
        double calls = Double.parseDouble(m.group(3));
        double ms = Double.parseDouble(m.group(4));
        String rating = m.group(6);
        String expected = SpeedTesterRating.of(msPerCall).text();
        if (!expected.equals(rating)) {
            warnings.add(new Warning(src, n, "rating " + rating + " does not match " + figure + " ms per call ("
                    + expected + " by SpeedTester's thresholds)"));
        }
        if (calls > 0 && Math.abs(ms / calls - msPerCall) > 1e-9 * Math.max(1, msPerCall)) {
            warnings.add(new Warning(src, n, figure + " ms per call is not " + m.group(4) + " ms / " + m.group(3)
                    + " calls"));
        }
        return Row.builder()
                .measure(RpcColumns.CASE_NO, Double.valueOf(m.group(1)))
                .key(RpcColumns.LABEL, m.group(2))
                .measure(RpcColumns.CALLS, calls)
                .measure(RpcColumns.ORIG_TIME_MS, ms)
                .measure(RpcColumns.ORIG_MS_PER_CALL, msPerCall)
                .key(RpcColumns.RATING, rating)
                .build();
    }
}
