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
import wirebench.analyzer.stats.UdpColumnLabels;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * The console output of speed_test's server ({@code udp_msg_server}, seed 002), and the same lines
 * as {@code wirebench run udp server} prints them. Per run, three lines (ANSI colour codes and a
 * trailing {@code (function file:line)} are ignored):
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
 */
public final class SpeedTestParser implements ResultParser {
    static {
        UdpColumnLabels.register();
    }

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[A-Za-z]");
    private static final Pattern SUFFIX = Pattern.compile("\\s*\\([A-Za-z_][\\w.]*\\s+[^()\\s]+:\\d+\\)\\s*$");
    private static final Pattern RECEIVED = Pattern.compile("info:\\s*(\\S+) packet received within (\\S+) seconds");
    private static final Pattern BYTES = Pattern.compile("info:\\s*Total Byte Received:\\s*(\\S+)");
    private static final Pattern BANDWIDTH = Pattern.compile("debug:\\s*Bandwith:\\s*DATA:\\s*(\\S+)\\s*Mbps,\\s*WIRE:"
            + "\\s*(\\S+)\\s*Mbps,\\s*Data/Header Ratio:\\s*(\\S+?),\\s*Packet Loss:\\s*%\\s*(\\S+)");
    private static final int HEADER_BYTES = 42;
    private static final int SNIFF_LINES = 400;

    @Override
    public String name() {
        return "speed_test";
    }

    @Override
    public boolean accepts(InputText text) {
        List<String> head = text.head();
        for (int i = 0; i < Math.min(head.size(), SNIFF_LINES); i++) {
            String l = head.get(i);
            if (l.contains("Bandwith: DATA:") || l.contains("packet received within")) {
                return true;
            }
        }
        return false;
    }

    /** A line without colour codes and without speed_test's {@code (function file:line)} suffix. */
    static String clean(String line) {
        return SUFFIX.matcher(ANSI.matcher(line).replaceAll("")).replaceFirst("").strip();
    }

    @Override
    public ParsedInput parse(InputText text) {
        String src = text.source();
        List<Row> rows = new ArrayList<>();
        List<Warning> warnings = new ArrayList<>();
        Double packets = null;
        Double seconds = null;
        Double bytes = null;
        for (int n = 1; n <= text.lineCount(); n++) {
            String l = clean(text.line(n));
            Matcher m;
            if ((m = RECEIVED.matcher(l)).find()) {
                packets = number(src, n, "received", m.group(1));
                seconds = number(src, n, "duration_s", m.group(2));
                bytes = null;
            } else if ((m = BYTES.matcher(l)).find()) {
                bytes = number(src, n, "received_bytes", m.group(1));
            } else if ((m = BANDWIDTH.matcher(l)).find()) {
                double data = number(src, n, "data_mbps", m.group(1));
                double wire = number(src, n, "wire_mbps", m.group(2));
                double ratio = number(src, n, "data_header_ratio", m.group(3));
                double loss = number(src, n, "lost_pct", m.group(4));
                if (packets == null || bytes == null) {
                    warnings.add(new Warning(src, n, "Bandwith line without its 'packet received' and 'Total Byte "
                            + "Received' lines before it; row kept without counts"));
                }
                rows.add(row(packets, seconds, bytes, data, wire, ratio, loss));
                checkWire(src, n, packets, bytes, data, wire, warnings);
                packets = null;
                seconds = null;
                bytes = null;
            }
        }
        if (packets != null) {
            warnings.add(new Warning(src, text.lineCount(), "last run has no Bandwith line (output cut short?); "
                    + "ignored"));
        }
        if (rows.isEmpty()) {
            throw WirebenchException.badInput(src + ":" + text.lineCount() + ": expected speed_test's 'debug: "
                    + "Bandwith: DATA: ... Mbps, WIRE: ... Mbps, ...' line, got none");
        }
        List<String> columns = new ArrayList<>(UdpColumns.SEED_LAYOUT);
        columns.addAll(UdpColumns.SPEED_TEST_EXTRA);
        Map<String, String> ctx = new LinkedHashMap<>();
        ctx.put("format", "speed_test");
        ResultTable t = new ResultTable(src, Kind.UDP, ctx, columns, rows);
        return new ParsedInput(src, "speed_test", List.of(t), List.of(), warnings);
    }

    private static Row row(Double packets, Double seconds, Double bytes, double data, double wire, double ratio,
            double loss) {
        String payload = null;
        if (packets != null && bytes != null && packets > 0 && bytes % packets == 0) {
            payload = Numbers.plain(bytes / packets);
        }
        return Row.builder()
                .key("client_scheduler", null).key("connected", null).key("payload_bytes", payload)
                .key("server_scheduler", null).key("rcvbuf_bytes", null)
                .measure("lost_pct", loss).measure("data_mbps", data).measure("wire_mbps", wire)
                .measure("received", packets).measure("duration_s", seconds).measure("received_bytes", bytes)
                .measure("data_header_ratio", ratio).build();
    }

    /** Wire = data x (bytes + 42 x packets) / bytes; speed_test prints 2 decimals, so allow 0.01 + 0.1%. */
    private static void checkWire(String src, int line, Double packets, Double bytes, double data, double wire,
            List<Warning> warnings) {
        if (packets == null || bytes == null || bytes <= 0) {
            return;
        }
        double expected = data * (bytes + HEADER_BYTES * packets) / bytes;
        if (Math.abs(expected - wire) > 0.01 + expected * 0.001) {
            warnings.add(new Warning(src, line, "WIRE " + Numbers.plain(wire) + " Mbps does not follow from DATA "
                    + Numbers.plain(data) + " Mbps with 42 header bytes per packet (expected "
                    + Numbers.fixed(expected, 2) + ")"));
        }
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
