package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.AnalyzerMain;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.parse.Parsers;
import wirebench.contract.Columns;

/** {@code wirebench stats sample-data/perftest}: the numbers of seeds 000 and 001. */
class PerftestSampleDataTest {
    private static final String DIR = "../sample-data/perftest";

    /** Seed 001, publisher: Length, Ave, Std, Min, Max, 50%, 90%, 99%, 99.99%, 99.9999% as printed. */
    private static final double[][] SEED_001_LATENCY = {
        {32, 100, 202.5, 62, 5543, 88, 107, 180, 5543, 5543},
        {64, 70, 53.7, 45, 1076, 63, 84, 142, 1076, 1076},
        {256, 45, 12.0, 32, 106, 41, 69, 78, 106, 106},
        {1024, 28, 4.5, 25, 68, 27, 31, 52, 68, 68},
        {8192, 33, 12.6, 28, 86, 29, 34, 86, 86, 86},
        {32768, 46, 32.9, 35, 172, 36, 53, 172, 172, 172},
        {63000, 57, 25.2, 45, 136, 48, 55, 136, 136, 136}};
    /** Seed 001, subscriber: Length, Packets, Packets/s(ave), Mbps(ave), Lost, Lost %. */
    private static final double[][] SEED_001_THROUGHPUT = {
        {32, 85900000, 2880385, 737.4, 0, 0},
        {64, 66500000, 2232093, 1142.8, 0, 0},
        {256, 37200000, 1248203, 2556.3, 0, 0},
        {1024, 15200000, 506920, 4152.7, 0, 0},
        {8192, 1900000, 60350, 3955.2, 0, 0},
        {32768, 1600000, 52506, 13764.4, 0, 0},
        {63000, 1100000, 35481, 17882.6, 0, 0}};

    private static List<Double> numbers(Row r, List<String> columns) {
        List<Double> out = new ArrayList<>();
        columns.forEach(c -> out.add(r.number(c)));
        return out;
    }

    private static List<Double> boxed(double[] v) {
        List<Double> out = new ArrayList<>();
        for (double d : v) {
            out.add(d);
        }
        return out;
    }

    private static Map<String, ResultTable> byFile() {
        Map<String, ResultTable> out = new TreeMap<>();
        for (ParsedInput p : Parsers.all().parseAll(List.of(Path.of(DIR)))) {
            assertThat(p.tables()).hasSize(1);
            out.put(Path.of(p.source()).getFileName().toString(), p.tables().get(0));
        }
        return out;
    }

    @Test
    void shouldReadSeed001NumbersWhenParsingSampleData() {
        Map<String, ResultTable> t = byFile();
        ResultTable pub = t.get("seed001_pub_console_2.3.2.txt");
        ResultTable sub = t.get("seed001_sub_console_2.3.2.txt");

        assertThat(pub.kind()).isEqualTo(Kind.LATENCY);
        assertThat(pub.rows()).hasSize(7);
        for (int i = 0; i < 7; i++) {
            assertThat(numbers(pub.rows().get(i), Columns.LATENCY)).isEqualTo(boxed(SEED_001_LATENCY[i]));
        }
        assertThat(sub.kind()).isEqualTo(Kind.THROUGHPUT);
        assertThat(sub.rows()).hasSize(7);
        for (int i = 0; i < 7; i++) {
            assertThat(numbers(sub.rows().get(i), Columns.THROUGHPUT)).isEqualTo(boxed(SEED_001_THROUGHPUT[i]));
        }
        assertThat(pub.context()).containsEntry("perftest_version", "2.3.2").containsEntry("role", "publisher");
    }

    @Test
    void shouldReadSeed000JavaTablesWhenParsingSampleData() {
        Map<String, ResultTable> t = byFile();

        assertThat(t).containsOnlyKeys("lat_pub_keyed_be.csv", "lat_pub_keyed_rel.csv", "lat_pub_unkeyed_be.csv",
                "lat_pub_unkeyed_rel.csv", "seed001_pub_console_2.3.2.txt", "seed001_sub_console_2.3.2.txt");
        assertThat(t.get("lat_pub_unkeyed_be.csv").rows()).hasSize(12);
        assertThat(t.get("lat_pub_unkeyed_rel.csv").rows()).hasSize(18);
        assertThat(t.get("lat_pub_keyed_be.csv").rows()).hasSize(12);
        assertThat(t.get("lat_pub_keyed_rel.csv").rows()).hasSize(12);
        assertThat(numbers(t.get("lat_pub_unkeyed_be.csv").rows().get(0), Columns.LATENCY))
                .containsExactly(32.0, 20.0, 6.0, 19.0, 2482.0, 20.0, 20.0, 24.0, 19.0, 19.0);
        assertThat(numbers(t.get("lat_pub_unkeyed_rel.csv").rows().get(17), Columns.LATENCY))
                .containsExactly(10485760.0, 12324.0, 388.1, 12182.0, 21966.0, 12246.0, 12433.0, 12737.0, 12182.0,
                        12182.0);
        assertThat(numbers(t.get("lat_pub_keyed_be.csv").rows().get(1), Columns.LATENCY))
                .containsExactly(64.0, 23.0, 175.8, 21.0, 100147.0, 22.0, 24.0, 26.0, 21.0, 21.0);
        assertThat(numbers(t.get("lat_pub_keyed_rel.csv").rows().get(11), Columns.LATENCY))
                .containsExactly(63000.0, 200.0, 3.0, 120.0, 309.0, 200.0, 202.0, 206.0, 120.0, 120.0);
        assertThat(t.get("lat_pub_keyed_rel.csv").context()).containsEntry("format", "perftest-csv-4.x-java");
    }

    @Test
    void shouldPrintSeedTablesAndJavaPercentileWarningWhenRunningStatsOnSampleData() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = AnalyzerMain.run(new String[] {"stats", DIR}, new PrintWriter(out), new PrintWriter(err));

        assertThat(code).isZero();
        assertThat(err.toString()).isEmpty();
        String text = out.toString();
        assertThat(text).contains(
                "                 32       100     202.5        62      5543        88       107       180         5543"
                        + "           5543",
                "                 32       85900000        2880385     737.4             0              0.00",
                "              63000        1100000          35481   17882.6             0              0.00");
        for (String f : List.of("lat_pub_keyed_be.csv", "lat_pub_keyed_rel.csv", "lat_pub_unkeyed_be.csv",
                "lat_pub_unkeyed_rel.csv")) {
            assertThat(text).contains("warning: " + DIR + "/" + f + ": latency percentiles not monotone (p99.99 < p99)");
        }
        assertThat(text).doesNotContain("warning: " + DIR + "/seed001");
    }
}
