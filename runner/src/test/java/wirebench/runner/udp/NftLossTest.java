package wirebench.runner.udp;

import wirebench.testsupport.Prerequisites;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loss injected by nftables (FACTS.md: the kernel has no netem) inside a private network namespace:
 * server and client JVMs run in it over its loopback; a rule drops 5% of the DATA datagrams (matched
 * by their UDP length, so START/ACK/END are never dropped) and counts them. The server's "lost"
 * must equal the rule's counter.
 */
class NftLossTest {
    private static final int PORT = 5301; // inside a namespace of our own: no other test can hold it
    private static final int PAYLOAD_BYTES = 100;
    /** Small and paced, so that the 4 MiB receive buffer never overflows: the nft rule is the only loss. */
    private static final int TOTAL = 3000;
    private static final int RATE_PER_S = 10000;
    private String ns;

    @BeforeEach
    void createNamespace() {
        Prerequisites.requireRoot("network namespaces, nftables");
        Prerequisites.requireCommand("ip", "iproute2");
        Prerequisites.requireCommand("nft", "nftables");
        ns = "wbu" + Integer.toHexString(0x100000 + ThreadLocalRandom.current().nextInt(0xEFFFFF)) + "n";
        NetnsPair.run("ip", "netns", "add", ns);
        NetnsPair.run("ip", "-n", ns, "link", "set", "lo", "up");
    }

    @AfterEach
    void deleteNamespace() {
        if (ns != null) {
            NetnsPair.run("ip", "netns", "del", ns);
        }
    }

    @Test
    @Timeout(120)
    void shouldReportTheLossTheNftCounterCountsWhenNftablesDropsFivePercent(@TempDir Path out) throws Exception {
        nft("add", "table", "inet", "wbu");
        nft("add", "chain", "inet", "wbu", "in", "{ type filter hook input priority 0; }");
        nft("add", "rule", "inet", "wbu", "in", "udp", "dport", Integer.toString(PORT), "udp", "length",
                Integer.toString(8 + PAYLOAD_BYTES), "numgen", "random", "mod", "100", "<", "5", "counter", "drop");

        List<String> log = runServerAndClient(out, 3000);

        long dropped = counterPackets(nft("list", "chain", "inet", "wbu", "in"));
        Map<String, String> row = UdpMatrixCommand.lastRow(out.resolve("udp.csv"));
        assertThat(dropped).as("the rule dropped something").isPositive();
        assertThat(Long.parseLong(row.get("sent"))).isEqualTo(TOTAL);
        assertThat(Long.parseLong(row.get("lost"))).as("log %s", log).isEqualTo(dropped);
        assertThat(Double.parseDouble(row.get("lost_pct"))).isEqualTo(dropped * 100.0 / TOTAL);
        assertThat(row.get("partial")).isEqualTo("0");
        assertThat(log).anyMatch(l -> l.contains("Packet Loss: %"));
        assertThat(Files.readString(out.resolve("run.json"))).contains("\"method\": \"epoll\"");
    }

    /** Runs an epoll server and a client (TOTAL DATA of 100 B, paced) in the namespace; returns the log. */
    private List<String> runServerAndClient(Path out, int idleTimeoutMs) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        List<String> server = new ArrayList<>(UdpMatrixCommand.javaCommand());
        server.addAll(List.of("run", "udp", "server", "--method", "epoll", "--bind", "127.0.0.1", "--port",
                Integer.toString(PORT), "--receive-buffer-size", "4194304", "--runs", "1", "--idle-timeout-ms", Integer.toString(idleTimeoutMs),
                "--out", out.toString()));
        Process sp = new ProcessBuilder(NetnsPair.inNamespace(ns, server)).redirectErrorStream(true).start();
        try {
            CountDownLatch listening = new CountDownLatch(1);
            Thread pump = pump(sp, log, listening);
            assertThat(listening.await(60, TimeUnit.SECONDS)).as("server listening; log %s", log).isTrue();
            List<String> client = new ArrayList<>(UdpMatrixCommand.javaCommand());
            client.addAll(List.of("run", "udp", "client", "--server", "127.0.0.1", "--port", Integer.toString(PORT),
                    "--payload", Integer.toString(PAYLOAD_BYTES), "--total", Integer.toString(TOTAL), "--rate", Integer.toString(RATE_PER_S)));
            Process cp = new ProcessBuilder(NetnsPair.inNamespace(ns, client)).redirectErrorStream(true).start();
            Thread cpump = pump(cp, log, null);
            assertThat(cp.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(cp.exitValue()).as("client exit; log %s", log).isZero();
            assertThat(sp.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(sp.exitValue()).as("server exit; log %s", log).isZero();
            pump.join();
            cpump.join();
        } finally {
            sp.destroyForcibly();
        }

        return log;
    }

    @Test
    @Timeout(120)
    void shouldEndWithinTheIdleTimeoutWithAPartialResultWhenNftablesDropsEveryEnd(@TempDir Path out) throws Exception {
        nft("add", "table", "inet", "wbu");
        nft("add", "chain", "inet", "wbu", "in", "{ type filter hook input priority 0; }");
        // END is 16 B of payload: UDP length 24; no other datagram of the run has that length
        nft("add", "rule", "inet", "wbu", "in", "udp", "dport", Integer.toString(PORT), "udp", "length",
                Integer.toString(8 + Datagrams.END_BYTES), "counter", "drop");

        List<String> log = runServerAndClient(out, 1000);

        long dropped = counterPackets(nft("list", "chain", "inet", "wbu", "in"));
        Map<String, String> row = UdpMatrixCommand.lastRow(out.resolve("udp.csv"));
        assertThat(dropped).as("every END repeat dropped").isEqualTo(5);
        assertThat(row.get("partial")).isEqualTo("1");
        assertThat(row.get("sent")).as("known from START").isEqualTo(Integer.toString(TOTAL));
        assertThat(Long.parseLong(row.get("received"))).isEqualTo(TOTAL);
        assertThat(log).anyMatch(l -> l.startsWith("warn: PARTIAL RESULT: no END arrived; the run ended after 1000 ms"));
    }

    static long counterPackets(String listing) {
        Matcher m = Pattern.compile("counter packets (\\d+)").matcher(listing);
        assertThat(m.find()).as("a counter in %s", listing).isTrue();
        return Long.parseLong(m.group(1));
    }

    private String nft(String... args) {
        List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", ns, "nft"));
        c.addAll(List.of(args));
        return NetnsPair.run(c.toArray(new String[0]));
    }

    private static Thread pump(Process p, List<String> log, CountDownLatch listening) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    log.add(line);
                    if (listening != null && line.startsWith("info: listening on")) {
                        listening.countDown();
                    }
                }
            } catch (java.io.IOException e) {
                // process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
