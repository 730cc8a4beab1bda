package wirebench.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.Json;

class ResultsDirectoryTest {

    @Test
    void shouldWriteRunJsonAtStartAndEndTimeAtFinish(@TempDir Path dir) throws IOException {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("dataLen", 32);
        config.put("transport", "UDPv4");
        try (ResultsDirectory r = ResultsDirectory.create(dir, "wirebench run pubsub -dataLen 32", config)) {
            String start = Files.readString(dir.resolve("run.json"));
            assertThat(start).contains("\"format\": \"wirebench-run 1\"")
                    .contains("\"end_utc\": null")
                    .contains("\"command_line\": \"wirebench run pubsub -dataLen 32\"")
                    .contains("\"dataLen\": 32")
                    .contains("\"config_sha256\": \"" + ResultsDirectory.sha256(Json.write(config)) + "\"")
                    .contains("\"environment\": {")
                    .contains("\"threads\": " + Runtime.getRuntime().availableProcessors())
                    .contains("\"jvm\": {");
            r.family("udp", List.of("method"), List.of("loss_pct")).append(Map.of("method", "epoll", "loss_pct", 0.5));
            r.note("engine", Map.of("name", "test"));
            r.finish();
        }
        String end = Files.readString(dir.resolve("run.json"));
        assertThat(end).doesNotContain("\"end_utc\": null").contains("\"end_utc\": \"20").contains("\"engine\": {");
        assertThat(Files.readAllLines(dir.resolve("udp.csv"))).containsExactly(
                "# wirebench-results 1 family=udp keys=method", "method,loss_pct", "epoll,0.5");
        assertThat(Files.exists(dir.resolve("run.json.tmp"))).isFalse();
    }

    @Test
    void shouldGiveCoreutilsSha256OfTheConfigText() {
        // GNU coreutils 9.1: printf '{}' | sha256sum; printf '{ }' | sha256sum
        assertThat(ResultsDirectory.sha256("{}"))
                .isEqualTo("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
        assertThat(ResultsDirectory.sha256("{ }"))
                .isEqualTo("257c1be96ae69f4b01c2c69bdb6d78605f59175819fb007d0bf245bf48444c4a");
    }
}
