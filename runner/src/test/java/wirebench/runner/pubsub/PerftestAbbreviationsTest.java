package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import picocli.CommandLine.Model.CommandSpec;
import wirebench.contract.WirebenchException;
import wirebench.runner.RunnerMain;

/** Perftest's abbreviated, case-insensitive option names on {@code run pubsub}. */
class PerftestAbbreviationsTest {

    private static final CommandSpec SPEC = RunnerMain.commandLine().getSubcommands().get("run").getSubcommands()
            .get("pubsub").getCommandSpec();

    private static String[] expand(String... args) {
        return PerftestAbbreviations.expand(args, SPEC);
    }

    @Test
    void shouldWriteOutThePerftestExamples() {
        assertThat(expand("-exec", "10", "-noPrint", "-pub")).containsExactly("-executionTime", "10",
                "-noPrintIntervals", "-pub");
        assertThat(expand("-latency", "100")).as("first in Perftest's order: latencyCount before latencyTest")
                .containsExactly("-latencyCount", "100");
        assertThat(expand("-latencyT", "-dataL", "32")).containsExactly("-latencyTest", "-dataLen", "32");
    }

    @Test
    void shouldKeepWholeNamesValuesAndDoubleDashOptions() {
        assertThat(expand("-PUB", "-numIter", "5", "--out", "dir", "-nic", "lo")).containsExactly("-PUB",
                "-numIter", "5", "--out", "dir", "-nic", "lo");
        assertThat(expand("-outputFile", "-noPrint")).as("a value is never expanded, even one starting with '-'")
                .containsExactly("-outputFile", "-noPrint");
        assertThat(expand("-dataL=64", "-exec=3")).containsExactly("-dataLen=64", "-executionTime=3");
    }

    @Test
    void shouldAbbreviateWirebenchOwnOptionsAfterPerftests() {
        assertThat(expand("-baseP", "30000", "-threadingM", "SHARED")).containsExactly("-basePort", "30000",
                "-threadingMode", "SHARED");
        assertThat(expand("-raw")).containsExactly("-rawTransport");
    }

    @Test
    void shouldNameThePerftestOptionAnUnimplementedAbbreviationMeans() {
        assertThatThrownBy(() -> expand("-writerS"))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("-writerS: abbreviates Perftest's -writerStats, which wirebench does not implement "
                        + "(see docs/pubsub.md)")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(WirebenchException.USAGE);
    }

    @Test
    void shouldLeaveUnknownNamesToTheParser() {
        assertThat(expand("-frobnicate")).containsExactly("-frobnicate");
        RunResult r = RunResult.run("-frobnicate");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Unknown option: '-frobnicate'");
    }

    @Test
    @Timeout(120)
    void shouldRunAPerftestScriptWrittenWithAbbreviations() {
        RunResult r = RunResult.run("-basep", Integer.toString(RunResult.freeBasePort()), "-latencyT", "-dataL", "32",
                "-numI", "2000", "-noPrint", "-noOutputH");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.csvRows()).hasSize(1);
        assertThat(r.csvRows().get(0)[0].trim()).isEqualTo("32");
        assertThat(r.out()).doesNotContain("Sample Size");
    }

    @Test
    void shouldReportAnUnimplementedAbbreviationAsAUsageErrorOnOneLine() {
        RunResult r = RunResult.run("-sub", "-cft", "0:9");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("-cft: a Perftest option wirebench does not implement "
                + "(see docs/pubsub.md)");
    }
}
