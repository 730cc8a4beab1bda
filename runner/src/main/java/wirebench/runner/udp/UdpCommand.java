package wirebench.runner.udp;

import picocli.CommandLine.Command;
import wirebench.runner.cli.NotYetCommand;

/** {@code wirebench run udp}: planned. */
@Command(name = "udp", mixinStandardHelpOptions = true,
        description = "UDP receive benchmark comparing IO multiplexing methods (speed_test model). Not available yet in this version (see README.md).")
public final class UdpCommand extends NotYetCommand {
}
