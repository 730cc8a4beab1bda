package wirebench.analyzer.cli;

import picocli.CommandLine.Command;

/** {@code wirebench demo}: planned, see README.md. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Not available yet in this version (planned: see README.md).")
public final class DemoCommand extends NotYetCommand {
}
