package wirebench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.contract.CsvFamilyReader;
import wirebench.contract.JsonReader;

/**
 * Issue 29 item 3: SIGTERM ends any command within 2 s. Each command runs as a real process (its
 * own JVM), is sent SIGTERM once it is doing its work (measuring, waiting for a peer, serving), and
 * must have ended 2 s later, killed by the signal (exit 143), with what it writes left valid: a
 * measuring pub/sub run's results directory holds run.json marked {@code interrupted} and the
 * partial row of the size under way; a campaign stopped during its second test keeps the first
 * (valid rows, its state line), nothing of the second, leaves no child behind and resumes; a
 * campaign whose child ignores SIGTERM (a stuck Perftest) still ends in time (before, the hook gave
 * the child 5 s).
 */
class SigtermTest {
    @TempDir
    Path tmp;

    /** A runner command in a JVM of its own; stdout and stderr to files in {@link #tmp}. */
    private Process start(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED"));
        cmd.addAll(JavaOptions.fromEnvironment()); // the poms' options for fixture JVMs
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "wirebench.runner.RunnerMain"));
        cmd.addAll(args);
        return new ProcessBuilder(cmd).redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile()).start();
    }

    private String read(String file) throws IOException {
        return Files.readString(tmp.resolve(file), StandardCharsets.UTF_8);
    }

    /** Polls stdout+stderr until {@code ready} holds; fails if the process ends first or 60 s pass. */
    private void awaitWork(Process p, Predicate<String> ready) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!ready.test(read("out.txt") + read("err.txt"))) {
            assertThat(p.isAlive()).as("ended before it was working: %s", read("err.txt")).isTrue();
            assertThat(System.nanoTime() - deadline).as("not working after 60 s: %s", read("err.txt")).isNegative();
            Thread.sleep(50); // polling the output files for the line that says the command is at work
        }
    }

    private static int freePort() {
        return wirebench.testsupport.TestPorts.basePort();
    }

    /** A campaign of two 3 s throughput tests over loopback (Aeron), into {@code out}. */
    private List<String> campaign(Path out, String port, String... more) {
        List<String> args = new ArrayList<>(List.of("campaign", "--out", out.toString(), "--tests", "thr", "--sizes",
                "32,1024", "--reliability", "rel", "--keyed", "unkeyed", "--batching", "on", "--execution-time", "3",
                "--extra-arguments", "-basePort " + port));
        args.addAll(List.of(more));
        return args;
    }

    /**
     * A stand-in for a Perftest executable that ignores SIGTERM (as a process stuck in a system call
     * or a wrapper script may): it says it runs, then waits a minute.
     */
    private Path stubbornExecutable() throws IOException {
        Path exe = tmp.resolve("stubborn.sh");
        Files.writeString(exe, "#!/bin/sh\ntrap '' TERM\necho 'stubborn: running' >&2\nsleep 60\n",
                StandardCharsets.UTF_8);
        assertThat(exe.toFile().setExecutable(true)).isTrue();
        return exe;
    }

    @ParameterizedTest
    @ValueSource(strings = {"pubsub-measuring", "pubsub-waiting", "udp-server", "rpc-server", "campaign",
        "campaign-stubborn-child"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldEndWithin2SecondsWhenSentSigterm(String what) throws Exception {
        Path results = tmp.resolve("results");
        String port = Integer.toString(freePort());
        Path campaign = tmp.resolve("campaign");
        List<ProcessHandle> children = new ArrayList<>();
        Process p = switch (what) {
            case "campaign" -> start(campaign(campaign, port));
            case "campaign-stubborn-child" -> start(List.of("campaign", "--out", campaign.toString(), "--executable",
                    stubbornExecutable().toString(), "--role", "pub", "--tests", "lat", "--sizes", "32",
                    "--reliability", "rel", "--keyed", "unkeyed", "--batching", "on"));
            case "pubsub-measuring" -> start(List.of("run", "pubsub", "-bothRoles", "-transport", "TCP", "-basePort",
                    port, "-dataLen", "100", "-executionTime", "60", "--out", results.toString()));
            case "pubsub-waiting" -> start(List.of("run", "pubsub", "-sub", "-transport", "TCP", "-basePort", port,
                    "-discoveryTimeout", "60"));
            case "udp-server" -> start(List.of("run", "udp", "server", "--port", "0", "--bind", "127.0.0.1"));
            default -> start(List.of("run", "rpc", "server", "--port", "0", "--bind", "127.0.0.1"));
        };
        try {
            awaitWork(p, switch (what) {
                // the subscriber's second interval line: samples are flowing
                case "pubsub-measuring" -> s -> s.lines().filter(l -> l.matches("\\s*\\d+,\\s*\\d+,.*")).count() >= 2;
                case "pubsub-waiting" -> s -> s.contains("Waiting for data");
                case "udp-server" -> s -> s.contains("info: listening on");
                case "rpc-server" -> s -> s.contains("is up and ready on port");
                // the second test's child measuring (its stderr in its log): the first test is kept
                case "campaign" -> s -> test2Sends(campaign);
                default -> s -> logSays(campaign, "1-", "stubborn: running");
            });
            p.descendants().forEach(children::add);

            p.destroy(); // SIGTERM

            assertThat(p.waitFor(2, TimeUnit.SECONDS)).as("ended within 2 s of SIGTERM: %s", read("err.txt")).isTrue();
            assertThat(p.exitValue()).as(read("err.txt")).isEqualTo(143);
        } finally {
            p.destroyForcibly();
        }
        if (what.startsWith("campaign")) {
            assertThat(children).as("the child of the running test").isNotEmpty();
            assertThat(children).as("no child outlives the campaign").noneMatch(SigtermTest::running);
        }
        if (what.equals("campaign")) {
            checkInterruptedCampaign(campaign, port);
        }
        if (what.equals("campaign-stubborn-child")) {
            assertThat(read("err.txt")).contains("campaign: interrupted during test 1/1 ").contains(
                    "0 of 1 tests finished");
            assertThat(campaign.resolve("campaign-state.txt")).doesNotExist();
        }
        if (what.equals("pubsub-measuring")) {
            Object run = JsonReader.parse("run.json", Files.readString(results.resolve("run.json")));
            assertThat(((JsonReader.Obj) run).get("end_reason")).isEqualTo("interrupted");
            try (CsvFamilyReader r = CsvFamilyReader.open(results.resolve("pubsub-throughput.csv"))) {
                CsvFamilyReader.Row row = r.next();
                assertThat(row).as("the partial row").isNotNull();
                assertThat(row.text(r.header().indexOf("end_reason"))).isEqualTo("interrupted");
                assertThat(row.number(r.header().indexOf("total_samples"))).isGreaterThan(0);
                assertThat(r.next()).isNull();
            }
        }
    }

    /** Whether the second test's child has begun sending (its stderr in its log, {@code logs/2-...log}). */
    private static boolean test2Sends(Path campaign) {
        return logSays(campaign, "2-", "Sending data");
    }

    /** Whether the log of a test whose name starts with {@code prefix} holds {@code text}. */
    private static boolean logSays(Path campaign, String prefix, String text) {
        try (var s = Files.list(campaign.resolve("logs"))) {
            for (Path f : s.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
                if (Files.readString(f, StandardCharsets.ISO_8859_1).contains(text)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false; // no logs/ yet
        }
    }

    /** Alive and not a zombie (an orphan that ended may stay one where nothing reaps it). */
    private static boolean running(ProcessHandle h) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"));
            return h.isAlive() && stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false; // gone
        }
    }

    /**
     * A campaign SIGTERM'd during its second test: the first test kept (its state line, its rows and
     * rate slices valid), nothing of the second; --resume runs the second only, and then each test
     * is kept once.
     */
    private void checkInterruptedCampaign(Path campaign, String port) throws Exception {
        assertThat(read("err.txt")).contains("campaign: interrupted during test 2/2 ").contains(
                "1 of 2 tests finished");
        assertThat(Files.readAllLines(campaign.resolve("campaign-state.txt"))).hasSize(1);
        assertThat(campaign.resolve("campaign-commit.undo")).doesNotExist();
        Path results = campaign.resolve("results");
        assertThat(rows(results.resolve("pubsub-throughput.csv"))).hasSize(1);
        assertThat(rows(results.resolve("pubsub-throughput-intervals.csv"))).isNotEmpty();

        Process resumed = start(campaign(campaign, port, "--resume"));
        assertThat(resumed.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(resumed.exitValue()).as(read("err.txt")).isZero();
        assertThat(Files.readAllLines(campaign.resolve("campaign-state.txt"))).hasSize(2).doesNotHaveDuplicates();
        List<CsvFamilyReader.Row> rows = rows(results.resolve("pubsub-throughput.csv"));
        assertThat(rows).hasSize(2);
    }

    /** Every row of a family file, read (and so checked) by the contract's reader. */
    private static List<CsvFamilyReader.Row> rows(Path file) {
        List<CsvFamilyReader.Row> out = new ArrayList<>();
        try (CsvFamilyReader r = CsvFamilyReader.open(file)) {
            for (CsvFamilyReader.Row row = r.next(); row != null; row = r.next()) {
                assertThat(row.size()).as(file + ":" + row.line()).isEqualTo(r.header().size());
                out.add(row);
            }
        }
        return out;
    }
}
