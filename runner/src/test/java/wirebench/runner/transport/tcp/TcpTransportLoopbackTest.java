package wirebench.runner.transport.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.runner.RunnerMain;

/** {@code -transport TCP} and {@code TLS}: both tests over loopback, every sample accounted for. */
class TcpTransportLoopbackTest {

    private record Run(int code, String out, String err) {
        List<String[]> rows() {
            List<String[]> rows = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (!line.isBlank() && (Character.isDigit(line.strip().charAt(0)))) {
                    rows.add(Arrays.stream(line.split(",")).map(String::strip).toArray(String[]::new));
                }
            }
            return rows;
        }
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("run", "pubsub", "-bothRoles"));
        all.addAll(List.of(args));
        int code = RunnerMain.run(all.toArray(new String[0]), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private static String port() {
        return Integer.toString(wirebench.testsupport.TestPorts.basePort());
    }

    @ParameterizedTest
    @ValueSource(strings = {"TCP", "TLS", "TCP-nonblocking"})
    @Timeout(120)
    void shouldMeasureEveryPingOverTheStream(String transport) {
        boolean spin = transport.endsWith("-nonblocking");
        String second = spin ? "1024" : "100000"; // two spinning roles on a small machine: keep it short
        List<String> a = new ArrayList<>(List.of("-transport", transport.replace("-nonblocking", ""), "-basePort", port(),
                "-latencyTest", "-scan", "32:" + second, "-numIter", "500", "-noPrintIntervals"));
        if (spin) {
            a.add("-noBlockingSockets");
        }
        Run r = run(a.toArray(new String[0]));

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.rows()).hasSize(2);
        assertThat(r.rows().get(0)[0]).isEqualTo("32");
        assertThat(r.rows().get(1)[0]).isEqualTo(second);
        assertThat(r.err()).contains("Transport: " + transport.replace("-nonblocking", ""));
        if (transport.equals("TLS")) {
            assertThat(r.err()).contains("this user's certificate " + java.nio.file.Path.of(System.getProperty(
                    "user.home"), ".wirebench", "tls", "cert.pem")).contains("peers must present this same certificate");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TCP", "TLS"})
    @Timeout(120)
    void shouldDeliverEverySampleOfAThroughputTest(String transport) {
        Run r = run("-transport", transport, "-basePort", port(), "-dataLen", "1000", "-numIter", "50000",
                "-latencyCount", "1000", "-noPrintIntervals");

        assertThat(r.code()).as(r.err()).isZero();
        String[] row = r.rows().get(0);
        assertThat(row[0]).isEqualTo("1000");
        assertThat(row[1]).as("total samples").isEqualTo("50000");
        assertThat(row[4]).as("lost").isEqualTo("0");
    }

    /** A self-signed EC certificate and its PKCS#8 key (PEM), made by openssl. */
    private static void certificate(java.nio.file.Path dir, String name) throws Exception {
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", dir.resolve(name + ".key").toString(), "-out",
                dir.resolve(name + ".pem").toString(), "-subj", "/CN=" + name, "-days", "2")
                .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile()).start();
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(java.nio.file.Files.readString(dir.resolve(name + ".log"))).isZero();
    }

    @org.junit.jupiter.api.Test
    @Timeout(120)
    void shouldAuthenticatePeersWithTheGivenCertificateAndRefuseAnotherAuthority(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        wirebench.testsupport.Prerequisites.requireCommand("openssl", "openssl");
        certificate(dir, "wb");
        certificate(dir, "other");
        String cert = dir.resolve("wb.pem").toString();
        String key = dir.resolve("wb.key").toString();

        Run ok = run("-transport", "TLS", "-basePort", port(), "-latencyTest", "-dataLen", "64", "-numIter", "300",
                "-noPrintIntervals", "-transportCertFile", cert, "-transportPrivateKey", key,
                "-transportCertAuthority", cert);
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.rows()).hasSize(1);
        assertThat(ok.err()).contains("certificate " + cert + " (CN=wb); peers verified against " + cert);

        Run refused = run("-transport", "TLS", "-basePort", port(), "-latencyTest", "-dataLen", "64", "-numIter",
                "300", "-noPrintIntervals", "-discoveryTimeout", "5", "-transportCertFile", cert,
                "-transportPrivateKey", key, "-transportCertAuthority", dir.resolve("other.pem").toString());
        assertThat(refused.code()).as("a handshake refused is a configuration error (README)\n" + refused.err()).isEqualTo(3);
        assertThat(refused.err()).contains("TLS: handshake with").doesNotContain("Exception in thread");
    }
}
