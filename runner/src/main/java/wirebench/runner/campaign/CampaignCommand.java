package wirebench.runner.campaign;

import picocli.CommandLine.Command;
import wirebench.runner.cli.NotYetCommand;

/** {@code wirebench campaign}: planned (a whole test matrix with one command). */
@Command(name = "campaign", mixinStandardHelpOptions = true,
        description = "Not available yet in this version (planned: runs a whole test matrix, see README.md).")
public final class CampaignCommand extends NotYetCommand {
}
