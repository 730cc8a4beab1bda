package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/**
 * Two single throughput runs compared: samples/s and Mbps are judged on the rate slices the runner
 * writes ({@code pubsub-throughput-intervals.csv}), the method named; runs without slices are not
 * testable and say why.
 */
class CompareSlicesTest {
    private static final String KEYS = "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes";
    private static final int SIZE = 1024;

    /**
     * A run directory with one throughput point: 40 slices of 25 ms whose rates scatter 3% around
     * {@code perS} (independent), and the summary row of them; no slices when {@code slices} is false.
     */
    static Path run(Path dir, double perS, long seed, boolean slices) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\"}\n");
        Random rnd = new Random(seed);
        StringBuilder sl = new StringBuilder("# wirebench-results 1 family=pubsub-throughput-intervals keys=" + KEYS
                + "\n" + KEYS + ",start_us,duration_us,samples,samples_per_s,mbps\n");
        long total = 0;
        for (int i = 0; i < 40; i++) {
            long samples = Math.round(perS * (1 + 0.03 * rnd.nextGaussian()) * 0.025);
            total += samples;
            sl.append(String.format(Locale.ROOT, "UDPv4,reliable,unkeyed,1,8192,NONE,%d,%d,25000,%d,%d,%.3f%n", SIZE,
                    i * 25000, samples, samples * 40, samples * 40.0 * SIZE * 8 / 1e6));
        }
        double rate = total / 1.0;
        Files.writeString(dir.resolve("pubsub-throughput.csv"), "# wirebench-results 1 family=pubsub-throughput keys="
                + KEYS + "\n" + KEYS + ",total_samples,samples_per_s,mbps,lost,lost_pct,end_reason\n"
                + String.format(Locale.ROOT, "UDPv4,reliable,unkeyed,1,8192,NONE,%d,%d,%d,%.3f,0,0,completed%n", SIZE,
                        total, Math.round(rate), rate * SIZE * 8 / 1e6));
        if (slices) {
            Files.writeString(dir.resolve("pubsub-throughput-intervals.csv"), sl.toString());
        }
        return dir;
    }

    private static String row(Cli r, String metric) {
        return r.out().lines().filter(l -> l.contains("," + metric + ",")).findFirst().orElseThrow();
    }

    @Test
    void shouldJudgeSingleThroughputRunsOnTheirSlicesAndNameTheMethodWhenRunsHoldSlices(@TempDir Path tmp)
            throws IOException {
        Path a = run(tmp.resolve("a"), 100_000, 1, true);
        Path same = run(tmp.resolve("same"), 100_000, 2, true);
        Path slower = run(tmp.resolve("slower"), 85_000, 3, true);

        Cli unchanged = Cli.run("compare", a.toString(), same.toString(), "--format", "csv");
        Cli worse = Cli.run("compare", a.toString(), slower.toString(), "--format", "csv", "--fail-on",
                "samples_per_s<-5%");

        // 40 slices a side: the slice rates are the replicates shown (n), the verdict by the bootstrap
        assertThat(row(unchanged, "samples_per_s")).contains(",40,40,").endsWith(",~,interval bootstrap");
        assertThat(row(unchanged, "mbps")).endsWith(",~,interval bootstrap");
        assertThat(row(worse, "samples_per_s")).endsWith(",worse,interval bootstrap");
        assertThat(row(worse, "mbps")).endsWith(",worse,interval bootstrap");
        assertThat(worse.exitCode()).isEqualTo(4);
        assertThat(worse.err()).contains("FAIL samples_per_s<-5%").contains("(interval bootstrap, p=");
        Cli json = Cli.run("compare", a.toString(), slower.toString(), "--format", "json");
        assertThat(json.out()).contains("40+40 slices, delta 95% CI -");
    }

    @Test
    void shouldSayWhyNotTestableWhenARunHoldsNoSlices(@TempDir Path tmp) throws IOException {
        Path old = run(tmp.resolve("old"), 100_000, 1, false);
        Path now = run(tmp.resolve("new"), 85_000, 3, true);

        Cli r = Cli.run("compare", old.toString(), now.toString(), "--format", "csv");
        Cli json = Cli.run("compare", old.toString(), now.toString(), "--format", "json");

        assertThat(r.exitCode()).isZero();
        assertThat(row(r, "samples_per_s")).endsWith(",,none (n=1)");
        assertThat(json.out()).contains("no significance test (n=1): no rate slices in the baseline (written before");
    }
}
