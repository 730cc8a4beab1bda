package wirebench.runner.transport.dds;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.testsupport.Prerequisites;

/**
 * Interoperability with Cyclone's own {@code ddsperf} (issue 27), both directions, in child
 * processes: wirebench's publisher ({@code -ddsperf -pub -latencyTest}) measures against
 * {@code ddsperf pong}, and {@code ddsperf ping} measures against wirebench's subscriber
 * ({@code -ddsperf -sub}) and exits 0 (which it does only when every endpoint it expects of a
 * peer matched). ddsperf runs with the Cyclone configuration wirebench gives itself on loopback.
 * Domains 80..89 keep these runs apart from the other DDS tests.
 */
class DdsperfInteropTest {
    private static final String MAIN = "wirebench.runner.RunnerMain";
    /** ddsperf's latency line: {@code [PID] T  HOST:PID size N mean Xus min Xus 50% Xus 90% Xus 99% Xus max Xus cnt N}. */
    private static final Pattern LATENCY = Pattern.compile(
            "^\\[\\d+\\] [0-9.]+ +\\S+:(\\d+) size (\\d+) mean [0-9.]+us min [0-9.]+us 50% ([0-9.]+)us .* cnt (\\d+)$");

    private static DdsChild ddsperf(String... args) throws Exception {
        DdsChild.requirePrerequisites();
        Prerequisites.requireCommand("ddsperf", "cyclonedds-tools");
        // the configuration wirebench's DDS engine gives itself on loopback (unicast discovery: lo cannot multicast)
        String xml = DdsConfigXml.of(DdsProofs.loopback(64), DdsSettings.defaults(0, true, true));
        List<String> cmd = new ArrayList<>(List.of(Prerequisites.which("ddsperf")));
        cmd.addAll(Arrays.asList(args));
        return DdsChild.command(Map.of("CYCLONEDDS_URI", xml), cmd.toArray(new String[0]));
    }

    @Test
    @Timeout(240)
    void shouldPrintPerftestLatencyRowsWhenThePublisherPingsDdsperfPong(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        try (DdsChild pong = ddsperf("-i", "81", "pong")) {
            try (DdsChild pub = DdsChild.start(MAIN, "run", "pubsub", "-pub", "-latencyTest", "-engine", "dds", "-ddsperf",
                    "-domain", "81", "-dataLen", "32", "-numIter", "2000", "-noPrintIntervals", "--out", out.toString())) {
                assertThat(pub.exit(200)).as("publisher: %s; ddsperf: %s", pub.output(), pong.output()).isZero();
                List<String> lines = pub.output();
                assertThat(lines).contains("Sample Size (Bytes), Ave (μs), Std (μs), Min (μs), Max (μs), 50% (μs),"
                        + " 90% (μs), 99% (μs), 99.99% (μs), 99.9999% (μs)");
                String row = lines.stream().filter(l -> l.matches(" +32,.*")).findFirst().orElse(null);
                assertThat(row).as("the 32-byte row in %s", lines).isNotNull();
                assertThat(row.split(",")).hasSize(10);
                // ddsperf took wirebench's participant for one of its own by the user data DDSPerf:0:PID:HOST
                String announced = ":" + pub.pid() + ": new";
                assertThat(pong.output().stream().anyMatch(l -> l.endsWith(announced))
                        || pong.await(announced, 30) != null).as("ddsperf: %s", pong.output()).isTrue();
            }
            assertThat(pong.stop(30)).as("ddsperf pong's exit (every endpoint matched): %s", pong.output()).isZero();
            assertThat(pong.output()).noneMatch(l -> l.contains("failed to match") || l.contains("error"));
        }
        List<String> csv = Files.readAllLines(out.resolve("pubsub-latency.csv")).stream()
                .filter(l -> !l.startsWith("#")).toList();
        List<String> columns = List.of(csv.get(0).split(","));
        String[] cells = csv.get(1).split(",");
        assertThat(cells[columns.indexOf("samples")]).as("every ping of -numIter had its pong").isEqualTo("2000");
        assertThat(cells[columns.indexOf("size_bytes")]).isEqualTo("32");
    }

    @Test
    @Timeout(240)
    void shouldLetDdsperfPingMeasureAndExitZeroWhenTheSubscriberAnswers(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        try (DdsChild sub = DdsChild.start(MAIN, "run", "pubsub", "-sub", "-engine", "dds", "-ddsperf", "-domain", "82",
                "-noPrintIntervals", "--out", out.toString())) {
            assertThat(sub.await("Waiting to discover ddsperf ping", 90)).as("subscriber: %s", sub.output()).isNotNull();
            long ddsperfMeasured = 0;
            try (DdsChild ping = ddsperf("-i", "82", "-D", "5", "-Q", "minmatch:1", "-Q", "roundtrips:100", "ping", "size",
                    "32")) {
                // exit 0: wirebench matched as a full ddsperf peer and answered at least 100 pings
                assertThat(ping.exit(120)).as("ddsperf ping: %s; subscriber: %s", ping.output(), sub.output()).isZero();
                for (String l : ping.output()) {
                    Matcher m = LATENCY.matcher(l);
                    if (m.matches()) {
                        assertThat(Long.parseLong(m.group(1))).as("the peer ddsperf measured: %s", l).isEqualTo(sub.pid());
                        assertThat(m.group(2)).isEqualTo("32");
                        ddsperfMeasured += Long.parseLong(m.group(4));
                    }
                }
                assertThat(ddsperfMeasured).as("ddsperf's latency lines: %s", ping.output()).isGreaterThanOrEqualTo(100);
            }
            // the pinger gone, the subscriber ends by itself
            assertThat(sub.exit(60)).as("subscriber: %s", sub.output()).isZero();
            String answered = sub.output().stream().filter(l -> l.startsWith("subscriber: answered ")).findFirst()
                    .orElse(null);
            assertThat(answered).as("subscriber: %s", sub.output()).isNotNull().endsWith(" pings of 32 bytes from ddsperf");
            long n = Long.parseLong(answered.split(" ")[2]);
            assertThat(n).as("wirebench answered every ping ddsperf measured").isGreaterThanOrEqualTo(ddsperfMeasured);
            String row = sub.output().stream().filter(l -> l.matches(" +32,.*")).findFirst().orElse(null);
            assertThat(row).as("the subscriber's summary in %s", sub.output()).isNotNull();
            assertThat(row.split(",")[1].strip()).isEqualTo(String.valueOf(n));
        }
    }

    @Test
    @Timeout(120)
    void shouldRefuseWithUsageErrorWhenTheDdsperfPublisherIsNotALatencyTest() throws Exception {
        try (DdsChild pub = DdsChild.start(MAIN, "run", "pubsub", "-pub", "-engine", "dds", "-ddsperf", "-domain", "83")) {
            assertThat(pub.exit(90)).as("output: %s", pub.output()).isEqualTo(2);
            assertThat(pub.output()).anyMatch(l -> l.contains("-ddsperf: the publisher runs Perftest's latency test"
                    + " against 'ddsperf pong': add -latencyTest"));
        }
    }
}
