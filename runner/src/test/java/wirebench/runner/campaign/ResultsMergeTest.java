package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.WirebenchException;
import wirebench.runner.results.ResultsDirectory;

/** The campaign's merge of a child's results directory: every row kept, or an error naming file and line. */
class ResultsMergeTest {
    private static final String HEADER = "# wirebench-results 1 family=pubsub-latency keys=transport,size_bytes\n"
            + "transport,size_bytes,samples,p50_us\n";

    private static TestPoint point() {
        return new TestPoint(0, "lat", "UDPv4", "unkeyed", "rel", false, 32, 1, 1, "NONE");
    }

    @Test
    void shouldNameFileAndLineWhenAChildRowHasFewerFieldsThanItsHeader(@TempDir Path tmp) throws IOException {
        Path child = Files.createDirectories(tmp.resolve("child"));
        Files.writeString(child.resolve("pubsub-latency.csv"), HEADER + "UDPv4,32,1000,7.5\nUDPv4,64,1000\n");
        ResultsDirectory dir = ResultsDirectory.create(tmp.resolve("out"), "test", java.util.Map.of());

        assertThatThrownBy(() -> ResultsMerge.copyResults(child, dir, point(), null))
                .isInstanceOf(WirebenchException.class)
                .hasMessage(child.resolve("pubsub-latency.csv") + ":4: expected 4 fields (the header's), found 3");
        dir.close();
    }

    @Test
    void shouldKeepEveryRowWithARepetitionKeyWhenTheRowsFit(@TempDir Path tmp) throws IOException {
        Path child = Files.createDirectories(tmp.resolve("child"));
        Files.writeString(child.resolve("pubsub-latency.csv"), HEADER + "UDPv4,32,1000,7.5\nUDPv4,64,1000,8.25\n");
        ResultsDirectory dir = ResultsDirectory.create(tmp.resolve("out"), "test", java.util.Map.of());

        ResultsMerge.copyResults(child, dir, point(), null);
        dir.close();

        assertThat(Files.readAllLines(tmp.resolve("out/pubsub-latency.csv"))).endsWith(
                "transport,size_bytes,repetition,samples,p50_us", "UDPv4,32,1,1000,7.5", "UDPv4,64,1,1000,8.25");
    }
}
