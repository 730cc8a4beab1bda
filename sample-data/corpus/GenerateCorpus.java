import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;

/**
 * Writes wirebench's synthetic middleware log (sample-data/corpus/middleware.log) to stdout:
 * deterministic (fixed seed), about 400 KB of log lines as a pub/sub middleware and its
 * applications would print them (discovery, matching, reliability, resource warnings, application
 * status, occasional stack traces). Every name, address and message is invented here.
 *
 * <pre>java sample-data/corpus/GenerateCorpus.java &gt; sample-data/corpus/middleware.log</pre>
 */
public final class GenerateCorpus {
    private static final long SEED = 20261129L;
    private static final int TARGET_BYTES = 400 * 1024;

    private static final String[] LEVELS = {"INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "DEBUG", "WARN", "ERROR"};
    private static final String[] COMPONENTS = {"discovery.participant", "discovery.endpoint", "transport.udpv4",
        "transport.shmem", "reliability.writer", "reliability.reader", "qos.resolver", "app.telemetry",
        "app.planner", "app.gateway", "persistence.store", "monitor.stats"};
    private static final String[] THREADS = {"main", "recv-pool-1", "recv-pool-2", "event-0", "db-flush",
        "asynch-pub-3", "timer", "watchdog", "worker-7", "worker-12"};
    private static final String[] TOPICS = {"VehiclePose", "LidarScanSummary", "MissionStatus", "AlarmEvent",
        "PowerBusTelemetry", "OperatorCommand", "HealthHeartbeat", "RouteSegment", "CameraFrameMeta",
        "ParameterUpdate"};
    private static final String[] TYPES = {"nav::Pose3D", "sense::ScanSummary", "ops::MissionStatus",
        "ops::Alarm", "power::BusSample", "ops::Command", "sys::Heartbeat", "nav::Segment", "sense::FrameMeta",
        "sys::Parameter"};
    private static final String[] HOSTS = {"ctrl-node-a", "ctrl-node-b", "edge-07", "edge-11", "logger-1",
        "hmi-console", "sim-rig-3"};
    private static final String[] STATES = {"IDLE", "ARMED", "RUNNING", "DEGRADED", "RECOVERING", "STOPPED"};

    private final Random rnd = new Random(SEED);
    private final StringBuilder sb = new StringBuilder(512);
    private long epochMs = 1_735_689_600_000L + 8L * 3600 * 1000; // a fixed invented start time
    private long seqBase = 1000;

    public static void main(String[] args) throws IOException {
        new GenerateCorpus().write();
    }

    private void write() throws IOException {
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        long written = 0;
        while (written < TARGET_BYTES) {
            String line = next();
            out.write(line);
            written += line.getBytes(StandardCharsets.UTF_8).length;
        }
        out.flush();
    }

    private String pick(String[] a) {
        return a[rnd.nextInt(a.length)];
    }

    private String guid() {
        return String.format(Locale.ROOT, "%08x.%08x.%08x.%08x", 0x0101a3c7, rnd.nextInt(8) + 0x2f000000,
                rnd.nextInt(4) + 1, 0x80000000 | (rnd.nextInt(64) << 8) | 0x02);
    }

    private String ip() {
        return "10.20." + (rnd.nextInt(3) + 1) + "." + (rnd.nextInt(40) + 10);
    }

    private String next() {
        epochMs += rnd.nextInt(rnd.nextInt(10) == 0 ? 900 : 40);
        long ms = epochMs % 1000;
        long s = epochMs / 1000;
        sb.setLength(0);
        String level = pick(LEVELS);
        int topic = rnd.nextInt(TOPICS.length);
        sb.append(String.format(Locale.ROOT, "2025-01-01T%02d:%02d:%02d.%03dZ %-5s [%s] %s - ", (s / 3600) % 24,
                (s / 60) % 60, s % 60, ms, level, pick(THREADS), pick(COMPONENTS)));
        switch (rnd.nextInt(12)) {
            case 0:
                sb.append(String.format(Locale.ROOT, "discovered remote participant %s at %s:%d (host %s, lease %d s)",
                        guid(), ip(), 7400 + 2 * rnd.nextInt(4), pick(HOSTS), 10 + 10 * rnd.nextInt(3)));
                break;
            case 1:
                sb.append(String.format(Locale.ROOT, "matched %s writer %s with reader %s on topic '%s' type %s",
                        rnd.nextBoolean() ? "reliable" : "best-effort", guid(), guid(), TOPICS[topic], TYPES[topic]));
                break;
            case 2:
                seqBase += rnd.nextInt(5000);
                sb.append(String.format(Locale.ROOT,
                        "writer %s: NACK from %s for seq [%d, %d], repaired %d samples in %d us",
                        guid(), ip(), seqBase, seqBase + rnd.nextInt(30), 1 + rnd.nextInt(30), 20 + rnd.nextInt(900)));
                break;
            case 3:
                sb.append(String.format(Locale.ROOT,
                        "heartbeat period %d ms, %d unacknowledged samples, send window %d/%d on topic '%s'",
                        50 + 50 * rnd.nextInt(4), rnd.nextInt(200), rnd.nextInt(256), 256, TOPICS[topic]));
                break;
            case 4:
                sb.append(String.format(Locale.ROOT,
                        "telemetry %s: state=%s battery_pct=%.1f temp_c=%.2f cpu_pct=%d mem_mb=%d queue=%d",
                        pick(HOSTS), pick(STATES), 20 + rnd.nextDouble() * 80, 30 + rnd.nextGaussian() * 4,
                        rnd.nextInt(100), 512 + rnd.nextInt(3500), rnd.nextInt(64)));
                break;
            case 5:
                sb.append(String.format(Locale.ROOT,
                        "published %s {\"id\":%d,\"x\":%.3f,\"y\":%.3f,\"z\":%.3f,\"yaw\":%.4f,\"frame\":\"map\"}",
                        TOPICS[topic], rnd.nextInt(64), rnd.nextGaussian() * 100, rnd.nextGaussian() * 100,
                        rnd.nextGaussian(), rnd.nextDouble() * 6.2832));
                break;
            case 6:
                sb.append(String.format(Locale.ROOT,
                        "receive socket %s:%d buffer %d bytes, %d datagrams dropped since last report",
                        ip(), 7410 + rnd.nextInt(20), 1 << (16 + rnd.nextInt(6)), rnd.nextInt(8) == 0 ? rnd.nextInt(50) : 0));
                break;
            case 7:
                sb.append(String.format(Locale.ROOT,
                        "QoS resolved for '%s': reliability=%s durability=%s history=KEEP_LAST(%d) deadline=%d ms",
                        TOPICS[topic], rnd.nextBoolean() ? "RELIABLE" : "BEST_EFFORT",
                        rnd.nextBoolean() ? "VOLATILE" : "TRANSIENT_LOCAL", 1 + rnd.nextInt(100), 100 * rnd.nextInt(20)));
                break;
            case 8:
                sb.append(String.format(Locale.ROOT, "mission %d step %d/%d '%s' %s after %.1f s",
                        400 + rnd.nextInt(40), rnd.nextInt(20), 20, pick(new String[] {"approach waypoint",
                            "hold position", "scan area", "return to base", "dock"}), pick(new String[] {"started",
                            "completed", "skipped", "retried"}), rnd.nextDouble() * 120));
                break;
            case 9:
                if (level.equals("ERROR") || rnd.nextInt(4) == 0) {
                    sb.append("deserialization failed for ").append(TYPES[topic])
                            .append(": unexpected end of buffer at offset ").append(rnd.nextInt(4096)).append('\n');
                    int depth = 3 + rnd.nextInt(5);
                    for (int i = 0; i < depth; i++) {
                        sb.append("    at ").append(pick(new String[] {"mw.cdr.Decoder.readSequence",
                            "mw.cdr.Decoder.readStruct", "mw.reader.SampleQueue.deliver", "app.gateway.Bridge.onSample",
                            "mw.core.EventLoop.dispatch", "mw.transport.UdpReceiver.run"}))
                                .append("(").append(pick(new String[] {"Decoder.cpp", "SampleQueue.cpp", "Bridge.cpp",
                                    "EventLoop.cpp", "UdpReceiver.cpp"})).append(':').append(40 + rnd.nextInt(900))
                                .append(")\n");
                    }
                    sb.setLength(sb.length() - 1);
                } else {
                    sb.append(String.format(Locale.ROOT, "sample lost on topic '%s' from %s: seq %d (gap of %d)",
                            TOPICS[topic], guid(), seqBase + rnd.nextInt(100000), 1 + rnd.nextInt(3)));
                }
                break;
            case 10:
                sb.append(String.format(Locale.ROOT,
                        "store flush: %d samples, %d bytes written to segment %06d.dat in %d ms",
                        rnd.nextInt(5000), rnd.nextInt(4_000_000), rnd.nextInt(300), rnd.nextInt(80)));
                break;
            default:
                sb.append(String.format(Locale.ROOT,
                        "stats '%s': %d samples/s, %.2f Mbps, latency p50 %d us p99 %d us, lost %d",
                        TOPICS[topic], 100 + rnd.nextInt(50000), rnd.nextDouble() * 900, 20 + rnd.nextInt(200),
                        200 + rnd.nextInt(5000), rnd.nextInt(10) == 0 ? rnd.nextInt(20) : 0));
                break;
        }
        return sb.append('\n').toString();
    }
}
