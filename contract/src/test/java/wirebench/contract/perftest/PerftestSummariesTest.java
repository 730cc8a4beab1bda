package wirebench.contract.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import wirebench.contract.WirebenchException;

/**
 * The strict summary reading of one run's Perftest output (what a campaign keeps). Expected
 * microseconds are the printed nanoseconds divided by 1000 by hand.
 */
class PerftestSummariesTest {
    private static final String NS_HEADER = "Length (Bytes), Ave (ns), Std (ns), Min (ns), Max (ns), 50% (ns), 90% (ns),"
            + " 99% (ns), 99.99% (ns), 99.9999% (ns)\n";
    private static final String NS_ROW = "           100,    35250,   4125.5,    30100,    40900,    35000,    40000,"
            + "    40500,       40900,         40900\n";

    private static PerftestSummaries read(String before, String text) {
        return PerftestSummaries.read("perftest/lat_pub.csv", before, "tmp/pub.out", text);
    }

    @Test
    void shouldTakeTheUnitOfTheEarlierHeaderWhenTheRunPrintsNoHeaders() {
        String first = "\nOne-way Latency Summary:\n" + NS_HEADER + NS_ROW;

        PerftestSummaries s = read(first, NS_ROW.replaceFirst("100,", "200,"));

        assertThat(s.throughput()).isEmpty();
        assertThat(s.latency()).hasSize(1);
        Map<String, Double> v = s.latency().get(0).values();
        assertThat(s.latency().get(0).sizeBytes()).isEqualTo(200);
        assertThat(s.latency().get(0).line()).isEqualTo(1);
        assertThat(v.get("ave_us")).isEqualTo(35.25);
        assertThat(v.get("std_us")).isEqualTo(4.1255);
        assertThat(v.get("min_us")).isEqualTo(30.1);
        assertThat(v.get("p99_us")).isEqualTo(40.5);
        assertThat(v.get("p999999_us")).isEqualTo(40.9);
    }

    @Test
    void shouldReadLatencyRowsWithCpuWhenJavaPrintsBlankLinesAndAsciiUnits() {
        String java = "\nSample Size (Bytes), Ave (us), Std (us), Min (us), Max (us), 50% (us), 90% (us), 99% (us),"
                + " 99.99% (us), 99.9999% (us), CPU (%)\n"
                + "                 32,       22,      6.4,       20,     2776,       21,       22,       25,"
                + "          20,            20,   12.50\n\n"
                + "               1024,       27,      8.1,       22,     2616,       26,       29,       50,"
                + "          22,            22,    9.00\n";

        PerftestSummaries s = read("", java);

        assertThat(s.latency()).hasSize(2);
        assertThat(s.latency().get(0).values().get("std_us")).isEqualTo(6.4);
        assertThat(s.latency().get(0).values().get("cpu_pct")).isEqualTo(12.5);
        assertThat(s.latency().get(1).values().get("p99_us")).isEqualTo(50.0);
        assertThat(s.latency().get(1).line()).isEqualTo(5);
    }

    @Test
    void shouldSkipTheNoResultRowWhenPerftest43PrintsSizeZero() {
        String cpp = "Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples, Lost Samples (%)\n"
                + "                 32,       9876543,        493827,       126.4,            0,             0.00\n"
                + "                  0,             0,             0,         0.0,            0,             0.00\n";

        PerftestSummaries s = read("", cpp);

        assertThat(s.latency()).isEmpty();
        assertThat(s.throughput()).hasSize(1);
        assertThat(s.throughput().get(0).values().get("total_samples")).isEqualTo(9876543.0);
        assertThat(s.throughput().get(0).values().get("mbps")).isEqualTo(126.4);
        assertThat(s.throughput().get(0).values()).doesNotContainKey("cpu_pct");
    }

    @Test
    void shouldRefuseALatencyRowWhenNoHeaderEverNamedItsUnit() {
        assertThatThrownBy(() -> read("", NS_ROW)).isInstanceOf(WirebenchException.class)
                .hasMessageStartingWith("tmp/pub.out:1: expected a header naming the time unit")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(WirebenchException.BAD_INPUT);
    }

    @Test
    void shouldRefuseWithTheLineWhenTheLegacyPrinterWrote() {
        String legacy = "\n\n********** New data length is 100\n"
                + "Length:   100  Latency: Ave     40 us  Std    1.0 us  Min     39 us  Max     41 us\n";

        assertThatThrownBy(() -> read("", legacy)).isInstanceOf(WirebenchException.class)
                .hasMessage("tmp/pub.out:3: expected Perftest's CSV output (-outputFormat csv, the default), found the"
                        + " legacy printer's '********** New data length is 100'; the campaign reads CSV only");
    }

    @Test
    void shouldRefuseWhenTheLastRowIsCut() {
        String cut = NS_HEADER + "           100,    35250,   4125.5,    30100,";

        assertThatThrownBy(() -> read("", cut)).isInstanceOf(WirebenchException.class)
                .hasMessageStartingWith("tmp/pub.out:2: truncated row (5 fields of 10)");
    }

    @Test
    void shouldRefuseARowOfNoPerftestShape() {
        String five = NS_HEADER + NS_ROW + "           100,    35250,   4125.5,    30100,    40900\n" + NS_ROW;

        assertThatThrownBy(() -> read("", five)).isInstanceOf(WirebenchException.class)
                .hasMessageStartingWith("tmp/pub.out:3: expected a Perftest CSV row of 6, 7, 8, 9, 10, 11, 13 or 14"
                        + " fields, got 5");
    }
}
