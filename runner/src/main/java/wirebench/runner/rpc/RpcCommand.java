package wirebench.runner.rpc;

import picocli.CommandLine.Command;

/** {@code wirebench run rpc server|client}: the SpeedTester model over Java RMI (docs/rpc.md). */
@Command(name = "rpc", mixinStandardHelpOptions = true,
        description = "RMI request/response benchmark (DistributeMe SpeedTester model): start 'server' on one "
                + "host, then 'client' against it. See docs/rpc.md.",
        subcommands = {RpcServerCommand.class, RpcClientCommand.class})
public final class RpcCommand {
}
