package wirebench.runner.transport.dds;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.JsonReader;
import wirebench.contract.WirebenchException;
import wirebench.runner.pubsub.PubSubCommand;

/**
 * {@code run pubsub -engine dds} end to end, in child JVMs on Java 22+: Perftest's rows, run.json
 * naming the engine, two processes over RTPS with keyed instances, and the refusal below Java 22.
 * Domains 70..79 keep these runs apart from others.
 */
class DdsPubSubTest {
    private static final String MAIN = "wirebench.runner.RunnerMain";

    @Test
    @Timeout(240)
    void shouldPrintPerftestLatencyRowAndNameCycloneInRunJsonWhenBothRolesRunOnDds(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        try (DdsChild run = DdsChild.start(MAIN, "run", "pubsub", "-bothRoles", "-latencyTest", "-dataLen", "32",
                "-engine", "dds", "-domain", "70", "-numIter", "3000", "-noPrintIntervals", "--out", out.toString())) {
            assertThat(run.exit(200)).as("output: %s", run.output()).isZero();
            List<String> lines = run.output();
            assertThat(lines).contains("Sample Size (Bytes), Ave (μs), Std (μs), Min (μs), Max (μs), 50% (μs), 90% (μs),"
                    + " 99% (μs), 99.99% (μs), 99.9999% (μs)");
            String row = lines.stream().filter(l -> l.matches(" +32,.*")).findFirst().orElse(null);
            assertThat(row).as("the 32-byte row in %s", lines).isNotNull();
            assertThat(row.split(",")).hasSize(10);
            // the DDS engine's own threading line, not Aeron's driver mode
            // (both roles in one process: the role threads poll; the receive thread delivers in a -sub process only)
            assertThat(lines).anyMatch(l -> l.startsWith("Threading: Cyclone DDS's own receive and delivery threads;"
                    + " -ddsDelivery listener: a -sub process's DATA is handed to the harness in Cyclone's receive thread"
                    + " while the role thread parks; else receivers poll dds_take, idle auto from "))
                    .noneMatch(l -> l.startsWith("Threading: INVOKER"));
        }
        JsonReader.Obj runJson = (JsonReader.Obj) JsonReader.parse("run.json", Files.readString(out.resolve("run.json")));
        Map<String, Object> engine = ((JsonReader.Obj) runJson.get("engine")).members();
        assertThat(engine).containsEntry("engine", "Cyclone DDS").containsEntry("version", installedVersion())
                .containsEntry("type", "UnkeyedSeq").containsEntry("history", "KEEP_ALL");
        // both role threads poll dds_take (no -ddsWaitset): two spinning threads in this process
        assertThat(((JsonReader.Obj) runJson.get("contention")).members()).containsEntry("spinning_threads", 2.0);
        assertThat((String) engine.get("config_xml")).startsWith("<CycloneDDS>")
                .contains("<NetworkInterface address=\"127.0.0.1\"/>", "<Peer Address=\"127.0.0.1\"/>");
    }

    @Test
    @Timeout(300)
    void shouldLoseNothingAndReachEveryInstanceWhenKeyedReliablePubAndSubRunInTwoProcesses() throws Exception {
        try (DdsChild sub = DdsChild.start(MAIN, "run", "pubsub", "-sub", "-engine", "dds", "-domain", "71", "-keyed",
                "-instances", "1000", "-dataLen", "1024", "-noPrintIntervals");
             DdsChild pub = DdsChild.start(MAIN, "run", "pubsub", "-pub", "-engine", "dds", "-domain", "71", "-keyed",
                "-instances", "1000", "-dataLen", "1024", "-numIter", "20000", "-noPrintIntervals")) {
            assertThat(pub.exit(240)).as("publisher: %s", pub.output()).isZero();
            assertThat(sub.exit(60)).as("subscriber: %s", sub.output()).isZero();
            List<String> lines = sub.output();
            assertThat(lines).contains("subscriber 0: 1000 of 1000 instances received samples");
            String row = lines.stream().filter(l -> l.matches(" +1024,.*")).findFirst().orElse(null);
            assertThat(row).as("the subscriber's summary in %s", lines).isNotNull();
            String[] cells = row.split(",");
            assertThat(cells[1].strip()).as("samples received").isEqualTo("20000");
            assertThat(cells[4].strip()).as("samples lost").isEqualTo("0");
        }
    }

    @Test
    @Timeout(300)
    void shouldDeliverEverySampleAndAnswerPingsWhenCycloneBatchesUnbatchedWrites(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("pub");
        // one DDS write per sample, packed by Cyclone (-ddsWriteBatch); the pings inside the stream and the
        // end-of-test messages go out because a role flushes its writes before it waits
        try (DdsChild sub = DdsChild.start(MAIN, "run", "pubsub", "-sub", "-engine", "dds", "-domain", "72",
                "-ddsWriteBatch", "-dataLen", "1024", "-noPrintIntervals");
             DdsChild pub = DdsChild.start(MAIN, "run", "pubsub", "-pub", "-engine", "dds", "-domain", "72",
                "-ddsWriteBatch", "-dataLen", "1024", "-batchSize", "0", "-numIter", "20000", "-latencyCount", "100",
                "-noPrintIntervals", "--out", out.toString())) {
            assertThat(pub.exit(240)).as("publisher: %s", pub.output()).isZero();
            assertThat(sub.exit(60)).as("subscriber: %s", sub.output()).isZero();
            String row = sub.output().stream().filter(l -> l.matches(" +1024,.*")).findFirst().orElse(null);
            assertThat(row).as("the subscriber's summary in %s", sub.output()).isNotNull();
            assertThat(row.split(",")[1].strip()).as("samples received").isEqualTo("20000");
            assertThat(row.split(",")[4].strip()).as("samples lost").isEqualTo("0");
            assertThat(pub.output()).anyMatch(l -> l.matches(" +1024,.*")).as("the publisher's latency row");
            assertThat(pub.output()).anyMatch(l -> l.startsWith("Engine counters: data_writer_throttle_count="));
        }
        JsonReader.Obj runJson = (JsonReader.Obj) JsonReader.parse("run.json", Files.readString(out.resolve("run.json")));
        Map<String, Object> engine = ((JsonReader.Obj) runJson.get("engine")).members();
        assertThat((String) engine.get("config_xml")).contains("<WriteBatch>true</WriteBatch>");
        assertThat((String) engine.get("write_batch")).startsWith("Cyclone WriteBatch");
        // Cyclone's writer statistics: 20 MB through a reliable writer whose history holds at most 500 kB
        // unacknowledged (its adaptive high-water mark starts at 30 kB) waits for acknowledgements
        Map<String, Object> counters = ((JsonReader.Obj) runJson.get("engine_counters")).members();
        assertThat(counters.keySet()).containsExactly("data_writer_throttle_count", "data_writer_throttle_ms",
                "data_writer_rexmit_bytes", "data_writer_rexmit_ms");
        assertThat(((Number) counters.get("data_writer_throttle_count")).longValue()).isPositive();
        assertThat(((Number) counters.get("data_writer_throttle_ms")).doubleValue()).isPositive();
        assertThat(((Number) counters.get("data_writer_rexmit_bytes")).longValue()).isNotNegative();
    }

    @Test
    void shouldRefuseWithExit3NamingJava22WhenTheEngineIsDdsOnJava17() {
        WirebenchException e = PubSubCommand.argumentsError(List.of("-bothRoles", "-engine", "dds"));
        if (Runtime.version().feature() < 22) {
            assertThat(e).isNotNull();
            assertThat(e.exitCode()).isEqualTo(WirebenchException.BAD_INPUT);
            assertThat(e.getMessage()).startsWith("the DDS engine (Cyclone DDS through the Foreign Function & Memory API)"
                    + " needs Java 22+ (this is Java " + Runtime.version().feature() + ")");
        } else {
            assertThat(e).as("Java 22+ with libddsc: accepted").isNull();
        }
        assertThat(PubSubCommand.argumentsError(List.of("-bothRoles", "-engine", "corba")).getMessage())
                .isEqualTo("-engine: expected aeron, raw-udp, tcp, tls, dds, got 'corba'");
    }

    /** The version of the installed libddsc, from its file name (libddsc.so.0.10.2 -> 0.10.2). */
    private static String installedVersion() throws Exception {
        Path lib = DdsChild.LIBDDSC.stream().filter(Files::exists).findFirst().orElseThrow().toRealPath();
        try (Stream<Path> s = Stream.of(lib)) {
            return s.map(p -> p.getFileName().toString()).map(n -> n.substring("libddsc.so.".length())).findFirst()
                    .orElseThrow();
        }
    }
}
