package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The one exception handler both halves install: exit codes, one line, stack trace only when asked. */
class CommandLineErrorsTest {

    @Command(name = "probe")
    static final class Probe implements Callable<Integer> {
        @Option(names = "--fail")
        String fail;
        @Option(names = {"-v", "--verbose"})
        boolean verbose;

        @Override
        public Integer call() {
            if ("bad".equals(fail)) {
                throw WirebenchException.badInput("in.csv:4: column 'p99_us': expected a number, got 'n/a'");
            }
            throw new IllegalStateException("boom");
        }
    }

    private record Result(int code, String err) {
    }

    private static Result run(boolean verboseField, String... args) {
        CommandLine cl = new CommandLine(new Probe());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        CommandLineErrors.install(cl, () -> verboseField);
        return new Result(cl.execute(args), err.toString());
    }

    @Test
    void shouldPrintTheMessageAndExitWithItsCodeWhenAWirebenchExceptionIsThrown() {
        Result r = run(false, "--fail", "bad");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).isEqualTo("in.csv:4: column 'p99_us': expected a number, got 'n/a'" + System.lineSeparator());
    }

    @Test
    void shouldPrintOneLineAndExitOneWhenAnyOtherExceptionIsThrown() {
        Result r = run(false, "--fail", "other");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("wirebench: internal error: java.lang.IllegalStateException: boom"
                + " (run with -v for details)" + System.lineSeparator());
    }

    @Test
    void shouldAddTheStackTraceWhenVerboseIsGivenOrSet() {
        Result byArgument = run(false, "--fail", "bad", "-v");
        Result byField = run(true, "--fail", "other");

        assertThat(byArgument.code()).isEqualTo(3);
        assertThat(byArgument.err()).contains("\tat wirebench.contract.CommandLineErrorsTest$Probe.call");
        assertThat(byField.code()).isEqualTo(1);
        assertThat(byField.err()).startsWith("wirebench: internal error: java.lang.IllegalStateException: boom"
                + System.lineSeparator()).contains("\tat ");
    }
}
