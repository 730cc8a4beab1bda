package wirebench.runner.pubsub;

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

    /** A port p with p and p+1 free for UDP right now (the OS picks p). */
    static int freeBasePort() {
        for (int attempt = 0; attempt < 50; attempt++) {
            try (DatagramSocket a = new DatagramSocket(0)) {
                int p = a.getLocalPort();
                if (p >= 65534) {
                    continue;
                }
                try (DatagramSocket b = new DatagramSocket(p + 1)) {
                    return b.getLocalPort() - 1;
                } catch (SocketException e) {
                    // p+1 taken: try another
                }
            } catch (SocketException e) {
                throw new IllegalStateException("no UDP socket available", e);
            }
        }
        throw new IllegalStateException("no two adjacent free UDP ports found");
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
