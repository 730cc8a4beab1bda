package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.contract.JsonReader;
import wirebench.runner.RunnerMain;
import wirebench.testsupport.Prerequisites;

/**
 * Stray clients on a TCP/TLS subscriber's data port (random bytes, a 2147483647-byte frame length,
 * a TLS client with its own self-signed certificate) are closed and counted, one stderr line each,
 * and the subscriber still measures its real publisher afterwards (issue 29, item 1). Over TLS the
 * stranger's certificate is refused at the handshake, whether the run's certificate is given or is
 * this user's.
 */
class StrayConnectionTest {

    private record Live(CompletableFuture<Integer> exit, StringWriter out, StringWriter err) {
    }

    private static Live start(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("run", "pubsub"));
        all.addAll(args);
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> RunnerMain.run(all.toArray(
                new String[0]), new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Live(exit, out, err);
    }

    /** Connects to the subscriber's data port, retrying until it listens (or the subscriber ended). */
    private static Socket connect(int port, Live sub) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return s;
            } catch (IOException e) {
                if (sub.exit().isDone() || System.nanoTime() > deadline) {
                    throw new AssertionError("the subscriber never listened: " + sub.err(), e);
                }
                Thread.sleep(20); // the subscriber has not bound its port yet
            }
        }
    }

    /** Waits until the subscriber has said {@code count} times that it closed a stray. */
    private static void awaitStrays(Live sub, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (sub.err().toString().split("not a peer of this run", -1).length - 1 < count
                && !sub.exit().isDone() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(sub.exit()).as("the subscriber ended on a stray: %s", sub.err()).isNotDone();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TCP", "TLS", "TLS-pinned"})
    @Timeout(150)
    void shouldCountStrayConnectionsAndStillMeasureWhenStrangersConnectFirst(String mode, @TempDir Path dir)
            throws Exception {
        String transport = mode.replace("-pinned", "");
        int base = RunResult.freeBasePort();
        List<String> common = new ArrayList<>(List.of("-transport", transport, "-basePort", Integer.toString(base),
                "-noPrintIntervals", "-dataLen", "200", "-discoveryTimeout", "60"));
        Prerequisites.requireCommand("openssl", "openssl");
        if (mode.endsWith("-pinned")) {
            certificate(dir, "run");
            common.addAll(List.of("-transportCertFile", dir.resolve("run.pem").toString(), "-transportPrivateKey",
                    dir.resolve("run.key").toString()));
        }
        Path subDir = dir.resolve("sub");
        List<String> subArgs = new ArrayList<>(common);
        subArgs.addAll(List.of("-sub", "--out", subDir.toString()));
        Live sub = start(subArgs);

        int strays = 0;
        if (transport.equals("TCP")) {
            byte[] junk = new byte[4096];
            new Random(29).nextBytes(junk);
            try (Socket s = connect(base, sub)) {
                s.getOutputStream().write(junk);
                awaitStrays(sub, ++strays);
            }
            try (Socket s = connect(base, sub)) {
                new DataOutputStream(s.getOutputStream()).writeInt(Integer.MAX_VALUE);
                s.shutdownOutput(); // four bytes and an end: no greeting will come
                awaitStrays(sub, ++strays);
            }
            try (Socket s = connect(base, sub)) { // a stream's greeting, then a length no peer sends
                DataOutputStream o = new DataOutputStream(s.getOutputStream());
                o.write("WBSTDATA".getBytes(StandardCharsets.US_ASCII));
                o.writeInt(Integer.MAX_VALUE);
                o.flush();
                awaitStrays(sub, ++strays);
            }
        } else {
            connect(base, sub).close(); // a connection without a handshake: a failed handshake
            awaitStrays(sub, ++strays);
            strangerTls(dir, base);
            awaitStrays(sub, ++strays);
        }

        List<String> pubArgs = new ArrayList<>(common);
        pubArgs.addAll(List.of("-pub", "-numIter", "20000", "-latencyCount", "100"));
        Live pub = start(pubArgs);
        int pubExit = pub.exit().get(120, TimeUnit.SECONDS);
        int subExit = sub.exit().get(120, TimeUnit.SECONDS);

        assertThat(pubExit).as(pub.err().toString()).isZero();
        assertThat(subExit).as(sub.err().toString()).isZero();
        String[] row = new RunResult(subExit, sub.out().toString(), "").csvRows().get(0);
        assertThat(row[1].trim()).as("samples received").isEqualTo("20000");
        assertThat(sub.err().toString()).contains(transport + ": closed a connection from /127.0.0.1:");
        if (transport.equals("TLS")) {
            // the silent connection and the stranger's certificate: both refused at the handshake, with the
            // run's certificate given or not (this user's), never let through to the greeting
            assertThat(sub.err().toString().split("TLS handshake failed", -1).length - 1).as(sub.err().toString())
                    .isEqualTo(2);
        }
        Object runJson = JsonReader.parse("run.json", Files.readString(subDir.resolve("run.json")));
        assertThat(((Number) ((JsonReader.Obj) runJson).get("stray_connections")).longValue()).isEqualTo(strays);
    }

    /**
     * A TLS stranger: openssl's client with a self-signed certificate of its own, sending 8 bytes
     * that are no greeting; returns once it has ended (refused at the handshake, or sent and closed).
     */
    private static void strangerTls(Path dir, int port) throws Exception {
        certificate(dir, "stranger");
        Process p = new ProcessBuilder("openssl", "s_client", "-quiet", "-tls1_3", "-connect", "127.0.0.1:" + port,
                "-cert", dir.resolve("stranger.pem").toString(), "-key", dir.resolve("stranger.key").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("s_client.log").toFile()).start();
        try (OutputStream o = p.getOutputStream()) {
            o.write(new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3, 4});
        } catch (IOException refused) {
            // the client already ended: refused at the handshake
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(Files.readString(dir.resolve("s_client.log"))).isTrue();
    }

    /** A self-signed EC certificate and its PKCS#8 key (PEM), made by openssl. */
    private static void certificate(Path dir, String name) throws Exception {
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", dir.resolve(name + ".key").toString(), "-out",
                dir.resolve(name + ".pem").toString(), "-subj", "/CN=" + name, "-days", "2")
                .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve(name + ".log"))).isZero();
    }
}
