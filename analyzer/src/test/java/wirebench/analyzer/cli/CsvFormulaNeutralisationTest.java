package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.parse.InputText;
import wirebench.analyzer.parse.Parsers;

/**
 * CSV outputs neutralise text cells a spreadsheet would evaluate (OWASP: a leading {@code '} before
 * =, +, -, @, tab, CR), leave numbers alone, and read back to the original text.
 */
class CsvFormulaNeutralisationTest {
    private static final String FORMULA = "=cmd|' /C calc'!A0";

    private static Path hostileResults(Path dir) throws IOException {
        Path f = dir.resolve("pubsub-latency.csv");
        Files.writeString(f, String.join("\n",
                "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,size_bytes",
                "transport,reliability,size_bytes,samples,ave_us,p99_us",
                "\"" + FORMULA + "\",@SUM(A1),32,10000,7.25,12.5",
                "+UDPv4,-x,64,10000,7.5,13",
                "\"line\nbreak, and comma\",\"\tTAB\",128,10000,8,14",
                ""), StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void shouldPrefixFormulaTextButNotNumbersInStatsCsv(@TempDir Path dir) throws IOException {
        Path in = hostileResults(dir);

        Cli r = Cli.run("stats", "--format", "csv", in.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).contains("'" + FORMULA + ",'@SUM(A1),32,10000,7.25,12.5", "'+UDPv4,'-x,64,10000,7.5,13",
                "\"line", "break, and comma\",'\tTAB,128,10000,8,14");
        for (String line : lines) {
            if (!line.startsWith("#") && !line.isEmpty()) {
                assertThat(line.charAt(0)).as(line).isNotIn('=', '+', '-', '@', '\t', '\r');
            }
        }
    }

    @Test
    void shouldPrefixFormulaTextInConvertOutputAndReadItBackAsWritten(@TempDir Path dir) throws IOException {
        Path in = hostileResults(dir);
        Path out = dir.resolve("converted");

        Cli r = Cli.run("convert", in.toString(), "--out", out.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        String csv = Files.readString(out.resolve("pubsub-latency.csv"), StandardCharsets.UTF_8);
        assertThat(csv).contains(",'" + FORMULA + ",'@SUM(A1),32,10000,7.25,12.5\n")
                .contains(",'+UDPv4,'-x,64,10000,7.5,13\n")
                .doesNotContain("," + FORMULA).doesNotContain(",+UDPv4").doesNotContain(",-x");

        ParsedInput again = Parsers.all().parse(InputText.read(out.resolve("pubsub-latency.csv")));
        List<Row> rows = again.tables().stream().flatMap(t -> t.rows().stream()).toList();
        assertThat(rows).extracting(x -> x.get("transport"))
                .containsExactlyInAnyOrder(FORMULA, "+UDPv4", "line\nbreak, and comma");
        assertThat(rows).extracting(x -> x.get("reliability")).containsExactlyInAnyOrder("@SUM(A1)", "-x", "\tTAB");
        assertThat(rows).extracting(x -> x.get("p99_us")).containsExactlyInAnyOrder(12.5, 13.0, 14.0);
    }
}
