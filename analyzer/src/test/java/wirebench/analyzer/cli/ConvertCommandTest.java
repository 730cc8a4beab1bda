package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.parse.InputText;
import wirebench.analyzer.parse.Parsers;

class ConvertCommandTest {
    private static final String LATENCY = "src/test/resources/wirebench/pubsub-latency.csv";

    @Test
    void shouldWriteAResultsDirectoryThatParsesToTheSameRows(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("converted");

        Cli r = Cli.run("convert", LATENCY, "--out", out.toString());

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("wrote 2 table(s) from 1 file(s) to " + out);
        String csv = Files.readString(out.resolve("pubsub-latency.csv"));
        assertThat(csv).startsWith("# wirebench-results 1 family=pubsub-latency keys=source,transport,reliability,"
                + "size_bytes\nsource,transport,reliability,size_bytes,samples,ave_us,");
        String run = Files.readString(out.resolve("run.json"));
        assertThat(run).contains("\"format\": \"wirebench-run 1\"").contains("\"command_line\": \"wirebench convert ")
                .contains("\"format\": \"wirebench-csv-1\"");

        ParsedInput original = Parsers.all().parse(InputText.read(Path.of(LATENCY)));
        ParsedInput again = Parsers.all().parse(InputText.read(out.resolve("pubsub-latency.csv")));
        assertThat(again.tables()).hasSameSizeAs(original.tables());
        for (int i = 0; i < original.tables().size(); i++) {
            ResultTable a = original.tables().get(i);
            ResultTable b = again.tables().get(i);
            assertThat(b.rows()).hasSameSizeAs(a.rows());
            for (int j = 0; j < a.rows().size(); j++) {
                for (String c : a.columns()) {
                    assertThat(b.rows().get(j).get(c)).as(c).isEqualTo(a.rows().get(j).get(c));
                }
            }
        }
    }

    @Test
    void shouldRequireOut() {
        Cli r = Cli.run("convert", LATENCY);
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("wirebench convert: Missing required option: '--out=DIR'; see --help");
    }
}
