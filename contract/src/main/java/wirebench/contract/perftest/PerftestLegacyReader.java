package wirebench.contract.perftest;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.contract.Columns;
import wirebench.contract.WirebenchException;

/**
 * One pass over RTI Perftest's text output, line by line: the raw {@code printf} lines of the
 * releases before 3.1 (Connext 5.1 bundled with four percentiles, 5.2.x/2.0/2.1 double-spaced, 2.2
 * to 2.3.2 with the trailing {@code %s}, 2.4 with the lost percentage, 3.0/3.0.1 with the
 * serialization line) and the legacy printer of 3.1+ ({@code -outputFormat legacy}, single-spaced
 * latency lines, {@code One-Way} and {@code μs} since 4.0, Java's {@code Lost: 0 (0.00 (%))}). Also
 * the hand-edited {@code Lost: 0 (0.00%)} of the documentation. Units {@code us}, {@code μs},
 * {@code µs}, {@code ns} (divided by 1000), {@code ms}, {@code s}; an unknown unit is refused.
 *
 * <p>Lines are compared with runs of blanks collapsed; everything that is not a Perftest data line
 * (banner, configuration summary, progress messages of a {@code 2>&1} capture) is skipped. The
 * version is inferred from the layout ({@link PerftestLegacyLayout}, docs/perftest-parsing.md) or
 * taken from the banner ({@code RTI Perftest 2.3.2 ...}) when the capture has one. A data line
 * that looks cut is decided by what follows it: in the middle of the text it is refused (exit 3,
 * file:line), as the last data line it is a warning and the rows before it stand. The one reader
 * of this format: the analyzer and {@code campaign --executable} use it.
 */
public final class PerftestLegacyReader implements PerftestLineReader {
    private static final String N = "(\\S+)";
    private static final Pattern LATENCY_SUMMARY = Pattern.compile("^Length: " + N + " Latency: Ave " + N + " " + N
            + " Std " + N + " \\S+ Min " + N + " \\S+ Max " + N + " \\S+ 50% " + N + " \\S+ 90% " + N
            + " \\S+ 99% " + N + " \\S+ 99\\.99% " + N + " \\S+(?: 99\\.9999% " + N + " \\S+)?(.*)$");
    /** The column of each group of {@link #LATENCY_SUMMARY} (null: the unit, group 3). */
    private static final List<String> LATENCY_SUMMARY_GROUPS = Arrays.asList(Columns.SIZE_BYTES, Columns.AVE_US,
            null, Columns.STD_US, Columns.MIN_US, Columns.MAX_US, Columns.P50_US, Columns.P90_US, Columns.P99_US,
            Columns.P9999_US, Columns.P999999_US);
    private static final Pattern LATENCY_INTERVAL = Pattern.compile("^One[ -][wW]ay Latency: " + N + " " + N
            + " Ave " + N + " \\S+ Std " + N + " \\S+ Min " + N + " \\S+ Max " + N + "(?: (?:us|ns|\\S?\\S?s))?(.*)$");
    private static final List<String> LATENCY_INTERVAL_GROUPS = Arrays.asList(Columns.LATENCY_US, null,
            Columns.AVE_US, Columns.STD_US, Columns.MIN_US, Columns.MAX_US);
    private static final Pattern SERIALIZATION = Pattern.compile(
            "^Serialization/Deserialization: " + N + " \\S+ / " + N + " \\S+ / TOTAL: " + N + " \\S+$");
    private static final Pattern THROUGHPUT_INTERVAL = Pattern.compile("^Packets: " + N + " Packets/s: " + N
            + " Packets/s\\(ave\\): " + N + " Mbps: " + N + " Mbps\\(ave\\): " + N + " Lost: " + N + "(.*)$");
    private static final List<String> THROUGHPUT_INTERVAL_GROUPS = List.of(Columns.TOTAL_SAMPLES,
            Columns.SAMPLES_PER_S, Columns.AVE_SAMPLES_PER_S, Columns.MBPS, Columns.AVE_MBPS, Columns.LOST);
    private static final Pattern THROUGHPUT_SUMMARY = Pattern.compile("^Length: " + N + " Packets: " + N
            + " Packets/s\\(ave\\): " + N + " Mbps\\(ave\\): " + N + " Lost: " + N + "(.*)$");
    private static final List<String> THROUGHPUT_SUMMARY_GROUPS = List.of(Columns.SIZE_BYTES, Columns.TOTAL_SAMPLES,
            Columns.SAMPLES_PER_S, Columns.MBPS, Columns.LOST);
    private static final Pattern NEW_LENGTH = Pattern.compile("^\\*+ New data length is (\\d+)");
    private static final Pattern LOST_PCT = Pattern.compile("^\\(([^()%\\s]+) ?(?:%|\\(%\\))\\)\\s*(.*)$");
    private static final Pattern CPU = Pattern.compile("^CPU:? ?([^\\s%()]+) ?(?:%|\\(%\\))?$");
    private static final Pattern DOUBLE_SPACED = Pattern.compile("s {2}(?:Std|Ave)");
    private static final Pattern ONE_SPACE_99 = Pattern.compile("s 99% ");
    private static final Pattern DOCS_LOST = Pattern.compile("Lost: \\d{1,4} \\(");
    private static final List<String> STARTS = List.of("Length: ", "Packets: ", "One way Latency: ",
            "One-Way Latency: ", "Serialization/Deserialization: ");

    private final String src;
    private final PerftestRows out;
    private final PerftestLegacyLayout mk = new PerftestLegacyLayout();
    private Double length;
    private String banner;
    private int[] bannerVersion;
    private int pendingLine;
    private String pendingRaw;
    private int lastData;
    private String lastLine = "";
    private boolean nanosecondClock;
    private boolean ratesWarned;

    /** A reader sending what it reads to {@code out} (whose {@link PerftestRows#source()} names the input). */
    public PerftestLegacyReader(PerftestRows out) {
        this.src = out.source();
        this.out = out;
    }

    /** Whether a line is a data line of the legacy printers, or their {@code ********** New data length} header. */
    public static boolean isDataLine(String raw) {
        return isData(collapse(raw)) || NEW_LENGTH.matcher(raw.strip()).find();
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

    private static boolean isData(String s) {
        return s.startsWith("Length: ") && (s.contains(" Latency: ") || s.contains(" Packets: "))
                || s.startsWith("Packets: ") || s.startsWith("One way Latency: ") || s.startsWith("One-Way Latency: ")
                || s.startsWith("Serialization/Deserialization: ");
    }

    /** Line {@code n} (1-based) without its line end. */
    @Override
    public void line(int n, String raw) {
        lastLine = raw;
        String s = collapse(raw);
        if (banner == null) {
            banner = PerftestOutput.version(s);
            if (banner != null) {
                String[] parts = banner.split("\\.");
                bannerVersion = new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
            }
        }
        Matcher nl = NEW_LENGTH.matcher(s);
        if (nl.find()) {
            length = out.number(n, Columns.SIZE_BYTES, nl.group(1));
            return;
        }
        if (!isData(s)) {
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
            Map<String, Double> v = values(n, m, LATENCY_SUMMARY_GROUPS, unit(n, m.group(3)));
            tail(n, m.group(12), v, false);
            out.latencySummary(n, v);
            length = v.get(Columns.SIZE_BYTES);
        } else if ((m = LATENCY_INTERVAL.matcher(s)).matches()) {
            mk.trailingSpace |= trailing;
            mk.doubleSpaced |= DOUBLE_SPACED.matcher(raw).find();
            mk.oneWayDash |= s.startsWith("One-Way");
            Map<String, Double> v = new LinkedHashMap<>();
            v.put(Columns.SIZE_BYTES, length);
            v.putAll(values(n, m, LATENCY_INTERVAL_GROUPS, unit(n, m.group(2))));
            tail(n, m.group(7), v, false);
            out.latencyInterval(v);
        } else if ((m = SERIALIZATION.matcher(s)).matches()) {
            mk.serialization = true;
            out.serialization(n, out.number(n, Columns.SERIALIZE_US, m.group(1)),
                    out.number(n, Columns.DESERIALIZE_US, m.group(2)));
        } else if ((m = THROUGHPUT_SUMMARY.matcher(s)).matches()) {
            Map<String, Double> v = throughput(n, raw, trailing, m, THROUGHPUT_SUMMARY_GROUPS);
            out.throughputSummary(n, v);
            length = v.get(Columns.SIZE_BYTES);
        } else if ((m = THROUGHPUT_INTERVAL.matcher(s)).matches()) {
            Map<String, Double> v = new LinkedHashMap<>();
            v.put(Columns.SIZE_BYTES, length);
            v.putAll(throughput(n, raw, trailing, m, THROUGHPUT_INTERVAL_GROUPS));
            out.throughputInterval(v);
        } else if (mayBeLast) {
            pendingLine = n;
            pendingRaw = raw;
        } else {
            throw WirebenchException.badInput(src + ":" + n + ": expected a complete Perftest "
                    + (s.startsWith("Packets") || s.contains("Packets:") ? "throughput" : "latency")
                    + " line, got '" + PerftestCsvText.abbreviate(s) + "'");
        }
    }

    /** A throughput line's values: its groups, the lost percentage and CPU after them. */
    private Map<String, Double> throughput(int n, String raw, boolean trailing, Matcher m, List<String> groups) {
        mk.trailingSpace |= trailing;
        mk.docsLost |= DOCS_LOST.matcher(raw).find();
        Map<String, Double> v = values(n, m, groups, 1);
        v.put(Columns.LOST_PCT, null);
        tail(n, m.group(groups.size() + 1), v, true);
        if (nanosecondClock) {
            if (!ratesWarned) {
                out.warn(n, PerftestCells.NANOSECOND_RATES);
                ratesWarned = true;
            }
            PerftestCells.withoutClockRates(v);
        }
        return v;
    }

    /**
     * The values of the groups of {@code m} (group i+1 is column {@code groups.get(i)}, null for a
     * group that is no value); time columns divided by {@code divisor}; an absent group is null.
     */
    private Map<String, Double> values(int n, Matcher m, List<String> groups, double divisor) {
        Map<String, Double> v = new LinkedHashMap<>();
        for (int i = 0; i < groups.size(); i++) {
            String column = groups.get(i);
            if (column == null) {
                continue;
            }
            String text = m.group(i + 1);
            Double d = text == null ? null : out.number(n, column, text);
            v.put(column, column.endsWith("_us") ? scaled(d, divisor) : d);
        }
        return v;
    }

    /** The divisor to microseconds of a latency line's unit; an unknown unit is refused (exit 3). */
    private double unit(int n, String unit) {
        mk.microSign |= !unit.equals("us") && !unit.equals("ns");
        switch (unit) {
            case "ns":
                nanosecondClock = true;
                return 1000;
            case "ms":
                return 0.001;
            case "s":
                return 0.000001;
            default:
                if (!PerftestCsvLayout.isMicro(unit)) {
                    throw WirebenchException.badInput(src + ":" + n + ": unknown time unit '" + unit
                            + "'; expected ns, us, \u03bcs, ms or s");
                }
                return 1;
        }
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
    private void tail(int n, String rest, Map<String, Double> v, boolean lost) {
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
        throw WirebenchException.badInput(src + ":" + n + ": expected the end of the line or 'CPU: x%' / "
                + "'CPU x (%)', got '" + PerftestCsvText.abbreviate(r) + "'");
    }

    /**
     * After the last line ({@code lines} lines, the last one ended by a line end or not): a cut last
     * data line is a warning, and the rows before it stand.
     */
    @Override
    public void end(int lines, boolean endsWithNewline) {
        if (pendingRaw != null) {
            truncated(pendingLine);
            pendingRaw = null;
        } else if (!endsWithNewline && lines > lastData) {
            // a last line without line end that is the start of a data line's first word ("Len", "Pack")
            String s = collapse(lastLine);
            if (!s.isEmpty() && STARTS.stream().anyMatch(start -> start.startsWith(s))) {
                truncated(lines);
            }
        }
    }

    private void truncated(int n) {
        out.warn(n, "truncated line, ignored; the lines before it are kept");
    }

    /**
     * The printer family the text showed ({@code 2.0}, {@code 2.2}, {@code 2.4}, {@code 3.0},
     * {@code 3.1+}, {@code 3.1+-java}, {@code 5.1}, {@code docs}), from the banner's version when
     * there was one.
     */
    public String family() {
        return bannerVersion != null ? mk.familyOf(bannerVersion) : mk.family();
    }

    /** {@code perftest-legacy-} and the {@link #family()}. */
    @Override
    public String format() {
        return "perftest-legacy-" + family();
    }

    /**
     * Whether a latency line named nanoseconds: a build with the nanosecond clock, whose subscriber
     * prints its rates 1000 times too small ({@link PerftestCells#CLOCK_RATES}).
     */
    @Override
    public boolean nanosecondClock() {
        return nanosecondClock;
    }

    /** The Perftest version of a banner line ({@code RTI Perftest 2.3.2 ...}), or null. */
    @Override
    public String version() {
        return banner;
    }
}
