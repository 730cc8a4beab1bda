package wirebench.analyzer.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import java.util.function.IntToDoubleFunction;

/**
 * Writes results directories as the runner does (run.json plus a pubsub-latency.csv with the
 * format line), one per run, with a p99 that follows a given level plus Gaussian noise: test
 * input with known change points.
 */
final class SyntheticRuns {
    private SyntheticRuns() {
    }

    /**
     * Writes {@code n} runs under {@code parent} ({@code run-000}, ...), an hour apart, commits
     * {@code c000}... ; run k's p99_us at each of {@code sizes} is {@code level(k)} times
     * (1 + noise x Gaussian).
     */
    static void write(Path parent, int n, int sizes, double noise, long seed, IntToDoubleFunction level)
            throws IOException {
        Random r = new Random(seed);
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        for (int k = 0; k < n; k++) {
            Path dir = parent.resolve(String.format(Locale.ROOT, "run-%03d", k));
            Files.createDirectories(dir);
            String id = new UUID(seed, k).toString();
            Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"run_id\": \"" + id + "\", "
                    + "\"tool_version\": \"test\", \"git_sha\": \"" + String.format(Locale.ROOT, "c%03d", k) + "\", "
                    + "\"start_utc\": \"" + t0.plusSeconds(3600L * k) + "\", \"end_utc\": null, "
                    + "\"environment\": {\"host\": \"" + (k % 2 == 0 ? "alpha" : "beta") + "\"}}\n",
                    StandardCharsets.UTF_8);
            StringBuilder csv = new StringBuilder("# wirebench-results 1 family=pubsub-latency keys=transport,"
                    + "size_bytes\ntransport,size_bytes,samples,ave_us,p50_us,p99_us\n");
            for (int s = 0; s < sizes; s++) {
                double p99 = level.applyAsDouble(k) * (1 + noise * r.nextGaussian());
                csv.append(String.format(Locale.ROOT, "UDPv4,%d,1000,%.3f,%.3f,%.3f%n", 32 * (s + 1), p99 / 2, p99 / 2,
                        p99));
            }
            Files.writeString(dir.resolve("pubsub-latency.csv"), csv.toString(), StandardCharsets.UTF_8);
        }
    }
}
