package wirebench.runner.transport.dds;

import static org.assertj.core.api.Assertions.assertThat;
import static wirebench.runner.campaign.SshNamespaces.sh;
import static wirebench.runner.campaign.SshNamespaces.shQuiet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Injected loss on the DDS engine (issue 27): two hosts in network namespaces joined by a veth
 * pair, the publisher on one and the subscriber on the other (RTPS over UDP between them), and
 * nftables on the subscriber's host dropping 5% of the datagrams that carry samples (UDP length
 * above 1000 bytes: 1000-byte samples, one per datagram with {@code -batchSize 0}; discovery,
 * heartbeats and acknowledgements are smaller). Best effort must report the datagrams nft dropped
 * (its counter) as lost, plus any the kernel dropped for a full socket buffer; reliable must lose
 * none. The same two hosts show {@code -multicast} where the interface supports it (a veth does, lo
 * does not): without {@code -peer} they meet by multicast discovery, keyed with 100 000 instances.
 * Needs root, iproute2, nftables, a JDK 22+ and libddsc (CI has them all).
 */
class DdsLossTest {
    private static final String PREFIX = "wbd" + Integer.toHexString(0x10000 + ThreadLocalRandom.current().nextInt(0xeffff));
    private static final String[] HOSTS = {PREFIX + "a", PREFIX + "b"};
    private static final String[] ADDRESSES = {"10.97.0.1", "10.97.0.2"};
    private static final String MAIN = "wirebench.runner.RunnerMain";
    private static final long SAMPLES = 50_000;
    /**
     * Samples of the reliable run: fewer, since every lost datagram waits for a heartbeat and a NACK (50 000
     * took 25 s of the suite); 5 % of them is still five times the 1 % the test requires nft to drop.
     */
    private static final long RELIABLE_SAMPLES = 20_000;
    private static boolean created;

    @BeforeAll
    static void createHosts() throws Exception {
        DdsChild.requireNamespacePrerequisites();
        created = true;
        for (String ns : HOSTS) {
            sh("ip", "netns", "add", ns);
        }
        sh("ip", "link", "add", HOSTS[0] + "0", "netns", HOSTS[0], "type", "veth", "peer", "name", HOSTS[1] + "0",
                "netns", HOSTS[1]);
        for (int i = 0; i < HOSTS.length; i++) {
            sh("ip", "-n", HOSTS[i], "addr", "add", ADDRESSES[i] + "/24", "dev", HOSTS[i] + "0");
            sh("ip", "-n", HOSTS[i], "link", "set", HOSTS[i] + "0", "up");
            sh("ip", "-n", HOSTS[i], "link", "set", "lo", "up");
        }
    }

    @AfterAll
    static void deleteHosts() {
        if (created) {
            for (String ns : HOSTS) {
                shQuiet("ip", "netns", "del", ns);
            }
        }
    }

    @AfterEach
    void dropLossRules() {
        if (created) {
            shQuiet("ip", "netns", "exec", HOSTS[1], "nft", "delete", "table", "inet", PREFIX);
        }
    }

    /** Drops {@code pct}% of the UDP datagrams longer than 1000 bytes arriving on the subscriber's host. */
    private static void injectLoss(int pct) throws Exception {
        String ns = HOSTS[1];
        sh("ip", "netns", "exec", ns, "nft", "add", "table", "inet", PREFIX);
        sh("ip", "netns", "exec", ns, "nft", "add", "chain", "inet", PREFIX, "in", "{", "type", "filter", "hook",
                "input", "priority", "0", ";", "}");
        sh("ip", "netns", "exec", ns, "nft", "add", "rule", "inet", PREFIX, "in", "udp", "length", ">", "1000",
                "numgen", "random", "mod", "100", "<", Integer.toString(pct), "counter", "drop");
    }

    private static long droppedByNft() throws Exception {
        String out = sh("ip", "netns", "exec", HOSTS[1], "nft", "list", "chain", "inet", PREFIX, "in");
        Matcher m = Pattern.compile("counter packets (\\d+)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** UDP datagrams the subscriber host's kernel dropped for a full socket buffer (/proc/net/snmp). */
    private static long receiveBufferErrors() throws Exception {
        String[] lines = sh("ip", "netns", "exec", HOSTS[1], "cat", "/proc/net/snmp").split("\n");
        for (int i = 0; i + 1 < lines.length; i++) {
            if (lines[i].startsWith("Udp:") && lines[i + 1].startsWith("Udp:")) {
                List<String> names = Arrays.asList(lines[i].trim().split("\\s+"));
                return Long.parseLong(lines[i + 1].trim().split("\\s+")[names.indexOf("RcvbufErrors")]);
            }
        }
        throw new AssertionError("no Udp counters in /proc/net/snmp");
    }

    /** Publisher on host a, subscriber on host b, DDS domain {@code domain}; the subscriber's total and lost. */
    private static long[] run(int domain, long samples, String... common) throws Exception {
        List<String> sub = new ArrayList<>(List.of("run", "pubsub", "-sub", "-engine", "dds", "-domain",
                String.valueOf(domain), "-nic", ADDRESSES[1], "-peer", ADDRESSES[0], "-dataLen", "1000",
                "-noPrintIntervals"));
        sub.addAll(Arrays.asList(common));
        List<String> pub = new ArrayList<>(List.of("run", "pubsub", "-pub", "-engine", "dds", "-domain",
                String.valueOf(domain), "-nic", ADDRESSES[0], "-peer", ADDRESSES[1], "-dataLen", "1000",
                "-noPrintIntervals", "-batchSize", "0", "-pubRate", "20000", "-numIter", String.valueOf(samples)));
        pub.addAll(Arrays.asList(common));
        try (DdsChild s = DdsChild.startIn(HOSTS[1], MAIN, sub.toArray(new String[0]));
             DdsChild p = DdsChild.startIn(HOSTS[0], MAIN, pub.toArray(new String[0]))) {
            assertThat(p.exit(150)).as("publisher: %s", p.output()).isZero();
            assertThat(s.exit(60)).as("subscriber: %s", s.output()).isZero();
            for (String line : s.output()) {
                String[] f = line.split(",");
                if (f.length == 6 && f[0].strip().equals("1000")) {
                    return new long[] {Long.parseLong(f[1].strip()), Long.parseLong(f[4].strip())};
                }
            }
            throw new AssertionError("no throughput summary row in " + s.output());
        }
    }

    @Test
    @Timeout(240)
    void shouldReportTheDroppedSamplesAsLostWhenBestEffortDdsLosesDatagrams() throws Exception {
        injectLoss(5);
        long overflowBefore = receiveBufferErrors();
        // KEEP_ALL on the reader: the best-effort default (KEEP_LAST 1000) also drops samples in the reader's
        // history when the subscriber is descheduled (600 of 50000 in a CI run beside other tests), a loss
        // neither nft nor the socket counters see; this test is about what the wire and the kernel drop
        long[] row = run(84, SAMPLES, "-bestEffort", "-ddsHistoryDepth", "0");
        long dropped = droppedByNft();
        long overflowed = receiveBufferErrors() - overflowBefore;
        System.out.println("DdsLossTest best effort: received " + row[0] + ", lost " + row[1] + "; nft dropped " + dropped
                + ", socket buffers overflowed " + overflowed);

        assertThat(dropped).as("nft dropped about 5%% of %d", SAMPLES).isGreaterThan(SAMPLES / 100);
        assertThat(row[1]).as("lost; nft dropped %d, socket buffer overflows %d", dropped, overflowed)
                .isCloseTo(dropped + overflowed, Offset.offset(SAMPLES / 100));
        assertThat(row[0] + row[1]).isEqualTo(SAMPLES);
    }

    @Test
    @Timeout(240)
    void shouldMatchByMulticastAndReachEveryInstanceWhenKeyedDdsRunsWith100000InstancesOnAVeth() throws Exception {
        // no -peer: the two hosts can only meet by multicast discovery, which a veth carries (lo cannot);
        // keyed, 100 000 instances, each written once: every instance must reach the subscriber
        int instances = 100_000;
        List<String> common = List.of("-engine", "dds", "-domain", "86", "-multicast", "-keyed", "-instances",
                String.valueOf(instances), "-dataLen", "100", "-noPrintIntervals");
        List<String> sub = new ArrayList<>(List.of("run", "pubsub", "-sub", "-nic", ADDRESSES[1]));
        sub.addAll(common);
        List<String> pub = new ArrayList<>(List.of("run", "pubsub", "-pub", "-nic", ADDRESSES[0], "-batchSize", "0",
                "-numIter", String.valueOf(instances)));
        pub.addAll(common);
        try (DdsChild s = DdsChild.startIn(HOSTS[1], MAIN, sub.toArray(new String[0]));
             DdsChild p = DdsChild.startIn(HOSTS[0], MAIN, pub.toArray(new String[0]))) {
            assertThat(p.exit(150)).as("publisher: %s", p.output()).isZero();
            assertThat(s.exit(60)).as("subscriber: %s", s.output()).isZero();
            assertThat(s.output()).contains("subscriber 0: " + instances + " of " + instances
                    + " instances received samples");
            String row = s.output().stream().filter(l -> l.matches(" +100,.*")).findFirst().orElse(null);
            assertThat(row).as("the subscriber's summary in %s", s.output()).isNotNull();
            assertThat(row.split(",")[1].strip()).as("samples received").isEqualTo(String.valueOf(instances));
            assertThat(p.output()).anyMatch(l -> l.contains("<AllowMulticast>true</AllowMulticast>"))
                    .noneMatch(l -> l.contains("<Peers>"));
        }
    }

    @Test
    @Timeout(240)
    void shouldLoseNothingWhenReliableDdsLosesDatagrams() throws Exception {
        injectLoss(5);
        long[] row = run(85, RELIABLE_SAMPLES);
        System.out.println("DdsLossTest reliable: received " + row[0] + ", lost " + row[1] + "; nft dropped "
                + droppedByNft());

        assertThat(droppedByNft()).as("nft dropped datagrams").isGreaterThan(RELIABLE_SAMPLES / 100);
        assertThat(row[0]).isEqualTo(RELIABLE_SAMPLES);
        assertThat(row[1]).isZero();
    }
}
