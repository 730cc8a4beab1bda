package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class CsvCellsTest {
    private static final List<String> TEXTS = List.of("=cmd|' /C calc'!A0", "+1", "-x", "@SUM(A1)", "\tlead tab",
            "\rlead cr", "'=already prefixed", "''", "'", "'plain", "plain", "", "x=1", "a-b", "#hash");

    @Test
    void shouldPrefixEveryTextASpreadsheetWouldEvaluate() {
        assertThat(CsvCells.neutralise("=cmd|' /C calc'!A0")).isEqualTo("'=cmd|' /C calc'!A0");
        assertThat(CsvCells.neutralise("+1")).isEqualTo("'+1");
        assertThat(CsvCells.neutralise("-x")).isEqualTo("'-x");
        assertThat(CsvCells.neutralise("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(CsvCells.neutralise("\tx")).isEqualTo("'\tx");
        assertThat(CsvCells.neutralise("\rx")).isEqualTo("'\rx");
        assertThat(CsvCells.neutralise("x=1")).isEqualTo("x=1");
        assertThat(CsvCells.neutralise("'plain")).isEqualTo("'plain");
    }

    @Test
    void shouldReadBackEveryTextExactlyWhenUnneutralised() {
        for (String t : TEXTS) {
            assertThat(CsvCells.unneutralise(CsvCells.neutralise(t))).as(t).isEqualTo(t);
            assertThat(CsvCells.looksLikeFormula(CsvCells.neutralise(t))).as(t).isFalse();
        }
    }

    @Test
    void shouldKeepNumbersAsNumbersWhenTheyAreNegative() {
        assertThat(CsvCells.cell(-0.5)).isEqualTo("-0.5");
        assertThat(CsvCells.cell(-3L)).isEqualTo("-3");
        assertThat(CsvCells.field(-0.5)).isEqualTo("-0.5");
        assertThat(CsvCells.field("-0.5")).isEqualTo("'-0.5");
    }

    @Test
    void shouldWriteNaNAndInfinitiesAsAnEmptyCell() {
        assertThat(CsvCells.cell(Double.NaN)).isEmpty();
        assertThat(CsvCells.cell(Double.NEGATIVE_INFINITY)).isEmpty();
        assertThat(CsvCells.cell(null)).isEmpty();
        assertThat(Numbers.plain(Double.NaN)).isEmpty();
        assertThat(Numbers.upTo(Double.POSITIVE_INFINITY, 2)).isEmpty();
    }

    @Test
    void shouldQuoteTextWithSeparatorsQuotesLineEndsOrACommentMark() {
        assertThat(CsvCells.text("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvCells.text("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvCells.text("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(CsvCells.text("#not a comment")).isEqualTo("\"#not a comment\"");
        assertThat(CsvCells.text("=1,2")).isEqualTo("\"'=1,2\"");
        assertThat(CsvCells.text("plain")).isEqualTo("plain");
    }
}
