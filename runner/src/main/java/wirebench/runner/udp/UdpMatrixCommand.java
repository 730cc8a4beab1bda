package wirebench.runner.udp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.contract.CsvFamilyReader;
import wirebench.contract.CsvFamilyWriter;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;
import wirebench.runner.cli.Ranges;
import wirebench.runner.cli.Validated;
import wirebench.runner.results.ResultsDirectory;

/** {@code wirebench run udp matrix}: the seed's Benchmark-1 grid (or any product grid), one row per point. */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = {"Runs a grid of UDP tests and writes seed 002's table (Client Scheduler, Connected Mode, Payload, "
                + "Server Scheduler, RcvBuf, Loss %%, Data, Wire; plus Method) to stdout and DIR/udp-table.md, and "
                + "one udp.csv row per point.",
                "Default: the seed's 12 Benchmark-1 rows for each method with 20000 datagrams per point over "
                        + "loopback (about a minute). The seed's own size: --total 1000000; between two hosts: "
                        + "--hosts netns (root, iproute2)."})
public final class UdpMatrixCommand implements Callable<Integer>, Validated {
    /** Beyond the START handshake and the paced sending time, what a client process may take. */
    static final long CLIENT_MARGIN_MS = 120_000;
    /** How long the output of an ended process may take to reach the console. */
    static final long PUMP_DRAIN_MS = 5_000;

    @Spec
    CommandSpec spec;

    enum Grid { SEED, PRODUCT }

    enum Hosts { LOOPBACK, NETNS }

    @Option(names = "--grid", defaultValue = "seed", description = "seed (Benchmark-1's 12 rows) or product (every "
            + "combination of the list options below); default ${DEFAULT-VALUE}.")
    Grid grid;

    @Option(names = "--methods", split = ",", defaultValue = "select,epoll,thread", description = "Receive methods (select, "
            + "epoll, thread, recvmmsg: Java 22+); default ${DEFAULT-VALUE}.")
    List<ReceiveMethod> methods;

    @Option(names = "--client-schedulers", split = ",", defaultValue = "OTHER,FIFO", description = "product grid only; "
            + "default ${DEFAULT-VALUE}.")
    List<Scheduler> clientSchedulers;

    /** Connected-mode values of a product grid. */
    enum YesNo { NO, YES }

    @Option(names = "--connected", split = ",", defaultValue = "no,yes", description = "product grid only (no, yes); "
            + "default ${DEFAULT-VALUE}.")
    List<YesNo> connected;

    @Option(names = "--payloads", split = ",", defaultValue = "64,1472", description = "product grid only; "
            + "default ${DEFAULT-VALUE}.")
    List<Integer> payloads;

    @Option(names = "--server-schedulers", split = ",", defaultValue = "OTHER", description = "product grid only; "
            + "default ${DEFAULT-VALUE}.")
    List<Scheduler> serverSchedulers;

    @Option(names = "--rcvbufs", split = ",", defaultValue = "262144,16777216", description = "product grid only "
            + "(bytes); default ${DEFAULT-VALUE}.")
    List<Integer> rcvbufs;

    @Option(names = "--priority", defaultValue = "10", description = "Priority used for FIFO and RR; default "
            + "${DEFAULT-VALUE}.")
    int rtPriority;

    @Option(names = {"-t", "--total"}, defaultValue = "20000", description = "Datagrams per point; default "
            + "${DEFAULT-VALUE} (the seed: 1000000).")
    long total;

    @Option(names = "--rate", defaultValue = "0", description = "Datagrams per second (0 = unpaced).")
    long ratePerS;

    @Option(names = "--idle-timeout-ms", defaultValue = "2000", description = "Server idle timeout; default "
            + "${DEFAULT-VALUE}.")
    int idleTimeoutMs;

    @Option(names = "--hosts", defaultValue = "loopback", description = "loopback (one JVM, 127.0.0.1) or netns (server "
            + "and client JVMs in two network namespaces joined by a veth pair); default ${DEFAULT-VALUE}.")
    Hosts hosts;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory; default results/udp-matrix-<UTC time>.")
    Path out;

    @Override
    public void validate() {
        points();
    }

    /** The grid's points, every option checked. */
    private List<MatrixPoint> points() {
        Ranges.check("--priority", rtPriority, 1, 99, "(the FIFO and RR priority)");
        Ranges.check("--total", total, 1, Integer.MAX_VALUE, "datagrams per point");
        Ranges.check("--rate", ratePerS, 0, Long.MAX_VALUE, "datagrams/s (0 = unpaced)");
        Ranges.check("--idle-timeout-ms", idleTimeoutMs, 1, Integer.MAX_VALUE, "milliseconds");
        methods.forEach(UdpOptions::checkMethod);
        for (int r : rcvbufs) {
            Ranges.check("--rcvbufs", r, 0, Integer.MAX_VALUE, "bytes (0 = system default)");
        }
        for (int p : payloads) {
            UdpOptions.checkPayload(p, new PrintWriter(PrintWriter.nullWriter()));
        }
        List<MatrixPoint> points = grid == Grid.SEED ? MatrixPoint.seedGrid(methods)
                : MatrixPoint.product(clientSchedulers,
                        connected.stream().map(c -> c == YesNo.YES).toList(), payloads, serverSchedulers, rcvbufs, methods);
        for (MatrixPoint p : points) {
            UdpOptions.checkPayload(p.payloadBytes(), new PrintWriter(PrintWriter.nullWriter()));
        }
        return points;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        List<MatrixPoint> points = points();
        if (out == null) {
            out = Path.of("results", "udp-matrix-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                    .withZone(ZoneOffset.UTC).format(Instant.now()));
        }
        Map<String, Object> cfg = UdpOptions.config("grid", grid, "methods", methods.toString(), "total", total,
                "rate_per_s", ratePerS, "priority", rtPriority, "idle_timeout_ms", idleTimeoutMs, "hosts", hosts,
                "points", points.size());
        List<Map<String, String>> rows = new ArrayList<>();
        try (ResultsDirectory dir = UdpOptions.open(out, ResultsDirectory.commandLine(spec), cfg)) {
            CsvFamilyWriter csv = UdpOptions.udpCsv(dir);
            CsvFamilyWriter slices = UdpOptions.slicesCsv(dir);
            NetnsPair ns = hosts == Hosts.NETNS ? NetnsPair.create() : null;
            try {
                if (ns != null) {
                    o.println("info: hosts: server in netns " + ns.serverNs + " (" + ns.serverAddress + "), client in "
                            + ns.clientNs + " (" + ns.clientAddress + "), veth MTU 1500");
                }
                int i = 0;
                for (MatrixPoint p : points) {
                    i++;
                    o.println("== point " + i + "/" + points.size() + ": " + String.join(" ", SeedTable.cells(
                            keyRow(p)).subList(0, 6)));
                    o.flush();
                    Map<String, String> row = ns == null ? runLoopback(p, csv, slices, o)
                            : runNetns(ns, p, csv, slices, o);
                    rows.add(row);
                }
            } finally {
                if (ns != null) {
                    ns.close();
                }
            }
            String md = SeedTable.markdown(rows);
            Files.writeString(out.resolve("udp-table.md"), md, StandardCharsets.UTF_8);
            dir.note("udp_table", "udp-table.md");
            dir.finish();
        }
        o.println();
        o.print(SeedTable.tsv(rows));
        o.println("info: results in " + out + " (udp.csv, udp-table.md, run.json)");
        o.flush();
        return 0;
    }

    private Map<String, String> keyRow(MatrixPoint p) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("client_scheduler", UdpResult.schedulerKey(p.clientScheduler(), prio(p.clientScheduler())));
        r.put("connected", p.connected() ? "yes" : "no");
        r.put("payload_bytes", Integer.toString(p.payloadBytes()));
        r.put("server_scheduler", UdpResult.schedulerKey(p.serverScheduler(), prio(p.serverScheduler())));
        r.put("rcvbuf_bytes", Integer.toString(p.rcvbufBytes()));
        r.put("method", p.method().id());
        return r;
    }

    private int prio(Scheduler s) {
        return s.realtime() ? rtPriority : 0;
    }

    private Map<String, String> runLoopback(MatrixPoint p, CsvFamilyWriter csv, CsvFamilyWriter slices, PrintWriter o)
            throws Exception {
        AtomicReference<UdpResult> result = new AtomicReference<>();
        ServerConfig sc = new ServerConfig(p.method(), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                p.rcvbufBytes(), p.serverScheduler(), prio(p.serverScheduler()), idleTimeoutMs, 1);
        try (UdpServer server = new UdpServer(sc, result::set, line -> o.println("  server: " + line))) {
            server.start();
            ClientConfig cc = new ClientConfig(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()),
                    p.payloadBytes(), total, p.connected(), ratePerS, p.clientScheduler(), prio(p.clientScheduler()), 5,
                    5000);
            AtomicReference<RuntimeException> clientError = new AtomicReference<>();
            Thread client = new Thread(() -> {
                try {
                    new UdpClient(cc, line -> o.println("  client: " + line)).run();
                } catch (RuntimeException e) {
                    clientError.set(e);
                }
            }, "udp-send");
            client.start();
            client.join();
            if (clientError.get() != null) {
                throw clientError.get();
            }
            if (!server.await(idleTimeoutMs + 30_000L)) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "udp matrix: the server did not finish");
            }
        }
        o.flush();
        Map<String, Object> row = result.get().csvRow();
        csv.append(row);
        result.get().sliceRows().forEach(slices::append);
        Map<String, String> text = new LinkedHashMap<>();
        row.forEach((k, v) -> text.put(k, v == null ? "" : v instanceof Double ? Numbers.plain((Double) v) : v.toString()));
        return text;
    }

    private Map<String, String> runNetns(NetnsPair ns, MatrixPoint p, CsvFamilyWriter csv, CsvFamilyWriter slices,
            PrintWriter o) throws Exception {
        Path tmp = Files.createTempDirectory("wbu-point");
        try {
            List<String> server = new ArrayList<>(javaCommand());
            server.addAll(List.of("run", "udp", "server", "--method", p.method().id(), "--bind", ns.serverAddress,
                    "--port", "5301", "--receive-buffer-size", Integer.toString(p.rcvbufBytes()), "--scheduler",
                    p.serverScheduler().name(), "--priority", Integer.toString(prio(p.serverScheduler())),
                    "--idle-timeout-ms", Integer.toString(idleTimeoutMs), "--runs", "1", "--out", tmp.toString()));
            Process sp = new ProcessBuilder(NetnsPair.inNamespace(ns.serverNs, server)).redirectErrorStream(true).start();
            CountDownLatch listening = new CountDownLatch(1);
            Thread pump = pump(sp, "  server: ", o, listening);
            try {
                if (!listening.await(30, TimeUnit.SECONDS)) {
                    throw new WirebenchException(WirebenchException.RUN_FAILED, "udp matrix: the server in "
                            + ns.serverNs + " did not start listening within 30 s");
                }
                List<String> client = new ArrayList<>(javaCommand());
                client.addAll(List.of("run", "udp", "client", "--server", ns.serverAddress, "--port", "5301",
                        "--payload", Integer.toString(p.payloadBytes()), "--total", Long.toString(total), "--rate",
                        Long.toString(ratePerS), "--scheduler", p.clientScheduler().name(), "--priority",
                        Integer.toString(prio(p.clientScheduler()))));
                if (p.connected()) {
                    client.add("--connected");
                }
                Process cp = new ProcessBuilder(NetnsPair.inNamespace(ns.clientNs, client)).redirectErrorStream(true)
                        .start();
                Thread cpump = pump(cp, "  client: ", o, null);
                long clientTimeoutMs = clientTimeoutMs();
                if (!BoundedCommand.awaitOrKill(cp, clientTimeoutMs)) {
                    throw new WirebenchException(WirebenchException.RUN_FAILED, "udp matrix: the client in "
                            + ns.clientNs + " did not end within " + clientTimeoutMs + " ms (killed; output above)");
                }
                cpump.join(PUMP_DRAIN_MS);
                int cexit = cp.exitValue();
                if (cexit != 0) {
                    throw new WirebenchException(WirebenchException.RUN_FAILED, "udp matrix: the client failed (exit "
                            + cexit + ", output above)");
                }
                if (!BoundedCommand.awaitOrKill(sp, idleTimeoutMs + 30_000L) || sp.exitValue() != 0) {
                    throw new WirebenchException(WirebenchException.RUN_FAILED, "udp matrix: the server did not finish "
                            + "cleanly (output above)");
                }
                pump.join(PUMP_DRAIN_MS);
            } finally {
                sp.destroy();
            }
            Map<String, String> row = lastRow(tmp.resolve("udp.csv"));
            Map<String, Object> values = new LinkedHashMap<>(row);
            csv.append(values);
            copyRows(tmp.resolve("udp-intervals.csv"), slices);
            return row;
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /**
     * How long a client process may take: the START handshake (5 s), the paced sending time
     * (total / rate) and a generous margin for JVM start-up and an unpaced run on a loaded machine.
     */
    long clientTimeoutMs() {
        long sendingMs = ratePerS > 0 ? total * 1000L / ratePerS : 0;
        return 5_000L + sendingMs + CLIENT_MARGIN_MS;
    }

    /** The last data row of a udp.csv as column name to field text (read with the contract's reader). */
    static Map<String, String> lastRow(Path file) {
        try (CsvFamilyReader r = CsvFamilyReader.open(file)) {
            CsvFamilyReader.Row last = null;
            for (CsvFamilyReader.Row row = r.next(); row != null; row = r.next()) {
                last = row;
            }
            if (last == null) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, file + ": expected a result row, got none");
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < r.header().size(); i++) {
                row.put(r.header().get(i), i < last.size() ? last.text(i) : "");
            }
            return row;
        }
    }

    /**
     * Every row of a family file the server process wrote (its rate slices) appended to {@code to}:
     * key cells as text, measure cells as numbers (empty: missing). A server that wrote no file
     * (an older build) adds nothing.
     */
    static void copyRows(Path file, CsvFamilyWriter to) {
        if (!Files.exists(file)) {
            return;
        }
        try (CsvFamilyReader r = CsvFamilyReader.open(file)) {
            int keys = r.declaration().keys().size();
            for (CsvFamilyReader.Row row = r.next(); row != null; row = r.next()) {
                Map<String, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < r.header().size(); i++) {
                    String v = i < row.size() ? row.text(i) : "";
                    m.put(r.header().get(i), v.isEmpty() ? null : i < keys ? v : row.number(i));
                }
                to.append(m);
            }
        }
    }

    /** This JVM's java, its module opens and class path, and the runner's main class. */
    static List<String> javaCommand() {
        List<String> c = new ArrayList<>();
        c.add(ProcessHandle.current().info().command().orElse("java"));
        c.addAll(List.of("--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"),
                wirebench.runner.cli.MainClass.NAME));
        return c;
    }

    private static Thread pump(Process p, String prefix, PrintWriter o, CountDownLatch listening) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (o) {
                        o.println(prefix + line);
                        o.flush();
                    }
                    if (listening != null && line.startsWith("info: listening on")) {
                        listening.countDown();
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "udp-matrix-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
