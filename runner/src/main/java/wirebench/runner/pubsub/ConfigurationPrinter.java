package wirebench.runner.pubsub;

import java.io.PrintWriter;

import wirebench.runner.compression.Algorithm;
import wirebench.runner.transport.Threading;

/** The configuration block a pub/sub run prints on stderr (mode, roles, transport, sizes, compression, threading). */
final class ConfigurationPrinter {
    private ConfigurationPrinter() {
    }

    /** Prints the resolved configuration on stderr, before anything runs. */
    static void print(PubSubConfig cfg, PrintWriter err) {
        err.println();
        err.println("Mode: " + (cfg.latencyTest() ? "LATENCY TEST (Ping-Pong test)" : "THROUGHPUT TEST"));
        err.println("Roles: " + (cfg.publisher() ? "publisher " + cfg.publisherId() + " " : "")
                + (cfg.subscriber() ? "subscriber " + cfg.subscriberId() : ""));
        err.println("Transport: " + cfg.transportName() + ", " + cfg.reliability() + ", domain " + cfg.domain()
                + ", ports " + cfg.transport().dataPort() + "/" + cfg.transport().echoPort());
        err.println("Data sizes: " + cfg.sizesBytes() + " bytes, batch " + cfg.batchBytes() + " bytes, "
                + (cfg.keyed() ? "keyed, " + cfg.instances() + " instances" : "unkeyed"));
        if (cfg.calculatedRatePerS() > 0) {
            err.println("Calculated Publication Rate is: " + cfg.calculatedRatePerS() + " samples/s");
        }
        if (cfg.compressionExplicit()) {
            err.println("Compression: " + cfg.compression().describe() + " (library level "
                    + cfg.compression().libraryLevel() + ")" + (cfg.payload() != null ? ", payload from "
                    + cfg.payload().path + " (" + cfg.payload().sizeBytes() + " bytes)" : ""));
            boolean batching = cfg.batchBytes().stream().anyMatch(b -> b > 0);
            if (batching && cfg.compression().enabled()
                    && cfg.compression().algorithm() != Algorithm.ZLIB && cfg.publisher()) {
                err.println("Note: Connext allows only ZLIB with batching; wirebench compresses each whole batch with "
                        + cfg.compression().algorithm() + " too (use -batchSize 0 to compare with Connext)");
            }
        }
        String engineThreading = cfg.engine().threadingLine(cfg.transport());
        if (engineThreading != null) {
            err.println("Threading: " + engineThreading);
        } else if (cfg.engine().usesThreading()) {
            Threading th = cfg.transport().threading();
            if (cfg.transport().aeronDir() != null) {
                err.println("Threading: the external driver's own (-aeronDir), harness idle " + th.idle());
            } else {
                err.println("Threading: " + th.mode() + ", idle " + th.idle()
                        + (th.auto() != null ? " from " + th.auto().startStrategy() : "") + " (" + th.reason() + ")");
            }
        }
        err.flush();
    }
}
