package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class KeyMetricsLabelsTest {

    @Test
    void shouldReadFieldsWithSpacesAndTheSizeWhenAPointKeyIsParsed() {
        Map<String, String> f = SingleRunReplicates.pointFields(
                "rpc client=single threads=1 label=inbound same packet with size 1000 rating=DEAD HORSE 1000 B");

        assertThat(f).containsExactly(Map.entry("client", "single"), Map.entry("threads", "1"),
                Map.entry("label", "inbound same packet with size 1000"), Map.entry("rating", "DEAD HORSE"),
                Map.entry("size_bytes", "1000"));
    }

    @Test
    void shouldLabelEachPointByTheFieldsThatDifferWhenTheKindHasSeveralPoints() {
        List<String> points = List.of("latency transport=UDPv4 reliability=reliable 32 B",
                "latency transport=UDPv4 reliability=best_effort 32 B", "latency transport=UDPv4 reliability=reliable 1024 B");

        Map<String, String> labels = KeyMetrics.labels(points);

        assertThat(labels.values()).containsExactly("reliability=reliable 32 B", "reliability=best_effort 32 B",
                "reliability=reliable 1024 B");
    }
}
