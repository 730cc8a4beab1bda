package wirebench.contract.perftest;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import wirebench.contract.Columns;
import wirebench.contract.WirebenchException;
import wirebench.contract.perftest.PerftestCsvLayout.Shape;

/**
 * The summary rows of one run's RTI Perftest output (what a campaign's Perftest or
 * {@code wirebench run pubsub} printed on stdout), strictly: an output whose numbers cannot be
 * placed is refused (exit 3, file:line), never guessed. Every printer the analyzer reads is read by
 * the same reader: CSV ({@link PerftestCsvReader}), the legacy text of every release before 3.1 and
 * of {@code -outputFormat legacy} ({@link PerftestLegacyReader}), JSON ({@link PerftestJsonReader}).
 * Refused: a latency CSV row whose time unit no header gave (the output and the file it is appended
 * to were printed with {@code -noOutputHeaders} from the start), a row of no Perftest shape, a
 * truncated row or text, an unknown unit, and an output of another printer than the one whose output
 * the file already holds. Header-less CSV rows take the layout and unit of the headers printed
 * earlier into the same file; legacy lines carry their unit; JSON names none (microseconds).
 * Interval rows are read and left out; Perftest 4.3's size-0 "no data" rows are no result.
 */
public final class PerftestSummaries {
    /** A summary row: its line in the output and its values ({@link Columns} names, times in microseconds). */
    public record Row(int line, Map<String, Double> values) {
        /** The data size of the row in bytes. */
        public int sizeBytes() {
            return values.get(Columns.SIZE_BYTES).intValue();
        }
    }

    private final List<Row> latency = new ArrayList<>();
    private final List<Row> throughput = new ArrayList<>();
    private PerftestOutput printer;
    private boolean nanosecondClock;

    private PerftestSummaries() {
    }

    /**
     * The summaries of {@code output}, printed after the content {@code file} already holds
     * (absent or empty: nothing before; its CSV headers give header-less rows their layout).
     */
    public static PerftestSummaries read(Path file, Path output) throws IOException {
        return read(String.valueOf(file), text(file), output.toString(), Files.readString(output,
                StandardCharsets.UTF_8));
    }

    /** The summaries of {@code text} (named {@code src}), printed after {@code before} (named {@code beforeSrc}). */
    public static PerftestSummaries read(String beforeSrc, String before, String src, String text) {
        List<String> old = lines(before);
        List<String> lines = lines(text);
        PerftestSummaries s = new PerftestSummaries();
        int first = first(lines);
        s.printer = first < 0 ? null : PerftestOutput.of(lines.get(first));
        int firstOld = first(old);
        PerftestOutput earlier = firstOld < 0 ? null : PerftestOutput.of(old.get(firstOld));
        if (s.printer != null && earlier != null && s.printer != earlier) {
            throw WirebenchException.badInput(src + ":" + (first + 1) + ": expected " + name(earlier) + " output like "
                    + "the runs before it in " + beforeSrc + ", found the " + name(s.printer) + " printer's '"
                    + PerftestCsvText.abbreviate(lines.get(first)) + "'; one file holds one printer's output");
        }
        Collector c = s.new Collector(src);
        if (s.printer == PerftestOutput.JSON) {
            StringBuilder json = new StringBuilder();
            lines.forEach(l -> json.append(PerftestJsonReader.jsonLine(l)).append('\n'));
            PerftestJsonReader.read(new StringReader(json.toString()), c);
            return s;
        }
        PerftestLineReader reader;
        if (s.printer == PerftestOutput.LEGACY) {
            reader = new PerftestLegacyReader(c);
        } else {
            PerftestCsvReader earlierCsv = new PerftestCsvReader(beforeSrc, new Ignored(beforeSrc));
            if (earlier == PerftestOutput.CSV) {
                for (int i = 0; i < old.size(); i++) {
                    earlierCsv.line(i + 1, old.get(i));
                }
            }
            reader = earlierCsv.continuing(src, c);
        }
        for (int i = 0; i < lines.size(); i++) {
            reader.line(i + 1, lines.get(i));
        }
        reader.end(lines.size(), text.isEmpty() || text.endsWith("\n"));
        s.nanosecondClock = reader.nanosecondClock();
        return s;
    }

    /**
     * Whether a run appended to {@code file} is to be printed with {@code -noOutputHeaders}: the
     * file holds CSV output, whose headers give the appended rows their layout and unit. Not for
     * legacy text or JSON (their rows need no header, and Perftest before 3.1 refuses the option).
     */
    public static boolean continuesWithoutHeaders(Path file) throws IOException {
        List<String> lines = lines(text(file));
        int first = first(lines);
        return first >= 0 ? PerftestOutput.of(lines.get(first)) == PerftestOutput.CSV
                : Files.exists(file) && Files.size(file) > 0;
    }

    private static String text(Path file) throws IOException {
        return file != null && Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    /** The index of the first data line of {@code lines} (of any printer), or -1. */
    private static int first(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (PerftestOutput.of(lines.get(i)) != null) {
                return i;
            }
        }
        return -1;
    }

    private static String name(PerftestOutput printer) {
        return printer == PerftestOutput.JSON ? "JSON" : printer == PerftestOutput.LEGACY ? "legacy" : "CSV";
    }

    /** The lines of {@code text} without their line ends (and without the empty string after the last one). */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        if (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /** Latency summaries (publisher output), in order. */
    public List<Row> latency() {
        return Collections.unmodifiableList(latency);
    }

    /** Throughput summaries (subscriber output), in order. */
    public List<Row> throughput() {
        return Collections.unmodifiableList(throughput);
    }

    /** The printer of the output: CSV, legacy or JSON; null when it printed no data line. */
    public PerftestOutput printer() {
        return printer;
    }

    /**
     * Whether the output (or the CSV headers of the file before it) named nanoseconds: a build with
     * the nanosecond clock, whose subscriber prints its rates 1000 times too small
     * ({@link PerftestCells#CLOCK_RATES}; JSON names no unit and is never one).
     */
    public boolean nanosecondClock() {
        return nanosecondClock;
    }

    /** The rows of the output itself, checked, from any of the three readers. */
    private final class Collector implements PerftestCsvReader.Sink, PerftestRows {
        private final String src;

        Collector(String src) {
            this.src = src;
        }

        @Override
        public String source() {
            return src;
        }

        @Override
        public Double number(int line, String column, String text) {
            // a warning here is Perftest's wrapped serialization timer: a column the campaign does not keep
            return PerftestCells.number(src, line, column, text, (n, message) -> { });
        }

        @Override
        public Double check(int line, String column, Double value) {
            return PerftestCells.check(src, line, column, value, (n, message) -> { });
        }

        @Override
        public void row(PerftestCsvLayout layout, int line, Map<String, Double> values) {
            Shape shape = layout.shape();
            if (shape != Shape.LATENCY_SUMMARY && shape != Shape.THROUGHPUT_SUMMARY) {
                return;
            }
            if (!layout.unitKnown()) {
                throw WirebenchException.badInput(src + ":" + line + ": expected a header naming the time unit (us,"
                        + " \u03bcs or ns) before this latency row, found rows only (printed with -noOutputHeaders"
                        + " from the first run on?); a latency in an unknown unit is not kept");
            }
            add(shape == Shape.LATENCY_SUMMARY ? latency : throughput, line, values);
        }

        @Override
        public void latencySummary(int line, Map<String, Double> values) {
            add(latency, line, values);
        }

        @Override
        public void throughputSummary(int line, Map<String, Double> values) {
            add(throughput, line, values);
        }

        private void add(List<Row> rows, int line, Map<String, Double> values) {
            Double size = values.get(Columns.SIZE_BYTES);
            if (size == null || size == 0) {
                return; // Perftest 4.3's "no pong / no sample" row: no result
            }
            rows.add(new Row(line, values));
        }

        @Override
        public void intervalRow(Shape shape, double[] row) {
            // interval rows are placed (their layout is known) and not kept: a campaign keeps summaries
        }

        @Override
        public void latencyInterval(Map<String, Double> values) {
        }

        @Override
        public void throughputInterval(Map<String, Double> values) {
        }

        @Override
        public void serialization(int line, Double serializeUs, Double deserializeUs) {
            // the campaign's families keep no serialization times
        }

        @Override
        public void warn(int line, String message) {
            if (message.equals(PerftestCells.NANOSECOND_RATES)) {
                return; // the rates are left empty, which the campaign says (ResultsMerge)
            }
            throw WirebenchException.badInput(src + ":" + line + ": " + message.replace(", ignored; the rows before "
                    + "it are kept", "").replace(", ignored; the lines before it are kept", "")
                    + "; expected whole Perftest " + name(printer) + " output");
        }
    }

    /** The earlier content of the file: read for its headers; it was checked when it was kept. */
    private record Ignored(String src) implements PerftestCsvReader.Sink {
        @Override
        public Double number(int line, String column, String text) {
            return PerftestCells.number(src, line, column, text, (n, message) -> { });
        }

        @Override
        public void row(PerftestCsvLayout layout, int line, Map<String, Double> values) {
        }

        @Override
        public void intervalRow(Shape shape, double[] row) {
        }

        @Override
        public void warn(int line, String message) {
        }
    }
}
