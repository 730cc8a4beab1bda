package wirebench.runner;

import picocli.CommandLine.Command;
import wirebench.runner.pubsub.PubSubCommand;
import wirebench.runner.rpc.RpcCommand;
import wirebench.runner.udp.UdpCommand;

/** {@code wirebench run}: one benchmark family per subcommand. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs one benchmark and writes its results.",
        subcommands = {PubSubCommand.class, UdpCommand.class, RpcCommand.class})
public final class RunCommand {
}
