package wirebench.contract.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void shouldReadTheLatencySummaryWhenPerftest24PrintsItsDoubleSpacedTextWithATrailingBlank() {
        // Perftest 2.4 (PERFTEST-FORMATS.md 2.6): raw printf lines, two blanks between fields, the %s at the end
        String legacy = "Length:   100  Latency: Ave     40 us  Std    1.0 us  Min     39 us  Max     41 us  50%     40 us"
                + "  90%     41 us  99%     41 us  99.99%     41 us  99.9999%     41 us \n";

        PerftestSummaries s = read("", legacy);

        assertThat(s.printer()).isEqualTo(PerftestOutput.LEGACY);
        assertThat(s.latency()).hasSize(1);
        Map<String, Double> v = s.latency().get(0).values();
        assertThat(s.latency().get(0).sizeBytes()).isEqualTo(100);
        assertThat(v.get("ave_us")).isEqualTo(40.0);
        assertThat(v.get("std_us")).isEqualTo(1.0);
        assertThat(v.get("p90_us")).isEqualTo(41.0);
        assertThat(s.nanosecondClock()).isFalse();
    }

    @Test
    void shouldDivideByAThousandAndLeaveTheRatesEmptyWhenTheLegacyPrinterOfANanosecondBuildWrote() {
        // -outputFormat legacy of a 3.1-3.3 --ns-resolution build: single blanks, unit ns; then (the same
        // text, as a 2>&1 capture of both roles would hold) a throughput summary whose rates that build
        // prints 1000 times too small
        String legacy = "Length:   100 Latency: Ave  35250 ns Std 4125.5 ns Min  30100 ns Max  40900 ns 50%  35000 ns"
                + " 90%  40000 ns 99%  40500 ns 99.99%  40900 ns 99.9999%  40900 ns\n"
                + "Length:   100  Packets:  2800000  Packets/s(ave):     931  Mbps(ave):     0.7  Lost:     5 (0.00%)\n";

        PerftestSummaries s = read("", legacy);

        assertThat(s.nanosecondClock()).isTrue();
        Map<String, Double> v = s.latency().get(0).values();
        assertThat(v.get("ave_us")).isEqualTo(35.25);
        assertThat(v.get("std_us")).isEqualTo(4.1255);
        assertThat(v.get("p99_us")).isEqualTo(40.5);
        Map<String, Double> t = s.throughput().get(0).values();
        assertThat(t.get("total_samples")).isEqualTo(2800000.0);
        assertThat(t.get("lost")).isEqualTo(5.0);
        assertThat(t).containsEntry("samples_per_s", null).containsEntry("mbps", null);
    }

    @Test
    void shouldLeaveTheRatesEmptyWhenACsvHeaderOfTheSameFileNamedNanoseconds() {
        String both = NS_HEADER + NS_ROW
                + "Length (Bytes), Total Samples, Ave Samples/s,    Ave Mbps, Lost Samples, Lost Samples (%)\n"
                + "           100,       2800000,           931,         0.7,            5,             0.00\n";

        PerftestSummaries s = read("", both);

        assertThat(s.nanosecondClock()).isTrue();
        assertThat(s.throughput().get(0).values()).containsEntry("samples_per_s", null).containsEntry("mbps", null)
                .containsEntry("total_samples", 2800000.0);
    }

    @Test
    void shouldReadTheSummariesWhenTheCppJsonPrinterWroteFragments() {
        // the C++ JSON printer (PERFTEST-FORMATS.md 2.4): no {"perftest":[{ prefix, no final newline
        String json = "\t\t\t\"length\":100,\n\t\t\t\"summary\":{\n\t\t\t\t\"latency_ave\": 40.00,\n"
                + "\t\t\t\t\"latency_std\": 1.00,\n\t\t\t\t\"latency_min\": 39,\n\t\t\t\t\"latency_max\": 41,\n"
                + "\t\t\t\t\"latency_50\": 40,\n\t\t\t\t\"latency_90\": 41,\n\t\t\t\t\"latency_99\": 41,\n"
                + "\t\t\t\t\"latency_99.99\": 41,\n\t\t\t\t\"latency_99.9999\": 41\n\t\t\t}\n\t\t}";

        PerftestSummaries s = read("", json);

        assertThat(s.printer()).isEqualTo(PerftestOutput.JSON);
        assertThat(s.latency()).hasSize(1);
        assertThat(s.latency().get(0).line()).isEqualTo(2);
        assertThat(s.latency().get(0).values()).containsEntry("size_bytes", 100.0).containsEntry("ave_us", 40.0)
                .containsEntry("p50_us", 40.0).containsEntry("p999999_us", 41.0);
    }

    @Test
    void shouldRefuseWithTheLineWhenTheRunChangedPrinterFromTheFileBeforeIt() {
        String csv = "\nOne-way Latency Summary:\n" + NS_HEADER + NS_ROW;
        String legacy = "\n\n********** New data length is 100\n"
                + "Length:   100  Latency: Ave     40 us  Std    1.0 us  Min     39 us  Max     41 us\n";

        assertThatThrownBy(() -> read(csv, legacy)).isInstanceOf(WirebenchException.class)
                .hasMessage("tmp/pub.out:3: expected CSV output like the runs before it in perftest/lat_pub.csv, found"
                        + " the legacy printer's '********** New data length is 100'; one file holds one printer's"
                        + " output");
    }

    @Test
    void shouldRefuseWithTheLineWhenALegacyLineIsCutInTheMiddle() {
        String cut = "Length:   100  Latency: Ave     40 us  Std    1.0 us  Min\n"
                + "Length:   200  Packets:  2800000  Packets/s(ave):  931000  Mbps(ave):   744.8  Lost:     5 \n";

        assertThatThrownBy(() -> read("", cut)).isInstanceOf(WirebenchException.class)
                .hasMessage("tmp/pub.out:1: expected a complete Perftest latency line, got 'Length: 100 Latency: Ave 40"
                        + " us Std 1.0 us Min'");
    }

    @Test
    void shouldPrintHeadersAgainWhenTheSeedFileHoldsLegacyTextOrJsonAndNotWhenItHoldsCsv(@TempDir Path dir)
            throws IOException {
        Path csv = Files.writeString(dir.resolve("csv"), "\nOne-way Latency Summary:\n" + NS_HEADER + NS_ROW);
        Path legacy = Files.writeString(dir.resolve("legacy"), "Length:   100  Packets:  2800000  Packets/s(ave):"
                + "  931000  Mbps(ave):   744.8  Lost:     5 \n");
        Path json = Files.writeString(dir.resolve("json"), "\t\t\t\"length\":100,\n");

        assertThat(PerftestSummaries.continuesWithoutHeaders(csv)).isTrue();
        assertThat(PerftestSummaries.continuesWithoutHeaders(legacy)).isFalse();
        assertThat(PerftestSummaries.continuesWithoutHeaders(json)).isFalse();
        assertThat(PerftestSummaries.continuesWithoutHeaders(dir.resolve("absent"))).isFalse();
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
