package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The stand-in for perftest_cpp (perftest-standin/perftest_standin.sh and its recorded outputs). */
final class PerftestStandIn {
    private static final String DIR = "/wirebench/runner/campaign/perftest-standin/";

    private PerftestStandIn() {
    }

    /** Copies the stand-in and its recordings into {@code bin}; returns the executable script. */
    static Path install(Path bin) throws IOException {
        Files.createDirectories(bin);
        for (String f : List.of("perftest_standin.sh", "pub-latency-rel.csv", "pub-latency-be.csv",
                "sub-throughput.csv")) {
            try (InputStream in = PerftestStandIn.class.getResourceAsStream(DIR + f)) {
                Files.copy(in, bin.resolve(f));
            }
        }
        Path exe = bin.resolve("perftest_standin.sh");
        assertThat(exe.toFile().setExecutable(true)).isTrue();
        return exe;
    }
}
