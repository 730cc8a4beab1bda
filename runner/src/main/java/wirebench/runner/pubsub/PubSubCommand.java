package wirebench.runner.pubsub;

import picocli.CommandLine.Command;
import wirebench.runner.cli.NotYetCommand;

/** {@code wirebench run pubsub}: planned. */
@Command(name = "pubsub", mixinStandardHelpOptions = true,
        description = "Perftest-style publish/subscribe benchmark on Aeron. Not available yet in this version (see README.md).")
public final class PubSubCommand extends NotYetCommand {
}
