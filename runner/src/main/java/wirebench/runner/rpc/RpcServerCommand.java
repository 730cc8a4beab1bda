package wirebench.runner.rpc;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.contract.WirebenchException;

/** {@code wirebench run rpc server}: serves the SpeedTester operations over RMI until stopped. */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Starts an RMI registry and the SpeedTester service on one TCP port and serves until "
                + "stopped (Ctrl-C, SIGTERM). Prints 'Server ... is up and ready on port P.' when ready."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "1:cannot listen (port taken) or internal error",
                "2:usage error (also an unknown --bind address, as for 'run udp server')"})
public final class RpcServerCommand implements Callable<Integer>, wirebench.runner.cli.Validated {
    @Spec
    CommandSpec spec;

    @Option(names = "--port", defaultValue = "" + RmiServer.DEFAULT_PORT, paramLabel = "PORT",
            description = "Registry and service TCP port (default: ${DEFAULT-VALUE}, the original's; 0 = any free port).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDR",
            description = "Local address to listen on (default: all addresses).")
    String bind;

    @Option(names = "--hostname", paramLabel = "HOST",
            description = "Host name or address put into the stubs that clients connect to (java.rmi.server.hostname; "
                    + "default: the --bind address if given, else the JVM's choice).")
    String hostname;

    @Option(names = "--timeout-ms", defaultValue = "" + TimeoutSocketFactory.DEFAULT_TIMEOUT_MS, paramLabel = "MS",
            description = "Connect and read timeout the stubs carry to clients that set none (default: ${DEFAULT-VALUE}).")
    int timeoutMs;

    @Override
    public void validate() {
        wirebench.runner.cli.Ranges.check("--port", port, 0, wirebench.runner.cli.Ranges.MAX_PORT, "(0 = any free port)");
        wirebench.runner.cli.Ranges.check("--timeout-ms", timeoutMs, 1, Integer.MAX_VALUE, "milliseconds");
    }

    @Override
    public Integer call() throws InterruptedException {
        validate();
        InetAddress bindAddress = null;
        if (bind != null && !bind.isBlank() && !bind.equals("*") && !bind.equals("0.0.0.0")) {
            try {
                bindAddress = InetAddress.getByName(bind);
            } catch (UnknownHostException e) {
                throw new WirebenchException(WirebenchException.USAGE, "--bind: unknown address '" + bind + "'");
            }
        }
        if (hostname != null && !hostname.isBlank()) {
            System.setProperty("java.rmi.server.hostname", hostname);
        }
        RmiServer server = RmiServer.start(bindAddress, port, timeoutMs);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "wirebench-rpc-server-stop"));
        spec.commandLine().getOut().println("Server " + RmiServer.SERVICE_NAME + " is up and ready on port "
                + server.port() + ".");
        spec.commandLine().getOut().flush();
        new CountDownLatch(1).await();
        return 0;
    }
}
