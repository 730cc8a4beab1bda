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

    private static final String UDP_KEYS = "client_scheduler,connected,payload_bytes,server_scheduler,rcvbuf_bytes,"
            + "method,rate_per_s";

    /** A UDP run directory: one udp.csv row and, as the server writes them, 40 slices of 1 ms around {@code perS}. */
    static Path udpRun(Path dir, double perS, long seed) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"format\": \"wirebench-run 1\"}\n");
        Random rnd = new Random(seed);
        StringBuilder sl = new StringBuilder("# wirebench-results 1 family=udp-intervals keys=" + UDP_KEYS + "\n"
                + UDP_KEYS + ",start_us,duration_us,datagrams,packets_per_s,data_mbps,wire_mbps\n");
        long total = 0;
        for (int i = 0; i < 40; i++) {
            long n = Math.round(perS * (1 + 0.03 * rnd.nextGaussian()) * 0.001);
            total += n;
            sl.append(String.format(Locale.ROOT, "SCHED_OTHER,no,64,SCHED_OTHER,262144,epoll,max,%d,1000,%d,%d,%.6f,%.6f%n",
                    i * 1000, n, n * 1000, n * 1000 * 64 * 8 / 1e6, n * 1000 * 106 * 8 / 1e6));
        }
        double rate = total / 0.04;
        Files.writeString(dir.resolve("udp.csv"), "# wirebench-results 1 family=udp keys=" + UDP_KEYS + "\n" + UDP_KEYS
                + ",lost_pct,data_mbps,wire_mbps,sent,received,lost,duration_s,packets_per_s\n"
                + String.format(Locale.ROOT, "SCHED_OTHER,no,64,SCHED_OTHER,262144,epoll,max,0,%.6f,%.6f,%d,%d,0,0.04,%.3f%n",
                        rate * 64 * 8 / 1e6, rate * 106 * 8 / 1e6, total, total, rate));
        Files.writeString(dir.resolve("udp-intervals.csv"), sl.toString());
        return dir;
    }

    @Test
    void shouldJudgeSingleUdpRunsOnTheirSlicesWhenTheServerWroteThem(@TempDir Path tmp) throws IOException {
        Path a = udpRun(tmp.resolve("a"), 100_000, 1);
        Path slower = udpRun(tmp.resolve("slower"), 85_000, 3);

        Cli r = Cli.run("compare", a.toString(), slower.toString(), "--format", "csv");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(row(r, "data_mbps")).endsWith(",worse,interval bootstrap");
        assertThat(row(r, "packets_per_s")).endsWith(",worse,interval bootstrap");
        assertThat(row(r, "wire_mbps")).endsWith(",worse,interval bootstrap");
    }
}
