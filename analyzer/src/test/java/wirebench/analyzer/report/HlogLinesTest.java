package wirebench.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.model.Warning;

/** {@link Histograms#merged}: an HdrHistogram log as HistogramLogWriter writes it, read line by line. */
class HlogLinesTest {
    @Test
    void shouldAddEveryIntervalWhenLogHasCommentsLegendAndTags(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("x.hlog");
        Histogram expected = new Histogram(3);
        try (PrintStream ps = new PrintStream(f.toFile(), StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputComment("a comment");
            w.outputLogFormatVersion();
            w.outputStartTime(1_764_550_000_000L);
            w.setBaseTime(1_764_550_000_000L);
            w.outputLegend();
            for (int i = 0; i < 3; i++) {
                Histogram h = new Histogram(3);
                for (int v = 1; v <= 1000; v++) {
                    h.recordValue(v * (i + 1) * 1000L);
                }
                h.setStartTimeStamp(1_764_550_000_000L + i * 1000);
                h.setEndTimeStamp(1_764_550_000_000L + i * 1000 + 1000);
                if (i == 1) {
                    h.setTag("echo");
                }
                w.outputIntervalHistogram(h);
                expected.add(h);
            }
        }
        List<Warning> warnings = new ArrayList<>();

        Histogram got = Histograms.merged(f, warnings);

        assertThat(warnings).isEmpty();
        assertThat(got.getTotalCount()).isEqualTo(3000);
        assertThat(got.getValueAtPercentile(99)).isEqualTo(expected.getValueAtPercentile(99));
        assertThat(got.getMaxValue()).isEqualTo(expected.getMaxValue());
        assertThat(got.getMean()).isEqualTo(expected.getMean());
    }

    @Test
    void shouldWarnWhenAnIntervalLineHasAFieldThatIsNoNumber(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.hlog");
        Files.writeString(f, "#[Histogram log format version 1.3]\nabc,1.000,5.000,HISTFAAAAA==\n");
        List<Warning> warnings = new ArrayList<>();

        assertThat(Histograms.merged(f, warnings)).isNull();
        assertThat(warnings).extracting(Warning::message).singleElement().asString()
                .startsWith("not a readable HdrHistogram log (NumberFormatException");
    }
}
