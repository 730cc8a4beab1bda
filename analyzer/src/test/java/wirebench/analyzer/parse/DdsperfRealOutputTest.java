package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.Row;
import wirebench.testsupport.Prerequisites;

/**
 * The real {@code ddsperf} (Debian cyclonedds-tools) run here on loopback for a few seconds, its
 * output read back. The expected figures are recomputed in the test from the printed lines by its own
 * patterns. Each test uses a domain of its own (random in 100..229) so that other DDS processes on
 * the machine are not discovered; Cyclone is told to use {@code lo} with unicast discovery to
 * 127.0.0.1 only.
 */
class DdsperfRealOutputTest {
    private static final String LOOPBACK = "<CycloneDDS><Domain id=\"any\"><General><Interfaces>"
            + "<NetworkInterface name=\"lo\"/></Interfaces><AllowMulticast>false</AllowMulticast></General>"
            + "<Discovery><ParticipantIndex>auto</ParticipantIndex><Peers><Peer address=\"127.0.0.1\"/></Peers>"
            + "</Discovery></Domain></CycloneDDS>";
    private static final Pattern LATENCY = Pattern.compile(" size (\\d+) mean \\S+us min ([\\d.]+)us 50% ([\\d.]+)us "
            + "90% \\S+us 99% \\S+us max ([\\d.]+)us cnt (\\d+)$");
    private static final Pattern SUB = Pattern.compile(" size (\\d+) total (\\d+) lost (\\d+) delta \\d+ lost \\d+ rate "
            + "([\\d.]+) kS/s");

    private static Process ddsperf(Path out, int domain, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ddsperf", "-i", Integer.toString(domain)));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("CYCLONEDDS_URI", LOOPBACK);
        return pb.start();
    }

    /**
     * Starts {@code first} (the side that waits: pong, sub), then {@code second}, in a domain of their
     * own (random in 100..229), and checks that both exit 0.
     */
    private static void runPair(Path firstOut, List<String> first, Path secondOut, List<String> second)
            throws IOException, InterruptedException {
        Prerequisites.requireCommand("ddsperf", "cyclonedds-tools");
        int domain = ThreadLocalRandom.current().nextInt(100, 230);
        Process a = ddsperf(firstOut, domain, first.toArray(new String[0]));
        Process b = ddsperf(secondOut, domain, second.toArray(new String[0]));
        assertThat(waitFor(b)).as(Files.readString(secondOut)).isZero();
        assertThat(waitFor(a)).as(Files.readString(firstOut)).isZero();
    }

    private static int waitFor(Process p) throws InterruptedException {
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("ddsperf did not end within 30 s of its -D");
        }
        return p.exitValue();
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldReadEveryLatencyLineWhenDdsperfPingRunsAgainstPong(@TempDir Path tmp) throws Exception {
        Path pongOut = tmp.resolve("pong.txt");
        Path pingOut = tmp.resolve("ping.txt");
        runPair(pongOut, List.of("-D", "7", "pong"), pingOut, List.of("-D", "5", "ping"));

        long samples = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        List<Double> p50 = new ArrayList<>();
        for (String l : Files.readAllLines(pingOut, StandardCharsets.UTF_8)) {
            Matcher m = LATENCY.matcher(l);
            if (m.find()) {
                samples += Long.parseLong(m.group(5));
                min = Math.min(min, Double.parseDouble(m.group(2)));
                max = Math.max(max, Double.parseDouble(m.group(4)));
                p50.add(Double.parseDouble(m.group(3)));
            }
        }
        assertThat(p50).as("latency lines printed by ddsperf ping").isNotEmpty();
        p50.sort(null);
        int mid = p50.size() / 2;
        double median = p50.size() % 2 == 1 ? p50.get(mid) : (p50.get(mid - 1) + p50.get(mid)) / 2;

        ParsedInput p = Parsers.all().parse(InputText.read(pingOut));

        assertThat(p.format()).isEqualTo("ddsperf");
        Row r = p.tables().stream().filter(t -> t.kind() == Kind.LATENCY).findFirst().orElseThrow().rows().get(0);
        assertThat(r.number("size_bytes")).isEqualTo(12.0);
        assertThat(r.number("n")).isEqualTo(p50.size());
        assertThat(r.number("samples")).isEqualTo((double) samples);
        assertThat(r.number("min_us")).isEqualTo(min);
        assertThat(r.number("max_us")).isEqualTo(max);
        assertThat(r.number("interval_p50_us")).isCloseTo(median, within(1e-9));
        Cli both = Cli.run("stats", "--format", "json", pingOut.toString(), pongOut.toString());
        assertThat(both.exitCode()).as(both.err()).isZero();
        assertThat(both.out()).contains("\"kind\": \"latency\"").contains("\"kind\": \"resources\"");
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldMatchTheSubscribersOwnTotalsWhenDdsperfPubRunsAgainstSub(@TempDir Path tmp) throws Exception {
        Path subOut = tmp.resolve("sub.txt");
        Path pubOut = tmp.resolve("pub.txt");
        runPair(subOut, List.of("-D", "6", "sub"), pubOut, List.of("-D", "4", "pub", "size", "1k"));

        long total = -1;
        long lost = -1;
        double lowest = Double.POSITIVE_INFINITY;
        double highest = 0;
        for (String l : Files.readAllLines(subOut, StandardCharsets.UTF_8)) {
            Matcher m = SUB.matcher(l);
            if (m.find()) {
                assertThat(m.group(1)).isEqualTo("1024");
                total = Long.parseLong(m.group(2));
                lost = Long.parseLong(m.group(3));
                double rate = Double.parseDouble(m.group(4)) * 1000;
                lowest = Math.min(lowest, rate);
                highest = Math.max(highest, rate);
            }
        }
        assertThat(total).as("subscriber lines printed by ddsperf sub").isPositive();

        ParsedInput p = Parsers.all().parse(InputText.read(subOut));

        Row r = p.tables().stream().filter(t -> t.kind() == Kind.THROUGHPUT).findFirst().orElseThrow().rows().get(0);
        assertThat(r.number("total_samples")).isEqualTo((double) total);
        assertThat(r.number("lost")).isEqualTo((double) lost);
        // a mean over the intervals lies between the slowest and the fastest interval (rounding: 5 samples/s)
        assertThat(r.number("samples_per_s")).isBetween(lowest - 5, highest + 5);
        assertThat(p.warnings()).isEmpty();
        ParsedInput pubParsed = Parsers.all().parse(InputText.read(pubOut));
        assertThat(pubParsed.tables()).singleElement().satisfies(t -> {
            assertThat(t.kind()).isEqualTo(Kind.RESOURCES);
            assertThat(t.rows().get(0).text("role")).isEqualTo("pub");
            assertThat(t.rows().get(0).number("written_per_s")).isPositive();
        });
    }
}
