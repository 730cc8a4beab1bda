package wirebench.analyzer.cli;

import picocli.CommandLine.Command;

/** {@code wirebench report}: planned, see README.md. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Not available yet in this version (planned: see README.md).")
public final class ReportCommand extends NotYetCommand {
}
