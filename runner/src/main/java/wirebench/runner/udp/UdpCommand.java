package wirebench.runner.udp;

import picocli.CommandLine.Command;

/** {@code wirebench run udp server|client|matrix}: the speed_test model (docs/udp.md). */
@Command(name = "udp", mixinStandardHelpOptions = true,
        description = {"UDP receive benchmark comparing IO multiplexing methods (speed_test model, docs/udp.md).",
                "Start 'server', then 'client' against it; or 'matrix' runs a whole grid (the seed's Benchmark-1 by "
                        + "default) over loopback or between two network namespaces."},
        subcommands = {UdpServerCommand.class, UdpClientCommand.class, UdpMatrixCommand.class})
public final class UdpCommand {
}
