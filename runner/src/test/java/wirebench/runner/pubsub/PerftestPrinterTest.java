package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

/** The printers against the Perftest 4.x C++ format strings (PERFTEST-FORMATS.md section 2). */
class PerftestPrinterTest {
    private final StringWriter text = new StringWriter();

    private PerftestPrinter printer(String format, boolean intervals, boolean headers, boolean cpu) {
        return PerftestPrinter.of(format, new PrintWriter(text), intervals, headers, cpu);
    }

    private static PerftestPrinter.LatencySummary latency(int size) {
        return new PerftestPrinter.LatencySummary(size, 23.4, 129.94, 21, 69023, 23, 24, 26, 1000, 69023, 12.345);
    }

    @Test
    void shouldWriteOneHeaderAndFixedWidthRowsWhenCsvWithoutIntervals() {
        PerftestPrinter p = printer("csv", false, true, false);
        p.latencyHeader(32);
        p.latencySummary(latency(32));
        p.latencyHeader(64);
        p.latencySummary(latency(64));

        assertThat(text.toString()).isEqualTo(
                "Sample Size (Bytes), Ave (\u03bcs), Std (\u03bcs), Min (\u03bcs), Max (\u03bcs), 50% (\u03bcs), "
                        + "90% (\u03bcs), 99% (\u03bcs), 99.99% (\u03bcs), 99.9999% (\u03bcs)\n"
                        + "                 32,       23,    129.9,       21,    69023,       23,       24,       26,"
                        + "        1000,         69023\n"
                        + "                 64,       23,    129.9,       21,    69023,       23,       24,       26,"
                        + "        1000,         69023\n");
    }

    @Test
    void shouldWriteTitlesIntervalsAndCpuWhenCsvWithIntervals() {
        PerftestPrinter p = printer("csv", true, true, true);
        p.throughputHeader(100);
        p.throughputInterval(new PerftestPrinter.ThroughputInterval(100, 272896, 159637, 222408.4, 40.9, 56.94, 3, 0.0011,
                50.5));
        p.throughputSummary(new PerftestPrinter.ThroughputSummary(100, 561664, 0, 43.44, 3, 0.0005, 49.25));

        assertThat(text.toString()).isEqualTo("\nInterval Throughput for 100 Bytes:\n"
                + "Length (Bytes), Total Samples,  Samples/s, Avg Samples/s,     Mbps,  Avg Mbps, Lost Samples, "
                + "Lost Samples (%), CPU (%)\n"
                + "           100,        272896,     159637,        222408,     40.9,      56.9,            3,"
                + "             0.00,   50.50\n"
                + "\nThroughput Summary:\n"
                + "Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples, Lost Samples (%), CPU (%)\n"
                + "                100,        561664,              ,        43.4,            3,             0.00,   49.25\n");
    }

    @Test
    void shouldWriteOnlyRowsWhenCsvWithoutHeaders() {
        PerftestPrinter p = printer("csv", true, false, false);
        p.latencyHeader(32);
        p.latencyInterval(32, 25, 24.6, 1.25, 21, 30, 0);
        p.latencySummary(latency(32));

        assertThat(text.toString()).isEqualTo("            32,           25,       25,      1.3,       21,       30\n"
                + "                 32,       23,    129.9,       21,    69023,       23,       24,       26,"
                + "        1000,         69023\n");
    }

    @Test
    void shouldWriteTheCppFragmentWhenJson() {
        PerftestPrinter p = printer("json", false, true, true);
        p.throughputHeader(32);
        p.throughputSummary(new PerftestPrinter.ThroughputSummary(32, 10, 5, 0.04, 0, 0, 1.5));
        p.throughputHeader(64);
        p.throughputSummary(new PerftestPrinter.ThroughputSummary(64, 10, 5, 0.08, 0, 0, 1.5));

        assertThat(text.toString()).isEqualTo("\t\t\t\"length\":32,\n\t\t\t\"summary\":{\n\t\t\t\t\"packets\": 10,\n"
                + "\t\t\t\t\"packets/sAve\": 5,\n\t\t\t\t\"mbpsAve\": 0.0,\n\t\t\t\t\"lost\": 0,\n"
                + "\t\t\t\t\"lostPercent\": 0.00,\n\t\t\t\t\"CPU\": 1.50\n\t\t\t}\n\t\t}"
                + ",\n\t\t{\n\t\t\t\"length\":64,\n\t\t\t\"summary\":{\n\t\t\t\t\"packets\": 10,\n"
                + "\t\t\t\t\"packets/sAve\": 5,\n\t\t\t\t\"mbpsAve\": 0.1,\n\t\t\t\t\"lost\": 0,\n"
                + "\t\t\t\t\"lostPercent\": 0.00,\n\t\t\t\t\"CPU\": 1.50\n\t\t\t}\n\t\t}");
    }

    @Test
    void shouldWriteSingleSpacedLinesWhenLegacy() {
        PerftestPrinter p = printer("legacy", true, true, false);
        p.latencyHeader(32);
        p.latencyInterval(32, 25, 24.6, 1.25, 21, 30, 0);
        p.latencySummary(latency(32));
        p.throughputSummary(new PerftestPrinter.ThroughputSummary(32, 85900000, 2863333, 733.0, 0, 0, 0));

        assertThat(text.toString()).isEqualTo("\n\n********** New data length is 32\n"
                + "One-Way Latency:     25 \u03bcs Ave     25 \u03bcs Std    1.3 \u03bcs Min     21 \u03bcs Max     30 \u03bcs\n"
                + "Length:    32 Latency: Ave     23 \u03bcs Std  129.9 \u03bcs Min     21 \u03bcs Max  69023 \u03bcs"
                + " 50%     23 \u03bcs 90%     24 \u03bcs 99%     26 \u03bcs 99.99%   1000 \u03bcs 99.9999%  69023 \u03bcs\n"
                + "Length:    32  Packets: 85900000  Packets/s(ave): 2863333  Mbps(ave):   733.0  Lost:     0 (0.00%)\n");
    }
}
