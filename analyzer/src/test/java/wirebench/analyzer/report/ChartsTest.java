package wirebench.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** Chart axes stay readable whatever the data: constant, all-zero, tiny, spread over decades. */
class ChartsTest {
    private static final Pattern TEXT = Pattern.compile("<text[^>]*>([^<]*)</text>");

    /** The y tick labels of a chart (the group the browser test reads too). */
    private static List<String> yTicks(String svg) {
        String g = svg.substring(svg.indexOf("class='" + Charts.Y_TICKS_CLASS + "'"));
        g = g.substring(0, g.indexOf("wb-points"));
        List<String> out = new ArrayList<>();
        Matcher m = TEXT.matcher(g);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static List<double[]> flat(double y) {
        return List.of(new double[] {32, y}, new double[] {1024, y}, new double[] {65536, y});
    }

    @Test
    void shouldLabelYTicksDistinctlyWhenEverySeriesIsZero() {
        String svg = new Charts().xy("Lost", "Size", "Lost (%)", List.of(new Charts.Line("a", flat(0), false),
                new Charts.Line("b", flat(-0.0), false)), true, false);

        assertThat(yTicks(svg)).hasSizeGreaterThanOrEqualTo(2).doesNotHaveDuplicates().doesNotContain("-0");
    }

    @Test
    void shouldLabelYTicksDistinctlyWhenTheSeriesIsConstant() {
        for (double v : new double[] {4957.667, 0.0004, 1e7}) {
            for (boolean log : new boolean[] {false, true}) {
                String svg = new Charts().xy("Constant", "Size", "Latency (μs)",
                        List.of(new Charts.Line("a", flat(v), false)), true, log);

                assertThat(yTicks(svg)).as(v + " log=" + log).hasSizeGreaterThanOrEqualTo(2).doesNotHaveDuplicates();
            }
        }
    }

    @Test
    void shouldLabelBarTicksDistinctlyWhenEveryBarIsZero() {
        String svg = new Charts().bars("Loss", "Method", "Loss (%)", List.of(new Charts.Bars("loss",
                List.of("select", "epoll"), java.util.Arrays.asList(0.0, 0.0))));

        assertThat(yTicks(svg)).hasSizeGreaterThanOrEqualTo(2).doesNotHaveDuplicates();
    }

    @Test
    void shouldUseALogLatencyAxisForPercentilesSoOneTailCannotFlattenTheOthers() {
        List<double[]> low = List.of(new double[] {50, 6}, new double[] {90, 7}, new double[] {99, 9});
        List<double[]> high = List.of(new double[] {50, 60}, new double[] {90, 900}, new double[] {99, 28000});

        String svg = new Charts().percentiles("P", "Latency (μs)", List.of(new Charts.Line("low", low, false),
                new Charts.Line("high", high, false)));

        assertThat(yTicks(svg)).contains("10", "100", "1,000", "10,000");
        assertThat(svg).contains("<title>low: 99% Latency (μs) 9</title>");
    }

    @Test
    void shouldDrawALongSeriesAsGroupMeansWithOneTooltipPerDrawnPoint() {
        List<double[]> points = new ArrayList<>();
        for (int i = 1; i <= 2000; i++) {
            points.add(new double[] {i, i % 2 == 0 ? 10 : 30});
        }
        String svg = new Charts().xy("Latency over time", "Latency sample #", "Latency (μs)",
                List.of(new Charts.Line("1 KiB", points, false)), false, false);

        int tooltips = svg.split("<title>", -1).length - 1;
        assertThat(tooltips).isLessThanOrEqualTo(Charts.MAX_POINTS_DRAWN).isGreaterThan(Charts.MAX_POINTS_DRAWN / 2);
        assertThat(svg).contains("1 KiB (mean of every 7)");
        assertThat(svg.length()).isLessThan(300_000);
    }
}
