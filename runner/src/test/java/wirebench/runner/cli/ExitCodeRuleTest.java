package wirebench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.runner.RunnerMain;

/**
 * Issue 29 item 4, runner side: one exit-code rule everywhere. A usage or configuration error is
 * the first line on stderr (not one after the configuration banner), the rpc commands exit as the
 * udp commands and the README's table say (an unknown address or host is a usage error, 2), and a
 * campaign's --out that is a file is bad input (3), in the dry run too.
 */
class ExitCodeRuleTest {
    @TempDir
    Path tmp;

    private record Result(int exitCode, String out, String err) {
        /** The first line on stderr that is not blank. */
        String firstErrLine() {
            return err.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
        }
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RunnerMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldPrintTheUsageErrorFirstWhenTheThreadingModeIsUnknown() {
        Result r = run("run", "pubsub", "-bothRoles", "-latencyTest", "-numIter", "100", "-threadingMode", "FOO");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.firstErrLine()).as(r.err())
                .isEqualTo("-threadingMode: expected SHARED, SHARED_NETWORK, DEDICATED, INVOKER, got 'FOO'");
        assertThat(r.err()).doesNotContain("Roles: ");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldPrintTheKeyErrorFirstWhenTheCertificateFileHoldsNoCertificate() throws IOException {
        Path cert = Files.writeString(tmp.resolve("cert.pem"), "not a certificate\n");
        Path key = Files.writeString(tmp.resolve("key.pem"), "not a key\n");

        Result r = run("run", "pubsub", "-bothRoles", "-latencyTest", "-numIter", "100", "-transport", "TLS",
                "-basePort", "29461", "-transportCertFile", cert.toString(), "-transportPrivateKey", key.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.firstErrLine()).as(r.err()).startsWith(cert + ": expected a PEM certificate");
        assertThat(r.err()).doesNotContain("Roles: ").doesNotContain("\tat ");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldExit2LikeTheUdpServerWhenTheRpcServersBindAddressIsUnknown() {
        Result udp = run("run", "udp", "server", "--port", "0", "--bind", "999.1.1.1");
        Result rpc = run("run", "rpc", "server", "--port", "0", "--bind", "999.1.1.1");

        assertThat(udp.exitCode()).as(udp.err()).isEqualTo(2);
        assertThat(rpc.exitCode()).as(rpc.err()).isEqualTo(2);
        assertThat(rpc.err().strip()).isEqualTo("--bind: unknown address '999.1.1.1'");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldExit2LikeTheUdpClientWhenTheRpcClientsHostIsUnknown() {
        Result udp = run("run", "udp", "client", "--server", "no-such-host.invalid", "--total", "1");
        Result rpc = run("run", "rpc", "client", "--host", "no-such-host.invalid", "--calls", "1");

        assertThat(udp.exitCode()).as(udp.err()).isEqualTo(2);
        assertThat(rpc.exitCode()).as(rpc.err()).isEqualTo(2);
        assertThat(rpc.err().strip()).isEqualTo("--host: unknown host 'no-such-host.invalid'");
        assertThat(rpc.out()).as("nothing printed before the error").isEmpty();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldExit3WhenTheCampaignsOutIsAFileEvenInADryRun() throws IOException {
        Path file = Files.writeString(tmp.resolve("passwd"), "root:x:0:0::/root:/bin/sh\n");

        Result r = run("campaign", "--out", file.toString(), "--sizes", "32", "--tests", "lat", "--dry-run");
        Path below = file.resolve("campaign");
        Result under = run("campaign", "--out", below.toString(), "--sizes", "32", "--tests", "lat", "--dry-run");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err().strip()).isEqualTo("--out " + file + ": not a directory; --out names the campaign directory"
                + " (made when missing)");
        assertThat(r.out()).as("no test listed").doesNotContain("Test ");
        assertThat(under.exitCode()).as(under.err()).isEqualTo(3);
        assertThat(under.err().strip()).isEqualTo("--out " + below + ": its parent " + file + " is not a directory;"
                + " --out names the campaign directory (made when missing)");
        assertThat(Files.readString(file)).isEqualTo("root:x:0:0::/root:/bin/sh\n");
    }
}
