package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** Perftest inputs that must never give a wrong number: units, duplicate columns, precision, negatives. */
class PerftestBadInputTest {
    private static final String SUMMARY_US = "Sample Size (Bytes), Ave (%s), Std (%s), Min (%s), Max (%s), 50%% (%s), "
            + "90%% (%s), 99%% (%s), 99.99%% (%s), 99.9999%% (%s)\n";
    private static final String ROW = "                100,        2,      0.5,        1,        3,        2,"
            + "        3,        3,           3,             3\n";

    @TempDir
    Path dir;

    private Path write(String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, body, StandardCharsets.UTF_8);
        return p;
    }

    private static String header(String unit) {
        return String.format(SUMMARY_US, (Object[]) new String[] {unit, unit, unit, unit, unit, unit, unit, unit, unit});
    }

    @Test
    void shouldConvertMillisecondsAndSecondsToMicrosecondsWhenTheHeaderSaysSo() throws IOException {
        Cli ms = Cli.run("stats", "--format", "csv", write("ms.csv", header("ms") + ROW).toString());
        assertThat(ms.exitCode()).as(ms.err()).isZero();
        assertThat(ms.out()).contains("100,2000,500,1000,3000,2000,3000,3000,3000,3000");
        Cli s = Cli.run("stats", "--format", "csv", write("s.csv", header("s") + ROW).toString());
        assertThat(s.out()).contains("100,2000000,500000,1000000,3000000,2000000,3000000");
        Cli ns = Cli.run("stats", "--format", "csv", write("ns.csv", header("ns") + ROW).toString());
        assertThat(ns.out()).contains("100,0.002,0.0005,0.001,0.003,0.002,0.003");
    }

    @Test
    void shouldLeaveTheRatesEmptyWithAWarningWhenThroughputRowsFollowNanosecondLatencyInOneCapture()
            throws IOException {
        // a capture of both roles of a --ns-resolution build: its subscriber prints samples/s and Mbps
        // 1000 times too small (PERFTEST-FORMATS.md 2.7); a microsecond build's same rows keep them
        String throughput = "Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples,"
                + " Lost Samples (%)\n"
                + "                100,       2800000,           931,         0.7,            5,             0.00\n";
        Path ns = write("both_ns.csv", header("ns") + ROW + throughput);
        Path us = write("both_us.csv", header("us") + ROW + throughput);

        Cli n = Cli.run("stats", "--format", "csv", ns.toString());
        Cli u = Cli.run("stats", "--format", "csv", us.toString());

        assertThat(n.exitCode()).as(n.err()).isZero();
        assertThat(n.out()).contains("100,2800000,,,5,0");
        assertThat(n.out()).contains(ns + ":4: throughput rows of a Perftest build with the nanosecond clock");
        assertThat(u.out()).contains("100,2800000,931,0.7,5,0").doesNotContain("nanosecond");
    }

    @Test
    void shouldRefuseAnUnknownTimeUnitNamingFileLineAndUnit() throws IOException {
        Path f = write("xs.csv", header("xs") + ROW);
        Cli r = Cli.run("stats", f.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains(f + ":1: column 'Ave (xs)': unknown time unit 'xs'");
    }

    @Test
    void shouldConvertLegacyMillisecondsAndRefuseAnUnknownLegacyUnit() throws IOException {
        String line = "Length:   100  Latency: Ave      2 %1$s  Std    0.5 %1$s  Min      1 %1$s  Max      3 %1$s  "
                + "50%%      2 %1$s  90%%      3 %1$s  99%%      3 %1$s  99.99%%      3 %1$s  99.9999%%      3 %1$s\n";
        Cli ms = Cli.run("stats", "--format", "csv", write("ms.txt", String.format(line, "ms")).toString());
        assertThat(ms.exitCode()).as(ms.err()).isZero();
        assertThat(ms.out()).contains("100,2000,500,1000,3000,2000,3000");
        Path bad = write("xs.txt", String.format(line, "xs"));
        Cli r = Cli.run("stats", bad.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains(bad + ":1: unknown time unit 'xs'");
    }

    @Test
    void shouldRefuseADuplicatedPerftestColumnNamingFileAndLine() throws IOException {
        Path f = write("dup.csv", "\nSample Size (Bytes), Ave (us), Ave (us), Min (us), Max (us), 50% (us), 90% (us), "
                + "99% (us), 99.99% (us), 99.9999% (us)\n" + ROW);
        Cli r = Cli.run("stats", f.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains(f + ":2: duplicate column: fields 2 ('Ave (us)') and 3 ('Ave (us)')");
    }

    @Test
    void shouldRefuseANumberWithMoreDigitsThanItsColumnHoldsExactly() throws IOException {
        Path f = write("big.csv", header("us") + "                100,        2,      0.5,        1,"
                + "123456789012345678901234567,        2,        3,        3,           3,             3\n");
        Cli r = Cli.run("stats", f.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains(f + ":2: column 'max_us': expected a number of at most 15 significant digits, "
                + "got '123456789012345678901234567'");
    }

    @Test
    void shouldRefuseANegativeLatencyOrCountNamingFileAndLine() throws IOException {
        Path lat = write("neg.csv", header("us") + "                100,        2,      0.5,       -1,        3,"
                + "        2,        3,        3,           3,             3\n");
        Cli r = Cli.run("stats", lat.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains(lat + ":2: column 'min_us': expected a value of 0 or more");
        Path thr = write("negthr.txt", "Length:   100  Packets:  -200000  Packets/s(ave):  100000  Mbps(ave):    80.0"
                + "  Lost:     0 (0.00%)\n");
        Cli t = Cli.run("stats", thr.toString());
        assertThat(t.exitCode()).isEqualTo(3);
        assertThat(t.err()).contains(thr + ":1: column 'total_samples': expected a value of 0 or more");
        Path file = write("lat.txt", "Sample Number, Value\n0, 12\n1, -5\n2, 13\n");
        Cli l = Cli.run("stats", file.toString());
        assertThat(l.exitCode()).isEqualTo(3);
        assertThat(l.err()).contains(file + ":3: column 'latency_us': expected a latency of 0 or more");
    }

    @Test
    void shouldWarnAndDropANegativeSerializationTimeNamingPerftestsTimerWrap() throws IOException {
        Path f = write("ser.csv", "Length (Bytes), Ave (us), Std (us), Min (us), Max (us), 50% (us), 90% (us), 99% (us), "
                + "99.99% (us), 99.9999% (us), Serialization (us), Deserialization (us), Total (us)\n"
                + "           100,        2,      0.5,        1,        3,        2,        3,        3,           3,"
                + "             3,             -0.343,                0.324,      0.667\n");
        Cli r = Cli.run("stats", "--format", "csv", f.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains(f + ":2: column 'serialize_us': negative time -0.343 ignored (RTI Perftest's "
                + "serialization timer wraps");
    }

    @Test
    void shouldFoldALatencyFileIntoAHistogramWithExactMinMaxAndMean() throws IOException {
        StringBuilder sb = new StringBuilder("Sample Number, Value\n");
        for (int i = 0; i < 1000; i++) {
            sb.append(i).append(", ").append(i + 1).append('\n');
        }
        sb.append('\n');
        Cli r = Cli.run("stats", "--format", "csv", write("lat.txt", sb.toString()).toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        // 1..1000: mean 500.5, population std sqrt((1000^2-1)/12); p50 = 500, p90 = 900, p99 = 990
        assertThat(r.out()).contains(",500.5,288.6749902572095,1,1000,500,900,990,1000,1000,1000");
    }
}
