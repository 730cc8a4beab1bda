package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvFamilyReaderTest {
    private static final List<String> KEYS = List.of("label", "size_bytes");
    private static final List<String> MEASURES = List.of("p99_us", "delta_pct");
    private static final List<String> LABELS = List.of("plain", "two\nlines", "crlf\r\ninside", "a,b",
            "say \"hi\"", "=cmd|' /C calc'!A0", "+1", "-x", "@SUM(A1)", "\tlead tab", "\rlead cr",
            "'=already", "'plain", " lead and trail ", "#hash", "µs 日本語", "");

    private static Map<String, Object> row(String label, long size, Double p99, Double delta) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", label);
        m.put("size_bytes", size);
        m.put("p99_us", p99);
        m.put("delta_pct", delta);
        return m;
    }

    private static CsvFamilyReader reader(String text) {
        return CsvFamilyReader.of("f.csv", new StringReader(text));
    }

    @Test
    void shouldReadBackEveryRowTheWriterWroteIncludingLineBreaksQuotesCommasAndFormulas(@TempDir Path dir)
            throws IOException {
        try (CsvFamilyWriter w = CsvFamilyWriter.open(dir, "rpc", KEYS, MEASURES)) {
            for (int i = 0; i < LABELS.size(); i++) {
                w.append(row(LABELS.get(i), i, 0.25 * i, -0.5 * i));
            }
            w.append(row("missing", 99, Double.NaN, Double.POSITIVE_INFINITY));
        }

        List<String> labels = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        List<Double> delta = new ArrayList<>();
        try (CsvFamilyReader r = CsvFamilyReader.open(dir.resolve("rpc.csv"))) {
            assertThat(r.declaration().family()).isEqualTo("rpc");
            assertThat(r.declaration().keys()).isEqualTo(KEYS);
            assertThat(r.header()).containsExactly("label", "size_bytes", "p99_us", "delta_pct");
            r.eachRow(row -> {
                assertThat(row.number(1)).isEqualTo(labels.size() < LABELS.size() ? labels.size() : 99.0);
                labels.add(row.text(0));
                p99.add(row.number(2));
                delta.add(row.number(3));
            });
        }

        List<String> expected = new ArrayList<>(LABELS);
        expected.add("missing");
        assertThat(labels).containsExactlyElementsOf(expected);
        assertThat(p99.get(3)).isEqualTo(0.75);
        assertThat(delta.get(3)).isEqualTo(-1.5);
        assertThat(p99.get(p99.size() - 1)).isNull();
        assertThat(delta.get(delta.size() - 1)).isNull();
    }

    @Test
    void shouldWriteFormulaTextWithThePrefixAndNegativeNumbersWithout(@TempDir Path dir) throws IOException {
        try (CsvFamilyWriter w = CsvFamilyWriter.open(dir, "rpc", KEYS, MEASURES)) {
            w.append(row("=cmd|' /C calc'!A0", 1, 2.0, -0.5));
        }
        List<String> lines = Files.readAllLines(dir.resolve("rpc.csv"), StandardCharsets.UTF_8);
        assertThat(lines.get(2)).isEqualTo("'=cmd|' /C calc'!A0,1,2,-0.5");
    }

    @Test
    void shouldNameTheLineEachRowStartsOnAcrossQuotedLineBreaksCommentsAndBlankLines() {
        String text = "\n# wirebench-results 1 family=rpc keys=label\n"
                + "label,p99_us\n"
                + "a,1\n"
                + "\"two\nlines\",2\n"
                + "# a comment\n"
                + "\n"
                + "c,3\n";
        try (CsvFamilyReader r = reader(text)) {
            assertThat(r.declarationLine()).isEqualTo(2);
            assertThat(r.headerLine()).isEqualTo(3);
            CsvFamilyReader.Row a = r.next();
            CsvFamilyReader.Row two = r.next();
            CsvFamilyReader.Row c = r.next();
            assertThat(List.of(a.line(), two.line(), c.line())).containsExactly(4, 5, 9);
            assertThat(two.text(0)).isEqualTo("two\nlines");
            assertThat(a.last()).isFalse();
            assertThat(c.last()).isTrue();
            assertThat(r.next()).isNull();
        }
    }

    @Test
    void shouldHandEveryRowToAForEachLoopOnce() {
        List<String> seen = new ArrayList<>();
        try (CsvFamilyReader r = reader("# wirebench-results 1 family=rpc keys=label\nlabel,p99_us\na,1\nb,2\n")) {
            for (CsvFamilyReader.Row row : r) {
                seen.add(row.text(0) + "@" + row.line());
            }
            assertThat(r.iterator().hasNext()).isFalse();
        }
        assertThat(seen).containsExactly("a@3", "b@4");
    }

    @Test
    void shouldNameFileLineAndColumnOfACellThatIsNoNumber() {
        try (CsvFamilyReader r = reader("# wirebench-results 1 family=rpc keys=label\nlabel,p99_us\na,1\nb,NaN\n")) {
            assertThat(r.next().number(1)).isEqualTo(1.0);
            CsvFamilyReader.Row b = r.next();
            assertThatThrownBy(() -> b.number(1)).isInstanceOf(WirebenchException.class)
                    .hasMessage("f.csv:4: column 'p99_us': expected a number, got 'NaN'");
        }
    }

    @Test
    void shouldRefuseAQuoteLeftOpenAtTheEndOfTheFileNamingWhereItStarts() {
        try (CsvFamilyReader r = reader("# wirebench-results 1 family=rpc keys=label\nlabel,p99_us\na,1\n\"open,2\nx\n")) {
            assertThat(r.next().text(0)).isEqualTo("a");
            r.next();
        } catch (WirebenchException e) {
            assertThat(e.exitCode()).isEqualTo(WirebenchException.BAD_INPUT);
            assertThat(e.getMessage()).isEqualTo("f.csv:4: expected a closing '\"' of the quoted field that starts "
                    + "here, got end of file");
            return;
        }
        throw new AssertionError("an open quote was read without an error");
    }

    @Test
    void shouldRefuseADuplicatedColumnAMissingKeyColumnAndAnotherVersion() {
        assertThatThrownBy(() -> reader("# wirebench-results 1 family=rpc keys=label\nlabel,p50_us,p50_us\n"))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("f.csv:2: expected each column once in the header, got 'p50_us' twice");
        assertThatThrownBy(() -> reader("# wirebench-results 1 family=rpc keys=label,threads\nlabel,p50_us\n"))
                .hasMessage("f.csv:2: expected key column 'threads' in the header, got [label, p50_us]");
        assertThatThrownBy(() -> reader("# wirebench-results 2 family=rpc keys=label\nlabel\n"))
                .hasMessage("f.csv:1: expected format version 1, got '2'");
        assertThatThrownBy(() -> reader("# wirebench-results 1 family=rpc keys=label\n\n"))
                .hasMessage("f.csv:1: expected a header row after the format line, got end of file");
        assertThatThrownBy(() -> reader("# wirebench-results 1 family=nope keys=label\nlabel\n"))
                .hasMessage("f.csv:1: expected family one of " + new java.util.TreeSet<>(CsvFamilies.ALL)
                        + ", got 'nope'");
        assertThatThrownBy(() -> reader("label,p50_us\n"))
                .hasMessage("f.csv:1: expected '# wirebench-results' as the first line, got 'label,p50_us'");
    }
}
