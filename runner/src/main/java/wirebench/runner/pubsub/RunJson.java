package wirebench.runner.pubsub;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import wirebench.runner.transport.Engine;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.TransportSettings;
import wirebench.runner.transport.idle.CpuFacts;

/** What a pub/sub run records in run.json besides the engine's own entry: its configuration and contention. */
final class RunJson {
    private RunJson() {
    }

    /** The run.json {@code config} entry (docs/pubsub.md). */
    static Map<String, Object> config(PubSubConfig cfg) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("roles", (cfg.publisher() ? "pub" : "") + (cfg.subscriber() ? (cfg.publisher() ? "+sub" : "sub") : ""));
        m.put("test", cfg.latencyTest() ? "latency" : "throughput");
        m.put("transport", cfg.transportName());
        m.put("reliability", cfg.reliability());
        m.put("sizes_bytes", cfg.sizesBytes());
        m.put("batch_bytes", cfg.batchBytes());
        m.put("domain", cfg.domain());
        m.put("keyed", cfg.keyed());
        m.put("instances", cfg.instances());
        m.put("num_iter", cfg.numIter());
        m.put("execution_time_s", cfg.executionTimeS());
        m.put("latency_count", cfg.latencyCount());
        m.put("pub_rate_per_s", cfg.pubRatePerS());
        m.put("sleep_ms", cfg.sleepMs());
        if (cfg.latencyFile() != null) {
            m.put("latency_file", cfg.latencyFile().toString());
        }
        m.put("warm_up_round_trips", cfg.initialBurstSize() > 0 ? Integer.toString(cfg.initialBurstSize())
                : "min(1000, 16 MiB / size)");
        if (cfg.publisher()) {
            // the publisher's: a subscriber alone does not know its publisher's (absent in older results: 0)
            m.put("throughput_warm_up_ms", cfg.latencyTest() ? 0 : cfg.warmUpMs());
            if (cfg.latencyTest()) {
                // absent in older results: their latency warm-up was the initialization pings alone
                m.put("latency_warm_up_limit_ms", cfg.warmUpMs());
                m.put("latency_warm_up_until_jit_quiet", cfg.warmUpUntilQuiet());
            }
            // a garbage collection before each size's warm-up (absent in older results: none, and
            // the publisher's latency intervals were garbage inside the window)
            m.put("collect_before_warm_up", true);
        }
        m.put("num_subscribers", cfg.numSubscribers());
        m.put("num_publishers", cfg.numPublishers());
        m.put("pid", cfg.publisherId());
        m.put("sid", cfg.subscriberId());
        m.put("nic", cfg.transport().nic());
        m.put("data_peers", cfg.transport().dataPeers());
        m.put("echo_peers", cfg.transport().echoPeers());
        m.put("multicast", cfg.transport().multicast() ? cfg.transport().multicastGroup() : null);
        m.put("data_port", cfg.transport().dataPort());
        m.put("echo_port", cfg.transport().echoPort());
        m.put("blocking_sockets", cfg.transport().blockingSockets());
        m.put("aeron_mtu_bytes", cfg.transport().mtuBytes() == 0 ? null : cfg.transport().mtuBytes());
        m.put("threading_mode", cfg.transport().threading().mode());
        m.put("idle_strategy", cfg.transport().threading().idle());
        // spinyield/spinpark (auto's spinning candidate) spin this long before they yield or park
        // (absent in older results: 50 000)
        m.put("idle_spin_ns", wirebench.runner.transport.idle.SpinFirstIdleStrategy.SPIN_NS);
        m.put("compression_id", cfg.compression().algorithm().name());
        m.put("compression_level", cfg.compression().level());
        m.put("compression_library_level", cfg.compression().libraryLevel());
        m.put("compression_threshold_bytes", cfg.compression().thresholdBytes());
        m.put("compression_explicit", cfg.compressionExplicit());
        m.put("load_data_from_file", cfg.payload() == null ? null : cfg.payload().path.toString());
        m.put("output_format", cfg.output().format().toLowerCase(Locale.ROOT));
        m.put("print_intervals", cfg.output().printIntervals());
        m.put("output_headers", cfg.output().headers());
        m.put("cpu", cfg.output().cpu());
        m.put("discovery_timeout_s", cfg.discoveryTimeoutS());
        m.put("latency_precision", "HdrHistogram " + LatencyStats.SIGNIFICANT_DIGITS + " significant digits, ns");
        return m;
    }

    /** The run.json {@code contention} entry at the end of the run (docs/pubsub.md). */
    static Map<String, Object> contention(PubSubConfig cfg) {
        TransportSettings ts = cfg.transport();
        Threading th = ts.threading();
        String idle;
        String reason;
        Engine.Waiting waiting = cfg.engine().waiting(ts);
        if (waiting != null) {
            idle = waiting.idle();
            reason = waiting.reason();
        } else if (th.auto() != null) {
            idle = th.auto().chosen();
            reason = th.auto().reason();
        } else {
            idle = th.idle();
            reason = cfg.idleGiven() ? "set on the command line" : th.reason();
        }
        return cfg.contention().finish(CpuFacts.loadAverage1m(), idle, reason);
    }
}
