package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import wirebench.runner.RunnerMain;

/** A {@code wirebench campaign} of 1-second tests on loopback in this JVM, on ports the OS found free. */
final class LoopbackCampaign {
    private LoopbackCampaign() {
    }

    /** Runs the campaign into {@code out} with {@code options}; checks it exits 0 and returns its stdout. */
    static String run(Path out, String... options) throws IOException {
        int basePort = wirebench.testsupport.TestPorts.basePort();
        List<String> args = new ArrayList<>(List.of("campaign", "--out", out.toString()));
        args.addAll(Arrays.asList(options));
        args.addAll(List.of("--execution-time", "1", "--extra-arguments", "-basePort " + basePort));
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = RunnerMain.run(args.toArray(new String[0]), new PrintWriter(o, true), new PrintWriter(e, true));
        assertThat(code).as(o + "\n" + e).isZero();
        return o.toString();
    }
}
