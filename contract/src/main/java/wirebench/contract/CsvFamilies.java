package wirebench.contract;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CSV families of a results directory (docs/results-format.md): one file {@code FAMILY.csv}
 * per family, whose first line declares the format version, the family and its key columns,
 * {@code # wirebench-results 1 family=udp keys=method,payload_bytes}, followed by a header row
 * and one row per test point. Key columns identify a test point; every other column is a measure
 * with its unit in its name ({@link Columns}).
 */
public final class CsvFamilies {
    /** First characters of every wirebench CSV file. */
    public static final String MAGIC = "# wirebench-results ";
    /** The results format version written and read. */
    public static final int VERSION = 1;

    public static final String PUBSUB_LATENCY = "pubsub-latency";
    public static final String PUBSUB_THROUGHPUT = "pubsub-throughput";
    public static final String PUBSUB_LATENCY_INTERVALS = "pubsub-latency-intervals";
    public static final String PUBSUB_THROUGHPUT_INTERVALS = "pubsub-throughput-intervals";
    public static final String UDP = "udp";
    /** The UDP server's rate slices of each run (docs/udp.md), since this version. */
    public static final String UDP_INTERVALS = "udp-intervals";
    public static final String RPC = "rpc";
    public static final String COMPRESSION = "compression";

    /** Every family, in the order docs/results-format.md lists them. */
    public static final List<String> ALL = List.of(PUBSUB_LATENCY, PUBSUB_THROUGHPUT, PUBSUB_LATENCY_INTERVALS,
            PUBSUB_THROUGHPUT_INTERVALS, UDP, UDP_INTERVALS, RPC, COMPRESSION);

    private CsvFamilies() {
    }

    /** The declaration line of a file: version, family and key columns. */
    public record Declaration(int version, String family, List<String> keys, Map<String, String> attributes) {
        /** The line as written, without line end. */
        public String line() {
            return formatLine(family, keys);
        }
    }

    /** {@code # wirebench-results 1 family=F keys=k1,k2} (no line end). */
    public static String formatLine(String family, List<String> keys) {
        return MAGIC + VERSION + " family=" + family + " keys=" + String.join(",", keys);
    }

    /** Whether {@code line} is a declaration line (of any version). */
    public static boolean isDeclaration(String line) {
        return line.startsWith(MAGIC);
    }

    /**
     * Reads a declaration line; a version other than {@link #VERSION} or a line that is none is
     * bad input naming {@code source} and {@code lineNo}. The family is not checked here.
     */
    public static Declaration parse(String source, int lineNo, String line) {
        if (!isDeclaration(line)) {
            throw WirebenchException.badInput(source + ":" + lineNo + ": expected '" + MAGIC.strip()
                    + "' as the first line, got '" + abbreviate(line) + "'");
        }
        String[] parts = line.substring(MAGIC.length()).trim().split("\\s+");
        if (parts.length == 0 || !parts[0].equals(Integer.toString(VERSION))) {
            throw WirebenchException.badInput(source + ":" + lineNo + ": expected format version " + VERSION
                    + ", got '" + (parts.length == 0 ? "" : parts[0]) + "'");
        }
        Map<String, String> attrs = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) {
                attrs.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
            }
        }
        List<String> keys = Arrays.stream(attrs.getOrDefault("keys", "").split(","))
                .filter(k -> !k.isEmpty()).toList();
        return new Declaration(VERSION, attrs.get("family"), keys, attrs);
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
