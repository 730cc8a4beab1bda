package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings notes of a comparison, from the run.json files of both sides. */
class RunSettingsTest {
    @TempDir
    Path dir;

    private Path run(String name, String json) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.writeString(d.resolve("run.json"), json);
        return d;
    }

    @Test
    void shouldNameTheEngineSettingThatDiffersWhenOldResultsLackIt() throws IOException {
        Path old = run("old", "{\"config\": {\"transport\": \"UDPv4\", \"data_port\": 20002}, \"engine\": "
                + "{\"name\": \"aeron\", \"term_length_bytes\": 4194304}}");
        Path now = run("new", "{\"config\": {\"transport\": \"UDPv4\", \"data_port\": 40002}, \"engine\": "
                + "{\"name\": \"aeron\", \"term_length_bytes\": 4194304, \"mtu_bytes\": 65504}}");

        assertThat(RunSettings.differences(List.of(old), List.of(now)))
                .containsExactly("setting differs: engine.mtu_bytes: baseline (not recorded) -> candidate 65504");
    }

    @Test
    void shouldNameEverySettingWithItsTwoValuesWhenBothSidesRecordIt() throws IOException {
        Path a = run("a", "{\"config\": {\"transport\": \"UDPv4\", \"reliability\": \"reliable\"}, \"engine\": "
                + "{\"mtu_bytes\": 1408, \"receiver_window_bytes\": 2097152}}");
        Path b = run("b", "{\"config\": {\"transport\": \"SHMEM\", \"reliability\": \"reliable\"}, \"engine\": "
                + "{\"mtu_bytes\": 65504, \"receiver_window_bytes\": 2097152}}");

        assertThat(RunSettings.differences(List.of(a), List.of(b))).containsExactly(
                "setting differs: config.transport: baseline UDPv4 -> candidate SHMEM",
                "setting differs: engine.mtu_bytes: baseline 1408 -> candidate 65504");
    }

    @Test
    void shouldSayNothingWhenASettingVariesWithinOneSideOrARunJsonIsMissing() throws IOException {
        Path a1 = run("a1", "{\"engine\": {\"mtu_bytes\": 1408}}");
        Path a2 = run("a2", "{\"engine\": {\"mtu_bytes\": 8192}}");
        Path b = run("b", "{\"engine\": {\"mtu_bytes\": 65504}}");
        Path csvOnly = Files.createDirectories(dir.resolve("csv-only"));

        assertThat(RunSettings.differences(List.of(a1, a2), List.of(b))).isEmpty();
        assertThat(RunSettings.differences(List.of(csvOnly), List.of(b))).isEmpty();
    }
}
