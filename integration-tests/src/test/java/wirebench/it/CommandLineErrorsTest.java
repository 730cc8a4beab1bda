package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import picocli.CommandLine;
import wirebench.analyzer.AnalyzerMain;
import wirebench.contract.VersionProvider;
import wirebench.runner.RunnerMain;

/**
 * picocli's own parse errors (unknown option, missing parameter, bad type) in every command of the
 * runner and the analyzer are one line, {@code wirebench <command>: <what was wrong>; see --help},
 * and exit code 2; {@code --version} works on every command that offers it, every top-level
 * command included.
 */
class CommandLineErrorsTest {

    private record Result(int code, String out, String err) {
    }

    private static Result run(boolean runner, List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] a = args.toArray(new String[0]);
        int code = runner ? RunnerMain.run(a, new PrintWriter(out, true), new PrintWriter(err, true))
                : AnalyzerMain.run(a, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    /** Every command of both halves: runner?, its path below {@code wirebench}, the picocli command. */
    static Stream<Arguments> commands() {
        List<Arguments> all = new ArrayList<>();
        walk(true, RunnerMain.commandLine(), List.of(), all);
        walk(false, AnalyzerMain.commandLine(), List.of(), all);
        return all.stream();
    }

    private static void walk(boolean runner, CommandLine cl, List<String> path, List<Arguments> all) {
        all.add(Arguments.of(runner, String.join(" ", path), cl));
        cl.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().name().equals(name)) { // aliases once
                List<String> p = new ArrayList<>(path);
                p.add(name);
                walk(runner, sub, p, all);
            }
        });
    }

    private static List<String> args(String path, String... more) {
        List<String> a = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split(" ")));
        a.addAll(List.of(more));
        return a;
    }

    @ParameterizedTest(name = "wirebench {1} --no-such-option")
    @MethodSource("commands")
    void shouldPrintOneLineAndExit2WhenACommandGetsAnUnknownOption(boolean runner, String path, CommandLine cl) {
        Result r = run(runner, args(path, "--no-such-option"));

        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        String name = ("wirebench " + path).strip();
        assertThat(r.err().strip()).startsWith(name + ": Unknown option: '--no-such-option'").endsWith("; see --help");
    }

    @Test
    void shouldNameTheOptionWhoseParameterIsMissingOrOfTheWrongType() {
        Result missing = run(false, List.of("stats", "--format"));
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo(
                "wirebench stats: Missing required parameter for option '--format' (FORMAT); see --help");

        Result badType = run(true, List.of("run", "pubsub", "-dataLen", "abc"));
        assertThat(badType.code()).isEqualTo(2);
        assertThat(badType.err().strip()).isEqualTo(
                "wirebench run pubsub: Invalid value for option '-dataLen': 'abc' is not an int; see --help");

        Result client = run(true, List.of("run", "udp", "client", "--bogus"));
        assertThat(client.code()).isEqualTo(2);
        assertThat(client.err().strip()).isEqualTo("wirebench run udp client: Unknown option: '--bogus'; see --help");
    }

    @Test
    void shouldAddTheStackTraceOnlyWithVerbose() {
        Result r = run(false, List.of("stats", "-v", "--format"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines().findFirst()).hasValue(
                "wirebench stats: Missing required parameter for option '--format' (FORMAT); see --help");
        assertThat(r.err()).contains("\tat picocli.");
    }

    @ParameterizedTest(name = "wirebench {1} --version")
    @MethodSource("commands")
    void shouldPrintTheVersionWhereverItIsOffered(boolean runner, String path, CommandLine cl) {
        if (cl.getCommandSpec().optionsMap().get("--version") == null) {
            assertThat(path).as("only pubsub (Perftest's options) lacks --version").isEqualTo("run pubsub");
            return;
        }
        Result r = run(runner, args(path, "--version"));

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("wirebench " + VersionProvider.version() + System.lineSeparator())
                .contains("Java " + System.getProperty("java.version"));
        assertThat(r.err()).isEmpty();
    }

    @Test
    void shouldOfferVersionOnEveryTopLevelCommand() {
        for (String c : List.of("run", "campaign")) {
            assertThat(run(true, List.of(c, "--version")).out()).as(c).startsWith("wirebench ");
        }
        for (String c : List.of("stats", "convert", "report", "compare", "demo", "history")) {
            assertThat(run(false, List.of(c, "--version")).out()).as(c).startsWith("wirebench ");
        }
    }
}
