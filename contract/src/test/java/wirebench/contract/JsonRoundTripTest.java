package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonRoundTripTest {

    private static Object read(String json) {
        return JsonReader.parse("t.json", json);
    }

    @Test
    void shouldReadBackEveryStringTheWriterWritesWhenItHoldsEscapesMarkupAndUnicode() {
        List<String> texts = List.of("plain", "quote \" and backslash \\", "line\nbreak\r\nand\ttab",
                "control \u0001\u001f", "</script><b>&amp;", "µs and 日本語 and emoji \uD83D\uDE80",
                "separators \u2028\u2029", "=cmd|' /C calc'!A0", "");
        Map<String, Object> doc = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            doc.put("k" + i + " \"" + texts.get(i) + "\"", texts.get(i));
        }

        JsonReader.Obj back = (JsonReader.Obj) read(Json.write(doc));

        assertThat(back.members()).containsExactlyEntriesOf(doc);
    }

    @Test
    void shouldNeverWriteRawMarkupOrLineSeparatorsSoTheTextCanSitInAScriptElement() {
        String json = Json.write(List.of("</script>", "a\u2028b"));
        assertThat(json).doesNotContain("</script>").doesNotContain("<").doesNotContain("\u2028");
    }

    @Test
    void shouldReadBackNumbersBooleansNullsAndNestingUnderGermanLocale() {
        java.util.Locale saved = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("p99_us", 12.5);
            doc.put("tiny", 1.0e-7);
            doc.put("negative", -0.5);
            doc.put("count", 1_234_567L);
            doc.put("flag", true);
            doc.put("nothing", null);
            doc.put("list", Arrays.asList(1, 2.25, null, "x"));
            doc.put("empty", Map.of());

            String json = Json.write(doc);
            JsonReader.Obj back = (JsonReader.Obj) read(json);

            assertThat(json).contains("\"p99_us\": 12.5,").contains("\"tiny\": 0.0000001,");
            assertThat(back.get("p99_us")).isEqualTo(12.5);
            assertThat(back.get("tiny")).isEqualTo(1.0e-7);
            assertThat(back.get("negative")).isEqualTo(-0.5);
            assertThat(back.get("count")).isEqualTo(1_234_567.0);
            assertThat(back.get("flag")).isEqualTo(true);
            assertThat(back.has("nothing")).isTrue();
            assertThat(back.get("nothing")).isNull();
            assertThat(back.get("list")).isEqualTo(Arrays.asList(1.0, 2.25, null, "x"));
            assertThat(((JsonReader.Obj) back.get("empty")).members()).isEmpty();
        } finally {
            java.util.Locale.setDefault(saved);
        }
    }

    @Test
    void shouldWriteNaNAndInfinitiesAsNullWhichTheReaderReadsAsMissing() {
        List<Object> values = new ArrayList<>(List.of(Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Float.NaN));

        String json = Json.write(values);
        Object back = read(json);

        assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
        assertThat(back).isEqualTo(Arrays.asList(null, null, null, null));
    }
}
