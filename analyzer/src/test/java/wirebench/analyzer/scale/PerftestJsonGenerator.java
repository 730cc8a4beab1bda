package wirebench.analyzer.scale;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a deterministic RTI Perftest JSON publisher output (the Java printer's document,
 * {@code {"perftest":[{"length":..,"intervals":[..],"summary":{..}},..]}}, PERFTEST-FORMATS): per
 * size a long {@code intervals} array and a summary. The summaries are fixed values the tests
 * assert ({@link #SUMMARY}); the intervals are pseudo-random from a fixed seed.
 */
public final class PerftestJsonGenerator {
    /** ave, std, min, max, p50, p90, p99, p99.99, p99.9999 of every size's summary (microseconds). */
    public static final double[] SUMMARY = {50.0, 30.5, 20, 987, 41, 89, 158, 297, 410};
    private static final String[] KEYS = {"latency_ave", "latency_std", "latency_min", "latency_max", "latency_50",
        "latency_90", "latency_99", "latency_99.99", "latency_99.9999"};

    private PerftestJsonGenerator() {
    }

    private static String block(SplittableRandom rnd, int rows) {
        StringBuilder sb = new StringBuilder(rows * 170);
        for (int i = 0; i < rows; i++) {
            long lat = 20 + (long) (-Math.log(1 - rnd.nextDouble()) * 30);
            sb.append(String.format(Locale.ROOT, "\t\t\t\t{\n\t\t\t\t\t\"latency\": %d,\n\t\t\t\t\t\"latency_ave\": %.2f,"
                    + "\n\t\t\t\t\t\"latency_std\": %.2f,\n\t\t\t\t\t\"latency_min\": 20,\n\t\t\t\t\t\"latency_max\": %d,"
                    + "\n\t\t\t\t\t\"cpu\": 6.00\n\t\t\t\t},\n", lat, 40 + lat / 10.0, 10 + lat / 20.0, lat + 100));
        }
        return sb.toString();
    }

    /** Writes at least {@code bytes} bytes of interval objects, spread over {@code sizes}, to {@code file}. */
    public static void write(Path file, long bytes, int... sizes) throws IOException {
        SplittableRandom rnd = new SplittableRandom(42);
        long perSize = bytes / sizes.length;
        String block = block(rnd, 10_000);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("{\"perftest\":\n\t[\n");
            for (int s = 0; s < sizes.length; s++) {
                w.write(String.format(Locale.ROOT, "\t\t{\n\t\t\t\"length\":%d,\n\t\t\t\"intervals\":[\n", sizes[s]));
                for (long written = 0; written < perSize; written += block.length()) {
                    w.write(block);
                }
                // the last interval, without a comma after it
                w.write("\t\t\t\t{\n\t\t\t\t\t\"latency\": 41,\n\t\t\t\t\t\"latency_ave\": 50.00,\n\t\t\t\t\t"
                        + "\"latency_std\": 30.50,\n\t\t\t\t\t\"latency_min\": 20,\n\t\t\t\t\t\"latency_max\": 987\n"
                        + "\t\t\t\t}\n\t\t\t],\n\t\t\t\"summary\":{\n");
                for (int k = 0; k < KEYS.length; k++) {
                    w.write(String.format(Locale.ROOT, "\t\t\t\t\"%s\": %s%s\n", KEYS[k],
                            wirebench.contract.Numbers.plain(SUMMARY[k]), k < KEYS.length - 1 ? "," : ""));
                }
                w.write("\t\t\t}\n\t\t}" + (s < sizes.length - 1 ? ",\n" : "\n"));
            }
            w.write("\t]\n}\n");
        }
    }
}
