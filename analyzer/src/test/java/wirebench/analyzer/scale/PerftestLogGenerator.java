package wirebench.analyzer.scale;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a deterministic RTI Perftest 4.x CSV publisher log (C++ printer layout, PERFTEST-FORMATS
 * §2.2): per size an interval block (one row per pong) and a summary block. The summary rows are
 * fixed values the tests assert; the interval rows are pseudo-random from a fixed seed.
 */
public final class PerftestLogGenerator {
    /** The summary row printed for every size: ave, std, min, max, p50, p90, p99, p99.99, p99.9999. */
    public static final String SUMMARY = "%19d,%9.0f,%9.1f,%9d,%9d,%9d,%9d,%9d,%12d,%14d\n";

    private PerftestLogGenerator() {
    }

    private static String block(SplittableRandom rnd, int size, int rows) {
        StringBuilder sb = new StringBuilder(rows * 70);
        long count = 0;
        double sum = 0;
        double sumsq = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int i = 0; i < rows; i++) {
            long lat = 20 + (long) (-Math.log(1 - rnd.nextDouble()) * 30);
            count++;
            sum += lat;
            sumsq += (double) lat * lat;
            min = Math.min(min, lat);
            max = Math.max(max, lat);
            double ave = sum / count;
            double std = Math.sqrt(Math.max(0, sumsq / count - ave * ave));
            sb.append(String.format(Locale.ROOT, "%14d,%13d,%9.0f,%9.1f,%9d,%9d\n", size, lat, ave, std, min, max));
        }
        return sb.toString();
    }

    /** Writes at least {@code bytes} bytes of interval rows, spread over {@code sizes}, to {@code file}. */
    public static void write(Path file, long bytes, int... sizes) throws IOException {
        SplittableRandom rnd = new SplittableRandom(42);
        long perSize = bytes / sizes.length;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int size : sizes) {
                w.write(String.format(Locale.ROOT, "\nIntervals One-Way Latency for %d Bytes:\n", size));
                w.write("Length (Bytes), Latency (\u03bcs), Ave (\u03bcs), Std (\u03bcs), Min (\u03bcs), Max (\u03bcs)\n");
                // one block of 20 000 rows, repeated: writing stays cheap, the reader sees realistic rows
                String block = block(rnd, size, 20_000);
                for (long written = 0; written < perSize; written += block.length()) {
                    w.write(block);
                }
                w.write("\nOne-way Latency Summary:\n");
                w.write("Sample Size (Bytes), Ave (\u03bcs), Std (\u03bcs), Min (\u03bcs), Max (\u03bcs), 50% (\u03bcs), "
                        + "90% (\u03bcs), 99% (\u03bcs), 99.99% (\u03bcs), 99.9999% (\u03bcs)\n");
                w.write(String.format(Locale.ROOT, SUMMARY, size, 50.0, 30.5, 20, 987, 41, 89, 158, 297, 410));
            }
        }
    }
}
