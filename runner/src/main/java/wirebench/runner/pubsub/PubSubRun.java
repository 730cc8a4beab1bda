package wirebench.runner.pubsub;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import wirebench.contract.WirebenchException;
import wirebench.runner.results.ResultsDirectory;
import wirebench.runner.transport.Engine;
import wirebench.runner.transport.SpinningThreads;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.dds.DdsperfPeer;
import wirebench.runner.transport.idle.AutoIdle;
import wirebench.runner.transport.idle.Contention;
import wirebench.runner.transport.idle.PeerCpus;

/**
 * The orchestrator of one {@code wirebench run pubsub}: only the order of the steps. Printers for
 * the roles that print, the configuration on stderr, the engine's transport(s), the results
 * directory with the run.json entries ({@link RunJson}), the roles on their threads
 * ({@link RoleThreads}), the contention line at the end.
 */
final class PubSubRun {
    private final PubSubConfig cfg;
    private final String commandLine;
    private final PrintWriter out;
    private final PrintWriter err;

    /**
     * @param cfg         the resolved configuration
     * @param commandLine the command line as run.json records it
     * @param out         stdout (unless -outputFile)
     * @param err         stderr
     */
    PubSubRun(PubSubConfig cfg, String commandLine, PrintWriter out, PrintWriter err) {
        this.cfg = cfg;
        this.commandLine = commandLine;
        this.out = out;
        this.err = err;
    }

    private static PrintWriter openOutputFile(Path file) {
        try {
            return new PrintWriter(new OutputStreamWriter(new FileOutputStream(file.toFile(), true),
                    StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot open -outputFile (" + e.getMessage() + ")");
        }
    }

    /** Runs the configuration: prints, opens the engine, runs the roles, writes run.json; returns the exit code. */
    int run() {
        PrintWriter stdout = cfg.output().outputFile() == null ? out : openOutputFile(cfg.output().outputFile());
        try {
            return execute(stdout);
        } finally {
            stdout.flush();
            if (cfg.output().outputFile() != null) {
                stdout.close();
            }
        }
    }

    private int execute(PrintWriter stdout) {
        boolean intervals = cfg.output().printIntervals();
        boolean headers = cfg.output().headers();
        boolean cpu = cfg.output().cpu();
        String outputFormat = cfg.output().format();
        Path subOutputFile = cfg.output().subOutputFile();
        boolean both = cfg.publisher() && cfg.subscriber();
        if (cfg.publisher() && cfg.publisherId() != 0) {
            err.println("Latency results are only shown when -pidMultiPubTest = 0");
        }
        PrintWriter subOut = subOutputFile == null ? stdout : openOutputFile(subOutputFile);
        try {
            PerftestPrinter pubPrinter = cfg.publisher() && cfg.publisherId() == 0
                    && (!both || cfg.latencyTest() || subOutputFile != null)
                    ? PerftestPrinter.of(outputFormat, stdout, intervals, headers, cpu) : null;
            PerftestPrinter subPrinter = cfg.subscriber() && (!both || !cfg.latencyTest() || subOutputFile != null)
                    ? PerftestPrinter.of(outputFormat, subOut, intervals, headers, cpu) : null;
            return execute(pubPrinter, subPrinter);
        } finally {
            if (subOutputFile != null) {
                subOut.close();
            }
        }
    }

    private int execute(PerftestPrinter pubPrinter, PerftestPrinter subPrinter) {
        boolean cpu = cfg.output().cpu();
        boolean both = cfg.publisher() && cfg.subscriber();
        Engine eng = cfg.engine();
        // the engine opens before the configuration is printed: what it refuses (keys, a driver
        // setting) is then the first line on stderr, not one after the banner
        try (Transport t = eng.open(cfg.transport());
             Transport subTransport = both && eng.transportPerRole(cfg.transport()) ? eng.open(cfg.transport()) : null) {
            ConfigurationPrinter.print(cfg, err);
            Map<String, Object> engine = eng.record(t);
            if (subTransport != null) {
                engine.put("drivers", "one embedded driver per role, as with two processes");
            }
            err.println("wirebench pubsub: engine " + engine);
            err.flush();
            for (Transport each : subTransport == null ? List.of(t) : List.of(t, subTransport)) {
                each.reportStraysTo(line -> {
                    err.println(line);
                    err.flush();
                });
            }
            ResultsDirectory dir = cfg.output().resultsDir() == null ? null
                    : ResultsDirectory.create(cfg.output().resultsDir(), commandLine, RunJson.config(cfg));
            try {
                if (dir != null) {
                    dir.note("engine", engine);
                }
                PubSubResults results = new PubSubResults(dir, cfg);
                if (t instanceof DdsperfPeer) {
                    new DdsperfRoles(cfg, (DdsperfPeer) t, results, err).run(pubPrinter, subPrinter);
                    Map<String, Object> cont = RunJson.contention(cfg);
                    err.println(Contention.line(cont));
                    if (dir != null) {
                        dir.note("contention", cont);
                        dir.finish();
                    }
                    return 0;
                }
                SubscriberRole subscriber = cfg.subscriber()
                        ? new SubscriberRole(cfg, subTransport != null ? subTransport : t, subPrinter, results, err, cpu)
                        : null;
                PublisherRole publisher = cfg.publisher()
                        ? new PublisherRole(cfg, t, pubPrinter, results, err, cpu) : null;
                if (subscriber != null) {
                    subscriber.open();
                }
                if (SpinningThreads.peerHere(cfg.transport(), cfg.publisher(), cfg.subscriber())) {
                    // the peer is alive and has bound its receive port once it has been heard from
                    int port = SpinningThreads.peerPort(cfg.transport(), cfg.publisher());
                    Runnable lookUp = () -> PeerCpus.here().bound(port).ifPresent(peer -> {
                        cfg.contention().peer(peer);
                        AutoIdle auto = cfg.transport().threading().auto();
                        if (auto != null) {
                            auto.peerFound(cfg.contention());
                        }
                    });
                    if (publisher != null) {
                        publisher.onPeerSeen(lookUp);
                    } else {
                        subscriber.onPeerSeen(lookUp);
                    }
                }
                RoleThreads.runWithStopHook(publisher, subscriber, dir != null);
                Map<String, Object> cont = RunJson.contention(cfg);
                err.println(Contention.line(cont));
                Map<String, Object> counters = new LinkedHashMap<>(t.counters());
                if (subTransport != null) {
                    counters.putAll(subTransport.counters());
                }
                if (!counters.isEmpty()) {
                    err.println("Engine counters: " + counters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining(", ")));
                }
                err.flush();
                if (dir != null) {
                    dir.note("contention", cont);
                    if (!counters.isEmpty()) {
                        dir.note("engine_counters", counters);
                    }
                    if (t.strayConnections().isPresent()) {
                        dir.note("stray_connections", t.strayConnections().getAsLong()
                                + (subTransport == null ? 0 : subTransport.strayConnections().orElse(0)));
                    }
                    dir.finish();
                }
            } finally {
                if (dir != null) {
                    dir.close();
                }
            }
        }
        return 0;
    }
}
