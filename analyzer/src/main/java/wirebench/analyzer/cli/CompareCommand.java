package wirebench.analyzer.cli;

import picocli.CommandLine.Command;

/** {@code wirebench compare}: planned, see README.md. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Not available yet in this version (planned: see README.md).")
public final class CompareCommand extends NotYetCommand {
}
