package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.parse.InputText;
import wirebench.analyzer.parse.Parsers;
import wirebench.contract.JsonReader;
import wirebench.runner.results.ResultsDirectory;

/**
 * What the runner writes through the contract module the analyzer reads back unchanged: a text
 * with a line break, quotes, commas or a formula start, and NaN (written as missing, read as
 * missing, in the CSV and in run.json).
 */
class ContractRoundTripTest {

    @Test
    void shouldReadBackTheRunnersTextsAndNaNsAsWrittenWhenTheyHoldLineBreaksAndFormulas(@TempDir Path dir)
            throws IOException {
        List<String> labels = List.of("two\nlines", "say \"hi\", twice", "=cmd|' /C calc'!A0", "-x");
        try (ResultsDirectory r = ResultsDirectory.create(dir, "wirebench test", Map.of("jitter", Double.NaN))) {
            for (int i = 0; i < labels.size(); i++) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("label", labels.get(i));
                row.put("size_bytes", 32 * (i + 1));
                row.put("saved_pct", i == 0 ? Double.NaN : -0.5 * i);
                r.family("compression", List.of("label", "size_bytes"), List.of("saved_pct")).append(row);
            }
            r.note("figure", Double.POSITIVE_INFINITY);
        }

        String csv = Files.readString(dir.resolve("compression.csv"), StandardCharsets.UTF_8);
        assertThat(csv).doesNotContain("NaN").contains("\n'=cmd|' /C calc'!A0,96,-1\n").contains("\n'-x,128,-1.5\n");
        ParsedInput in = Parsers.all().parse(InputText.read(dir.resolve("compression.csv")));
        List<Row> rows = in.tables().stream().flatMap(t -> t.rows().stream()).toList();
        assertThat(rows).extracting(x -> x.get("label")).containsExactlyElementsOf(labels);
        assertThat(rows).extracting(x -> x.get("saved_pct")).containsExactly(null, -0.5, -1.0, -1.5);

        String runJson = Files.readString(dir.resolve("run.json"), StandardCharsets.UTF_8);
        JsonReader.Obj run = (JsonReader.Obj) JsonReader.parse("run.json", runJson);
        assertThat(runJson).doesNotContain("NaN").doesNotContain("Infinity");
        assertThat(run.has("figure")).isTrue();
        assertThat(run.get("figure")).isNull();
        assertThat(((JsonReader.Obj) run.get("config")).get("jitter")).isNull();
    }
}
