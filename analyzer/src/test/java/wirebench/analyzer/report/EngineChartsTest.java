package wirebench.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's engines-side-by-side section on results of two engines, and its absence for one. */
class EngineChartsTest {
    private static final String HEADER = "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,keyed,"
            + "instances,batch_bytes,compression,size_bytes,test\n"
            + "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,test,samples,ave_us,p50_us,"
            + "p99_us\n";

    private static Path run(Path dir, String transport, double p50At32, double p50At1024) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pubsub-latency.csv"), HEADER
                + transport + ",reliable,unkeyed,1,0,NONE,32,latency,1000," + p50At32 + "," + p50At32 + ","
                + (2 * p50At32) + "\n"
                + transport + ",reliable,unkeyed,1,0,NONE,1024,latency,50," + p50At1024 + "," + p50At1024 + ","
                + (2 * p50At1024) + "\n", StandardCharsets.UTF_8);
        return dir;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> engines(List<Path> inputs) {
        List<Map<String, Object>> sections = (List<Map<String, Object>>) new ReportBuilder().build(inputs, "t")
                .get("sections");
        return sections.stream().filter(s -> s.get("id").equals("engines")).findFirst().orElse(null);
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldPutEachEngineInAColumnOfItsOwnPerSizeWhenTwoRunsDifferOnlyInTransport(@TempDir Path tmp)
            throws IOException {
        Path aeron = run(tmp.resolve("aeron"), "UDPv4", 10, 20);
        Path tcp = run(tmp.resolve("tcp"), "TCP", 30, 40);

        Map<String, Object> s = engines(List.of(aeron, tcp));

        assertThat(s).isNotNull();
        List<Map<String, Object>> charts = (List<Map<String, Object>>) s.get("charts");
        // p99 of 1024 B (50 samples) is left out; 32 B has 1000
        assertThat(charts).extracting(c -> (String) c.get("title")).containsExactly(
                "Median latency vs sample size, one line per engine: reliable, unkeyed, 1 instance, no compression, "
                        + "latency test",
                "p99 latency vs sample size, one line per engine (from tests of 100 samples or more): reliable, "
                        + "unkeyed, 1 instance, no compression, latency test");
        Map<String, Object> table = ((List<Map<String, Object>>) s.get("tables")).get(0);
        assertThat((List<String>) table.get("columns")).containsExactly("Sample Size (Bytes)", "UDPv4: 50% (μs)",
                "TCP: 50% (μs)", "UDPv4: 99% (μs)", "TCP: 99% (μs)");
        assertThat((List<Object>) table.get("rows")).containsExactly(List.of("32", "10", "30", "20", "60"),
                List.of("1024", "20", "40", "40", "80"));
    }

    @Test
    void shouldLeaveTheSectionOutWhenOneEngineMeasuredEverything(@TempDir Path tmp) throws IOException {
        Path a = run(tmp.resolve("a"), "UDPv4", 10, 20);
        Path b = run(tmp.resolve("b"), "UDPv4", 11, 21);

        assertThat(engines(List.of(a, b))).isNull();
    }
}
