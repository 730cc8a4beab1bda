package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The runner's small reader of Perftest 4.x {@code -noPrintIntervals} CSV summaries. */
class PerftestSummaryReaderTest {

    @Test
    void shouldReadLatencyRowsWithCpuWhenJavaPrintsBlankLinesAndAsciiUnits() {
        String java = "\nSample Size (Bytes), Ave (us), Std (us), Min (us), Max (us), 50% (us), 90% (us), 99% (us),"
                + " 99.99% (us), 99.9999% (us), CPU (%)\n"
                + "                 32,       22,      6.4,       20,     2776,       21,       22,       25,"
                + "          20,            20,   12.50\n\n"
                + "               1024,       27,      8.1,       22,     2616,       26,       29,       50,"
                + "          22,            22,    9.00\n";

        PerftestSummaryReader r = PerftestSummaryReader.read(java);

        assertThat(r.throughput()).isEmpty();
        assertThat(r.latency()).hasSize(2);
        Map<String, Double> first = r.latency().get(0);
        assertThat(first.get("size_bytes")).isEqualTo(32.0);
        assertThat(first.get("std_us")).isEqualTo(6.4);
        assertThat(first.get("p999999_us")).isEqualTo(20.0);
        assertThat(first.get("cpu_pct")).isEqualTo(12.5);
        assertThat(r.latency().get(1).get("p99_us")).isEqualTo(50.0);
    }

    @Test
    void shouldReadThroughputRowsAndSkipTheNoResultRowWhenPerftest43PrintsSizeZero() {
        String cpp = "Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples, Lost Samples (%)\n"
                + "                 32,       9876543,        493827,       126.4,            0,             0.00\n"
                + "                  0,             0,             0,         0.0,            0,             0.00\n";

        PerftestSummaryReader r = PerftestSummaryReader.read(cpp);

        assertThat(r.latency()).isEmpty();
        assertThat(r.throughput()).hasSize(1);
        assertThat(r.throughput().get(0).get("total_samples")).isEqualTo(9876543.0);
        assertThat(r.throughput().get(0).get("mbps")).isEqualTo(126.4);
        assertThat(r.throughput().get(0).get("cpu_pct")).isNull();
    }
}
