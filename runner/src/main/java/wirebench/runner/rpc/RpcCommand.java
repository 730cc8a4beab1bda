package wirebench.runner.rpc;

import picocli.CommandLine.Command;
import wirebench.runner.cli.NotYetCommand;

/** {@code wirebench run rpc}: planned. */
@Command(name = "rpc", mixinStandardHelpOptions = true,
        description = "RMI request/response benchmark (DistributeMe SpeedTester model). Not available yet in this version (see README.md).")
public final class RpcCommand extends NotYetCommand {
}
