package wirebench.runner.pubsub;

import wirebench.testsupport.Prerequisites;

import static org.assertj.core.api.Assertions.assertThat;
import static wirebench.runner.campaign.SshNamespaces.sh;
import static wirebench.runner.campaign.SshNamespaces.shQuiet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three hosts in network namespaces on one bridge (host a: the publisher; b and c: subscribers),
 * each role in its own JVM started with {@code ip netns exec}. Needs root, iproute2 and nftables
 * (CI has them; elsewhere the class is skipped with the reason). Run alone with
 * {@code mvn -pl runner test -Dtest=PubSubNamespaceTest}.
 */
class PubSubNamespaceTest {
    private static final String PREFIX = "wbp" + Integer.toHexString(0x10000 + ThreadLocalRandom.current().nextInt(0xeffff));
    private static final String HUB = PREFIX + "h";
    private static final String[] HOSTS = {PREFIX + "a", PREFIX + "b", PREFIX + "c"};
    private static final String[] ADDRESSES = {"10.99.0.1", "10.99.0.2", "10.99.0.3"};
    private static final int BASE_PORT = 20000;
    private static final List<Process> started = new ArrayList<>();
    private static boolean created;

    @TempDir
    Path dir;

    @BeforeAll
    static void createHosts() throws Exception {
        Prerequisites.requireRoot("network namespaces");
        Prerequisites.requireCommand("ip", "iproute2");
        Prerequisites.requireCommand("nft", "nftables");
        created = true;
        sh("ip", "netns", "add", HUB);
        sh("ip", "-n", HUB, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0");
        sh("ip", "-n", HUB, "link", "set", "br0", "up");
        for (int i = 0; i < HOSTS.length; i++) {
            String ns = HOSTS[i];
            sh("ip", "netns", "add", ns);
            sh("ip", "link", "add", ns + "0", "netns", ns, "type", "veth", "peer", "name", ns + "1", "netns", HUB);
            sh("ip", "-n", HUB, "link", "set", ns + "1", "master", "br0", "up");
            sh("ip", "-n", ns, "addr", "add", ADDRESSES[i] + "/24", "dev", ns + "0");
            sh("ip", "-n", ns, "link", "set", ns + "0", "up", "multicast", "on");
            sh("ip", "-n", ns, "link", "set", "lo", "up");
            sh("ip", "-n", ns, "route", "add", "224.0.0.0/4", "dev", ns + "0");
        }
    }

    @AfterAll
    static void deleteHosts() {
        for (Process p : started) {
            p.destroyForcibly();
        }
        if (!created) {
            return;
        }
        for (String ns : HOSTS) {
            shQuiet("ip", "netns", "del", ns);
        }
        shQuiet("ip", "netns", "del", HUB);
    }

    @AfterEach
    void dropLossRules() {
        if (created) {
            for (String ns : HOSTS) {
                shQuiet("ip", "netns", "exec", ns, "nft", "delete", "table", "inet", PREFIX);
            }
        }
    }

    /** A wirebench role in its own JVM in namespace {@code host}; stdout/stderr go to files. */
    private Process start(int host, String name, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", HOSTS[host]));
        cmd.addAll(RunResult.childJvm("-basePort", Integer.toString(BASE_PORT), "-nic", ADDRESSES[host],
                "-noPrintIntervals", "-discoveryTimeout", "30"));
        cmd.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile()).start();
        started.add(p);
        return p;
    }

    private String finish(Process p, String name) throws Exception {
        boolean ended = p.waitFor(90, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        String err = Files.readString(dir.resolve(name + ".err"));
        assertThat(ended).as(name + " did not end within 90 s; stderr:\n" + err).isTrue();
        assertThat(p.exitValue()).as(name + " stderr:\n" + err).isZero();
        return Files.readString(dir.resolve(name + ".out"));
    }

    /** The throughput summary row of a subscriber's stdout: total samples and lost. */
    private static long[] throughputRow(String out) {
        for (String line : out.split("\n")) {
            String[] f = line.split(",");
            if (f.length == 6 && f[0].trim().matches("\\d+")) {
                return new long[] {Long.parseLong(f[1].trim()), Long.parseLong(f[4].trim())};
            }
        }
        throw new AssertionError("no throughput summary row in:\n" + out);
    }

    private long[][] runOnePublisherTwoSubscribers(long samples, String... common) throws Exception {
        List<String> sub = new ArrayList<>(List.of("-sub", "-peer", ADDRESSES[0]));
        sub.addAll(Arrays.asList(common));
        List<String> s0 = new ArrayList<>(sub);
        s0.addAll(List.of("-sidMultiSubTest", "0"));
        List<String> s1 = new ArrayList<>(sub);
        s1.addAll(List.of("-sidMultiSubTest", "1"));
        Process b = start(1, "sub0", s0.toArray(new String[0]));
        Process c = start(2, "sub1", s1.toArray(new String[0]));
        List<String> pub = new ArrayList<>(List.of("-pub", "-numSubscribers", "2", "-peer", ADDRESSES[1], "-peer",
                ADDRESSES[2], "-numIter", Long.toString(samples), "-latencyCount", "100"));
        pub.addAll(Arrays.asList(common));
        Process a = start(0, "pub", pub.toArray(new String[0]));
        String pubOut = finish(a, "pub");
        assertThat(pubOut).contains("Sample Size (Bytes), Ave (\u03bcs)");
        return new long[][] {throughputRow(finish(b, "sub0")), throughputRow(finish(c, "sub1"))};
    }

    @Test
    @Timeout(180)
    void shouldDeliverEverySampleToBothSubscribersWhenReliableOverUdpUnicast() throws Exception {
        long[][] rows = runOnePublisherTwoSubscribers(100_000, "-dataLen", "100");

        for (long[] row : rows) {
            assertThat(row[0]).isEqualTo(100_000);
            assertThat(row[1]).isZero();
        }
    }

    @Test
    @Timeout(180)
    void shouldDeliverEverySampleToBothSubscribersWhenReliableOverUdpMulticast() throws Exception {
        long[][] rows = runOnePublisherTwoSubscribers(100_000, "-dataLen", "100", "-multicast", "-multicastAddr",
                "239.255.7.7");

        for (long[] row : rows) {
            assertThat(row[0]).isEqualTo(100_000);
            assertThat(row[1]).isZero();
        }
    }

    /** Drops {@code pct}% of the datagrams to the data port longer than {@code minUdpBytes} on host b. */
    private static void injectLoss(int pct, int minUdpBytes) throws Exception {
        String ns = HOSTS[1];
        sh("ip", "netns", "exec", ns, "nft", "add", "table", "inet", PREFIX);
        sh("ip", "netns", "exec", ns, "nft", "add", "chain", "inet", PREFIX, "in", "{", "type", "filter", "hook",
                "input", "priority", "0", ";", "}");
        sh("ip", "netns", "exec", ns, "nft", "add", "rule", "inet", PREFIX, "in", "udp", "dport",
                Integer.toString(BASE_PORT + 2 * 0), "udp", "length", ">", Integer.toString(minUdpBytes), "numgen",
                "random", "mod", "100", "<", Integer.toString(pct), "counter", "drop");
    }

    private static long droppedByNft() throws Exception {
        String out = sh("ip", "netns", "exec", HOSTS[1], "nft", "list", "chain", "inet", PREFIX, "in");
        Matcher m = Pattern.compile("counter packets (\\d+)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** UDP datagrams the kernel of host b dropped because a socket buffer was full (/proc/net/snmp). */
    private static long receiveBufferErrors() throws Exception {
        String[] lines = sh("ip", "netns", "exec", HOSTS[1], "cat", "/proc/net/snmp").split("\n");
        for (int i = 0; i + 1 < lines.length; i++) {
            if (lines[i].startsWith("Udp:") && lines[i + 1].startsWith("Udp:")) {
                List<String> names = Arrays.asList(lines[i].trim().split("\\s+"));
                String[] values = lines[i + 1].trim().split("\\s+");
                return Long.parseLong(values[names.indexOf("RcvbufErrors")]);
            }
        }
        throw new AssertionError("no Udp counters in /proc/net/snmp");
    }

    /** {@code pubOnly}: publisher options, which a subscriber rejects as Perftest does. */
    private long[] runOnePublisherOneSubscriber(long samples, List<String> pubOnly, String... common)
            throws Exception {
        List<String> sub = new ArrayList<>(List.of("-sub", "-peer", ADDRESSES[0]));
        sub.addAll(Arrays.asList(common));
        Process b = start(1, "sub0", sub.toArray(new String[0]));
        List<String> pub = new ArrayList<>(List.of("-pub", "-peer", ADDRESSES[1], "-numIter", Long.toString(samples)));
        pub.addAll(pubOnly);
        pub.addAll(Arrays.asList(common));
        Process a = start(0, "pub", pub.toArray(new String[0]));
        finish(a, "pub");
        return throughputRow(finish(b, "sub0"));
    }

    /**
     * The publisher of a best-effort run through the loss rule: unbatched at 20000 samples/s, and 10
     * warm-up round trips instead of the default 1000. A warm-up ping the rule drops waits out the
     * best-effort pong timeout (200 ms): 1000 pings at 5% loss cost 10 s or more before the test
     * starts, and the warm-up is not what these tests count.
     */
    private static List<String> bestEffortUnderLoss() {
        return List.of("-batchSize", "0", "-pubRate", "20000", "-initialBurstSize", "10");
    }

    @Test
    @Timeout(180)
    void shouldCountExactlyTheDroppedSamplesWhenBestEffortRawUdpLosesDatagrams() throws Exception {
        long samples = 50_000;
        injectLoss(5, 100);
        long overflowBefore = receiveBufferErrors();
        long[] row = runOnePublisherOneSubscriber(samples, bestEffortUnderLoss(), "-rawTransport", "-bestEffort",
                "-dataLen", "200");
        long dropped = droppedByNft();
        // a starved receiver (the machine is shared) also loses datagrams to a full socket buffer: a true
        // loss too, counted by the kernel
        long overflowed = receiveBufferErrors() - overflowBefore;

        assertThat(dropped).isGreaterThan(samples / 100);
        assertThat(row[1]).as("lost; nft dropped %d, socket buffer overflows %d", dropped, overflowed)
                .isCloseTo(dropped + overflowed, org.assertj.core.data.Offset.offset(samples / 100));
        assertThat(row[0] + row[1]).isEqualTo(samples);
    }

    @Test
    @Timeout(180)
    void shouldCountTheDroppedSamplesWhenBestEffortAeronLosesDatagrams() throws Exception {
        long samples = 50_000;
        injectLoss(5, 500);
        long overflowBefore = receiveBufferErrors();
        // 1000-byte samples: one Aeron frame per datagram, heartbeats (small) are not dropped
        long[] row = runOnePublisherOneSubscriber(samples, bestEffortUnderLoss(), "-bestEffort", "-dataLen", "1000");
        long dropped = droppedByNft();
        long overflowed = receiveBufferErrors() - overflowBefore;

        assertThat(dropped).isGreaterThan(samples / 100);
        assertThat(row[1]).as("lost; nft dropped %d, socket buffer overflows %d", dropped, overflowed)
                .isCloseTo(dropped + overflowed, org.assertj.core.data.Offset.offset(samples / 100));
        assertThat(row[0] + row[1]).isEqualTo(samples);
    }

    @Test
    @Timeout(180)
    void shouldDeliverEverySampleWhenReliableAeronLosesDatagrams() throws Exception {
        long samples = 50_000;
        injectLoss(5, 100);
        long[] row = runOnePublisherOneSubscriber(samples, List.of("-pubRate", "50000"), "-dataLen", "200");

        assertThat(droppedByNft()).isGreaterThan(0);
        assertThat(row[0]).isEqualTo(samples);
        assertThat(row[1]).isZero();
    }

    @Test
    @Timeout(180)
    void shouldAggregateBothPublishersWhenSubscriberWaitsForTwo() throws Exception {
        Process b = start(1, "sub0", "-sub", "-numPublishers", "2", "-peer", ADDRESSES[0], "-peer", ADDRESSES[2],
                "-dataLen", "100");
        Process a = start(0, "pub0", "-pub", "-pidMultiPubTest", "0", "-peer", ADDRESSES[1], "-numIter", "50000",
                "-dataLen", "100", "-latencyCount", "10");
        Process c = start(2, "pub1", "-pub", "-pidMultiPubTest", "1", "-peer", ADDRESSES[1], "-numIter", "50000",
                "-dataLen", "100", "-latencyCount", "10");
        assertThat(finish(a, "pub0")).contains("Sample Size (Bytes), Ave (\u03bcs)");
        assertThat(finish(c, "pub1")).isEmpty();
        assertThat(Files.readString(dir.resolve("pub1.err"))).contains("Latency results are only shown when "
                + "-pidMultiPubTest = 0");
        long[] row = throughputRow(finish(b, "sub0"));

        assertThat(row[0]).isEqualTo(100_000);
        assertThat(row[1]).isZero();
    }

    @Test
    @Timeout(180)
    void shouldMeetByMulticastWhenRolesGetOnlyNicAsInTheSeedScript() throws Exception {
        // seed 000 passes "-transport UDPv4 -nic <ip>" and no -peer (Perftest discovers by multicast)
        Process b = start(1, "sub0", "-sub", "-transport", "UDPv4", "-sidMultiSubTest", "0", "-dataLen", "100");
        Process c = start(2, "sub1", "-sub", "-transport", "UDPv4", "-sidMultiSubTest", "1", "-dataLen", "100");
        Process a = start(0, "pub", "-pub", "-transport", "UDPv4", "-numSubscribers", "2", "-latencyTest",
                "-dataLen", "100", "-numIter", "2000", "-executionTime", "20");
        String pubOut = finish(a, "pub");

        assertThat(Files.readString(dir.resolve("pub.err"))).contains("no -peer given: data and echo go by multicast");
        String[] summary = pubOut.lines().filter(l -> l.matches(" +100,.*")).findFirst().orElseThrow().split(",");
        assertThat(summary).hasSize(10);
        assertThat(Long.parseLong(summary[5].trim())).isPositive();
        for (String sub : new String[] {"sub0", "sub1"}) {
            assertThat(throughputRow(finish(sub.equals("sub0") ? b : c, sub))[0]).isEqualTo(2000);
        }
    }

    static String describe() {
        return String.format(Locale.ROOT, "%s hosts %s", PREFIX, Arrays.toString(ADDRESSES));
    }
}
