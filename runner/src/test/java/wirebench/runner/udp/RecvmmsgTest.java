package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.CsvFamilyReader;

/**
 * RECVMMSG for real: the server in a child JVM on a JDK 22+ (the tests run on 17), the client
 * here, loopback; and its refusal on a JDK below 22.
 */
class RecvmmsgTest {
    private static final Pattern LISTENING = Pattern.compile("info: listening on 127\\.0\\.0\\.1:(\\d+), method RECVMMSG");

    @Test
    void shouldNameTheJavaVersionAndTheFixWhenRefusingBelowJava22() {
        assertThat(NativeLinux.refusal(17, "Linux", "amd64")).hasValueSatisfying(m -> assertThat(m)
                .startsWith("recvmmsg needs Java 22+ (this is Java 17); run with JAVA_HOME=<a JDK 22+>"));
        assertThat(NativeLinux.refusal(22, "Linux", "amd64")).isEmpty();
        assertThat(NativeLinux.refusal(25, "Linux", "aarch64")).isEmpty();
        assertThat(NativeLinux.refusal(25, "Mac OS X", "aarch64")).hasValue(
                "recvmmsg needs Linux on x86-64 or aarch64 (this is Mac OS X on aarch64)");
    }

    @Test
    @Timeout(120)
    void shouldExitWithUsageErrorAndOneLineWhenRunOnJava17(@TempDir Path dir) throws Exception {
        Path java = Jdks.requireJavaBelow22();
        Process p = new ProcessBuilder(childJvm(java, "run", "udp", "server", "--method", "recvmmsg", "--port", "0",
                "--runs", "1", "--out", dir.resolve("out").toString()))
                .redirectError(dir.resolve("err").toFile()).redirectOutput(dir.resolve("out.log").toFile()).start();
        assertThat(p.waitFor(100, TimeUnit.SECONDS)).as("refused at once").isTrue();

        assertThat(p.exitValue()).isEqualTo(2);
        List<String> err = Files.readAllLines(dir.resolve("err"));
        assertThat(err).hasSize(1);
        assertThat(err.get(0)).startsWith("recvmmsg needs Java 22+ (this is Java " + Jdks.feature(java.getParent().getParent())
                + "); run with JAVA_HOME=<a JDK 22+>");
        assertThat(dir.resolve("out")).as("nothing opened before the refusal").doesNotExist();
    }

    @Test
    @Timeout(180)
    void shouldCountEveryDatagramExactlyWhenRecvmmsgServesRunsOnJava22(@TempDir Path dir) throws Exception {
        Path jdk = Jdks.requireJdk22();
        Path out = dir.resolve("results");
        // 4 MiB (the kernel books 8 MiB) holds every datagram of both runs even if the child is not
        // scheduled at all while the client sends, so any shortfall is the receiver's miscount
        Process server = new ProcessBuilder(childJvm(jdk.resolve("bin/java"), "run", "udp", "server", "--method",
                "recvmmsg", "--bind", "127.0.0.1", "--port", "0", "--runs", "3", "--receive-buffer-size", "4194304",
                "--idle-timeout-ms", "60000", "--out", out.toString())).redirectErrorStream(true).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null;) {
                    lines.add(l);
                }
            } catch (java.io.IOException e) {
                lines.add("reader: " + e);
            }
        });
        reader.start();
        try {
            List<String> seen = new ArrayList<>();
            int port = -1;
            while (port < 0) {
                String l = lines.poll(90, TimeUnit.SECONDS);
                assertThat(l).as("the child server's listening line; so far: %s", seen).isNotNull();
                seen.add(l);
                Matcher m = LISTENING.matcher(l);
                if (m.find()) {
                    port = Integer.parseInt(m.group(1));
                }
            }
            InetSocketAddress to = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
            // 3000 small ones unpaced (batches fill up to 64), 1000 at the MTU, 7 too short for a run id
            long[][] runs = {{32, 3000}, {1472, 1000}, {7, 500}};
            for (long[] r : runs) {
                UdpClient.Report rep = new UdpClient(new ClientConfig(to, (int) r[0], r[1], true, 0, Scheduler.OTHER, 0,
                        5, 30_000), l -> { }).run();
                assertThat(rep.sent()).isEqualTo(r[1]);
            }
            assertThat(server.waitFor(90, TimeUnit.SECONDS)).as("server served 3 runs and exited").isTrue();
            reader.join(10_000);
            assertThat(server.exitValue()).as("exit; output: %s", lines).isZero();
            assertThat(seen.get(seen.size() - 1)).contains("recvmmsg(2) up to 64 datagrams per call");

            List<java.util.Map<String, String>> rows = rows(out.resolve("udp.csv"));
            assertThat(rows).hasSize(runs.length);
            for (int i = 0; i < runs.length; i++) {
                java.util.Map<String, String> row = rows.get(i);
                assertThat(row).containsEntry("method", "recvmmsg").containsEntry("payload_bytes", String.valueOf(runs[i][0]))
                        .containsEntry("sent", String.valueOf(runs[i][1])).containsEntry("received", String.valueOf(runs[i][1]))
                        .containsEntry("lost", "0").containsEntry("received_bytes", String.valueOf(runs[i][0] * runs[i][1]));
            }
            assertThat(rows.get(0)).containsEntry("duplicates", "0").containsEntry("reordered", "0");
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The rows of a udp.csv, column name to raw cell. */
    private static List<java.util.Map<String, String>> rows(Path csv) {
        List<java.util.Map<String, String>> rows = new ArrayList<>();
        try (CsvFamilyReader r = CsvFamilyReader.open(csv)) {
            for (CsvFamilyReader.Row row : r) {
                java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
                for (int i = 0; i < row.size(); i++) {
                    m.put(row.header().get(i), row.raw(i));
                }
                rows.add(m);
            }
        }
        return rows;
    }

    /** {@code java} with the launcher's options and this test's class path, running the runner's main. */
    private static List<String> childJvm(Path java, String... args) {
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED", "-Duser.language=de", "-Duser.country=DE", "-cp",
                System.getProperty("java.class.path"), "wirebench.runner.RunnerMain"));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
