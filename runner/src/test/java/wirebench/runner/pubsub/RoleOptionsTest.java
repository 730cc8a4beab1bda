package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import picocli.CommandLine;

/** Perftest's check_incompatible_parameters: one role's options given to the other are refused. */
class RoleOptionsTest {

    @ParameterizedTest
    @CsvSource({"-sub,-executionTime,5,-executionTime: a publisher option, not for -sub",
            "-sub,-exec,5,-executionTime: a publisher option, not for -sub",
            "-sub,-pubRate,1000,-pubRate: a publisher option, not for -sub",
            "-sub,-batchSize,0,-batchSize: a publisher option, not for -sub",
            "-pub,-numPublishers,2,-numPublishers: a subscriber option, not for -pub",
            "-pub,-sidMultiSubTest,1,-sidMultiSubTest: a subscriber option, not for -pub"})
    void shouldRefuseTheOtherRolesOptionOnOneLine(String role, String option, String value, String expected) {
        RunResult r = RunResult.run(role, option, value, "-discoveryTimeout", "1");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith(expected).doesNotContain("\n");
    }

    @Test
    void shouldRefuseAValuelessPublisherOptionOnASubscriber() {
        RunResult r = RunResult.run("-sub", "-latencyTest", "-discoveryTimeout", "1");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("-latencyTest: a publisher option, not for -sub");
    }

    @Test
    void shouldAcceptEveryOptionWithBothRolesInOneProcessAndScanOnASubscriber() {
        PubSubCommand both = new PubSubCommand();
        new CommandLine(both).parseArgs("-bothRoles", "-executionTime", "5", "-numPublishers", "1", "-batchSize", "0");
        assertThat(both.resolve().publisher()).isTrue();

        PubSubCommand sub = new PubSubCommand();
        new CommandLine(sub).parseArgs("-sub", "-scan", "32:1024");
        assertThat(sub.resolve().sizesBytes()).containsExactly(32, 1024);
    }
}
