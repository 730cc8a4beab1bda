package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compression through real pub/sub runs over Aeron on loopback: the subscriber's decompressed
 * samples equal what the publisher sent (CRC32C sums compared at FINISHED), compression.csv rows,
 * and a compression mismatch between a publisher and a subscriber process.
 */
class CompressionLoopbackTest {
    private static final String CORPUS = "../sample-data/corpus/middleware.log";

    /** The rows of compression.csv as column name to value. */
    static List<Map<String, String>> compressionRows(Path dir) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("compression.csv"));
        assertThat(lines.get(0)).startsWith("# wirebench-results 1 family=compression keys=transport,reliability,"
                + "algorithm,level,threshold_bytes,batch_samples,size_bytes");
        String[] header = lines.get(1).split(",", -1);
        List<Map<String, String>> rows = new java.util.ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            String[] f = line.split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], f[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"LZ4", "ZLIB", "ZSTD"})
    @Timeout(120)
    void shouldDeliverTheSentPayloadWhenBatchesAreCompressed(String alg, @TempDir Path dir) throws IOException {
        int iter = 20_000;
        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-domain", "9",
                "-dataLen", "1000", "-batchSize", "8192", "-numIter", Integer.toString(iter), "-latencyCount", "100",
                "-noPrintIntervals", "-compressionId", alg, "-compressionLevel", "5", "-loadDataFromFile", CORPUS,
                "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("payload verified, " + iter + " samples of 1000 bytes from publisher 0");
        List<Map<String, String>> rows = compressionRows(dir);
        assertThat(rows).hasSize(1);
        Map<String, String> row = rows.get(0);
        assertThat(row).containsEntry("algorithm", alg).containsEntry("level", "5").containsEntry("batch_samples", "8")
                .containsEntry("size_bytes", "1000").containsEntry("samples", Integer.toString(iter))
                .containsEntry("transport", "UDPv4").containsEntry("p50_us", "");
        long raw = Long.parseLong(row.get("raw_bytes"));
        long wire = Long.parseLong(row.get("wire_bytes"));
        // uncompressed framing: 2500 batches of 24 + 8 x 1000 bytes, each one Aeron frame at loopback's
        // 65504-byte MTU (docs/pubsub.md): 8024 + 32 header = 8056, aligned to 32 = 8064 bytes
        assertThat(raw).isEqualTo(2500L * 8064);
        assertThat(wire).isLessThan(raw / 2);
        assertThat(Long.parseLong(row.get("saved_bytes"))).isEqualTo(raw - wire);
        assertThat(Double.parseDouble(row.get("saved_pct"))).isGreaterThan(50.0);
        assertThat(Long.parseLong(row.get("samples_per_s"))).isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"LZ4", "ZLIB", "ZSTD"})
    @Timeout(120)
    void shouldDeliverTheSentPayloadWhenLargeSamplesAreCompressedInTheLatencyTest(String alg, @TempDir Path dir)
            throws IOException {
        int iter = 300;
        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-domain", "9",
                "-latencyTest", "-scan", "100:65536", "-numIter", Integer.toString(iter), "-noPrintIntervals",
                "-compressionId", alg, "-compressionLevel", "5", "-compressionThreshold", "1000", "-loadDataFromFile", CORPUS,
                "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("payload verified, " + iter + " samples of 100 bytes")
                .contains("payload verified, " + iter + " samples of 65536 bytes");
        List<Map<String, String>> rows = compressionRows(dir);
        assertThat(rows).hasSize(2);
        // 100 bytes: below the threshold, sent raw
        assertThat(rows.get(0)).containsEntry("size_bytes", "100").containsEntry("saved_bytes", "0")
                .containsEntry("threshold_bytes", "1000").containsEntry("batch_samples", "0")
                .containsEntry("samples_per_s", "");
        assertThat(rows.get(1)).containsEntry("size_bytes", "65536").containsEntry("samples", Integer.toString(iter));
        assertThat(Double.parseDouble(rows.get(1).get("saved_pct"))).isGreaterThan(40.0);
        assertThat(Double.parseDouble(rows.get(1).get("p99_us")))
                .isGreaterThanOrEqualTo(Double.parseDouble(rows.get(1).get("p50_us")));
    }

    @Test
    @Timeout(120)
    void shouldReportBothSettingsWhenPublisherAndSubscriberCompressDifferently() throws Exception {
        String port = Integer.toString(RunResult.freeBasePort());
        CompletableFuture<RunResult> sub = CompletableFuture.supplyAsync(() -> RunResult.run("-sub", "-basePort", port,
                "-domain", "9", "-dataLen", "1000", "-compressionId", "ZLIB", "-compressionLevel", "3",
                "-discoveryTimeout", "20"));
        RunResult pub = RunResult.run("-pub", "-basePort", port, "-domain", "9", "-dataLen", "1000", "-numIter",
                "1000", "-latencyCount", "100", "-compressionId", "LZ4", "-discoveryTimeout", "20");
        RunResult s = sub.get(60, TimeUnit.SECONDS);

        String expected = "compression settings differ: publisher 0 has -compressionId LZ4 -compressionLevel 10"
                + " -compressionThreshold 0, subscriber 0 has -compressionId ZLIB -compressionLevel 3"
                + " -compressionThreshold 0";
        assertThat(pub.exitCode()).as(pub.err()).isEqualTo(3);
        assertThat(pub.err()).contains(expected);
        assertThat(s.exitCode()).as(s.err()).isEqualTo(3);
        assertThat(s.err()).contains(expected);
    }

    @Test
    @Timeout(120)
    void shouldAdoptThePublisherSettingsWhenTheSubscriberGivesNone(@TempDir Path dir) throws Exception {
        String port = Integer.toString(RunResult.freeBasePort());
        Path subDir = dir.resolve("sub");
        CompletableFuture<RunResult> sub = CompletableFuture.supplyAsync(() -> RunResult.run("-sub", "-basePort", port,
                "-domain", "9", "-dataLen", "2000", "-noPrintIntervals", "--out", subDir.toString(),
                "-discoveryTimeout", "20"));
        RunResult pub = RunResult.run("-pub", "-basePort", port, "-domain", "9", "-dataLen", "2000", "-numIter",
                "5000", "-latencyCount", "100", "-batchSize", "0", "-compressionId", "ZLIB", "-loadDataFromFile", CORPUS,
                "-discoveryTimeout", "20");
        RunResult s = sub.get(60, TimeUnit.SECONDS);

        assertThat(pub.exitCode()).as(pub.err()).isZero();
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(s.err()).contains("payload verified, 5000 samples of 2000 bytes");
        Map<String, String> row = compressionRows(subDir).get(0);
        assertThat(row).containsEntry("algorithm", "ZLIB").containsEntry("level", "10")
                .containsEntry("batch_samples", "0");
        assertThat(Double.parseDouble(row.get("saved_pct"))).isGreaterThan(30.0);
    }
}
