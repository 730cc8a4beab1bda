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
import wirebench.analyzer.model.Warning;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * The console output of speed_test's server ({@code udp_msg_server}, seed 002; its stderr), and the
 * same lines as {@code wirebench run udp server} prints them. Per finished run, three lines (ANSI
 * colour codes, also the original's {@code ESC[1:34m} written with a colon, and the trailing
 * {@code (function file:line)} are ignored):
 *
 * <pre>
 * info: 987280 packet received within 2.183 seconds
 * info: Total Byte Received: 63185920
 * debug: Bandwith: DATA: 231.60 Mbps, WIRE: 383.59 Mbps, Data/Header Ratio: 1.52, Packet Loss: %1.272000
 * </pre>
 *
 * One row per run. The payload is bytes / packets; the scheduler, connected mode and receive buffer
 * are not in the output and stay empty ({@code -}). A run whose wire figure does not follow from its
 * data figure (42 header bytes per packet) gets a warning.
 *
 * <p>What else the original prints, and how it is read:
 * <ul>
 * <li>{@code debug: N packets received}: the SELECT method's progress line (a select timeout of 1 s,
 * so about once a second while a run is open): an interval row (kind {@code udp_interval}: run,
 * interval, cumulative received). When END never arrived the server prints only these, forever:
 * the run becomes a row with {@code partial} = 1 and the last count as {@code received}.</li>
 * <li>{@code error: Socket buffer size setting rejected!}, then {@code sudo sysctl -w
 * net.core.rmem_max=N}: the kernel capped the receive buffer; the requested size N goes into
 * {@code rcvbuf_bytes} of the rows and a warning says the buffer was smaller than asked.</li>
 * <li>any other {@code error:} line (e.g. {@code Not implemented yet!}, the original's EPOLL method)
 * is that program's error: a warning quoting it; a file with errors and no results is recognised
 * as speed_test output without results (a warning, no table), not as an unknown file.</li>
 * </ul>
 * Reads line by line ({@link InputText#open()}); keeps the rows (one per run) and at most
 * {@link SpeedTestProgress#MAX_PER_RUN} interval rows per run.
 */
public final class SpeedTestParser implements ResultParser {
    static final String FORMAT = "speed_test";
    /** CSI sequences; the parameter bytes include ':' (speed_test's COLOR_BLUE_BOLD is {@code ESC[1:34m}). */
    static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;:?]*[A-Za-z]");
    static final Pattern SUFFIX = Pattern.compile("\\([A-Za-z_][\\w.]*\\s+[^()\\s]+:\\d+\\)\\s*$");
    private static final Pattern RECEIVED = Pattern.compile("info:\\s*(\\S+) packet received within (\\S+) seconds");
    private static final Pattern BYTES = Pattern.compile("info:\\s*Total Byte Received:\\s*(\\S+)");
    private static final Pattern BANDWIDTH = Pattern.compile("debug:\\s*Bandwith:\\s*DATA:\\s*(\\S+)\\s*Mbps,\\s*WIRE:"
            + "\\s*(\\S+)\\s*Mbps,\\s*Data/Header Ratio:\\s*(\\S+?),\\s*Packet Loss:\\s*%\\s*(\\S+)");
    private static final Pattern PROGRESS = Pattern.compile("^debug:\\s*(\\d+) packets received$");
    private static final Pattern ERROR = Pattern.compile("^error:\\s*(.*)$");
    private static final Pattern SYSCTL = Pattern.compile("sysctl -w net\\.core\\.rmem_max=(\\d+)");
    /** A line as the original's errorf/infof/debugf write it, with the source file named in the suffix. */
    private static final Pattern ORIGINAL_LINE = Pattern.compile(
            "^(error|info|debug):.*\\([A-Za-z_]\\w*\\s+udp_msg_server\\.c:\\d+\\)$");
    private static final String REJECTED = "Socket buffer size setting rejected!";
    private static final int HEADER_BYTES = 42;
    /** What makes a test point when runs are folded: the keys, and whether the run is partial. */
    private static final List<String> FOLD_KEYS = List.of("client_scheduler", "connected", "payload_bytes",
            "server_scheduler", "rcvbuf_bytes", "partial");
    private static final List<String> MEASURES = List.of("lost_pct", "data_mbps", "wire_mbps", "received",
            "duration_s", "received_bytes", "data_header_ratio");
    private static final int SNIFF_LINES = 400;

    @Override
    public String name() {
        return FORMAT;
    }

    @Override
    public boolean accepts(InputText text) {
        return text.head(SNIFF_LINES).stream().anyMatch(SpeedTestParser::speedTestLine);
    }

    /** A line only speed_test's server prints: its bandwidth or summary line, its log or progress line. */
    private static boolean speedTestLine(String l) {
        if (l.contains("Bandwith: DATA:") || l.contains("packet received within")) {
            return true;
        }
        return (l.contains("udp_msg_server.c:") || l.contains("packets received"))
                && (ORIGINAL_LINE.matcher(withoutAnsi(l).strip()).matches() || PROGRESS.matcher(clean(l)).matches());
    }

    /**
     * The line without CSI sequences ({@link #ANSI}), by hand: the regular expression's
     * {@code replaceAll} was most of the parse's time on a 50 MB log.
     */
    static String withoutAnsi(String line) {
        int esc = line.indexOf('\u001B');
        if (esc < 0) {
            return line;
        }
        StringBuilder b = new StringBuilder(line.length());
        int from = 0;
        while (esc >= 0) {
            int end = csiEnd(line, esc);
            if (end > 0) {
                b.append(line, from, esc);
                from = end;
            }
            esc = line.indexOf('\u001B', end > 0 ? end : esc + 1);
        }
        return b.append(line, from, line.length()).toString();
    }

    /** The index after the CSI sequence at {@code esc} ({@code ESC [ [0-9;:?]* letter}), or -1. */
    private static int csiEnd(String line, int esc) {
        int i = esc + 1;
        if (i >= line.length() || line.charAt(i) != '[') {
            return -1;
        }
        i++;
        while (i < line.length()) {
            char c = line.charAt(i);
            if ((c >= '0' && c <= '9') || c == ';' || c == ':' || c == '?') {
                i++;
            } else {
                return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ? i + 1 : -1;
            }
        }
        return -1;
    }

    /**
     * A line without colour codes and without speed_test's {@code (function file:line)} suffix. The
     * suffix holds no parenthesis but its own, so only the last '(' can open it: the pattern is tried
     * there alone instead of at every index.
     */
    static String clean(String line) {
        String l = withoutAnsi(line);
        int open = l.lastIndexOf('(');
        if (open >= 0 && suffixAt(l, open)) {
            return l.substring(0, open).strip();
        }
        return l.strip();
    }

    /**
     * Whether {@link #SUFFIX} matches from {@code open} to the end of the line, by hand (the pattern
     * stays as the rule's statement and its test's oracle): {@code (}, a name, blanks, a token without
     * blanks or parentheses ending in {@code :<digits>}, {@code )}, blanks.
     */
    static boolean suffixAt(String l, int open) {
        int n = l.length();
        int i = open + 1;
        if (i >= n || !(isLetter(l.charAt(i)) || l.charAt(i) == '_')) {
            return false;
        }
        i++;
        while (i < n && (isWord(l.charAt(i)) || l.charAt(i) == '.')) {
            i++;
        }
        int blanks = i;
        while (i < n && isBlank(l.charAt(i))) {
            i++;
        }
        int token = i;
        while (i < n && l.charAt(i) != '(' && l.charAt(i) != ')' && !isBlank(l.charAt(i))) {
            i++;
        }
        if (blanks == token || i >= n || l.charAt(i) != ')') {
            return false;
        }
        int colon = l.lastIndexOf(':', i - 1);
        if (colon <= token || colon == i - 1) {
            return false;
        }
        for (int d = colon + 1; d < i; d++) {
            if (l.charAt(d) < '0' || l.charAt(d) > '9') {
                return false;
            }
        }
        for (i++; i < n; i++) {
            if (!isBlank(l.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /** {@code \w} of a regular expression: ASCII letter, digit or underscore. */
    private static boolean isWord(char c) {
        return isLetter(c) || (c >= '0' && c <= '9') || c == '_';
    }

    /** {@code \s} of a regular expression: space, tab, line end, vertical tab, form feed. */
    private static boolean isBlank(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    @Override
    public ParsedInput parse(InputText text) {
        Reader r = new Reader(text.source());
        int last = 0;
        try (LineReader lines = text.open()) {
            String l;
            while ((l = lines.next()) != null) {
                last = lines.lineNumber();
                r.line(last, l);
            }
        }
        return r.finish(last);
    }

    /** The state of one pass over the lines: finished rows, the run in progress, warnings. */
    private static final class Reader {
        private final String src;
        private final RunFolder rows = new RunFolder(FOLD_KEYS, MEASURES);
        private final SpeedTestProgress intervals = new SpeedTestProgress();
        private final BoundedWarnings warnings;
        private Double packets;
        private Double seconds;
        private Double bytes;
        /** Progress lines of the run open: its last count, line and the number of lines. */
        private long progressCount = -1;
        private int progressLine;
        private int progressIntervals;
        private int runNo = 1;
        private String requestedRcvbuf;
        private int rejectedLine;
        private String firstError;
        private int firstErrorLine;

        Reader(String src) {
            this.src = src;
            this.warnings = new BoundedWarnings(src);
        }

        void line(int n, String raw) {
            String l = clean(raw);
            Matcher m;
            // each pattern is tried only on a line holding its literal part (the same matches, fewer scans)
            if (l.startsWith("debug:") && (m = PROGRESS.matcher(l)).matches()) {
                progress(n, m.group(1));
            } else if (l.contains(" packet received within ") && (m = RECEIVED.matcher(l)).find()) {
                packets = number(src, n, "received", m.group(1));
                seconds = number(src, n, "duration_s", m.group(2));
                bytes = null;
            } else if (l.contains("Total Byte Received:") && (m = BYTES.matcher(l)).find()) {
                bytes = number(src, n, "received_bytes", m.group(1));
            } else if (l.contains("Bandwith:") && (m = BANDWIDTH.matcher(l)).find()) {
                bandwidth(n, m);
            } else if (l.contains("rmem_max=") && (m = SYSCTL.matcher(l)).find()) {
                requestedRcvbuf = m.group(1);
            } else if ((m = ERROR.matcher(l)).matches()) {
                error(n, m.group(1).strip());
            }
        }

        private void progress(int n, String count) {
            long c = Long.parseLong(count);
            if (progressCount >= 0 && c < progressCount) {
                // the counter went back: START of a new run arrived, the open run never got its END
                partialRow();
            }
            progressCount = c;
            progressLine = n;
            progressIntervals++;
            intervals.add(runNo, progressIntervals, c);
        }

        private void bandwidth(int n, Matcher m) {
            double data = number(src, n, "data_mbps", m.group(1));
            double wire = number(src, n, "wire_mbps", m.group(2));
            double ratio = number(src, n, "data_header_ratio", m.group(3));
            double loss = number(src, n, "lost_pct", m.group(4));
            if (packets == null || bytes == null) {
                warnings.add(new Warning(src, n, "Bandwith line without its 'packet received' and 'Total Byte "
                        + "Received' lines before it; row kept without counts"));
            }
            rows.add(row(packets, seconds, bytes, data, wire, ratio, loss, null));
            checkWire(src, n, packets, bytes, data, wire).ifPresent(warnings::add);
            packets = null;
            seconds = null;
            bytes = null;
            endRun();
        }

        private void error(int n, String message) {
            if (message.equals(REJECTED)) {
                rejectedLine = n;
                return;
            }
            if (message.startsWith("Please check") && message.contains("rmem_max")) {
                return; // the second line of the rejection: its hint
            }
            if (firstError == null) {
                firstError = message;
                firstErrorLine = n;
            }
            String what = message.equals("Not implemented yet!")
                    ? " (the original speed_test implements no EPOLL method: the server exits at once)" : "";
            warnings.add(new Warning(src, n, "speed_test reported an error: '" + message + "'" + what));
        }

        /** The open run ended without END: a row marked partial with the last progress count. */
        private void partialRow() {
            rows.add(row((double) progressCount, null, null, null, null, null, null, 1.0));
            warnings.add(new Warning(src, progressLine, "no END arrived for run " + runNo + " (only its progress "
                    + "lines 'N packets received'): kept as a partial row with the last count, "
                    + progressCount + " packets received; time, bytes, Mbps and loss are unknown"));
            endRun();
        }

        private void endRun() {
            progressCount = -1;
            progressIntervals = 0;
            runNo++;
        }

        ParsedInput finish(int lastLine) {
            ParsedInput p = result(lastLine);
            return new ParsedInput(p.source(), p.format(), p.tables(), p.series(), warnings.list());
        }

        private ParsedInput result(int lastLine) {
            if (packets != null) {
                warnings.always(new Warning(src, lastLine, "last run has no Bandwith line (output cut short?); "
                        + "ignored"));
            }
            if (progressCount > 0) {
                partialRow();
            }
            List<Row> shown = rows.rows();
            if (requestedRcvbuf != null || rejectedLine > 0) {
                String asked = requestedRcvbuf == null ? "the requested size" : requestedRcvbuf + " bytes";
                warnings.always(new Warning(src, rejectedLine, "Socket buffer size setting rejected: the kernel granted "
                        + "less than the " + asked + " asked for (capped by net.core.rmem_max); the runs measured a "
                        + "smaller receive buffer than requested"
                        + (requestedRcvbuf == null ? "" : " (fix: sysctl -w net.core.rmem_max=" + requestedRcvbuf + ")")));
                if (requestedRcvbuf != null) {
                    shown = new ArrayList<>();
                    for (Row r : rows.rows()) {
                        shown.add(r.with("rcvbuf_bytes", requestedRcvbuf));
                    }
                }
            }
            List<ResultTable> series = new ArrayList<>();
            if (!intervals.rows().isEmpty()) {
                Map<String, String> sctx = new LinkedHashMap<>();
                sctx.put("format", FORMAT);
                series.add(new ResultTable(src, Kind.UDP_INTERVAL, sctx, List.of("run", "interval", "received"),
                        intervals.rows()));
                intervals.dropped().ifPresent(w -> warnings.always(new Warning(src, 0, w)));
            }
            if (rows.folded()) {
                return new ParsedInput(src, FORMAT, List.of(folded()), series, List.of());
            }
            if (shown.isEmpty()) {
                if (firstError != null) {
                    warnings.always(new Warning(src, firstErrorLine, "speed_test output without results: the program "
                            + "failed ('" + firstError + "')"));
                    return new ParsedInput(src, FORMAT, List.of(), List.of(), List.of());
                }
                throw WirebenchException.badInput(src + ":" + lastLine + ": expected speed_test's 'debug: "
                        + "Bandwith: DATA: ... Mbps, WIRE: ... Mbps, ...' line, got none");
            }
            List<String> columns = new ArrayList<>(UdpColumns.SEED_LAYOUT);
            columns.addAll(UdpColumns.SPEED_TEST_EXTRA);
            boolean anyPartial = shown.stream().anyMatch(r -> r.number("partial") != null);
            if (anyPartial) {
                columns.add("partial");
            }
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", FORMAT);
            List<Row> table = new ArrayList<>();
            for (Row r : shown) {
                table.add(anyPartial && !r.has("partial") ? r.with("partial", 0.0) : r);
            }
            ResultTable t = new ResultTable(src, Kind.UDP, ctx, columns, table);
            return new ParsedInput(src, FORMAT, List.of(t), series, List.of());
        }

        /** More runs than {@link RunFolder#MAX_ROWS}: one row per payload (and partial or not), mean (min-max). */
        private ResultTable folded() {
            List<String> keys = new ArrayList<>(UdpColumns.SEED_LAYOUT.subList(0, 5));
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", FORMAT);
            if (requestedRcvbuf != null) {
                ctx.put("rcvbuf_bytes", requestedRcvbuf);
            }
            keys.add("partial");
            ResultTable t = rows.table(src, Kind.UDP, ctx, keys, "runs", RunFolder.tooMany("runs"));
            List<Row> out = new ArrayList<>();
            for (Row r : t.rows()) {
                out.add(r.get("partial") == null ? r.with("partial", 0.0) : r);
            }
            return new ResultTable(src, t.kind(), t.context(), t.columns(), out);
        }
    }

    private static Row row(Double packets, Double seconds, Double bytes, Double data, Double wire, Double ratio,
            Double loss, Double partial) {
        String payload = null;
        if (packets != null && bytes != null && packets > 0 && bytes % packets == 0) {
            payload = Numbers.plain(bytes / packets);
        }
        Row.Builder b = Row.builder()
                .key("client_scheduler", null).key("connected", null).key("payload_bytes", payload)
                .key("server_scheduler", null).key("rcvbuf_bytes", null)
                .measure("lost_pct", loss).measure("data_mbps", data).measure("wire_mbps", wire)
                .measure("received", packets).measure("duration_s", seconds).measure("received_bytes", bytes)
                .measure("data_header_ratio", ratio);
        if (partial != null) {
            b.measure("partial", partial);
        }
        return b.build();
    }

    /** Wire = data x (bytes + 42 x packets) / bytes; speed_test prints 2 decimals, so allow 0.01 + 0.1%. */
    private static java.util.Optional<Warning> checkWire(String src, int line, Double packets, Double bytes,
            double data, double wire) {
        if (packets == null || bytes == null || bytes <= 0) {
            return java.util.Optional.empty();
        }
        double expected = data * (bytes + HEADER_BYTES * packets) / bytes;
        if (Math.abs(expected - wire) > 0.01 + expected * 0.001) {
            return java.util.Optional.of(new Warning(src, line, "WIRE " + Numbers.plain(wire) + " Mbps does not follow "
                    + "from DATA " + Numbers.plain(data) + " Mbps with 42 header bytes per packet (expected "
                    + Numbers.fixed(expected, 2) + ")"));
        }
        return java.util.Optional.empty();
    }

    private static double number(String src, int line, String column, String text) {
        Double d = Numbers.parseOrNull(text);
        if (d == null) {
            throw WirebenchException.badInput(src + ":" + line + ": column '" + column + "': expected a number, got '"
                    + text + "'");
        }
        return d;
    }
}
