package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** A legacy Perftest log and a wirebench results directory of the same test compare point by point. */
class CompareMixedInputsTest {
    private static final String LEGACY = "../sample-data/perftest/seed001_pub_console_2.3.2.txt";

    @Test
    void shouldMatchEverySizeOfALegacyLogAgainstAResultsDirectory(@TempDir Path dir) {
        Path converted = dir.resolve("converted");
        assertThat(Cli.run("convert", LEGACY, "--out", converted.toString()).exitCode()).isZero();

        Cli r = Cli.run("compare", LEGACY, converted.toString(), "--format", "json", "--fail-on", "p99_us>+1%");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"only_in_baseline\": []").contains("\"only_in_candidate\": []")
                .contains("\"point\": \"latency 32 B\"").contains("\"point\": \"latency 63000 B\"")
                .doesNotContain("\"delta_pct\": -").contains("no significance test (n=1)");
        // 7 sizes x 9 latency metrics
        assertThat(r.out().split("\"point\": \"latency ", -1)).hasSize(7 * 9 + 1);
    }
}
