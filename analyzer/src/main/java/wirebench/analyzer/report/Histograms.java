package wirebench.analyzer.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import wirebench.analyzer.model.Warning;
import wirebench.analyzer.parse.InputFiles;
import wirebench.contract.WirebenchException;

/**
 * Reads the HdrHistogram interval logs ({@code *.hlog}) of results directories. Values in the
 * logs are nanoseconds (docs/results-format.md); distributions are reported in microseconds.
 * All intervals of one log are added into one histogram: percentiles are never averaged.
 */
public final class Histograms {
    private static final double NS_PER_US = 1000.0;

    private Histograms() {
    }

    /**
     * One merged distribution.
     *
     * @param name   the log's file name (its test)
     * @param count  number of recorded values
     * @param points (percentile 0..100, latency in us) pairs along HdrHistogram's percentile iteration
     */
    public record Distribution(String name, long count, List<double[]> points) {
    }

    /**
     * The distributions of every {@code *.hlog} in the directories among {@code inputs}. A log that
     * cannot be read (corrupt, binary, empty, not a regular file) is left out with a warning naming
     * it in {@code warnings}; it never stops the report.
     */
    public static List<Distribution> read(List<Path> inputs, List<Warning> warnings) {
        return read(inputs, warnings, false);
    }

    /** A campaign's log of repetition k > 1: the first repetition's name plus {@code -rK} (docs/campaign.md). */
    private static final java.util.regex.Pattern REPETITION = java.util.regex.Pattern.compile("^(.+)-r(\\d+)$");

    /**
     * As {@link #read(List, List)}; with {@code mergeRepetitions}, the logs of one test point's
     * repetitions ({@code NAME}, {@code NAME-r2}, {@code NAME-r3}, ...) are added into one
     * distribution named {@code NAME (n runs merged)}: histograms are merged, percentiles never
     * averaged.
     */
    public static List<Distribution> read(List<Path> inputs, List<Warning> warnings, boolean mergeRepetitions) {
        List<Distribution> out = new ArrayList<>();
        for (Path in : inputs) {
            if (!Files.isDirectory(in)) {
                continue;
            }
            java.util.Map<String, Path> logs = logsIn(in);
            java.util.Map<String, List<Path>> points = new java.util.LinkedHashMap<>();
            for (java.util.Map.Entry<String, Path> e : logs.entrySet()) {
                java.util.regex.Matcher m = REPETITION.matcher(e.getKey());
                String point = mergeRepetitions && m.matches() && logs.containsKey(m.group(1)) ? m.group(1)
                        : e.getKey();
                points.computeIfAbsent(point, k -> new ArrayList<>()).add(e.getValue());
            }
            for (java.util.Map.Entry<String, List<Path>> p : points.entrySet()) {
                Histogram total = null;
                int runs = 0;
                for (Path f : p.getValue()) {
                    Histogram h = merged(f, warnings);
                    if (h == null) {
                        continue;
                    }
                    runs++;
                    if (total == null) {
                        total = h;
                    } else {
                        total.add(h);
                    }
                }
                if (total != null) {
                    out.add(distribution(runs > 1 ? p.getKey() + " (" + runs + " runs merged)" : p.getKey(), total));
                }
            }
        }
        return out;
    }

    private static Distribution distribution(String name, Histogram total) {
        List<double[]> pts = new ArrayList<>();
        for (HistogramIterationValue v : total.percentiles(5)) {
            pts.add(new double[] {v.getPercentileLevelIteratedTo(), v.getValueIteratedTo() / NS_PER_US});
        }
        return new Distribution(name, total.getTotalCount(), pts);
    }

    /** The merged distribution of one log, or null (with a warning) when it holds no values or is unreadable. */
    public static Distribution readOne(Path file, List<Warning> warnings) {
        Histogram total = merged(file, warnings);
        return total == null ? null : distribution(file.getFileName().toString().replaceFirst("\\.hlog$", ""), total);
    }

    /**
     * Every {@code *.hlog} directly in or below {@code dir}, by file name without extension, in
     * name order (the same name in two subdirectories: the last in path order).
     */
    public static java.util.Map<String, Path> logsIn(Path dir) {
        java.util.Map<String, Path> out = new java.util.TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".hlog")).sorted()
                    .forEach(p -> out.put(p.getFileName().toString().replaceFirst("\\.hlog$", ""), p));
        } catch (IOException e) {
            throw WirebenchException.badInput(dir + ": cannot list directory (" + e.getMessage() + ")");
        }
        return out;
    }

    /** A percentile (0..100) of a histogram of nanoseconds, in microseconds. */
    public static double percentileUs(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / NS_PER_US;
    }

    /**
     * All intervals of one log added into one histogram, or null with a warning naming the file
     * when it has no values or cannot be read: not a regular file (a FIFO would block), binary, a
     * line HdrHistogram cannot decode, empty (e.g. written on a full disk). Never throws for its
     * content.
     */
    public static Histogram merged(Path file, List<Warning> warnings) {
        String src = file.toString();
        if (!Files.isRegularFile(file)) {
            warnings.add(new Warning(src, 0, "not a regular file (" + InputFiles.kind(file) + "); its histogram is "
                    + "left out"));
            return null;
        }
        if (isBinary(file)) {
            warnings.add(new Warning(src, 0, "binary content, not an HdrHistogram log; its histogram is left out, "
                    + "the rows of its test still show"));
            return null;
        }
        Histogram total = null;
        try (java.io.BufferedReader in = Files.newBufferedReader(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = in.readLine()) != null) {
                Histogram hh = intervalHistogram(line);
                if (hh == null) {
                    continue;
                }
                if (total == null) {
                    total = new Histogram(hh.getNumberOfSignificantValueDigits());
                    total.setAutoResize(true);
                }
                total.add(hh);
            }
        } catch (IOException | RuntimeException | java.util.zip.DataFormatException e) {
            warnings.add(new Warning(src, 0, "not a readable HdrHistogram log (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); its histogram is left out, the "
                    + "rows of its test still show"));
            return null;
        }
        if (total == null || total.getTotalCount() == 0) {
            warnings.add(new Warning(src, 0, (size(file) == 0 ? "empty" : "no interval histogram with values in it")
                    + " (not written completely, or not an HdrHistogram log); its histogram is left out"));
            return null;
        }
        return total;
    }

    /**
     * The histogram of one line of an HdrHistogram log (format 1.3, as {@code HistogramLogWriter}
     * writes it: {@code [Tag=T,]start,length,max,BASE64}), or null for a comment ({@code #...}), the
     * legend ({@code "StartTimestamp",...}) or a blank line. The line is split here and the
     * histogram decoded by HdrHistogram ({@link Histogram#decodeFromCompressedByteBuffer}); this
     * replaces {@code HistogramLogReader}, whose {@code java.util.Scanner} cost a fifth of a 200-test
     * report's CPU (bench/campaign-report-200). A line that is not of this shape throws.
     */
    public static Histogram intervalHistogram(String line) throws java.util.zip.DataFormatException {
        String l = line.strip();
        if (l.isEmpty() || l.startsWith("#") || l.startsWith("\"StartTimestamp\"")) {
            return null;
        }
        String[] f = l.split(",", -1);
        int first = f[0].startsWith("Tag=") ? 1 : 0;
        if (f.length - first != 4) {
            throw new IllegalArgumentException("expected start,length,max,histogram, got " + (f.length - first)
                    + " fields");
        }
        for (int i = first; i < first + 3; i++) {
            Double.parseDouble(f[i]); // a NumberFormatException names the bad field
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(f[first + 3]));
        return Histogram.decodeFromCompressedByteBuffer(b, 0);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    /** Control bytes other than tab, CR and LF in the first 4 KiB: not a text log. */
    private static boolean isBinary(Path file) {
        byte[] head = new byte[4096];
        int n;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            return false; // the reader reports it
        }
        for (int i = 0; i < n; i++) {
            int b = head[i] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' || b == 0x7f) {
                return true;
            }
        }
        return false;
    }
}
