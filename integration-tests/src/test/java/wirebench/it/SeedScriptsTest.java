package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.AnalyzerMain;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.parse.InputText;
import wirebench.analyzer.parse.Parsers;
import wirebench.runner.RunnerMain;
import wirebench.runner.cli.JavaOptions;

/**
 * RTI's published scripts and command lines (seeds 000, 001, 003) run against wirebench with
 * {@code exec wirebench run pubsub "$@"} in place of the perftest executable, both roles on
 * loopback. The scripts are read from {@code ../shared/seeds} at test time, never copied into the
 * repository. What is changed, and only that: the executable (a wrapper), the size lists and times
 * the scripts set (small sizes, 1 s per test, short sleeps, so CI stays quick), and the two things
 * that name the authors' machines (seed 003's {@code nic=172.16.x} and its payload file
 * {@code /performance/validation/resources/messages}, which RTI does not publish). A {@code sudo} stub
 * on PATH answers the scripts' {@code sudo /set_*_mode.sh}. Checked: every command exits 0 and every
 * output file the script names has rows that the analyzer's {@code stats} reads.
 */
class SeedScriptsTest {

    /** The shared directory's seeds: -Dwirebench.shared, else ../shared beside the repository. */
    private static Path seeds() {
        String prop = System.getProperty("wirebench.shared");
        Path repo = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
        List<Path> candidates = new ArrayList<>();
        if (prop != null) {
            candidates.add(Path.of(prop));
        }
        candidates.add(repo.resolve("../shared").normalize());
        for (Path c : candidates) {
            if (Files.isRegularFile(c.resolve("seeds/000_498cf7865140e16f.txt"))) {
                return c.resolve("seeds");
            }
        }
        String msg = "SeedScriptsTest SKIPPED: RTI's seed scripts not found (looked in " + candidates
                + "; set -Dwirebench.shared=DIR holding seeds/)";
        if (Boolean.getBoolean("wirebench.requireAll")) {
            fail(msg);
        }
        System.err.println("!!!!! " + msg);
        Assumptions.assumeTrue(false, msg);
        return null;
    }

    /** The perftest executable: a wrapper running {@code wirebench run pubsub "$@"} from this classpath. */
    private static Path wrapper(Path dir) throws IOException {
        // seed 000 cds to $(dirname executable)/../../.. as in an RTI build tree
        Path exe = dir.resolve("perftest/bin/x64Linux/release/perftest_cpp");
        Files.createDirectories(exe.getParent());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = "#!/bin/sh\nexec '" + java + "' --add-opens java.base/jdk.internal.misc=ALL-UNNAMED"
                + " --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED "
                // the poms' options for fixture JVMs (WIREBENCH_JAVA_OPTS)
                + String.join(" ", JavaOptions.fromEnvironment()) + " -Dfile.encoding=UTF-8 -cp '"
                + System.getProperty("java.class.path") + "' " + RunnerMain.class.getName() + " run pubsub \"$@\"\n";
        Files.writeString(exe, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path stubs = dir.resolve("stubs");
        Files.createDirectories(stubs);
        Path sudo = stubs.resolve("sudo");
        Files.writeString(sudo, "#!/bin/sh\necho \"sudo stub (SeedScriptsTest): $*\" >&2\nexit 0\n");
        Files.setPosixFilePermissions(sudo, PosixFilePermissions.fromString("rwxr-xr-x"));
        return exe;
    }

    private static Process start(Path dir, Path log, String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("PATH", dir.resolve("stubs") + ":" + System.getenv("PATH"));
        return pb.start();
    }

    private static void awaitAll(Map<String, Process> procs, Path dir, long timeoutS) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutS);
        try {
            for (Map.Entry<String, Process> e : procs.entrySet()) {
                long left = deadline - System.nanoTime();
                assertThat(e.getValue().waitFor(Math.max(1, left), TimeUnit.NANOSECONDS))
                        .as(e.getKey() + " ended within " + timeoutS + " s; log:\n" + log(dir, e.getKey())).isTrue();
                assertThat(e.getValue().exitValue()).as(e.getKey() + "; log:\n" + log(dir, e.getKey())).isZero();
            }
        } finally {
            for (Process p : procs.values()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    private static String log(Path dir, String name) throws IOException {
        Path f = dir.resolve(name + ".log");
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "(none)";
    }

    /** A file has rows the analyzer reads, and {@code wirebench stats} exits 0 on it. */
    private static void assertRowsStatsReads(Path file) throws IOException {
        assertThat(file).as("output file the script names").exists();
        ParsedInput in = Parsers.all().parse(InputText.read(file));
        long rows = in.tables().stream().mapToLong(t -> t.rows().size()).sum();
        assertThat(rows).as(file + " has rows (" + Files.readString(file, StandardCharsets.UTF_8) + ")").isPositive();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AnalyzerMain.run(new String[] {"stats", file.toString()}, new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertThat(code).as("stats " + file + ": " + err).isZero();
    }

    // ---------------------------------------------------------------------------------------- seed 000

    @Test
    @Timeout(value = 360, unit = TimeUnit.SECONDS)
    void shouldRunSeed000sCampaignScriptForBothTestKindsOverUdpAndTcp(@TempDir Path dir) throws Exception {
        String text = Files.readString(seeds().resolve("000_498cf7865140e16f.txt"), StandardCharsets.UTF_8);
        int a = text.indexOf("#!/bin/bash");
        int b = text.indexOf("#!/bin/bash", a + 1);
        String script = text.substring(a, b);
        // the size and time variables the script sets
        script = replaceOnce(script, "export datasizes=\"32 64 128 256 512 1024 2048 4096 8192 16384 32768 63000\"",
                "export datasizes=\"32\"");
        script = replaceOnce(script, "export datasizes_extended=\"${datasizes} 100000 500000 1048576 1548576 4194304"
                + " 10485760\"", "export datasizes_extended=\"${datasizes} 100000\"");
        script = replaceOnce(script, "export exec_time=20", "export exec_time=1");
        script = replaceOnce(script, "sleep 5", "sleep 1");
        Path base = dir.resolve("base_script/script.sh");
        Files.createDirectories(base.getParent());
        Files.writeString(base, script, StandardCharsets.UTF_8);
        Path exe = wrapper(dir);
        String subCore = Runtime.getRuntime().availableProcessors() > 1 ? "1" : "0";

        // the latency test over TCP (-peer 0@tcpv4_lan://IP:7400), the throughput test over UDPv4
        for (String[] kind : new String[][] {{"lat", "TCP"}, {"thr", "UDPv4"}}) {
            Map<String, Process> procs = new TreeMap<>();
            for (String role : List.of("sub", "pub")) {
                List<String> cmd = new ArrayList<>(List.of("bash", base.toString(), "--executable", exe.toString(),
                        "--output-folder", "out", "--role", role, "--test-kind", kind[0], "--transport", kind[1],
                        "--interface1", "127.0.0.1", "--interface2", "127.0.0.1", "--ip1", "127.0.0.1", "--ip2",
                        "127.0.0.1", "--execution-time", "1", "--no-colors", "--core", role.equals("sub") ? subCore
                                : "0"));
                if (kind[0].equals("thr")) {
                    // keyed and best effort run in the latency test; a ping every 100 samples gives the
                    // publisher's latency-under-load rows in 1 s
                    cmd.addAll(List.of("--skip-keyed", "--skip-be", "--extra-arguments-pub", "-latencyCount 100"));
                }
                String name = kind[0] + "-" + role;
                procs.put(name, start(dir, dir.resolve(name + ".log"), cmd.toArray(new String[0])));
            }
            awaitAll(procs, dir, 150);
        }
        Path out = dir.resolve("perftest/out");
        List<String> expected = new ArrayList<>();
        for (String role : List.of("pub", "sub")) {
            for (String k : List.of("unkeyed", "keyed")) {
                for (String r : List.of("rel", "be")) {
                    expected.add("lat_" + role + "_" + k + "_" + r + ".csv");
                }
            }
            expected.add("thr_" + role + "_unkeyed_rel.csv");
            expected.add("thr_" + role + "_unkeyed_rel_noBatch.csv");
        }
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactlyInAnyOrderElementsOf(expected);
        }
        for (String f : expected) {
            assertRowsStatsReads(out.resolve(f));
        }
        assertThat(log(dir, "lat-pub")).contains("-transport TCP").contains("-peer 0@tcpv4_lan://127.0.0.1:7400");
    }

    private static String replaceOnce(String text, String from, String to) {
        assertThat(text).as("the seed still says " + from).contains(from);
        return text.replace(from, to);
    }

    // ---------------------------------------------------------------------------------------- seed 001

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRunSeed001sPublisherAndSubscriberCommandLines(@TempDir Path dir) throws Exception {
        String text = Files.readString(seeds().resolve("001_617674056d01c67e.txt"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^> perftest_cpp (.*)$").matcher(text);
        List<String> lines = new ArrayList<>();
        while (m.find()) {
            lines.add(m.group(1).strip());
        }
        assertThat(lines).as("seed 001's publisher and subscriber lines").hasSize(2);
        String pub = lines.get(0);
        String sub = lines.get(1);
        assertThat(sub).as("the subscriber line gives no role").doesNotContain("-sub").doesNotContain("-pub");
        // the size and time values of the publisher's line
        pub = pub.replaceFirst("-scan \\S+", "-scan 32:1024").replaceFirst("-exec \\d+", "-exec 1");
        Path exe = wrapper(dir);
        Map<String, Process> procs = new TreeMap<>();
        procs.put("1-sub", start(dir, dir.resolve("1-sub.log"), "bash", "-c", "'" + exe + "' " + sub
                + " > sub.out 2> sub.err"));
        procs.put("2-pub", start(dir, dir.resolve("2-pub.log"), "bash", "-c", "'" + exe + "' " + pub
                + " > pub.out 2> pub.err"));
        try {
            awaitAll(procs, dir, 100);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\npub.err:\n" + read(dir.resolve("pub.err")) + "\nsub.err:\n"
                    + read(dir.resolve("sub.err")), e);
        }
        assertThat(read(dir.resolve("pub.err"))).contains("-nic lo0: macOS's name of the loopback interface");
        assertThat(read(dir.resolve("sub.err"))).contains("Roles: subscriber 0").doesNotContain("Roles: publisher");
        assertRowsStatsReads(dir.resolve("sub.out"));
        String subOut = read(dir.resolve("sub.out"));
        assertThat(subOut.lines().filter(l -> l.matches("\\s*(32|1024),.*")).count())
                .as("one throughput summary per scanned size:\n" + subOut).isEqualTo(2);
    }

    private static String read(Path f) throws IOException {
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "(none)";
    }

    // ---------------------------------------------------------------------------------------- seed 003

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void shouldRunSeed003sEightCompressionScripts(@TempDir Path dir) throws Exception {
        String text = Files.readString(seeds().resolve("003_cba860bd933c55f4.txt"), StandardCharsets.UTF_8);
        List<String> scripts = numberedScripts(text);
        assertThat(scripts).as("four publisher and four subscriber scripts").hasSize(8);
        Path exe = wrapper(dir);
        Path payload = dir.resolve("messages");
        StringBuilder words = new StringBuilder();
        for (int i = 0; words.length() < 200_000; i++) {
            words.append("{\"seq\":").append(i).append(",\"symbol\":\"ACME\",\"price\":").append(100 + i % 17)
                    .append("}\n");
        }
        Files.writeString(payload, words, StandardCharsets.UTF_8);
        List<Path> named = new ArrayList<>();
        for (int pair = 0; pair < 4; pair++) {
            Map<String, Process> procs = new TreeMap<>();
            for (int side = 0; side < 2; side++) {
                String s = scripts.get(2 * pair + side);
                // sizes, times and the authors' machine: nic and payload file
                s = s.replaceAll("for DATALEN in [0-9 ]+; do", "for DATALEN in 1024; do");
                s = s.replace("export exec_time=30", "export exec_time=1");
                s = s.replaceAll("sleep \\d+;", "sleep 1;");
                s = s.replaceAll("export nic=172\\.16\\.1\\.\\d", "export nic=127.0.0.1");
                s = s.replace("/performance/validation/resources/messages", payload.toString());
                Matcher files = Pattern.compile("my_file=\\$output_folder/(\\S+\\.csv)").matcher(s);
                while (files.find()) {
                    named.add(dir.resolve("out").resolve(files.group(1)));
                }
                Path f = dir.resolve("seed003-" + pair + "-" + side + ".sh");
                Files.writeString(f, s, StandardCharsets.UTF_8);
                String name = pair + "-" + (side == 0 ? "pub" : "sub");
                procs.put(name, start(dir, dir.resolve(name + ".log"), "bash", f.toString(), exe.toString(),
                        dir.resolve("out").toString()));
            }
            awaitAll(procs, dir, 120);
            for (String name : procs.keySet()) {
                assertThat(log(dir, name)).as(name).doesNotContain("Unknown option").doesNotContain("not supported");
            }
        }
        assertThat(named).hasSize(16);
        for (Path f : named) {
            String name = f.getFileName().toString();
            if (name.startsWith("thr_udpv4_pub_unkeyed_be") && Files.size(f) == 0) {
                // the latency under load of a best-effort throughput test: its pings can be lost when the
                // subscriber falls behind (a loaded machine); then the publisher prints no row, as
                // Perftest's does, and says so
                assertThat(dirLogs(dir)).contains("No Pong samples have been received in the Publisher side");
                continue;
            }
            assertRowsStatsReads(f);
        }
    }

    private static String dirLogs(Path dir) throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(x -> x.toString().endsWith(".log")).toList()) {
                b.append(Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return b.toString();
    }

    /**
     * Seed 003's scripts: after each "Publisher Side" / "Subscriber Side" heading, lines numbered
     * 1, 2, 3, ... (the page glued the numbers to the text); the numbers are stripped.
     */
    private static List<String> numberedScripts(String text) {
        List<String> scripts = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].strip().equals("Publisher Side") && !lines[i].strip().equals("Subscriber Side")) {
                continue;
            }
            StringBuilder s = new StringBuilder();
            int n = 1;
            for (int j = i + 1; j < lines.length && lines[j].startsWith(Integer.toString(n)); j++, n++) {
                s.append(lines[j].substring(Integer.toString(n).length())).append('\n');
            }
            if (n > 1) {
                scripts.add(s.toString());
            }
        }
        return scripts;
    }
}
