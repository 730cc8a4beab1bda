package wirebench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

class RunnerMainTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RunnerMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void shouldPrintVersionAndExit0() {
        String[] r = run("--version");
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1]).startsWith("wirebench ").contains("Java ");
    }

    @Test
    void shouldListExitCodesInHelp() {
        String[] r = run("--help");
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1]).contains("Exit codes:").contains("3   bad input or configuration");
    }

    @Test
    void shouldExit2NamingTheOptionWhenCampaignGetsAnUnknownOne() {
        String[] r = run("campaign", "--out", "x", "--anything");
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[2].strip()).isEqualTo("wirebench campaign: Unknown option: '--anything'; see --help");
    }

    @Test
    void shouldExit2OnAnUnknownCommand() {
        String[] r = run("nope");
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[2].strip()).isEqualTo("wirebench: Unmatched argument at index 0: 'nope'; see --help");
    }
}
