package wirebench.runner.transport.dds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.JsonReader;
import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.TransportSettings;

/**
 * Perftest's QoS options with a DDS meaning on the Cyclone engine (issue 27): {@code -durability} 0/1 as
 * DDS durability (2 and 3 refused), {@code -sendQueueSize} as the writer's WHC high-water mark. The
 * late-joiner proofs run in a child JVM on Java 22+ ({@link DdsChild}, domains 74..76); the option
 * checks run here.
 */
class DdsQosTest {
    private static final String PROOFS = DdsProofs.class.getName();

    private static TransportSettings withOptions(Map<String, String> options) {
        return new TransportSettings(TransportSettings.Kind.DDS, true, false, null, null, "127.0.0.1",
                List.of("127.0.0.1"), List.of("127.0.0.1"), 0, 0, 0, 0, 64, true,
                new Threading("INVOKER", "spinyield", "test"), null, 0, null,
                new TransportSettings.Extras(0, false, (b, o, l) -> 0, options));
    }

    /** What a reader that joined after 0, 1, 2 were written got, up to the 99 written after it joined. */
    private static String lateJoiner(int durability, int domain) throws Exception {
        try (DdsChild child = DdsChild.start(PROOFS, "durability", String.valueOf(durability), String.valueOf(domain))) {
            String line = child.await("late ", 90);
            assertThat(child.exit(30)).as("output: %s", child.output()).isZero();
            return line;
        }
    }

    @Test
    @Timeout(120)
    void shouldDeliverWhatWasWrittenBeforeItJoinedWhenDurabilityIsTransientLocal() throws Exception {
        assertThat(lateJoiner(DdsSettings.TRANSIENT_LOCAL, 74)).isEqualTo("late 0,1,2,99");
    }

    @Test
    @Timeout(120)
    void shouldDeliverOnlyLaterSamplesToALateReaderWhenDurabilityIsVolatile() throws Exception {
        assertThat(lateJoiner(DdsSettings.VOLATILE, 75)).isEqualTo("late 99");
    }

    @Test
    @Timeout(240)
    void shouldRecordTransientLocalAndTheSendQueueInRunJsonWhenARunGivesThem(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        try (DdsChild run = DdsChild.start("wirebench.runner.RunnerMain", "run", "pubsub", "-bothRoles", "-dataLen", "32",
                "-engine", "dds", "-domain", "76", "-durability", "1", "-sendQueueSize", "20", "-numIter", "20000",
                "-noPrintIntervals", "--out", out.toString())) {
            assertThat(run.exit(200)).as("output: %s", run.output()).isZero();
        }
        JsonReader.Obj runJson = (JsonReader.Obj) JsonReader.parse("run.json", Files.readString(out.resolve("run.json")));
        Map<String, Object> engine = ((JsonReader.Obj) runJson.get("engine")).members();
        // KEEP_ALL (reliable default): a late joiner gets the last 50 per instance
        assertThat((String) engine.get("durability")).isEqualTo("TRANSIENT_LOCAL (a late-joining reader gets the last 50"
                + " samples per instance)");
        assertThat((String) engine.get("send_queue")).startsWith("20 messages (WHC high-water mark ");
        assertThat((String) engine.get("config_xml")).contains("<WhcAdaptive>false</WhcAdaptive>");
    }

    @Test
    void shouldRefuseWithExit3WhenDurabilityNeedsADurabilityService() {
        for (String kind : List.of("2", "3")) {
            WirebenchException e = catchThrowableOfType(WirebenchException.class,
                    () -> CycloneDdsEngine.settings(withOptions(Map.of("-durability", kind))));
            assertThat(e.exitCode()).as(kind).isEqualTo(WirebenchException.BAD_INPUT);
            assertThat(e.getMessage()).startsWith("-durability " + kind + ": ")
                    .contains("needs a durability service, which Cyclone DDS does not run here").doesNotContain("\n");
        }
    }

    @Test
    void shouldRefuseWithExit2WhenDurabilityOrSendQueueSizeIsOutOfRange() {
        for (Map<String, String> bad : List.of(Map.of("-durability", "4"), Map.of("-durability", "x"),
                Map.of("-sendQueueSize", "0"), Map.of("-sendQueueSize", "-5"),
                Map.of("-durability", "1", DdsperfPeer.OPTION, "true"))) {
            WirebenchException e = catchThrowableOfType(WirebenchException.class,
                    () -> CycloneDdsEngine.settings(withOptions(bad)));
            assertThat(e.exitCode()).as(bad.toString()).isEqualTo(WirebenchException.USAGE);
            assertThat(e.getMessage()).startsWith(bad.containsKey("-sendQueueSize") ? "-sendQueueSize: expected"
                    : "-durability").doesNotContain("\n");
        }
    }

    @Test
    void shouldSetTheWriterHighWaterMarkToTheQueueOfLargestMessagesWhenSendQueueSizeIsGiven() {
        TransportSettings ts = withOptions(Map.of("-sendQueueSize", "10", "-durability", "1"));
        DdsSettings d = CycloneDdsEngine.settings(ts);

        assertThat(d.durability()).isEqualTo(DdsSettings.TRANSIENT_LOCAL);
        assertThat(d.sendQueueSize()).isEqualTo(10);
        // 10 messages x 64 bytes (the settings' largest message)
        assertThat(DdsConfigXml.of(ts, d)).contains("<WhcHigh>640B</WhcHigh>").contains("<WhcHighInit>640B</WhcHighInit>");
        DdsSettings plain = CycloneDdsEngine.settings(withOptions(Map.of()));
        assertThat(plain.durability()).isEqualTo(DdsSettings.VOLATILE);
        assertThat(DdsConfigXml.of(ts, plain)).doesNotContain("Watermarks");
    }
}
