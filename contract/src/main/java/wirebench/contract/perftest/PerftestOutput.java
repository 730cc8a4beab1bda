package wirebench.contract.perftest;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The printers of RTI Perftest's results (PERFTEST-FORMATS.md section 2), told apart by their data
 * lines: {@link #JSON} ({@code -outputFormat json}, 3.1+), {@link #CSV} (the default since 3.1) and
 * {@link #LEGACY} (the text of every release before 3.1 and {@code -outputFormat legacy}). No line
 * is a data line of two of them.
 */
public enum PerftestOutput {
    /** A C++ fragment ({@code "length":}) or a Java/C# document ({@code {"perftest"}). */
    JSON {
        @Override
        public boolean matches(String line) {
            String s = line.strip();
            return s.startsWith("{\"perftest\"") || s.startsWith("\"length\":");
        }
    },
    /** A header line, or a row of 6 or more numbers in Perftest's fixed-width layout. */
    CSV {
        @Override
        public boolean matches(String line) {
            String s = PerftestCsvText.trimTrailingCommas(line.strip());
            if (PerftestCsvLayout.isHeader(s)) {
                return true;
            }
            List<String> f = PerftestCsvText.split(s);
            return f.size() >= 6 && PerftestCsvText.isCandidate(f) && PerftestCsvLayout.classify(f) != null
                    && PerftestCsvText.padded(line);
        }
    },
    /** {@code Length: ...}, {@code Packets: ...}, {@code One way Latency: ...} and the like. */
    LEGACY {
        @Override
        public boolean matches(String line) {
            return PerftestLegacyReader.isDataLine(line);
        }
    };

    private static final Pattern BANNER = Pattern.compile("RTI Perftest (\\d+(?:\\.\\d+)+)");

    /** Whether {@code line} is a data line (or header) of this printer. */
    public abstract boolean matches(String line);

    /** The printer of a data line, or null for any other line (titles, blank, stderr, noise). */
    public static PerftestOutput of(String line) {
        for (PerftestOutput o : values()) {
            if (o.matches(line)) {
                return o;
            }
        }
        return null;
    }

    /** The Perftest version a banner line names ({@code RTI Perftest 4.3.0 ...} gives 4.3.0), or null. */
    public static String version(String line) {
        if (!line.contains("RTI Perftest")) {
            return null;
        }
        Matcher m = BANNER.matcher(line);
        return m.find() ? m.group(1) : null;
    }
}
