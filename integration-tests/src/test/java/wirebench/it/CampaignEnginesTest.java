package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.report.ReportBuilder;

/**
 * {@code campaign --engines aeron,raw} on loopback (short tests), then its report: every row carries its
 * engine as a key, and the report draws the two engines side by side for each test point.
 */
class CampaignEnginesTest {

    @Test
    @Timeout(value = 400, unit = TimeUnit.SECONDS)
    void shouldReportBothEnginesSideBySideWhenACampaignRunsTwoEngines(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("c");
        // best effort: raw UDP sockets have no reliable mode
        String o = LoopbackCampaign.run(out, "--engines", "aeron,raw", "--sizes", "32,1024", "--reliability", "be",
                "--tests", "lat,thr", "--keyed", "unkeyed", "--batching", "on");
        assertThat(o).contains("campaign: 8 tests finished, 0 failed");

        List<String> lat = Files.readAllLines(out.resolve("results/pubsub-latency.csv"), StandardCharsets.UTF_8);
        assertThat(lat.get(0)).endsWith("keys=transport,reliability,keyed,instances,batch_bytes,compression,"
                + "size_bytes,test,repetition,engine");
        // transport (the first key) and engine (the tenth)
        assertThat(lat.subList(2, lat.size())).extracting(l -> l.split(",")[0] + "/" + l.split(",")[9])
                .containsExactlyInAnyOrder("UDPv4/aeron", "UDPv4/aeron",
                        "UDPv4/aeron", "UDPv4/aeron", "raw-UDPv4/raw", "raw-UDPv4/raw", "raw-UDPv4/raw",
                        "raw-UDPv4/raw");
        assertThat(out.resolve("perftest/aeron-UDPv4")).isDirectory();
        assertThat(out.resolve("perftest/raw-UDPv4")).isDirectory();

        Map<String, Object> model = new ReportBuilder().build(List.of(out.resolve("results")), "engines");

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sections = (List<Map<String, Object>>) model.get("sections");
        Map<String, Object> engines = sections.stream().filter(s -> s.get("id").equals("engines")).findFirst()
                .orElseThrow();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> charts = (List<Map<String, Object>>) engines.get("charts");
        // latency test: median and p99 (1 s at 32 and 1024 B gives well over 100 samples); throughput: Mbps;
        // latency under load: median (p99 only where a size has 100 samples)
        assertThat(charts).extracting(c -> (String) c.get("title")).anySatisfy(t -> assertThat(t)
                .startsWith("Median latency vs sample size, one line per engine: best effort, unkeyed")
                .contains("latency test")).anySatisfy(t -> assertThat(t)
                        .startsWith("Throughput (Mbps of payload) vs sample size, one line per engine"));
        assertThat(charts).allSatisfy(c -> assertThat((String) c.get("svg")).contains("aeron UDPv4")
                .contains("raw UDPv4"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> tables = (List<Map<String, Object>>) engines.get("tables");
        assertThat(tables).first().satisfies(t -> {
            @SuppressWarnings("unchecked")
            List<Object> columns = (List<Object>) t.get("columns");
            assertThat(columns).containsExactly("Sample Size (Bytes)", "aeron UDPv4: 50% (μs)",
                    "raw UDPv4: 50% (μs)", "aeron UDPv4: 99% (μs)", "raw UDPv4: 99% (μs)");
            assertThat((List<?>) t.get("rows")).hasSize(2);
        });
    }
}
