package wirebench.runner.udp;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.contract.CsvFamilyWriter;
import wirebench.contract.WirebenchException;
import wirebench.runner.cli.Ranges;
import wirebench.runner.cli.Validated;
import wirebench.runner.results.ResultsDirectory;

/** {@code wirebench run udp server}: receives runs and prints (and optionally records) their figures. */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Receives runs from 'wirebench run udp client' and prints speed_test's figures for each: "
                + "packets and bytes received, data and wire Mbps (42 header bytes per datagram), data/header "
                + "ratio, loss %%; plus duplicates, reordering, packets/s and RFC 3550 jitter.",
                "A run ends at its END datagram or after --idle-timeout-ms without datagrams (a PARTIAL result)."})
public final class UdpServerCommand implements Callable<Integer>, Validated {
    @Spec
    CommandSpec spec;

    @Option(names = {"-m", "--method"}, defaultValue = "epoll", paramLabel = "METHOD",
            description = "select (poll selector), epoll (the JDK's epoll selector), thread (blocking receive) or "
                    + "recvmmsg (up to 64 datagrams per system call; needs Java 22+ on Linux); default ${DEFAULT-VALUE}.")
    ReceiveMethod method;

    @Option(names = {"-p", "--port"}, defaultValue = "5301", description = "UDP port to listen on (0 = any free "
            + "port, printed); default ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--bind", defaultValue = "0.0.0.0", paramLabel = "ADDRESS",
            description = "Local address to bind; default ${DEFAULT-VALUE}.")
    String bind;

    @Option(names = {"-r", "--receive-buffer-size"}, defaultValue = "0", paramLabel = "BYTES",
            description = "SO_RCVBUF to ask for (0 = system default). The size the kernel granted is printed, "
                    + "with a warning and the sysctl to fix it when the kernel capped it.")
    int rcvbufBytes;

    @Option(names = {"-S", "--scheduler"}, defaultValue = "OTHER", paramLabel = "POLICY",
            description = "Scheduling policy of the receive thread: OTHER, BATCH, IDLE, FIFO, RR (applied with chrt "
                    + "to the thread; the outcome is printed).")
    Scheduler scheduler;

    @Option(names = {"-P", "--priority"}, defaultValue = "0", description = "Priority: 1..99 for FIFO/RR, 0 otherwise.")
    int priority;

    @Option(names = "--idle-timeout-ms", defaultValue = "2000",
            description = "A run with no datagram for this long ends with a partial result; default ${DEFAULT-VALUE}.")
    int idleTimeoutMs;

    @Option(names = "--runs", defaultValue = "0", description = "Exit after this many runs (0 = serve until killed).")
    int runs;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory: run.json and one udp.csv row per run.")
    Path out;

    @Override
    public void validate() {
        UdpOptions.checkPriority("--scheduler", scheduler, priority);
        UdpOptions.checkMethod(method);
        if (idleTimeoutMs < 1) {
            throw new WirebenchException(WirebenchException.USAGE, "--idle-timeout-ms: expected >= 1, got " + idleTimeoutMs);
        }
        Ranges.check("--port", port, 0, Ranges.MAX_PORT, "(0 = any free port)");
        Ranges.check("--receive-buffer-size", rcvbufBytes, 0, Integer.MAX_VALUE, "bytes (0 = system default)");
        Ranges.check("--runs", runs, 0, Integer.MAX_VALUE, "(0 = serve until killed)");
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter o = spec.commandLine().getOut();
        validate();
        InetAddress addr;
        try {
            addr = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new WirebenchException(WirebenchException.USAGE, "--bind: unknown address '" + bind + "'");
        }
        ServerConfig cfg = new ServerConfig(method, new InetSocketAddress(addr, port), rcvbufBytes, scheduler,
                priority, idleTimeoutMs, runs);
        ResultsDirectory dir = out == null ? null : UdpOptions.open(out, ResultsDirectory.commandLine(spec), UdpOptions.config(
                        "role", "server", "method", method.id(), "port", port, "bind", bind, "rcvbuf_bytes", rcvbufBytes,
                        "scheduler", scheduler, "priority", priority, "idle_timeout_ms", idleTimeoutMs, "runs", runs));
        CsvFamilyWriter csv = dir == null ? null : UdpOptions.udpCsv(dir);
        CsvFamilyWriter slices = dir == null ? null : UdpOptions.slicesCsv(dir);
        try (UdpServer server = new UdpServer(cfg, r -> {
            if (csv != null) {
                csv.append(r.csvRow());
                r.sliceRows().forEach(slices::append);
            }
        }, line -> {
            o.println(line);
            o.flush();
        })) {
            server.start();
            while (!server.await(1000)) {
                // serving until --runs are done or the process is killed
            }
        } finally {
            if (dir != null) {
                dir.finish();
                dir.close();
            }
        }
        return 0;
    }
}
