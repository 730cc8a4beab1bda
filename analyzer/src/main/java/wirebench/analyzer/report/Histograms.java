package wirebench.analyzer.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

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

    /** The distributions of every {@code *.hlog} in the directories among {@code inputs}. */
    public static List<Distribution> read(List<Path> inputs) {
        List<Distribution> out = new ArrayList<>();
        for (Path in : inputs) {
            if (!Files.isDirectory(in)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(in)) {
                for (Path f : s.filter(p -> p.getFileName().toString().endsWith(".hlog")).sorted().toList()) {
                    Distribution d = readOne(f);
                    if (d != null) {
                        out.add(d);
                    }
                }
            } catch (IOException e) {
                throw WirebenchException.badInput(in + ": cannot list directory (" + e.getMessage() + ")");
            }
        }
        return out;
    }

    /** The merged distribution of one log, or null when it holds no values. */
    public static Distribution readOne(Path file) {
        Histogram total = merged(file);
        if (total == null || total.getTotalCount() == 0) {
            return null;
        }
        List<double[]> pts = new ArrayList<>();
        for (HistogramIterationValue v : total.percentiles(5)) {
            pts.add(new double[] {v.getPercentileLevelIteratedTo(), v.getValueIteratedTo() / NS_PER_US});
        }
        String name = file.getFileName().toString().replaceFirst("\\.hlog$", "");
        return new Distribution(name, total.getTotalCount(), pts);
    }

    /** Every {@code *.hlog} directly in or below {@code dir}, by file name without extension. */
    public static java.util.Map<String, Path> logsIn(Path dir) {
        java.util.Map<String, Path> out = new java.util.TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".hlog"))
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

    /** All intervals of one log added into one histogram (null when the log has none). */
    public static Histogram merged(Path file) {
        Histogram total = null;
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (!(h instanceof Histogram)) {
                    continue;
                }
                Histogram hh = (Histogram) h;
                if (total == null) {
                    total = new Histogram(hh.getNumberOfSignificantValueDigits());
                    total.setAutoResize(true);
                }
                total.add(hh);
            }
        } catch (IOException | RuntimeException e) {
            throw WirebenchException.badInput(file + ": not a readable HdrHistogram log (" + e.getMessage() + ")");
        }
        return total;
    }
}
