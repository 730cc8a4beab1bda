package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


class CsvFamilyWriterTest {
    private static final List<String> KEYS = List.of("method", "label");
    private static final List<String> MEASURES = List.of("payload_bytes", "loss_pct", "data_mbps");

    private static Map<String, Object> row(String method, String label, Object payload, Object loss, Object mbps) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", method);
        m.put("label", label);
        m.put("payload_bytes", payload);
        m.put("loss_pct", loss);
        m.put("data_mbps", mbps);
        return m;
    }

    private static void writeGoldenRows(Path dir) {
        try (CsvFamilyWriter f = CsvFamilyWriter.open(dir, "udp", KEYS, MEASURES)) {
            f.append(row("epoll", "plain", 64, 1.272, 231.6));
            f.append(row("thread", "with, comma", 1472L, 0.0, 3300.25));
            f.append(row("select", "quote \"q\"", 0, null, null));
        }
    }

    @Test
    void shouldMatchTheGoldenFileUnderGermanLocale(@TempDir Path dir) throws IOException {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            writeGoldenRows(dir);
        } finally {
            Locale.setDefault(saved);
        }
        assertThat(Files.readString(dir.resolve("udp.csv")))
                .isEqualTo(Files.readString(Path.of("src/test/resources/golden/udp.csv")));
    }

    @Test
    void shouldAppendToAnExistingFileWithTheSameHeaderAndRepairACutLine(@TempDir Path dir) throws IOException {
        try (CsvFamilyWriter f = CsvFamilyWriter.open(dir, "udp", KEYS, MEASURES)) {
            f.append(row("epoll", "a", 64, 1.0, 2.0));
        }
        Files.writeString(dir.resolve("udp.csv"), "thread,b,6", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        try (CsvFamilyWriter f = CsvFamilyWriter.open(dir, "udp", KEYS, MEASURES)) {
            f.append(row("select", "c", 32, 0.5, 1.5));
        }
        assertThat(Files.readAllLines(dir.resolve("udp.csv"))).containsExactly(
                "# wirebench-results 1 family=udp keys=method,label",
                "method,label,payload_bytes,loss_pct,data_mbps",
                "epoll,a,64,1,2",
                "thread,b,6",
                "select,c,32,0.5,1.5");
    }

    @Test
    void shouldRefuseToAppendWhenTheHeaderDiffers(@TempDir Path dir) {
        CsvFamilyWriter.open(dir, "udp", KEYS, MEASURES).close();
        assertThatThrownBy(() -> CsvFamilyWriter.open(dir, "udp", KEYS, List.of("payload_bytes")))
                .isInstanceOf(WirebenchException.class)
                .hasMessage(dir.resolve("udp.csv") + ":2: expected header 'method,label,payload_bytes' to append to, "
                        + "got 'method,label,payload_bytes,loss_pct,data_mbps'");
    }

    @Test
    void shouldRejectAnUnknownColumn(@TempDir Path dir) {
        try (CsvFamilyWriter f = CsvFamilyWriter.open(dir, "udp", KEYS, MEASURES)) {
            assertThatThrownBy(() -> f.append(Map.of("nope", 1))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no column 'nope'");
        }
    }
}
