package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.Random;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/**
 * Two single RPC runs compared: a case's latency percentiles, calls/s and time per call are judged
 * on the blocks of calls the runner writes beside rpc.csv ({@code rpc-intervals.hdrlog}), the
 * method named; runs without blocks are not testable and say why.
 */
class CompareRpcBlocksTest {
    private static final String HEADER = "# wirebench-results 1 family=rpc keys=client,threads,case,label\n"
            + "client,threads,case,label,case_no,size_bytes,calls,calls_per_thread,orig_time_ms,orig_ms_per_call,"
            + "time_ms,ms_per_call,calls_per_s,samples,ave_us,std_us,min_us,p50_us,p90_us,p99_us,p999_us,p9999_us,"
            + "max_us\n";

    /**
     * A run directory with one echo case of 320 calls of about {@code us} (independent, 5% scatter)
     * in 32 blocks of 10 with 2 us between calls, its rpc.csv row from the same calls, and the blocks
     * unless {@code blocks} is false.
     */
    static Path run(Path dir, double us, long seed, boolean blocks) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\"}\n");
        Random rnd = new Random(seed);
        Histogram all = new Histogram(3);
        StringBuilder log = new StringBuilder("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\","
                + "\"Interval_Compressed_Histogram\"\n");
        double t = 0;
        for (int b = 0; b < 32; b++) {
            Histogram h = new Histogram(3);
            double span = 0;
            for (int i = 0; i < 10; i++) {
                long ns = Math.round(us * 1000 * (1 + 0.05 * rnd.nextGaussian()));
                h.recordValue(ns);
                all.recordValue(ns);
                span += (ns + 2000) / 1e9;
            }
            ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
            int n = h.encodeIntoCompressedByteBuffer(buf);
            log.append(String.format(Locale.ROOT, "Tag=single-1-echo,%.9f,%.9f,%.3f,%s%n", t, span,
                    h.getMaxValue() / 1e6, Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n))));
            t += span;
        }
        double ms = t * 1e3;
        Files.writeString(dir.resolve("rpc.csv"), HEADER + String.format(Locale.ROOT,
                "single,1,echo,echo calls,1,,320,320,%d,%s,%.6f,%.9f,%.3f,320,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,"
                        + "%.3f%n", (long) ms, Double.toString((long) ms / 320.0), ms, ms / 320, 320 / t,
                all.getMean() / 1e3, all.getStdDeviation() / 1e3, all.getMinValue() / 1e3,
                all.getValueAtPercentile(50) / 1e3, all.getValueAtPercentile(90) / 1e3,
                all.getValueAtPercentile(99) / 1e3, all.getValueAtPercentile(99.9) / 1e3,
                all.getValueAtPercentile(99.99) / 1e3, all.getMaxValue() / 1e3));
        if (blocks) {
            Files.writeString(dir.resolve("rpc-intervals.hdrlog"), log.toString());
        }
        return dir;
    }

    private static String row(Cli r, String metric) {
        return r.out().lines().filter(l -> l.startsWith("rpc ") && l.contains("," + metric + ",")).findFirst()
                .orElseThrow(() -> new AssertionError(metric + " not in " + r.out()));
    }

    @Test
    void shouldJudgeSingleRpcRunsOnTheirBlocksAndNameTheMethodWhenRunsHoldBlocks(@TempDir Path tmp)
            throws IOException {
        Path a = run(tmp.resolve("a"), 60, 1, true);
        Path same = run(tmp.resolve("same"), 60, 2, true);
        Path slower = run(tmp.resolve("slower"), 69, 3, true);

        Cli unchanged = Cli.run("compare", a.toString(), same.toString(), "--format", "csv");
        Cli worse = Cli.run("compare", a.toString(), slower.toString(), "--format", "csv", "--fail-on",
                "p50_us>+5%");

        assertThat(unchanged.exitCode()).as(unchanged.err()).isZero();
        for (String m : new String[] {"p50_us", "ave_us", "calls_per_s", "ms_per_call", "orig_ms_per_call"}) {
            assertThat(row(unchanged, m)).as(m).contains(",32,32,").endsWith(",~,interval bootstrap");
            assertThat(row(worse, m)).as(m).endsWith(",worse,interval bootstrap");
        }
        assertThat(worse.exitCode()).isEqualTo(4);
        assertThat(worse.err()).contains("FAIL p50_us>+5%").contains("(interval bootstrap, p=");
        Cli json = Cli.run("compare", a.toString(), slower.toString(), "--format", "json");
        assertThat(json.out()).contains("32+32 blocks, delta 95% CI +");
        // text: every line within 120 columns, the notes whole (beside their line or under it)
        Cli text = Cli.run("compare", a.toString(), slower.toString());
        assertThat(text.out().lines()).allSatisfy(l -> assertThat(l.codePointCount(0, l.length())).as(l)
                .isLessThanOrEqualTo(120));
        assertThat(text.out().replaceAll("\\s+", " ")).contains("p99 needs 1000 samples");
    }

    @Test
    void shouldSayWhyNotTestableWhenARunHoldsNoBlocks(@TempDir Path tmp) throws IOException {
        Path old = run(tmp.resolve("old"), 60, 1, false);
        Path now = run(tmp.resolve("new"), 69, 3, true);

        Cli r = Cli.run("compare", old.toString(), now.toString(), "--format", "csv");
        Cli json = Cli.run("compare", old.toString(), now.toString(), "--format", "json");

        assertThat(r.exitCode()).isZero();
        assertThat(row(r, "p50_us")).endsWith(",,none (n=1)");
        assertThat(json.out()).contains("no significance test (n=1): no blocks of calls in the baseline");
    }
}
