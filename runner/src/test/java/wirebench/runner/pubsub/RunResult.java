package wirebench.runner.pubsub;

import wirebench.testsupport.TestPorts;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import wirebench.runner.RunnerMain;

/** A finished {@code wirebench run pubsub} in this JVM: exit code, stdout, stderr. */
record RunResult(int exitCode, String out, String err) {

    static RunResult run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("run", "pubsub"));
        all.addAll(Arrays.asList(args));
        int code = RunnerMain.run(all.toArray(new String[0]), new PrintWriter(out, true), new PrintWriter(err, true));
        return new RunResult(code, out.toString(), err.toString());
    }

    /**
     * The command of {@code wirebench run pubsub args} in a JVM of its own: this JVM's {@code java},
     * the launcher's opens, the poms' options for fixture JVMs and this test's class path.
     */
    static List<String> childJvm(String... args) {
        List<String> cmd = new ArrayList<>(List.of(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED"));
        cmd.addAll(wirebench.runner.cli.JavaOptions.fromEnvironment());
        cmd.addAll(List.of("-Dfile.encoding=UTF-8", "-cp", System.getProperty("java.class.path"),
                "wirebench.runner.RunnerMain", "run", "pubsub"));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    /** A port p with p and p+1 free for UDP right now, outside the ephemeral range ({@link TestPorts}). */
    static int freeBasePort() {
        return TestPorts.basePort();
    }

    /** The non-empty, non-header lines of stdout split on ',' and trimmed (Perftest CSV rows). */
    List<String[]> csvRows() {
        List<String[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.isBlank() || !Character.isWhitespace(line.charAt(0)) && !Character.isDigit(line.charAt(0))) {
                continue;
            }
            String[] f = line.split(",");
            for (int i = 0; i < f.length; i++) {
                f[i] = f[i].trim();
            }
            rows.add(f);
        }
        return rows;
    }
}
