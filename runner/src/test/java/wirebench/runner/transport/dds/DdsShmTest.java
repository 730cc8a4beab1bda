package wirebench.runner.transport.dds;

import static org.assertj.core.api.Assertions.assertThat;
import static wirebench.runner.campaign.SshNamespaces.sh;
import static wirebench.runner.campaign.SshNamespaces.shQuiet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.JsonReader;
import wirebench.testsupport.Prerequisites;

/**
 * {@code -transport SHMEM} on the DDS engine (issue 27): Cyclone's shared memory through iceoryx,
 * with the RouDi that wirebench starts and stops itself. The proof that no user data goes over UDP
 * while it is on: publisher and subscriber in a network namespace of their own (only its loopback,
 * so the kernel's counters there see only this run), nftables counting the UDP datagrams on its
 * output hook, those longer than 4000 bytes apart (the 8000-byte samples, one per datagram; RTPS
 * discovery, heartbeats and acknowledgements are smaller). A run over UDPv4 with the same options is
 * the control: its samples must show up in that counter, so a SHMEM run whose samples fell back to
 * UDP would too. Needs root, iproute2, nftables, iceoryx, a JDK 22+ and libddsc (CI has them all).
 * Domains 90..93.
 */
class DdsShmTest {
    private static final String NS = "wbs" + Integer.toHexString(0x10000 + ThreadLocalRandom.current().nextInt(0xeffff));
    private static final String MAIN = "wirebench.runner.RunnerMain";
    private static final Path ROUDI = Path.of("/usr/bin/iox-roudi");
    private static final int SAMPLES = 3000;
    private static boolean created;

    @BeforeAll
    static void createNamespace() throws Exception {
        Prerequisites.requireExecutable(ROUDI, "iceoryx");
        DdsChild.requireNamespacePrerequisites();
        created = true;
        sh("ip", "netns", "add", NS);
        sh("ip", "-n", NS, "link", "set", "lo", "up");
        sh("ip", "netns", "exec", NS, "nft", "add", "table", "inet", NS);
        sh("ip", "netns", "exec", NS, "nft", "add", "chain", "inet", NS, "out", "{", "type", "filter", "hook", "output",
                "priority", "0", ";", "}");
        sh("ip", "netns", "exec", NS, "nft", "add", "rule", "inet", NS, "out", "udp", "length", ">", "4000", "counter");
        sh("ip", "netns", "exec", NS, "nft", "add", "rule", "inet", NS, "out", "meta", "l4proto", "udp", "counter");
    }

    @AfterAll
    static void deleteNamespace() {
        if (created) {
            shQuiet("ip", "netns", "del", NS);
        }
    }

    /** The namespace's UDP datagrams sent so far: [longer than 4000 bytes, all]. */
    private static long[] udpCounters() throws Exception {
        String out = sh("ip", "netns", "exec", NS, "nft", "list", "chain", "inet", NS, "out");
        Matcher m = Pattern.compile("counter packets (\\d+)").matcher(out);
        long[] c = new long[2];
        for (int i = 0; i < 2; i++) {
            assertThat(m.find()).as(out).isTrue();
            c[i] = Long.parseLong(m.group(1));
        }
        return c;
    }

    /**
     * Subscriber and publisher of {@link #SAMPLES} 8000-byte samples in the namespace over {@code transport};
     * returns the subscriber's [received, lost] and the UDP datagrams [long, all] the run sent.
     */
    private static long[][] run(Path dir, int domain, String transport) throws Exception {
        long[] before = udpCounters();
        List<String> common = List.of("run", "pubsub", "-engine", "dds", "-transport", transport, "-domain",
                String.valueOf(domain), "-dataLen", "8000", "-noPrintIntervals");
        List<String> sub = new ArrayList<>(common);
        sub.addAll(List.of("-sub", "--out", dir.resolve("sub").toString()));
        List<String> pub = new ArrayList<>(common);
        pub.addAll(List.of("-pub", "-batchSize", "0", "-pubRate", "5000", "-numIter", String.valueOf(SAMPLES),
                "-latencyCount", "1000", "--out",
                dir.resolve("pub").toString()));
        try (DdsChild s = DdsChild.startIn(NS, MAIN, sub.toArray(new String[0]));
             DdsChild p = DdsChild.startIn(NS, MAIN, pub.toArray(new String[0]))) {
            assertThat(p.exit(150)).as("publisher: %s", p.output()).isZero();
            assertThat(s.exit(60)).as("subscriber: %s", s.output()).isZero();
            long[] after = udpCounters();
            long[] udp = {after[0] - before[0], after[1] - before[1]};
            for (String line : s.output()) {
                String[] f = line.split(",");
                if (f.length == 6 && f[0].strip().equals("8000")) {
                    return new long[][] {{Long.parseLong(f[1].strip()), Long.parseLong(f[4].strip())}, udp};
                }
            }
            throw new AssertionError("no throughput summary row in " + s.output());
        }
    }

    private static Map<String, Object> engine(Path runDir) throws Exception {
        JsonReader.Obj runJson = (JsonReader.Obj) JsonReader.parse("run.json", Files.readString(runDir.resolve("run.json")));
        return ((JsonReader.Obj) runJson.get("engine")).members();
    }

    @Test
    @Timeout(300)
    void shouldSendNoSampleOverUdpWhenDdsRunsOverSharedMemory(@TempDir Path dir) throws Exception {
        long[][] shm = run(dir.resolve("shm"), 90, "SHMEM");
        long[][] udp = run(dir.resolve("udp"), 91, "UDPv4");
        System.out.println("DdsShmTest: SHMEM received " + shm[0][0] + ", lost " + shm[0][1] + ", UDP datagrams > 4000 B "
                + shm[1][0] + " of " + shm[1][1] + "; UDPv4 received " + udp[0][0] + ", datagrams > 4000 B " + udp[1][0]
                + " of " + udp[1][1]);

        // the control: over UDPv4 every sample crossed the namespace's loopback in a long datagram
        assertThat(udp[0][0]).isEqualTo(SAMPLES);
        assertThat(udp[1][0]).as("long UDP datagrams of the UDPv4 run").isGreaterThanOrEqualTo(SAMPLES);
        // shared memory: samples arrived, discovery went over UDP, no sample did
        assertThat(shm[0][0]).as("samples received over shared memory").isPositive();
        assertThat(shm[0][0] + shm[0][1]).isEqualTo(SAMPLES);
        assertThat(shm[1][1]).as("UDP datagrams of discovery in the SHMEM run").isPositive();
        assertThat(shm[1][0]).as("long UDP datagrams (samples) in the SHMEM run").isZero();

        Map<String, Object> engine = engine(dir.resolve("shm").resolve("pub"));
        assertThat((String) engine.get("config_xml")).contains("<SharedMemory><Enable>true</Enable>");
        String pool = (String) engine.get("shared_memory");
        assertThat(pool).as("engine %s", engine).matches("iceoryx RouDi pid \\d+ \\(.*\\), mempool \\d+ chunks of \\d+ B");
        assertThat(engine).containsEntry("history", "KEEP_LAST " + CycloneDdsEngine.SHM_QUEUE_CAPACITY);
        assertThat(engine(dir.resolve("udp").resolve("pub"))).doesNotContainKey("shared_memory");

        // the RouDi the run started is stopped by its pid once both processes have exited
        long pid = Long.parseLong(pool.replaceAll("iceoryx RouDi pid (\\d+) .*", "$1"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("RouDi %d still runs", pid)
                .isFalse();
    }

    @Test
    @Timeout(240)
    void shouldPrintLatencyRowOfMegabyteSamplesOverSharedMemoryWhenBothRolesRunWithShmem(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        // 1 MiB samples over shared memory (RouDi's pool sized to them)
        try (DdsChild run = DdsChild.start(MAIN, "run", "pubsub", "-bothRoles", "-latencyTest", "-dataLen", "1048576",
                "-engine", "dds", "-transport", "SHMEM", "-domain", "92", "-numIter", "500", "-noPrintIntervals",
                "--out", out.toString())) {
            assertThat(run.exit(200)).as("output: %s", run.output()).isZero();
            assertThat(run.output()).anyMatch(l -> l.matches(" +1048576,.*"))
                    .anyMatch(l -> l.startsWith("wirebench pubsub: engine ") && l.contains("shared_memory=iceoryx RouDi"));
        }
        assertThat((String) engine(out).get("transport")).startsWith("SHMEM");
        // the harness's message: 1 MiB + its 24-byte header; + 192 B = 1048792, up to a multiple of 64: 1048832;
        // 256 MiB / 1048832 B = 255.9 (by hand)
        assertThat((String) engine(out).get("shared_memory")).endsWith("mempool 255 chunks of 1048832 B");
    }

    @Test
    @Timeout(120)
    void shouldRefuseWithExit3WhenShmemMeetsKeepAllOrARouDiWirebenchDidNotStart() throws Exception {
        try (DdsChild run = DdsChild.start(MAIN, "run", "pubsub", "-bothRoles", "-latencyTest", "-engine", "dds",
                "-transport", "SHMEM", "-ddsHistoryDepth", "0", "-domain", "93")) {
            assertThat(run.exit(60)).as("output: %s", run.output()).isEqualTo(3);
            assertThat(run.output()).anyMatch(l -> l.contains("-transport SHMEM: Cyclone DDS gives KEEP_ALL history"
                    + " (-ddsHistoryDepth 0) no shared memory and would send over UDP"));
        }
        Process foreign = new ProcessBuilder(ROUDI.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            try (DdsChild run = DdsChild.start(MAIN, "run", "pubsub", "-bothRoles", "-latencyTest", "-engine", "dds",
                    "-transport", "SHMEM", "-domain", "93", "-numIter", "100")) {
                assertThat(run.exit(60)).as("output: %s", run.output()).isEqualTo(3);
                assertThat(run.output()).anyMatch(l -> l.contains("an iceoryx RouDi not started by wirebench runs (pid "
                        + foreign.pid() + ")"));
            }
        } finally {
            foreign.destroy();
            if (!foreign.waitFor(10, TimeUnit.SECONDS)) {
                foreign.destroyForcibly();
            }
        }
    }
}
