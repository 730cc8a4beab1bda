package wirebench.runner.udp;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.contract.WirebenchException;

/** {@code wirebench run udp client}: sends one run to a server. */
@Command(name = "client", mixinStandardHelpOptions = true,
        description = "Sends one run (START, --total DATA datagrams of --payload bytes, END) to a "
                + "'wirebench run udp server'. The server prints and records the figures.")
public final class UdpClientCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-s", "--server"}, defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "Server address; default ${DEFAULT-VALUE}.")
    String server;

    @Option(names = {"-p", "--port"}, defaultValue = "5301", description = "Server port; default ${DEFAULT-VALUE}.")
    int port;

    @Option(names = {"-m", "--payload", "--msg-payload"}, defaultValue = "64", paramLabel = "BYTES",
            description = "UDP payload of each datagram, 0..65507 (above 1472 it fragments on a 1500 B MTU: a "
                    + "warning, never a silent clamp); default ${DEFAULT-VALUE}.")
    int payloadBytes;

    @Option(names = {"-t", "--total"}, defaultValue = "1000000", description = "DATA datagrams to send; default "
            + "${DEFAULT-VALUE}.")
    long total;

    @Option(names = {"-c", "--connected"}, description = "Use a connected UDP socket (send instead of sendto).")
    boolean connected;

    @Option(names = "--rate", defaultValue = "0", paramLabel = "PER_S",
            description = "Datagrams per second (0 = as fast as possible); default ${DEFAULT-VALUE}.")
    long ratePerS;

    @Option(names = {"-S", "--scheduler"}, defaultValue = "OTHER", paramLabel = "POLICY",
            description = "Scheduling policy of the sending thread: OTHER, BATCH, IDLE, FIFO, RR.")
    Scheduler scheduler;

    @Option(names = {"-P", "--priority"}, defaultValue = "0", description = "Priority: 1..99 for FIFO/RR, 0 otherwise.")
    int priority;

    @Option(names = "--end-repeats", defaultValue = "5", description = "How often END is sent; default ${DEFAULT-VALUE}.")
    int endRepeats;

    @Option(names = "--skip-end", description = "Send no END (simulates a lost END: the server ends by its idle timeout).")
    boolean skipEnd;

    @Option(names = "--start-timeout-ms", defaultValue = "5000",
            description = "How long to repeat START until the server answers; default ${DEFAULT-VALUE}.")
    int startTimeoutMs;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        UdpOptions.checkPriority("--scheduler", scheduler, priority);
        UdpOptions.checkPayload(payloadBytes, o);
        if (total < 0 || total > Integer.MAX_VALUE) {
            throw new WirebenchException(WirebenchException.USAGE, "--total: expected 0.." + Integer.MAX_VALUE
                    + ", got " + total);
        }
        if (ratePerS < 0) {
            throw new WirebenchException(WirebenchException.USAGE, "--rate: expected >= 0, got " + ratePerS);
        }
        InetAddress addr;
        try {
            addr = InetAddress.getByName(server);
        } catch (UnknownHostException e) {
            throw new WirebenchException(WirebenchException.USAGE, "--server: unknown host '" + server + "'");
        }
        ClientConfig cfg = new ClientConfig(new InetSocketAddress(addr, port), payloadBytes, total, connected, ratePerS,
                scheduler, priority, skipEnd ? 0 : Math.max(1, endRepeats), startTimeoutMs);
        new UdpClient(cfg, line -> {
            o.println(line);
            o.flush();
        }).run();
        return 0;
    }
}
