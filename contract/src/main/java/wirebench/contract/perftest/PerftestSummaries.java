package wirebench.contract.perftest;

import java.io.IOException;
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
 * The summary rows of one run's RTI Perftest CSV output (what a campaign's Perftest or
 * {@code wirebench run pubsub} printed on stdout), read by {@link PerftestCsvReader}, strictly:
 * an output whose numbers cannot be placed is refused (exit 3, file:line), never guessed. Refused:
 * a latency row whose time unit no header gave (the output and the file it is appended to were
 * printed with {@code -noOutputHeaders} from the start), a row of no Perftest shape, a truncated
 * row, and output of the legacy or JSON printers (the campaign reads the CSV printer, Perftest's
 * default since 3.1, the first version that accepts the campaign's {@code -noOutputHeaders}).
 * Header-less rows take the layout and unit of the headers printed earlier into the same file.
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

    private PerftestSummaries() {
    }

    /**
     * The summaries of {@code output}, printed after the content {@code file} already holds
     * (absent or empty: nothing before; its headers give header-less rows their layout).
     */
    public static PerftestSummaries read(Path file, Path output) throws IOException {
        String before = file != null && Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        return read(String.valueOf(file), before, output.toString(), Files.readString(output, StandardCharsets.UTF_8));
    }

    /** The summaries of {@code text} (named {@code src}), printed after {@code before} (named {@code beforeSrc}). */
    public static PerftestSummaries read(String beforeSrc, String before, String src, String text) {
        PerftestCsvReader earlier = new PerftestCsvReader(beforeSrc, new Ignored(beforeSrc));
        List<String> old = lines(before);
        for (int i = 0; i < old.size(); i++) {
            earlier.line(i + 1, old.get(i));
        }
        PerftestSummaries s = new PerftestSummaries();
        PerftestCsvReader reader = earlier.continuing(src, s.new Collector(src));
        List<String> lines = lines(text);
        for (int i = 0; i < lines.size(); i++) {
            String printer = otherPrinter(lines.get(i));
            if (printer != null) {
                throw WirebenchException.badInput(src + ":" + (i + 1) + ": expected Perftest's CSV output (-outputFormat"
                        + " csv, the default), found the " + printer + " printer's '"
                        + PerftestCsvText.abbreviate(lines.get(i)) + "'; the campaign reads CSV only");
            }
            reader.line(i + 1, lines.get(i));
        }
        reader.end(lines.size(), text.isEmpty() || text.endsWith("\n"));
        return s;
    }

    /** The lines of {@code text} without their line ends (and without the empty string after the last one). */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        if (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /** "legacy" or "JSON" for a data line of those printers (PERFTEST-FORMATS.md 2.4 to 2.6), else null. */
    private static String otherPrinter(String line) {
        String s = line.strip();
        if (s.startsWith("Length:") || s.startsWith("Packets:") || s.startsWith("One way Latency:")
                || s.startsWith("One-Way Latency:") || s.startsWith("**********")) {
            return "legacy";
        }
        return s.startsWith("{\"perftest\"") || s.startsWith("\"length\":") ? "JSON" : null;
    }

    /** Latency summaries (publisher output), in order. */
    public List<Row> latency() {
        return Collections.unmodifiableList(latency);
    }

    /** Throughput summaries (subscriber output), in order. */
    public List<Row> throughput() {
        return Collections.unmodifiableList(throughput);
    }

    /** The rows of the output itself, checked. */
    private final class Collector implements PerftestCsvReader.Sink {
        private final String src;

        Collector(String src) {
            this.src = src;
        }

        @Override
        public Double number(int line, String column, String text) {
            // a warning here is Perftest's wrapped serialization timer: a column the campaign does not keep
            return PerftestCells.number(src, line, column, text, (n, message) -> { });
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
            Double size = values.get(Columns.SIZE_BYTES);
            if (size == null || size == 0) {
                return; // Perftest 4.3's "no pong / no sample" row: no result
            }
            (shape == Shape.LATENCY_SUMMARY ? latency : throughput).add(new Row(line, values));
        }

        @Override
        public void intervalRow(Shape shape, double[] row) {
            // interval rows are placed (their layout is known) and not kept: a campaign keeps summaries
        }

        @Override
        public void warn(int line, String message) {
            throw WirebenchException.badInput(src + ":" + line + ": " + message.replace(", ignored; the rows before "
                    + "it are kept", "") + "; expected whole Perftest CSV rows");
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
