package wirebench.analyzer.parse;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.analyzer.model.ParsedInput;
import wirebench.contract.WirebenchException;

/**
 * Eclipse Cyclone DDS's {@code ddsperf} output (0.10.x; docs/ddsperf.md): every process prefixes
 * its lines with {@code [PID]}, and its once-a-second statistics with {@code [PID] T} (seconds
 * since it started). Read are the latency lines of {@code ping} (one per peer and second:
 * {@code HOST:PID size N mean Xus min Xus 50% Xus 90% Xus 99% Xus max Xus cnt N}), the
 * subscriber's lines ({@code size N total N lost N delta N lost N rate X kS/s Y Mb/s (...)}), the
 * publisher's write-rate lines ({@code 177k/s 0n |histogram| 0% 15m}) and the resource lines
 * ({@code rss:7.6MB vcsw:N ivcsw:N thread:usr%+sys%...}); several processes may write to one capture
 * ({@code ddsperf ping & ddsperf pong}). {@link DdsperfProcess} folds them into tables.
 *
 * <p>The input is read once, line by line; memory holds one accumulator per process, peer and size.
 * A line that starts as one of those lines but does not continue as it does is bad input
 * ({@code FILE:LINE: ...}, exit 3); as the last line of the input it is a line cut short (a warning).
 * Other lines (discovery, other programs' output in the same capture) are passed over;
 * {@code [PID] error: ...} and {@code failed to match} lines become warnings.
 */
public final class DdsperfParser implements ResultParser {
    /** The format name, also the tables' context {@code format}. */
    static final String FORMAT = "ddsperf";

    private static final Pattern SNIFF = Pattern.compile("^\\[\\d+\\] (?:-?\\d+\\.\\d+ +(?:\\S+ size \\d+ mean |"
            + "size \\d+ total |rss:|vcsw:)|participant .+: new)");
    private static final Pattern PREFIX = Pattern.compile("^\\[(\\d+)\\] (?:(-?\\d+\\.\\d+)(?: +|$))?");
    private static final Pattern PUB_START = Pattern.compile("^[0-9.e+]+[kM]?/s(?: |$)");
    private static final Pattern PUB = Pattern.compile("^(\\d+(?:\\.\\d+)?(?:e[+-]\\d+)?)([kM]?)/s +(inf|\\d+[nums])"
            + " +(?:\\d+% +)?\\|[^|]*\\| +\\d+% +(\\d+[nums])$");
    private static final Pattern RESOURCES = Pattern.compile("^(?:rss:(\\d+(?:\\.\\d+)?)(MB|kB) )?vcsw:(\\d+) "
            + "ivcsw:(\\d+)((?: .+?:\\d+%\\+\\d+%)*)$");
    private static final Pattern THREAD = Pattern.compile(":(\\d+)%\\+(\\d+)%(?= |$)");
    private static final String[] LATENCY = {"*", "size", "#", "mean", "us", "min", "us", "50%", "us", "90%", "us",
        "99%", "us", "max", "us", "cnt", "#"};
    private static final String LATENCY_SHAPE = "HOST:PID size N mean Xus min Xus 50% Xus 90% Xus 99% Xus max Xus cnt N";
    private static final String[] SUB = {"size", "#", "total", "#", "lost", "#", "delta", "#", "lost", "#", "rate",
        ".", "kS/s", ".", "Mb/s", "(.", "kS/s", ".", "Mb/s)"};
    private static final String SUB_SHAPE = "size N total N lost N delta N lost N rate X kS/s Y Mb/s (X kS/s Y Mb/s)";

    @Override
    public String name() {
        return FORMAT;
    }

    @Override
    public boolean accepts(InputText text) {
        for (String l : text.head()) {
            if (!l.isEmpty() && l.charAt(0) == '[' && SNIFF.matcher(l).find()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ParsedInput parse(InputText text) {
        String src = text.source();
        Reading r = new Reading(src);
        text.stream(new InputText.LineSink<Void>() {
            @Override
            public void line(int number, String line) {
                r.line(number, line);
            }

            @Override
            public Void end(int lines, boolean endsWithNewline) {
                r.end();
                return null;
            }
        });
        return DdsperfProcess.parsed(src, FORMAT, r.processes, r.warnings);
    }

    /** The state of one reading: processes by PID, warnings, a doubtful line waiting for the next. */
    private static final class Reading {
        final String src;
        final Map<String, DdsperfProcess> processes = new LinkedHashMap<>();
        final BoundedWarnings warnings;
        /** A line that started as data but did not continue as such: an error unless it is the last. */
        WirebenchException pending;
        int pendingLine;

        Reading(String src) {
            this.src = src;
            this.warnings = new BoundedWarnings(src);
        }

        void line(int number, String line) {
            if (pending != null && !line.isBlank()) {
                throw pending; // not the last line: a malformed line, not one cut short
            }
            if (line.isEmpty() || line.charAt(0) != '[') {
                return;
            }
            Matcher m = PREFIX.matcher(line);
            if (!m.find()) {
                return;
            }
            String pid = m.group(1);
            String rest = line.substring(m.end()).strip();
            if (m.group(2) == null) {
                event(number, pid, rest);
                return;
            }
            try {
                stats(number, pid, Double.parseDouble(m.group(2)), rest);
            } catch (WirebenchException e) {
                pending = e;
                pendingLine = number;
            }
        }

        void end() {
            if (pending != null) {
                String prefix = src + ":" + pendingLine + ": ";
                String m = pending.getMessage();
                warnings.add(pendingLine, "last line cut short, ignored ("
                        + (m.startsWith(prefix) ? m.substring(prefix.length()) : m) + ")");
            }
        }

        /** {@code [PID] participant ...}, {@code [PID] error: ...}, {@code [PID] ping timed out ...}. */
        private void event(int number, String pid, String rest) {
            if (rest.startsWith("error: ") || rest.contains(": failed to match in ")) {
                warnings.add(number, "ddsperf process " + pid + ": " + rest);
            }
        }

        private DdsperfProcess process(String pid) {
            return processes.computeIfAbsent(pid, DdsperfProcess::new);
        }

        private void stats(int number, String pid, double t, String rest) {
            String[] tok = rest.isEmpty() ? new String[0] : rest.split(" +");
            if (tok.length == 0) {
                return;
            }
            boolean sublat = tok[0].equals("sublat") && tok.length > 2 && tok[2].equals("size");
            if (sublat || (tok.length > 1 && tok[1].equals("size") && !tok[0].equals("size"))) {
                String[] f = fields(number, rest, sublat ? java.util.Arrays.copyOfRange(tok, 1, tok.length) : tok,
                        LATENCY, "latency", LATENCY_SHAPE);
                process(pid).latency(number, t, sublat, f[0], count(number, "size", f[2]), us(f[4]), us(f[6]),
                        us(f[8]), us(f[10]), us(f[12]), us(f[14]), count(number, "cnt", f[16]));
            } else if (tok[0].equals("size")) {
                String[] f = fields(number, rest, tok, SUB, "subscriber", SUB_SHAPE);
                process(pid).subscriber(number, t, count(number, "size", f[1]), count(number, "total", f[3]),
                        count(number, "lost", f[5]), count(number, "delta", f[7]), count(number, "lost", f[9]),
                        Double.parseDouble(f[11]), Double.parseDouble(f[13]));
            } else if (tok[0].startsWith("rss:") || tok[0].startsWith("vcsw:")) {
                resources(number, pid, t, rest);
            } else if (PUB_START.matcher(rest).find()) {
                Matcher m = PUB.matcher(rest);
                if (!m.matches()) {
                    throw bad(number, "expected a ddsperf publisher line ('RATE/s MIN |histogram| PCT% MAX', e.g. "
                            + "'177k/s 0n |@--__...| 0% 15m'), got '" + abbreviate(rest) + "'");
                }
                double mult = m.group(2).isEmpty() ? 1 : m.group(2).equals("k") ? 1e3 : 1e6;
                process(pid).publisher(t, Double.parseDouble(m.group(1)) * mult,
                        m.group(3).equals("inf") ? Double.NaN : duration(m.group(3)), duration(m.group(4)));
            }
            // peer CPU (-c: '@host:pid ...', '(stale) ...'), network load (-d), extended statistics (-X): not read
        }

        private void resources(int number, String pid, double t, String rest) {
            Matcher m = RESOURCES.matcher(rest);
            if (!m.matches()) {
                throw bad(number, "expected a ddsperf resource line ('rss:X.XMB vcsw:N ivcsw:N THREAD:U%+S%...'),"
                        + " got '" + abbreviate(rest) + "'");
            }
            double rssMb = m.group(1) == null ? Double.NaN
                    : Double.parseDouble(m.group(1)) / (m.group(2).equals("kB") ? 1024 : 1);
            long user = 0;
            long system = 0;
            Matcher th = THREAD.matcher(m.group(5));
            while (th.find()) {
                user += Long.parseLong(th.group(1));
                system += Long.parseLong(th.group(2));
            }
            process(pid).resources(t, rssMb, count(number, "vcsw", m.group(3)), count(number, "ivcsw", m.group(4)),
                    user, system);
        }

        /**
         * The fields of {@code tok} checked against {@code template}: {@code #} a count, {@code .} a
         * decimal number, {@code (.} one in parentheses, {@code us} microseconds ({@code 26.910us}),
         * {@code *} anything, else the literal word.
         */
        private String[] fields(int number, String rest, String[] tok, String[] template, String what, String shape) {
            if (tok.length != template.length) {
                throw bad(number, "expected a ddsperf " + what + " line of " + template.length + " fields ('" + shape
                        + "'), got " + tok.length + ": '" + abbreviate(rest) + "'");
            }
            String[] out = new String[tok.length];
            for (int i = 0; i < tok.length; i++) {
                String tp = template[i];
                String v = tok[i];
                String after = i == 0 ? "at the start" : "after '" + tok[i - 1] + "'";
                switch (tp) {
                    case "*":
                        break;
                    case "#":
                        if (!v.matches("\\d{1,15}")) {
                            throw bad(number, what + " line, field " + (i + 1) + " (" + after + "): expected a count, "
                                    + "got '" + v + "'");
                        }
                        break;
                    case ".":
                    case "(.":
                        String d = tp.equals("(.") && v.startsWith("(") ? v.substring(1) : v;
                        if (!d.matches("\\d{1,15}(\\.\\d+)?") || (tp.equals("(.") && !v.startsWith("("))) {
                            throw bad(number, what + " line, field " + (i + 1) + " (" + after + "): expected a number"
                                    + " of 0 or more" + (tp.equals("(.") ? " in '('" : "") + ", got '" + v + "'");
                        }
                        v = d;
                        break;
                    case "us":
                        if (!v.matches("\\d{1,12}\\.\\d+us")) {
                            throw bad(number, what + " line, field " + (i + 1) + " (" + after + "): expected "
                                    + "microseconds of 0 or more like '26.910us', got '" + v + "'");
                        }
                        v = v.substring(0, v.length() - 2);
                        break;
                    default:
                        if (!v.equals(tp)) {
                            throw bad(number, what + " line, field " + (i + 1) + ": expected '" + tp + "', got '" + v
                                    + "' ('" + shape + "')");
                        }
                }
                out[i] = v;
            }
            return out;
        }

        private long count(int number, String field, String v) {
            if (!v.matches("\\d{1,15}")) {
                throw bad(number, "field '" + field + "': expected a count, got '" + v + "'");
            }
            return Long.parseLong(v);
        }

        private WirebenchException bad(int number, String message) {
            return WirebenchException.badInput(src + ":" + number + ": " + message);
        }
    }

    private static double us(String v) {
        return Double.parseDouble(v);
    }

    /** ddsperf's rounded durations: {@code 15n}, {@code 3u}, {@code 9m}, {@code 2s}, in microseconds. */
    private static double duration(String v) {
        double x = Double.parseDouble(v.substring(0, v.length() - 1));
        switch (v.charAt(v.length() - 1)) {
            case 'n': return x / 1000;
            case 'u': return x;
            case 'm': return x * 1000;
            default: return x * 1e6;
        }
    }

    static String abbreviate(String s) {
        return s.length() > 100 ? s.substring(0, 97) + "..." : s;
    }
}
