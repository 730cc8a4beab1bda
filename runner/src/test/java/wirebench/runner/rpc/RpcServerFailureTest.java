package wirebench.runner.rpc;

import wirebench.testsupport.Prerequisites;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.runner.RunnerMain;
import wirebench.runner.cli.JavaOptions;

/**
 * A server in its own JVM that dies (SIGKILL) or stops answering (SIGSTOP) in the middle of a run:
 * the client must end with exit 1 and a clear message, keeping the finished cases in rpc.csv.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RpcServerFailureTest {
    private static final Pattern READY = Pattern.compile("is up and ready on port (\\d+)\\.");

    private Process serverProcess;

    @AfterEach
    void stopServer() throws InterruptedException {
        if (serverProcess != null && serverProcess.isAlive()) {
            serverProcess.destroyForcibly();
            serverProcess.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Starts {@code wirebench run rpc server --port 0} in a child JVM and returns its port. */
    private int startChildServer() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(JavaOptions.fromEnvironment()); // the poms' options for fixture JVMs
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), RunnerMain.class.getName(), "run",
                "rpc", "server", "--port", "0", "--bind", "127.0.0.1"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        serverProcess = pb.start();
        BufferedReader r = new BufferedReader(new InputStreamReader(serverProcess.getInputStream(),
                StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) { // ends when the child exits; the class @Timeout bounds it
            Matcher m = READY.matcher(line);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        throw new AssertionError("the server JVM exited without becoming ready");
    }

    private record Outcome(int exitCode, String out, String err, long msAfterFault) {
    }

    /**
     * Runs a client that cannot finish soon (echo, then outbound 50000-byte packets), injects
     * {@code fault} once the first case is on disk and returns how the client ended.
     */
    private Outcome runClientAndFault(Path dir, Runnable fault, int timeoutMs) throws Exception {
        int port = startChildServer();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] args = {"run", "rpc", "client", "--host", "127.0.0.1", "--port", Integer.toString(port),
                "--calls", "2000", "--cases", "echo,out-50000", "--timeout-ms", Integer.toString(timeoutMs),
                "--out", dir.toString()};
        CompletableFuture<Integer> client = CompletableFuture.supplyAsync(
                () -> RunnerMain.run(args, new PrintWriter(out), new PrintWriter(err)));
        Path csv = dir.resolve("rpc.csv");
        while (!client.isDone() && dataRows(csv) < 1) { // the class @Timeout is the deadline
            Thread.sleep(5);
        }
        assertThat(client.isDone()).as("the client ended before the fault: " + out + err).isFalse();
        long faultNs = System.nanoTime();
        fault.run();
        int code = client.get(60, TimeUnit.SECONDS);
        return new Outcome(code, out.toString(), err.toString(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - faultNs));
    }

    private static int dataRows(Path csv) {
        try {
            return Files.exists(csv) ? Math.max(0, Files.readAllLines(csv, StandardCharsets.UTF_8).size() - 2) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    @Test
    void shouldEndTheClientWithExitOneAndKeepFinishedCasesWhenTheServerIsKilled(@TempDir Path dir) throws Exception {
        Outcome o = runClientAndFault(dir, () -> serverProcess.destroyForcibly(), 5000);

        assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
        assertThat(o.err().strip()).matches("rpc client: case 2 \\(outbound packets with size 50000\\) failed after "
                + "\\d+ of 2000 calls: .*; the server at 127\\.0\\.0\\.1:\\d+ is dead or not answering; the 1 finished "
                + "cases are in .*rpc\\.csv");
        // not a band: the contract is the client's own no-progress watchdog (2 x --timeout-ms + 2 s);
        // without it a dead server could leave the client waiting forever
        assertThat(o.msAfterFault()).isLessThan(2 * 5000 + 2000);
        List<String> lines = Files.readAllLines(dir.resolve("rpc.csv"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).startsWith("single,1,echo,echo calls,1,,2000,2000,");
        assertThat(Files.readString(dir.resolve("run.json"))).contains("\"end_utc\": null").contains("\"rpc_failure\"");
        assertThat(o.out()).contains("\t1 - echo calls, Performed 2000 in ").doesNotContain("Finished Test In");
    }

    @Test
    void shouldEndTheClientWithinTheTimeoutWhenTheServerStopsAnswering(@TempDir Path dir) throws Exception {
        Prerequisites.require(killCommand() != null, "a kill command to send SIGSTOP", "apt-get install procps ("
                + Prerequisites.SETUP + ")");
        Outcome o = runClientAndFault(dir, () -> signal("-STOP"), 1000);

        assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
        // the socket read timeout (1 s) or, when the stall hits elsewhere in RMI (e.g. a new connection's
        // handshake on a loaded machine), the no-progress watchdog (2 x 1 s + 2 s) ends it: both say so
        assertThat(o.err()).contains("case 2 (outbound packets with size 50000)").contains("not answering")
                .contains("the 1 finished cases are in");
        // not a band: below the default 10 s timeout proves the 1 s one was applied (a frozen server
        // would otherwise hold the client for 10 s, or forever without any timeout)
        assertThat(o.msAfterFault()).isLessThan(wirebench.runner.rpc.TimeoutSocketFactory.DEFAULT_TIMEOUT_MS);
        assertThat(Files.readAllLines(dir.resolve("rpc.csv"), StandardCharsets.UTF_8)).hasSize(3);
        signal("-CONT");
    }

    private static String killCommand() {
        for (String p : new String[] {"/bin/kill", "/usr/bin/kill"}) {
            if (Files.isExecutable(Path.of(p))) {
                return p;
            }
        }
        return null;
    }

    private void signal(String sig) {
        try {
            Process kill = new ProcessBuilder(killCommand(), sig, Long.toString(serverProcess.pid())).inheritIO().start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(kill.exitValue()).isZero();
        } catch (IOException e) {
            throw new AssertionError("cannot run kill", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
