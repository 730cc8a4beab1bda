package wirebench.runner.pubsub;

import java.io.PrintWriter;

import wirebench.runner.transport.Transport;

/**
 * What the publisher and the subscriber role are each given, declared once: the configuration,
 * the engine's transport, the printer (null: this role prints nothing), the results directory's
 * writer, stderr, and whether the CPU column is printed (read from this role's own CPU meter).
 */
abstract class RoleBase {
    final PubSubConfig cfg;
    final Transport transport;
    final PerftestPrinter printer;
    final PubSubResults results;
    final PrintWriter err;
    final boolean showCpu;
    final CpuMeter cpu = new CpuMeter();

    RoleBase(PubSubConfig cfg, Transport transport, PerftestPrinter printerOrNull, PubSubResults results,
            PrintWriter err, boolean showCpu) {
        this.cfg = cfg;
        this.transport = transport;
        this.printer = printerOrNull;
        this.results = results;
        this.err = err;
        this.showCpu = showCpu;
    }
}
