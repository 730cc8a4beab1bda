package wirebench.analyzer.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.analyzer.model.ParsedInput;
import wirebench.contract.Columns;
import wirebench.contract.WirebenchException;
import wirebench.contract.perftest.PerftestCsvLayout;

/**
 * RTI Perftest's text output: the raw {@code printf} lines of the releases before 3.1 (Connext 5.1
 * bundled with four percentiles, 5.2.x/2.0/2.1 double-spaced, 2.2 to 2.3.2 with the trailing
 * {@code %s}, 2.4 with the lost percentage, 3.0/3.0.1 with the serialization line) and the legacy
 * printer of 3.1+ ({@code -outputFormat legacy}, single-spaced latency lines, {@code One-Way} and
 * {@code μs} since 4.0, Java's {@code Lost: 0 (0.00 (%))}). Also the hand-edited
 * {@code Lost: 0 (0.00%)} of the documentation.
 *
 * <p>Lines are compared with runs of blanks collapsed; everything that is not a Perftest data line
 * (banner, configuration summary, progress messages of a {@code 2>&1} capture) is skipped. The
 * version is inferred from the layout ({@link PerftestLegacyLayout}, docs/perftest-parsing.md) or
 * taken from the banner ({@code RTI Perftest 2.3.2 ...}) when the capture has one.
 */
public final class PerftestLegacyParser implements ResultParser {
    private static final String N = "(\\S+)";
    private static final Pattern LATENCY_SUMMARY = Pattern.compile("^Length: " + N + " Latency: Ave " + N + " " + N
            + " Std " + N + " \\S+ Min " + N + " \\S+ Max " + N + " \\S+ 50% " + N + " \\S+ 90% " + N
            + " \\S+ 99% " + N + " \\S+ 99\\.99% " + N + " \\S+(?: 99\\.9999% " + N + " \\S+)?(.*)$");
    private static final Pattern LATENCY_INTERVAL = Pattern.compile("^One[ -][wW]ay Latency: " + N + " " + N
            + " Ave " + N + " \\S+ Std " + N + " \\S+ Min " + N + " \\S+ Max " + N + "(?: (?:us|ns|\\S?\\S?s))?(.*)$");
    private static final Pattern SERIALIZATION = Pattern.compile(
            "^Serialization/Deserialization: " + N + " \\S+ / " + N + " \\S+ / TOTAL: " + N + " \\S+$");
    private static final Pattern THROUGHPUT_INTERVAL = Pattern.compile("^Packets: " + N + " Packets/s: " + N
            + " Packets/s\\(ave\\): " + N + " Mbps: " + N + " Mbps\\(ave\\): " + N + " Lost: " + N + "(.*)$");
    private static final Pattern THROUGHPUT_SUMMARY = Pattern.compile("^Length: " + N + " Packets: " + N
            + " Packets/s\\(ave\\): " + N + " Mbps\\(ave\\): " + N + " Lost: " + N + "(.*)$");
    private static final Pattern NEW_LENGTH = Pattern.compile("^\\*+ New data length is (\\d+)");
    private static final Pattern LOST_PCT = Pattern.compile("^\\(([^()%\\s]+) ?(?:%|\\(%\\))\\)\\s*(.*)$");
    private static final Pattern CPU = Pattern.compile("^CPU:? ?([^\\s%()]+) ?(?:%|\\(%\\))?$");
    private static final Pattern BANNER = Pattern.compile("RTI Perftest (\\d+)\\.(\\d+)((?:\\.\\d+)*)");
    private static final Pattern DOUBLE_SPACED = Pattern.compile("s {2}(?:Std|Ave)");
    private static final Pattern ONE_SPACE_99 = Pattern.compile("s 99% ");
    private static final Pattern DOCS_LOST = Pattern.compile("Lost: \\d{1,4} \\(");

    @Override
    public String name() {
        return "perftest-legacy";
    }

    @Override
    public boolean accepts(InputText text) {
        for (String line : text.head()) {
            if (isDataLine(collapse(line)) || NEW_LENGTH.matcher(line.strip()).find()) {
                return true;
            }
        }
        return false;
    }

    /** The line stripped, every run of blanks turned into one space. */
    static String collapse(String line) {
        StringBuilder sb = new StringBuilder(line.length());
        boolean blank = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                blank = sb.length() > 0;
            } else {
                if (blank) {
                    sb.append(' ');
                    blank = false;
                }
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isDataLine(String s) {
        return s.startsWith("Length: ") && (s.contains(" Latency: ") || s.contains(" Packets: "))
                || s.startsWith("Packets: ") || s.startsWith("One way Latency: ") || s.startsWith("One-Way Latency: ")
                || s.startsWith("Serialization/Deserialization: ");
    }

    @Override
    public ParsedInput parse(InputText text) {
        return text.stream(new Reading(text.source()));
    }

    /** One pass over a file, line by line; a data line that may be cut is decided by what follows it. */
    private static final class Reading implements InputText.LineSink<ParsedInput> {
        final String src;
        final PerftestTables out;
        final PerftestLegacyLayout mk = new PerftestLegacyLayout();
        Double length;
        String banner;
        int[] bannerVersion;
        int pendingLine;
        String pendingRaw;
        int lastData;
        String lastLine = "";

        Reading(String src) {
            this.src = src;
            this.out = new PerftestTables(src);
        }

        @Override
        public void line(int n, String raw) {
            lastLine = raw;
            String s = collapse(raw);
            if (banner == null && s.contains("RTI Perftest")) {
                Matcher b = BANNER.matcher(s);
                if (b.find()) {
                    banner = b.group(1) + "." + b.group(2) + b.group(3);
                    bannerVersion = new int[] {Integer.parseInt(b.group(1)), Integer.parseInt(b.group(2))};
                }
            }
            Matcher nl = NEW_LENGTH.matcher(s);
            if (nl.find()) {
                length = out.number(n, Columns.SIZE_BYTES, nl.group(1));
                return;
            }
            if (!isDataLine(s)) {
                return;
            }
            if (pendingRaw != null) {
                String r = pendingRaw;
                pendingRaw = null;
                data(pendingLine, r, collapse(r), false);
            }
            lastData = n;
            data(n, raw, s, true);
        }

        /** One data line; {@code mayBeLast}: a line that looks cut waits for the next data line. */
        private void data(int n, String raw, String s, boolean mayBeLast) {
            boolean trailing = raw.endsWith(" ") || raw.endsWith("\t");
            mk.collapsed |= PerftestLegacyLayout.looksCollapsed(raw, s);
            Matcher m;
            if ((m = LATENCY_SUMMARY.matcher(s)).matches()) {
                if (m.group(11) == null && mk.doubleSpaced && !mk.fourPercentiles && mayBeLast) {
                    pendingLine = n;
                    pendingRaw = raw;
                    return;
                }
                mk.trailingSpace |= trailing;
                mk.doubleSpaced |= DOUBLE_SPACED.matcher(raw).find();
                mk.singleSpaced |= !DOUBLE_SPACED.matcher(raw).find();
                mk.oneSpace99 |= ONE_SPACE_99.matcher(raw).find() && DOUBLE_SPACED.matcher(raw).find();
                mk.fourPercentiles |= m.group(11) == null;
                String unit = m.group(3);
                mk.microSign |= !unit.equals("us") && !unit.equals("ns");
                double f = divisor(n, unit);
                Map<String, Double> v = new LinkedHashMap<>();
                v.put(Columns.SIZE_BYTES, out.number(n, Columns.SIZE_BYTES, m.group(1)));
                v.put(Columns.AVE_US, scaled(out.number(n, Columns.AVE_US, m.group(2)), f));
                v.put(Columns.STD_US, scaled(out.number(n, Columns.STD_US, m.group(4)), f));
                v.put(Columns.MIN_US, scaled(out.number(n, Columns.MIN_US, m.group(5)), f));
                v.put(Columns.MAX_US, scaled(out.number(n, Columns.MAX_US, m.group(6)), f));
                v.put(Columns.P50_US, scaled(out.number(n, Columns.P50_US, m.group(7)), f));
                v.put(Columns.P90_US, scaled(out.number(n, Columns.P90_US, m.group(8)), f));
                v.put(Columns.P99_US, scaled(out.number(n, Columns.P99_US, m.group(9)), f));
                v.put(Columns.P9999_US, scaled(out.number(n, Columns.P9999_US, m.group(10)), f));
                v.put(Columns.P999999_US, m.group(11) == null ? null
                        : scaled(out.number(n, Columns.P999999_US, m.group(11)), f));
                tail(out, n, m.group(12), v, mk, false);
                out.latencySummary(n, v);
                length = v.get(Columns.SIZE_BYTES);
            } else if ((m = LATENCY_INTERVAL.matcher(s)).matches()) {
                mk.trailingSpace |= trailing;
                mk.doubleSpaced |= DOUBLE_SPACED.matcher(raw).find();
                mk.oneWayDash |= s.startsWith("One-Way");
                String unit = m.group(2);
                mk.microSign |= !unit.equals("us") && !unit.equals("ns");
                double f = divisor(n, unit);
                Map<String, Double> v = new LinkedHashMap<>();
                v.put(Columns.SIZE_BYTES, length);
                v.put(Columns.LATENCY_US, scaled(out.number(n, Columns.LATENCY_US, m.group(1)), f));
                v.put(Columns.AVE_US, scaled(out.number(n, Columns.AVE_US, m.group(3)), f));
                v.put(Columns.STD_US, scaled(out.number(n, Columns.STD_US, m.group(4)), f));
                v.put(Columns.MIN_US, scaled(out.number(n, Columns.MIN_US, m.group(5)), f));
                v.put(Columns.MAX_US, scaled(out.number(n, Columns.MAX_US, m.group(6)), f));
                tail(out, n, m.group(7), v, mk, false);
                out.latencyInterval(v);
            } else if ((m = SERIALIZATION.matcher(s)).matches()) {
                mk.serialization = true;
                out.serialization(n, out.number(n, Columns.SERIALIZE_US, m.group(1)),
                        out.number(n, Columns.DESERIALIZE_US, m.group(2)));
            } else if ((m = THROUGHPUT_SUMMARY.matcher(s)).matches()) {
                mk.trailingSpace |= trailing;
                mk.docsLost |= DOCS_LOST.matcher(raw).find();
                Map<String, Double> v = new LinkedHashMap<>();
                v.put(Columns.SIZE_BYTES, out.number(n, Columns.SIZE_BYTES, m.group(1)));
                v.put(Columns.TOTAL_SAMPLES, out.number(n, Columns.TOTAL_SAMPLES, m.group(2)));
                v.put(Columns.SAMPLES_PER_S, out.number(n, Columns.SAMPLES_PER_S, m.group(3)));
                v.put(Columns.MBPS, out.number(n, Columns.MBPS, m.group(4)));
                v.put(Columns.LOST, out.number(n, Columns.LOST, m.group(5)));
                v.put(Columns.LOST_PCT, null);
                tail(out, n, m.group(6), v, mk, true);
                out.throughputSummary(n, v);
                length = v.get(Columns.SIZE_BYTES);
            } else if ((m = THROUGHPUT_INTERVAL.matcher(s)).matches()) {
                mk.trailingSpace |= trailing;
                mk.docsLost |= DOCS_LOST.matcher(raw).find();
                Map<String, Double> v = new LinkedHashMap<>();
                v.put(Columns.SIZE_BYTES, length);
                v.put(Columns.TOTAL_SAMPLES, out.number(n, Columns.TOTAL_SAMPLES, m.group(1)));
                v.put(Columns.SAMPLES_PER_S, out.number(n, Columns.SAMPLES_PER_S, m.group(2)));
                v.put(Columns.AVE_SAMPLES_PER_S, out.number(n, Columns.AVE_SAMPLES_PER_S, m.group(3)));
                v.put(Columns.MBPS, out.number(n, Columns.MBPS, m.group(4)));
                v.put(Columns.AVE_MBPS, out.number(n, Columns.AVE_MBPS, m.group(5)));
                v.put(Columns.LOST, out.number(n, Columns.LOST, m.group(6)));
                v.put(Columns.LOST_PCT, null);
                tail(out, n, m.group(7), v, mk, true);
                out.throughputInterval(v);
            } else if (mayBeLast) {
                pendingLine = n;
                pendingRaw = raw;
            } else {
                throw WirebenchException.badInput(src + ":" + n + ": expected a complete Perftest "
                        + (s.startsWith("Packets") || s.contains("Packets:") ? "throughput" : "latency")
                        + " line, got '" + Parsers.abbreviate(s) + "'");
            }
        }

        /** The factor to microseconds of a legacy unit; an unknown unit is refused (exit 3). */
        private double divisor(int n, String unit) {
            if (unit.equals("ns")) {
                return 1000;
            }
            if (unit.equals("ms")) {
                return 0.001;
            }
            if (unit.equals("s")) {
                return 0.000001;
            }
            if (!PerftestCsvLayout.isMicro(unit)) {
                throw WirebenchException.badInput(src + ":" + n + ": unknown time unit '" + unit
                        + "'; expected ns, us, \u03bcs, ms or s");
            }
            return 1;
        }

        @Override
        public ParsedInput end(int lines, boolean endsWithNewline) {
            if (pendingRaw != null) {
                truncated(out, pendingLine);
            } else if (!endsWithNewline && lines > lastData) {
                cutInTheFirstWord(lastLine, lines, out);
            }
            String family = bannerVersion != null ? mk.familyOf(bannerVersion) : mk.family();
            Map<String, String> ctx = new LinkedHashMap<>();
            if (banner != null) {
                ctx.put("perftest_version", banner);
            }
            return out.build("perftest-legacy-" + family, ctx);
        }
    }

    /** A last line without line end that is the start of a data line's first word ("Len", "Pack"). */
    private static void cutInTheFirstWord(String last, int n, PerftestTables out) {
        String s = collapse(last);
        for (String start : List.of("Length: ", "Packets: ", "One way Latency: ", "One-Way Latency: ",
                "Serialization/Deserialization: ")) {
            if (!s.isEmpty() && start.startsWith(s)) {
                truncated(out, n);
                return;
            }
        }
    }

    private static void truncated(PerftestTables out, int n) {
        out.warn(n, "truncated line, ignored; the lines before it are kept");
    }

    /** {@code v} in microseconds: divided by 1000 when it was printed in nanoseconds. */
    private static Double scaled(Double v, double divisor) {
        if (v == null) {
            return null;
        }
        // ms and s come as 0.001 and 0.000001: multiply by the exact 1000 / 1000000 instead
        return divisor >= 1 ? v / divisor : v * Math.rint(1 / divisor);
    }

    /** Lost percentage and CPU after the fixed part of a line. */
    private static void tail(PerftestTables out, int n, String rest, Map<String, Double> v, PerftestLegacyLayout mk,
            boolean lost) {
        String r = rest.strip();
        if (lost) {
            Matcher lp = LOST_PCT.matcher(r);
            if (lp.matches()) {
                mk.lostPct = true;
                mk.javaLost |= r.substring(0, lp.start(2)).contains("(%)");
                v.put(Columns.LOST_PCT, out.number(n, Columns.LOST_PCT, lp.group(1)));
                r = lp.group(2).strip();
            }
        }
        if (r.isEmpty()) {
            return;
        }
        Matcher c = CPU.matcher(r);
        if (c.matches()) {
            mk.cpuColon |= r.startsWith("CPU:");
            mk.cpuParen |= r.endsWith("(%)");
            v.put(Columns.CPU_PCT, out.number(n, Columns.CPU_PCT, c.group(1)));
            return;
        }
        throw WirebenchException.badInput(out.source() + ":" + n + ": expected the end of the line or 'CPU: x%' / "
                + "'CPU x (%)', got '" + Parsers.abbreviate(r) + "'");
    }
}
