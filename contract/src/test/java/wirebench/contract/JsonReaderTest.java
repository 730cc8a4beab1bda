package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.contract.JsonReader.Obj;

class JsonReaderTest {

    @Test
    void shouldReadNestedValuesWithLinesWhenTextIsValidJson() {
        Object v = JsonReader.parse("f.json", "{\n \"a\": [1, 2.5, -3e2],\n \"b\": {\"c\": \"x\\ty\\u00b5\"},\n"
                + " \"d\": true, \"e\": null\n}");

        Obj o = (Obj) v;
        assertThat(o.get("a")).isEqualTo(List.of(1.0, 2.5, -300.0));
        assertThat(((Obj) o.get("b")).get("c")).isEqualTo("x\ty\u00b5");
        assertThat(o.get("d")).isEqualTo(Boolean.TRUE);
        assertThat(o.has("e")).isTrue();
        assertThat(o.get("e")).isNull();
        assertThat(o.lineOf("a")).isEqualTo(2);
        assertThat(o.lineOf("b")).isEqualTo(3);
        assertThat(o.lineOf("e")).isEqualTo(4);
        assertThat(o.members().keySet()).containsExactly("a", "b", "d", "e");
    }

    @Test
    void shouldReportFileAndLineWhenSyntaxIsWrong() {
        assertThatThrownBy(() -> JsonReader.parse("f.json", "{\n\"a\": 1\n\"b\": 2}"))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("f.json:3: expected ',' or '}', got '\"b\": 2}'")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(3);
    }

    @Test
    void shouldThrowEndOfInputWithLineWhenTextIsCutOff() {
        assertThatThrownBy(() -> JsonReader.parse("f.json", "{\"a\": [1,\n2,\n"))
                .isInstanceOf(JsonReader.EndOfInput.class)
                .hasMessage("f.json:3: expected a JSON value, got end of input")
                .extracting(e -> ((JsonReader.EndOfInput) e).line()).isEqualTo(3);
    }

    @Test
    void shouldReturnBareWordWhenValueIsUnquotedText() {
        Obj o = (Obj) JsonReader.parse("f.json", "{\"a\": n/a, \"b\": 1}");

        assertThat(o.get("a")).isEqualTo(new JsonReader.Bare("n/a"));
        assertThat(o.get("b")).isEqualTo(1.0);
    }

    @Test
    void shouldRejectTrailingTextWhenParsingOneDocument() {
        assertThatThrownBy(() -> JsonReader.parse("f.json", "{} {}"))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("f.json:1: expected end of input, got '{}'");
    }

    @Test
    void shouldReadMembersWithoutOpeningBraceWhenCallerDrivesTheCursor() {
        JsonReader r = new JsonReader("f.json", "\t\"length\":100,\n\t\"x\": 2\n}\t,{\"length\":200}");
        Obj first = new Obj(1);
        r.members(first);
        r.expect(',');
        Object second = r.value();

        assertThat(first.get("length")).isEqualTo(100.0);
        assertThat(first.lineOf("x")).isEqualTo(2);
        assertThat(((Obj) second).get("length")).isEqualTo(200.0);
        assertThat(r.peek()).isEqualTo(-1);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"a": "x\\qy"}        | f.json:1: expected a JSON escape, got '\\q'
            {"a": "\\u12G4"}      | f.json:1: expected 4 hex digits after \\u, got '12G4'
            {"a": ,}              | f.json:1: expected a JSON value, got ',}'
            {a: 1}                | f.json:1: expected a member name in double quotes, got 'a: 1}'
            """)
    void shouldReportTheFaultWhenTokenIsInvalid(String text, String message) {
        assertThatThrownBy(() -> JsonReader.parse("f.json", text))
                .isInstanceOf(WirebenchException.class)
                .hasMessage(message);
    }

    @Test
    void shouldFailOnTheLineWhenAStringIsNotClosed() {
        assertThatThrownBy(() -> JsonReader.parse("f.json", "{\"a\": \"x\n\"}"))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("f.json:1: expected '\"' before the end of the line, got ''");
    }

    @Test
    void shouldHandMemberToHookWhenHookTakesIt() {
        JsonReader r = new JsonReader("f.json", new java.io.StringReader("{\"n\": 2,\n \"xs\": [1, 2, 3], \"y\": true}"));
        java.util.List<Object> seen = new java.util.ArrayList<>();
        r.expect('{');
        Obj o = new Obj(r.line());
        r.members(o, (key, line, into, reader) -> {
            if (!key.equals("xs")) {
                return false;
            }
            reader.expect('[');
            while (true) {
                seen.add(reader.value());
                if (reader.peek() != ',') {
                    reader.expect(']');
                    return true;
                }
                reader.expect(',');
            }
        });

        assertThat(seen).containsExactly(1.0, 2.0, 3.0);
        assertThat(o.has("xs")).isTrue();
        assertThat(o.get("xs")).isNull();
        assertThat(o.lineOf("xs")).isEqualTo(2);
        assertThat(o.get("y")).isEqualTo(Boolean.TRUE);
    }

    @Test
    void shouldReadValuesAcrossBufferBoundariesWhenInputIsLong() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 20_000; i++) {
            sb.append(i == 0 ? "" : ",\n").append("{\"a\": ").append(i).append(".5e0, \"s\": \"x\\u00b5\"}");
        }
        JsonReader r = new JsonReader("f.json", new java.io.StringReader(sb.append("]").toString()));
        r.expect('[');
        double sum = 0;
        int n = 0;
        while (true) {
            Obj o = (Obj) r.value();
            sum += (Double) o.get("a");
            assertThat(o.get("s")).isEqualTo("x\u00b5");
            n++;
            if (r.peek() != ',') {
                break;
            }
            r.expect(',');
        }

        assertThat(n).isEqualTo(20_000);
        assertThat(sum).isEqualTo(20_000 * 19_999 / 2.0 + 10_000);
        assertThat(r.line()).isEqualTo(20_000);
    }

    @Test
    void shouldTellJsonNumbersFromOtherWordsWhenScanning() {
        assertThat(java.util.List.of("0", "-0", "12", "1.5", "-3e2", "2E+10", "1.0e-5"))
                .allMatch(JsonTokens::isJsonNumber);
        assertThat(java.util.List.of("01", "-", "1.", ".5", "1e", "nan", "-nan", "1.5x", "", "+1"))
                .noneMatch(JsonTokens::isJsonNumber);
    }

    @Test
    void shouldRefuseWithFileAndLineWhenNestingIsDeeperThanTheLimit() {
        String deep = "{\n\"a\":\n" + "[".repeat(200_000) + "]".repeat(200_000) + "}";
        assertThatThrownBy(() -> JsonReader.parse("run.json", deep)).isInstanceOf(WirebenchException.class)
                .hasMessage("run.json:3: expected arrays and objects nested at most 256 deep, got deeper")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(3);
        String limit = "[".repeat(JsonReader.MAX_DEPTH) + "]".repeat(JsonReader.MAX_DEPTH);
        assertThat(JsonReader.parse("f.json", limit)).isInstanceOf(java.util.List.class);
        assertThatThrownBy(() -> JsonReader.parse("f.json", "[" + limit + "]")).hasMessageContaining("at most 256");
    }
}
