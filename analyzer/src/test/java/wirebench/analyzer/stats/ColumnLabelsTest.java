package wirebench.analyzer.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.Kind;

/**
 * How columns are shown to people: Perftest's header text (PERFTEST-FORMATS.md 2.2, with the 4.x
 * unit μs), seed 002's UDP headers (docs/udp.md), the decimals Perftest prints, and "-" for a
 * missing value. Runs under the suite's non-English locale: a decimal comma would show here.
 */
class ColumnLabelsTest {

    @Test
    void shouldShowPerftestsHeaderTextWhenTheColumnIsPerftests() {
        assertThat(ColumnLabels.label("ave_us")).isEqualTo("Ave (μs)");
        assertThat(ColumnLabels.label("p99_us")).isEqualTo("99% (μs)");
        assertThat(ColumnLabels.label("p999999_us")).isEqualTo("99.9999% (μs)");
        assertThat(ColumnLabels.label("lost_pct")).isEqualTo("Lost Samples (%)");
        assertThat(ColumnLabels.label(Kind.THROUGHPUT, "lost_pct")).isEqualTo("Lost Samples (%)");
    }

    @Test
    void shouldShowTheUdpLabelOnlyInAUdpTableWhenTwoSuitesShareAColumnName() {
        assertThat(ColumnLabels.label(Kind.UDP, "lost_pct")).isEqualTo("Loss %");
        assertThat(ColumnLabels.display(Kind.UDP, "lost_pct", 0.5)).isEqualTo("0.500");
        assertThat(ColumnLabels.display(Kind.THROUGHPUT, "lost_pct", 0.5)).isEqualTo("0.50");
    }

    @Test
    void shouldNameTheAlgorithmWhenASavingsTableHasAnAlgorithmsColumn() {
        assertThat(ColumnLabels.label(Kind.COMPRESSION_SAVINGS, "lz4_mbit")).isEqualTo("LZ4 Compression (Mb)");
        assertThat(ColumnLabels.display(Kind.COMPRESSION_SAVINGS, "zstd_mbit", 12.0)).isEqualTo("12.00");
        // outside a savings table the same name is no known column
        assertThat(ColumnLabels.label(Kind.THROUGHPUT, "lz4_mbit")).isEqualTo("lz4_mbit");
    }

    @Test
    void shouldPrintPerftestsDecimalsWhenTheColumnHasThem() {
        // Perftest: Std %.1lf, Mbps %.1lf, CPU %.2f, Lost % %.2lf
        assertThat(ColumnLabels.display("std_us", 4.1255)).isEqualTo("4.1");
        assertThat(ColumnLabels.display("mbps", 744.75)).isEqualTo("744.8");
        assertThat(ColumnLabels.display("cpu_pct", 12.5)).isEqualTo("12.50");
        assertThat(ColumnLabels.display("lost_pct", 0.0)).isEqualTo("0.00");
    }

    @Test
    void shouldShowIntegersWholeAndOthersWithUpToThreeDecimalsWhenTheColumnHasNoFixedDecimals() {
        assertThat(ColumnLabels.display("ave_us", 40.0)).isEqualTo("40");
        assertThat(ColumnLabels.display("ave_us", 35.25)).isEqualTo("35.25");
        assertThat(ColumnLabels.display("p99_us", 40.12345)).isEqualTo("40.123");
        assertThat(ColumnLabels.display("unknown_column", 2.0005)).isEqualTo("2.001");
    }

    @Test
    void shouldShowADashWhenTheValueIsMissingAndTextAsItIs() {
        assertThat(ColumnLabels.display("cpu_pct", null)).isEqualTo("-");
        assertThat(ColumnLabels.display("transport", "UDPv4")).isEqualTo("UDPv4");
        assertThat(ColumnLabels.label("transport")).isEqualTo("transport");
    }
}
