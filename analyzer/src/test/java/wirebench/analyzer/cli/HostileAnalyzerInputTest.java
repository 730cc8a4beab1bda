package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/**
 * Issue 12, analyzer side: bad input never gives a wrong number or a silent loss. Corrupt
 * histograms are warnings and the rows still show; FIFOs and devices are refused before anything
 * reads them; a truncated run.json and bad wirebench CSV fields are bad input (exit 3, file:line).
 */
class HostileAnalyzerInputTest {
    private static final String LATENCY = "# wirebench-results 1 family=pubsub-latency keys=transport,size_bytes\n";

    private static Path resultsDir(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), LATENCY + "transport,size_bytes,samples,p50_us,p99_us\n"
                + "UDPv4,32,1000,7.5,21.25\n");
        return dir;
    }

    private static void goodHlog(Path file, long seed) throws IOException {
        Histogram h = new Histogram(3);
        Random rnd = new Random(seed);
        for (int i = 0; i < 1000; i++) {
            h.recordValue(5000 + rnd.nextInt(3000));
        }
        try (java.io.PrintStream ps = new java.io.PrintStream(file.toFile(), StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputLogFormatVersion();
            w.outputLegend();
            w.outputIntervalHistogram(h);
        }
    }

    private static void binaryHlog(Path file) throws IOException {
        byte[] b = new byte[4096];
        new Random(7).nextBytes(b);
        Files.write(file, b);
    }

    @Test
    void shouldWarnAboutABinaryHlogAndStillShowTheRowsInTheReport(@TempDir Path tmp) throws IOException {
        Path dir = resultsDir(tmp.resolve("r"));
        binaryHlog(dir.resolve("pubsub-latency-UDPv4-32.hlog"));
        Path out = tmp.resolve("report.json");

        Cli r = Cli.run("report", "--format", "json", "-o", out.toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        String json = Files.readString(out);
        assertThat(json).contains("pubsub-latency-UDPv4-32.hlog: binary content, not an HdrHistogram log")
                .contains("21.25");
    }

    @Test
    void shouldWarnAboutAnUndecodableHlogInsteadOfFailingTheReport(@TempDir Path tmp) throws IOException {
        Path dir = resultsDir(tmp.resolve("r"));
        Files.writeString(dir.resolve("cut.hlog"), "#[Histogram log format version 1.3]\n\"StartTimestamp\","
                + "\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
                + "0.000,1.000,5.000,HISTFAAAACV4nJNpmSzMwMDAxQABzFCaEUzOn2VnDx\n");
        Path out = tmp.resolve("report.json");

        Cli r = Cli.run("report", "--format", "json", "-o", out.toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(out)).contains("cut.hlog: not a readable HdrHistogram log").contains("21.25");
    }

    @Test
    void shouldNoteACorruptHlogInCompareAndKeepTheOtherDistributions(@TempDir Path tmp) throws IOException {
        Path a = resultsDir(tmp.resolve("a"));
        Path b = resultsDir(tmp.resolve("b"));
        goodHlog(a.resolve("good.hlog"), 1);
        goodHlog(b.resolve("good.hlog"), 2);
        goodHlog(a.resolve("bad.hlog"), 3);
        binaryHlog(b.resolve("bad.hlog"));

        Cli r = Cli.run("compare", a.toString(), b.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("bad.hlog: binary content").contains("distribution good")
                .doesNotContain("distribution bad").contains("p50_us");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void shouldRefuseAFifoBeforeReadingIt(@TempDir Path tmp) throws Exception {
        Path fifo = tmp.resolve("results.csv");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertThat(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0).as("mkfifo (coreutils) is needed").isTrue();

        Cli r = Cli.run("stats", fifo.toString());

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains(fifo + ": not a regular file (a FIFO)");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void shouldRefuseADeviceBeforeReadingIt() {
        assertThat(Path.of("/dev/zero")).as("/dev/zero exists on Linux").exists();

        Cli r = Cli.run("report", "/dev/zero", "-o", "/dev/null");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("/dev/zero: not a regular file (a character device)");
    }

    @Test
    void shouldTreatATruncatedRunJsonAsBadInput(@TempDir Path tmp) throws IOException {
        Path dir = resultsDir(tmp.resolve("r"));
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"run_id\": \"x\",\n"
                + "\"environment\": {\"host\": \"h");

        Cli r = Cli.run("report", "--format", "json", "-o", tmp.resolve("o.json").toString(), dir.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains(dir.resolve("run.json") + ":2:").contains("cut short")
                .doesNotContain("internal error");
    }

    private static Cli stats(Path tmp, String csv) throws IOException {
        Path f = tmp.resolve("pubsub-latency.csv");
        Files.writeString(f, csv);
        return Cli.run("stats", "--format", "json", f.toString());
    }

    @Test
    void shouldRefuseADuplicateColumn(@TempDir Path tmp) throws IOException {
        Cli r = stats(tmp, LATENCY + "transport,size_bytes,p50_us,p50_us\nUDPv4,32,7,21\n");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains(tmp.resolve("pubsub-latency.csv") + ":2: ").contains("'p50_us' twice");
        Cli units = stats(tmp, LATENCY + "transport,size_bytes,p50_us,p50_ms\nUDPv4,32,7,0.007\n");
        assertThat(units.exitCode()).isEqualTo(3);
        assertThat(units.err()).contains("pubsub-latency.csv:2: column 'p50_ms' is 'p50_us' again in another unit");
    }

    @Test
    void shouldRefuseALatencyColumnInAnUnknownUnitAndConvertMilliseconds(@TempDir Path tmp) throws IOException {
        Cli bad = stats(tmp, LATENCY + "transport,size_bytes,p50_xs\nUDPv4,32,7\n");
        assertThat(bad.exitCode()).isEqualTo(3);
        assertThat(bad.err()).contains("pubsub-latency.csv:2: column 'p50_xs': unknown unit 'xs'");

        Cli ms = stats(tmp, LATENCY + "transport,size_bytes,p50_ms,p99_ns\nUDPv4,32,1.5,21250\n");
        assertThat(ms.exitCode()).as(ms.err()).isZero();
        assertThat(ms.out()).contains("\"p50_us\": 1500").contains("\"p99_us\": 21.25").doesNotContain("p50_ms");
    }

    @Test
    void shouldRefuseANumberADoubleCannotHoldExactly(@TempDir Path tmp) throws IOException {
        Cli r = stats(tmp, LATENCY + "transport,size_bytes,samples,p50_us\nUDPv4,32,123456789012345678901234567,7\n");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("pubsub-latency.csv:3: column 'samples': expected a number below 2^53");
    }

    @Test
    void shouldRefuseNegativeLatenciesAndCounts(@TempDir Path tmp) throws IOException {
        Cli lat = stats(tmp, LATENCY + "transport,size_bytes,samples,p50_us\nUDPv4,32,10,7\nUDPv4,64,10,-7\n");
        assertThat(lat.exitCode()).isEqualTo(3);
        assertThat(lat.err()).contains("pubsub-latency.csv:4: column 'p50_us': expected a value >= 0");

        Cli count = stats(tmp, LATENCY + "transport,size_bytes,samples,p50_us\nUDPv4,32,-10,7\n");
        assertThat(count.exitCode()).isEqualTo(3);
        assertThat(count.err()).contains("pubsub-latency.csv:3: column 'samples': expected a value >= 0");
    }
}
