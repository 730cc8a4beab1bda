package wirebench.analyzer.parse;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.Warning;

/**
 * An RTI Perftest console log without any result (asked after every parser of Perftest data): the
 * version banner ({@code RTI Perftest 3.1.0 ...}) or Perftest's own progress and configuration
 * lines, but no data line, e.g. a run that failed at start-up. It is recognised as Perftest output
 * so that it never aborts a command that names it next to good files: no table, and a warning that
 * names the file and quotes its first error line ({@code [Error]: ...}, {@code ERROR ...}).
 */
public final class PerftestLogParser implements ResultParser {
    private static final Pattern BANNER = Pattern.compile("^RTI Perftest (\\d+(?:\\.\\d+)+)");
    private static final List<String> PERFTEST_LINES = List.of("Perftest Configuration:", "Mode: THROUGHPUT TEST",
            "Mode: LATENCY TEST", "Waiting to discover ", "Waiting for subscribers announcement",
            "Waiting for publishers announcement");

    @Override
    public String name() {
        return "perftest-log";
    }

    @Override
    public boolean accepts(InputText text) {
        for (String line : text.head()) {
            String s = line.strip();
            if (BANNER.matcher(s).find()) {
                return true;
            }
            for (String p : PERFTEST_LINES) {
                if (s.startsWith(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public ParsedInput parse(InputText text) {
        String version = null;
        int errorLine = 0;
        String error = null;
        try (LineReader r = text.open()) {
            String raw;
            while ((raw = r.next()) != null && (error == null || version == null)) {
                String s = raw.strip();
                Matcher b = BANNER.matcher(s);
                if (version == null && b.find()) {
                    version = b.group(1);
                }
                if (error == null && isError(s)) {
                    error = s;
                    errorLine = r.lineNumber();
                }
            }
        }
        String who = "RTI Perftest " + (version == null ? "" : version + " ") + "log without results";
        String message = error != null
                ? who + ": the run failed; first error line " + errorLine + ": '"
                + (error.length() > 200 ? error.substring(0, 197) + "..." : error) + "'"
                : who + " and without an error line (did the run finish?)";
        String format = "perftest-log" + (version == null ? "" : "-" + version);
        return new ParsedInput(text.source(), format, List.of(), List.of(),
                List.of(new Warning(text.source(), errorLine, message)));
    }

    private static boolean isError(String s) {
        return s.contains("[Error]") || s.startsWith("ERROR") || s.startsWith("Error") || s.contains("[ERROR]")
                || s.contains("failed") && s.contains("Perftest");
    }
}
