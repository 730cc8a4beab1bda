package wirebench.analyzer;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import wirebench.analyzer.cli.CompareCommand;
import wirebench.analyzer.cli.ConvertCommand;
import wirebench.analyzer.cli.DemoCommand;
import wirebench.analyzer.cli.ReportCommand;
import wirebench.analyzer.cli.StatsCommand;
import wirebench.analyzer.history.HistoryCommand;
import wirebench.contract.VersionProvider;
import wirebench.contract.WirebenchMain;

/** Entry point of the analyzer half: {@code wirebench stats|report|compare|convert|demo|history}. */
@Command(name = "wirebench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Analyzes benchmark results: wirebench results directories, RTI Perftest output "
                + "(CSV, JSON, legacy), speed_test and SpeedTester output.",
        subcommands = {StatsCommand.class, ConvertCommand.class, ReportCommand.class, CompareCommand.class,
                DemoCommand.class, HistoryCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:internal error (a bug: please report it with -v output)",
                "2:usage error (bad option or command)", "3:bad input or configuration",
                "4:regression found by compare or history changes --fail-on"})
public final class AnalyzerMain extends WirebenchMain {

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs a command line with the given streams and returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    /** The configured command line, with wirebench's error handling installed. */
    public static CommandLine commandLine() {
        return configured(new AnalyzerMain());
    }
}
