package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.Kind;

/**
 * The text comparison stays within 120 columns when its fixed columns are wide (a long metric
 * name, a not-testable method, long values, as two demos give): the notes then go on lines of
 * their own instead of a column a dozen characters wide beyond the 120th.
 */
class CompareWriterWidthTest {
    private static Comparison.Delta delta(String metric, String method, String note) {
        // 12 blocks a side with their 95% intervals: the values show as "1234567.891 ±21%"
        double[] twelve = new double[12];
        java.util.Arrays.fill(twelve, 1234567.891);
        return new Comparison.Delta("udp method=select payload_bytes=64 64 B", Kind.UDP, metric,
                Metric.LOWER_IS_BETTER, twelve, twelve, 1234567.891, 2345678.912, new double[] {1000000, 1500000},
                new double[] {2000000, 2900000}, 90.0, null, null, note, method);
    }

    @Test
    void shouldKeepEveryLineWithin120ColumnsAndEveryNoteWholeWhenTheColumnsAreWide() {
        String note = "6+12 intervals, fewer than 8; the runs' intervals were too correlated to leave enough blocks";
        Comparison.Result r = new Comparison.Result(List.of(
                delta("client_scheduler_applied", "interval bootstrap (not testable)", note),
                delta("data_header_ratio", "none (n=1)", "no significance test (n=1)")), List.of(), List.of(),
                List.of());

        String text = CompareWriter.text(r, List.of());

        assertThat(text.lines()).allSatisfy(l -> assertThat(l.codePointCount(0, l.length())).as(l)
                .isLessThanOrEqualTo(CompareWriter.TEXT_COLUMNS));
        assertThat(text.replaceAll("\\s+", " ")).contains(note).contains("no significance test (n=1)");
    }
}
