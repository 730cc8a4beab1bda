package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static wirebench.analyzer.parse.PerftestCorpus.LAT_100;
import static wirebench.analyzer.parse.PerftestCorpus.LAT_1024;
import static wirebench.analyzer.parse.PerftestCorpus.LAT_INT_100_2;
import static wirebench.analyzer.parse.PerftestCorpus.THR_100;
import static wirebench.analyzer.parse.PerftestCorpus.THR_INT_2;
import static wirebench.analyzer.parse.PerftestCorpus.assertValues;
import static wirebench.analyzer.parse.PerftestCorpus.parse;
import static wirebench.analyzer.parse.PerftestCorpus.rows;
import static wirebench.analyzer.parse.PerftestCorpus.tables;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.model.Warning;
import wirebench.contract.Columns;

/** Every file of the Perftest corpus (src/test/resources/perftest, made by make_corpus.py) parsed to exact values. */
class PerftestParsersTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            console_csv_4x_pub.txt                        | perftest-csv-4.x           | 1 | 0 | 3 | 0 | 0
            console_csv_4x_sub_cft.txt                    | perftest-csv-4.x           | 0 | 1 | 0 | 0 | 0
            console_json_cpp_pub.txt                      | perftest-json-cpp          | 1 | 0 | 0 | 0 | 0
            console_legacy_4x_sub.txt                     | perftest-legacy-3.1+       | 0 | 1 | 0 | 3 | 0
            crlf_bom.csv                                  | perftest-csv-4.x           | 0 | 1 | 0 | 3 | 0
            crlf_bom_legacy.txt                           | perftest-legacy-2.4        | 0 | 0 | 0 | 3 | 1
            csv_3x_pub_intervals.csv                      | perftest-csv-3.x           | 1 | 0 | 3 | 0 | 0
            csv_3x_pub_nointervals.csv                    | perftest-csv-3.x           | 1 | 0 | 0 | 0 | 0
            csv_3x_pub_nointervals_ns.csv                 | perftest-csv-3.x-ns        | 1 | 0 | 0 | 0 | 0
            csv_3x_pub_serialization.csv                  | perftest-csv-3.x           | 1 | 0 | 0 | 0 | 0
            csv_3x_sub_intervals_cpu.csv                  | perftest-csv-3.x           | 0 | 1 | 0 | 3 | 0
            csv_3x_sub_nointervals.csv                    | perftest-csv-3.x           | 0 | 1 | 0 | 0 | 0
            csv_43_pub_hires.csv                          | perftest-csv-4.3-hires     | 1 | 0 | 2 | 0 | 0
            csv_43_pub_nodata.csv                         | perftest-csv-4.x           | 0 | 0 | 0 | 0 | 1
            csv_4x_pub_intervals_scan.csv                 | perftest-csv-4.x           | 2 | 0 | 6 | 0 | 0
            csv_4x_pub_latin1.csv                         | perftest-csv-4.x           | 1 | 0 | 0 | 0 | 0
            csv_4x_pub_microsign.csv                      | perftest-csv-4.x           | 1 | 0 | 0 | 0 | 0
            csv_4x_pub_mojibake.csv                       | perftest-csv-4.x           | 1 | 0 | 0 | 0 | 0
            csv_4x_pub_noheaders_intervals.csv            | perftest-csv-noheader      | 1 | 0 | 3 | 0 | 0
            csv_4x_pub_noheaders_intervals_cpu.csv        | perftest-csv-noheader      | 1 | 0 | 3 | 0 | 0
            csv_4x_pub_nointervals.csv                    | perftest-csv-4.x           | 1 | 0 | 0 | 0 | 0
            csv_4x_pub_nointervals_scan_cpu.csv           | perftest-csv-4.x           | 3 | 0 | 0 | 0 | 0
            csv_4x_pub_ns.csv                             | perftest-csv-4.x-ns        | 1 | 0 | 0 | 0 | 0
            csv_4x_pub_serialization_cpu.csv              | perftest-csv-4.x           | 1 | 0 | 0 | 0 | 0
            csv_4x_sub_intervals.csv                      | perftest-csv-4.x           | 0 | 1 | 0 | 3 | 0
            csv_4x_sub_noheaders_intervals_cpu.csv        | perftest-csv-noheader      | 0 | 1 | 0 | 3 | 0
            csv_4x_sub_noheaders_nointervals_scan.csv     | perftest-csv-noheader      | 0 | 2 | 0 | 0 | 0
            csv_4x_sub_nointervals_cpu.csv                | perftest-csv-4.x           | 0 | 1 | 0 | 0 | 0
            csv_java_3x_sub_intervals.csv                 | perftest-csv-3.x-java      | 0 | 1 | 0 | 3 | 0
            csv_java_4x_pub_appended_runs.csv             | perftest-csv-4.x-java      | 4 | 0 | 0 | 0 | 0
            csv_java_4x_pub_intervals_cpu.csv             | perftest-csv-4.x-java      | 1 | 0 | 3 | 0 | 0
            csv_java_4x_pub_nointervals.csv               | perftest-csv-4.x-java      | 1 | 0 | 0 | 0 | 0
            json_cpp_3x_sub_intervals_cpu.json            | perftest-json-cpp          | 0 | 1 | 0 | 3 | 0
            json_cpp_43_pub_hires.json                    | perftest-json-cpp          | 1 | 0 | 0 | 0 | 0
            json_cpp_4x_pub_appended_runs.json            | perftest-json-cpp          | 3 | 0 | 0 | 0 | 0
            json_cpp_4x_pub_intervals_scan_cpu.json       | perftest-json-cpp          | 2 | 0 | 6 | 0 | 0
            json_cpp_4x_pub_serialization.json            | perftest-json-cpp          | 1 | 0 | 0 | 0 | 0
            json_java_empty_run.json                      | perftest-json-java         | 0 | 0 | 0 | 0 | 1
            json_java_pub_intervals_cpu.json              | perftest-json-java         | 1 | 0 | 3 | 0 | 0
            json_java_sub_nointervals.json                | perftest-json-java         | 0 | 1 | 0 | 0 | 0
            legacy_20_pub_intervals.txt                   | perftest-legacy-2.0        | 1 | 0 | 3 | 0 | 0
            legacy_20_sub_intervals.txt                   | perftest-legacy-2.0        | 0 | 1 | 0 | 3 | 0
            legacy_22_pub_cpu.txt                         | perftest-legacy-2.2        | 1 | 0 | 3 | 0 | 0
            legacy_23_pub_trailing_space_scan.txt         | perftest-legacy-2.2        | 2 | 0 | 0 | 0 | 0
            legacy_23_sub_trailing_space.txt              | perftest-legacy-2.2        | 0 | 1 | 0 | 3 | 0
            legacy_24_sub.txt                             | perftest-legacy-2.4        | 0 | 1 | 0 | 3 | 0
            legacy_24_sub_cpu.txt                         | perftest-legacy-2.4        | 0 | 1 | 0 | 0 | 0
            legacy_30_pub_serialization.txt               | perftest-legacy-3.0        | 2 | 0 | 0 | 0 | 0
            legacy_3x_pub_intervals.txt                   | perftest-legacy-3.1+       | 1 | 0 | 3 | 0 | 0
            legacy_43_pub_hires.txt                       | perftest-legacy-3.1+       | 1 | 0 | 0 | 0 | 0
            legacy_4x_pub_intervals_cpu_serialization.txt | perftest-legacy-3.1+       | 1 | 0 | 3 | 0 | 0
            legacy_4x_sub_intervals.txt                   | perftest-legacy-3.1+       | 0 | 1 | 0 | 3 | 0
            legacy_4x_pub_mojibake.txt                    | perftest-legacy-3.1+       | 1 | 0 | 3 | 0 | 0
            csv_3x_pub_noheaders_nointervals_cpu.csv      | perftest-csv-noheader      | 2 | 0 | 0 | 0 | 0
            csv_java_4x_sub_nointervals.csv               | perftest-csv-4.x           | 0 | 1 | 0 | 0 | 0
            json_cpp_4x_sub_nointervals.json              | perftest-json-cpp          | 0 | 1 | 0 | 0 | 0
            json_java_sub_intervals.json                  | perftest-json-java         | 0 | 1 | 0 | 3 | 0
            legacy_4x_sub_cpu.txt                         | perftest-legacy-3.1+       | 0 | 1 | 0 | 3 | 0
            legacy_22_sub_cpu.txt                         | perftest-legacy-2.2        | 0 | 1 | 0 | 3 | 0
            legacy_24_pub_console.txt                     | perftest-legacy-2.4        | 2 | 0 | 0 | 0 | 0
            csv_4x_sub_zero_rate.csv                      | perftest-csv-4.x           | 0 | 1 | 0 | 0 | 0
            legacy_51_pub.txt                             | perftest-legacy-5.1        | 2 | 0 | 0 | 0 | 0
            legacy_51_sub.txt                             | perftest-legacy-2.0        | 0 | 1 | 0 | 3 | 0
            legacy_docs_sub.txt                           | perftest-legacy-docs       | 0 | 2 | 0 | 0 | 0
            legacy_java_sub_intervals.txt                 | perftest-legacy-3.1+-java  | 0 | 1 | 0 | 3 | 0
            legacy_ns_pub.txt                             | perftest-legacy-3.1+       | 1 | 0 | 0 | 0 | 0
            no_final_newline.csv                          | perftest-csv-4.x           | 1 | 0 | 0 | 0 | 0
            no_final_newline_legacy.txt                   | perftest-legacy-2.0        | 1 | 0 | 0 | 0 | 0
            truncated.csv                                 | perftest-csv-4.x           | 2 | 0 | 0 | 0 | 1
            truncated.json                                | perftest-json-cpp          | 1 | 0 | 5 | 0 | 1
            truncated_legacy.txt                          | perftest-legacy-2.4        | 0 | 0 | 0 | 3 | 2
            """)
    void shouldDetectFormatAndCountRowsWhenParsingCorpusFile(String file, String format, int latency, int throughput,
            int latencyIntervals, int throughputIntervals, int warnings) {
        ParsedInput p = parse(file);

        assertThat(p.format()).isEqualTo(format);
        assertThat(rows(p, Kind.LATENCY)).as("latency rows").isEqualTo(latency);
        assertThat(rows(p, Kind.THROUGHPUT)).as("throughput rows").isEqualTo(throughput);
        assertThat(rows(p, Kind.LATENCY_INTERVAL)).as("latency interval rows").isEqualTo(latencyIntervals);
        assertThat(rows(p, Kind.THROUGHPUT_INTERVAL)).as("throughput interval rows").isEqualTo(throughputIntervals);
        assertThat(p.warnings()).as("warnings").hasSize(warnings);
        for (ResultTable t : p.tables()) {
            assertThat(t.context()).containsEntry("format", format)
                    .containsEntry("role", t.kind() == Kind.LATENCY ? "publisher" : "subscriber");
        }
        for (ResultTable t : p.series()) {
            assertThat(t.context()).containsEntry("role", t.kind() == Kind.LATENCY_INTERVAL ? "publisher" : "subscriber");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"console_csv_4x_pub.txt", "console_json_cpp_pub.txt", "csv_3x_pub_intervals.csv",
        "csv_3x_pub_nointervals.csv", "csv_3x_pub_serialization.csv", "csv_4x_pub_intervals_scan.csv",
        "csv_4x_pub_latin1.csv", "csv_4x_pub_microsign.csv", "csv_4x_pub_mojibake.csv",
        "csv_4x_pub_noheaders_intervals.csv", "csv_4x_pub_noheaders_intervals_cpu.csv", "csv_4x_pub_nointervals.csv",
        "csv_4x_pub_serialization_cpu.csv", "json_cpp_4x_pub_appended_runs.json",
        "json_cpp_4x_pub_intervals_scan_cpu.json", "json_cpp_4x_pub_serialization.json",
        "json_java_pub_intervals_cpu.json", "legacy_20_pub_intervals.txt", "legacy_22_pub_cpu.txt",
        "legacy_23_pub_trailing_space_scan.txt", "legacy_30_pub_serialization.txt", "legacy_3x_pub_intervals.txt",
        "legacy_4x_pub_intervals_cpu_serialization.txt", "no_final_newline.csv", "no_final_newline_legacy.txt",
        "truncated.json", "legacy_4x_pub_mojibake.txt"})
    void shouldReadTheLatencySummaryWhenFileIsAPublisherOutput(String file) {
        ResultTable t = tables(parse(file), Kind.LATENCY).get(0);

        assertThat(t.columns().subList(0, Columns.LATENCY.size())).isEqualTo(Columns.LATENCY);
        assertValues(t.rows().get(0), Columns.LATENCY, LAT_100);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv_4x_pub_intervals_scan.csv", "json_cpp_4x_pub_intervals_scan_cpu.json",
        "legacy_23_pub_trailing_space_scan.txt", "legacy_30_pub_serialization.txt",
        "csv_3x_pub_noheaders_nointervals_cpu.csv", "legacy_24_pub_console.txt"})
    void shouldKeepEverySizeWhenFileHoldsSeveralSizes(String file) {
        ResultTable t = tables(parse(file), Kind.LATENCY).get(0);

        assertThat(t.rows()).hasSize(2);
        assertValues(t.rows().get(1), Columns.LATENCY, LAT_1024);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"console_csv_4x_pub.txt", "csv_3x_pub_intervals.csv", "csv_4x_pub_intervals_scan.csv",
        "csv_4x_pub_noheaders_intervals.csv", "csv_4x_pub_noheaders_intervals_cpu.csv",
        "csv_java_4x_pub_intervals_cpu.csv", "json_cpp_4x_pub_intervals_scan_cpu.json",
        "json_java_pub_intervals_cpu.json", "legacy_20_pub_intervals.txt", "legacy_22_pub_cpu.txt",
        "legacy_3x_pub_intervals.txt", "legacy_4x_pub_intervals_cpu_serialization.txt", "truncated.json"})
    void shouldKeepLatencyIntervalsAsSeriesWhenFileHasThem(String file) {
        ResultTable s = tables(parse(file), Kind.LATENCY_INTERVAL).get(0);

        assertThat(s.columns().subList(0, Columns.LATENCY_INTERVAL.size())).isEqualTo(Columns.LATENCY_INTERVAL);
        assertValues(s.rows().get(1), Columns.LATENCY_INTERVAL, LAT_INT_100_2);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"console_csv_4x_sub_cft.txt", "console_legacy_4x_sub.txt", "crlf_bom.csv",
        "csv_3x_sub_intervals_cpu.csv", "csv_3x_sub_nointervals.csv", "csv_4x_sub_intervals.csv",
        "csv_4x_sub_noheaders_intervals_cpu.csv", "csv_4x_sub_nointervals_cpu.csv", "csv_java_3x_sub_intervals.csv",
        "json_cpp_3x_sub_intervals_cpu.json", "json_java_sub_nointervals.json", "legacy_24_sub.txt",
        "legacy_4x_sub_intervals.txt", "legacy_java_sub_intervals.txt", "csv_java_4x_sub_nointervals.csv",
        "json_cpp_4x_sub_nointervals.json", "json_java_sub_intervals.json", "legacy_4x_sub_cpu.txt"})
    void shouldReadTheThroughputSummaryWhenFileIsASubscriberOutput(String file) {
        ResultTable t = tables(parse(file), Kind.THROUGHPUT).get(0);
        Double lost = file.contains("cft") ? 0.0 : 5.0;

        assertThat(t.columns().subList(0, Columns.THROUGHPUT.size())).isEqualTo(Columns.THROUGHPUT);
        assertValues(t.rows().get(0), Columns.THROUGHPUT, 100.0, 2800000.0, 931000.0, 744.8, lost, 0.0);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"legacy_51_sub.txt", "legacy_20_sub_intervals.txt", "legacy_23_sub_trailing_space.txt",
        "legacy_22_sub_cpu.txt"})
    void shouldLeaveLostPercentNullWhenVersionDidNotPrintIt(String file) {
        ResultTable t = tables(parse(file), Kind.THROUGHPUT).get(0);

        assertValues(t.rows().get(0), Columns.THROUGHPUT, 100.0, 2800000.0, 931000.0, 744.8, 5.0, null);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"console_legacy_4x_sub.txt", "crlf_bom.csv", "crlf_bom_legacy.txt",
        "csv_3x_sub_intervals_cpu.csv", "csv_4x_sub_intervals.csv", "csv_4x_sub_noheaders_intervals_cpu.csv",
        "csv_java_3x_sub_intervals.csv", "json_cpp_3x_sub_intervals_cpu.json", "legacy_24_sub.txt",
        "legacy_4x_sub_intervals.txt", "legacy_java_sub_intervals.txt", "truncated_legacy.txt",
        "json_java_sub_intervals.json", "legacy_4x_sub_cpu.txt"})
    void shouldKeepThroughputIntervalsAsSeriesWhenFileHasThem(String file) {
        ResultTable s = tables(parse(file), Kind.THROUGHPUT_INTERVAL).get(0);

        assertThat(s.columns().subList(0, Columns.THROUGHPUT_INTERVAL.size())).isEqualTo(Columns.THROUGHPUT_INTERVAL);
        assertValues(s.rows().get(1), Columns.THROUGHPUT_INTERVAL, THR_INT_2);
    }

    @Test
    void shouldReadCpuColumnWhenCsvHasOne() {
        ResultTable t = tables(parse("csv_4x_pub_nointervals_scan_cpu.csv"), Kind.LATENCY).get(0);

        assertThat(t.columns()).endsWith(Columns.P999999_US, Columns.CPU_PCT);
        assertThat(t.rows()).extracting(r -> r.number(Columns.CPU_PCT)).containsExactly(12.5, 13.25, 14.0);
        assertValues(t.rows().get(0), Columns.LATENCY, 32.0, 25.0, 3.5, 20.0, 90.0, 24.0, 27.0, 33.0, 90.0, 90.0);
    }

    @Test
    void shouldReadSerializationAndCpuWhenCsvHasBoth() {
        ResultTable t = tables(parse("csv_4x_pub_serialization_cpu.csv"), Kind.LATENCY).get(0);

        assertThat(t.columns()).endsWith(Columns.CPU_PCT, Columns.SERIALIZE_US, Columns.DESERIALIZE_US);
        assertValues(t.rows().get(0), List.of(Columns.CPU_PCT, Columns.SERIALIZE_US, Columns.DESERIALIZE_US),
                9.5, 0.512, 0.734);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            csv_3x_pub_serialization.csv                   | 0.5   | 0.75
            json_cpp_4x_pub_serialization.json             | 0.512 | 0.734
            legacy_30_pub_serialization.txt                | 0.512 | 0.734
            legacy_4x_pub_intervals_cpu_serialization.txt  | 0.512 | 0.734
            """)
    void shouldReadSerializationTimesWhenOutputHasThem(String file, double serialize, double deserialize) {
        ResultTable t = tables(parse(file), Kind.LATENCY).get(0);

        for (Row r : t.rows()) {
            assertValues(r, List.of(Columns.SERIALIZE_US, Columns.DESERIALIZE_US), serialize, deserialize);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            csv_3x_sub_intervals_cpu.csv                  | THROUGHPUT       | 21.0
            csv_3x_sub_intervals_cpu.csv                  | THROUGHPUT_INTERVAL | 20.0
            csv_4x_sub_nointervals_cpu.csv                | THROUGHPUT       | 35.5
            csv_4x_sub_noheaders_intervals_cpu.csv        | THROUGHPUT       | 31.0
            csv_4x_pub_noheaders_intervals_cpu.csv        | LATENCY          | 11.0
            csv_4x_pub_noheaders_intervals_cpu.csv        | LATENCY_INTERVAL | 10.0
            csv_java_4x_pub_intervals_cpu.csv             | LATENCY          | 5.0
            csv_java_4x_pub_intervals_cpu.csv             | LATENCY_INTERVAL | 5.0
            json_cpp_4x_pub_intervals_scan_cpu.json       | LATENCY          | 7.5
            json_cpp_3x_sub_intervals_cpu.json            | THROUGHPUT       | 22.25
            json_java_pub_intervals_cpu.json              | LATENCY          | 6.0
            legacy_22_pub_cpu.txt                         | LATENCY          | 12.5
            legacy_22_pub_cpu.txt                         | LATENCY_INTERVAL | 12.34
            legacy_24_sub_cpu.txt                         | THROUGHPUT       | 40.5
            legacy_4x_pub_intervals_cpu_serialization.txt | LATENCY          | 8.5
            legacy_4x_pub_intervals_cpu_serialization.txt | LATENCY_INTERVAL | 8.0
            legacy_4x_sub_cpu.txt                         | THROUGHPUT       | 15.5
            legacy_4x_sub_cpu.txt                         | THROUGHPUT_INTERVAL | 15.0
            legacy_22_sub_cpu.txt                         | THROUGHPUT       | 26.25
            legacy_22_sub_cpu.txt                         | THROUGHPUT_INTERVAL | 25.5
            json_java_sub_intervals.json                  | THROUGHPUT_INTERVAL | 4.5
            csv_3x_pub_noheaders_nointervals_cpu.csv      | LATENCY          | 3.25
            """)
    void shouldReadCpuWhenOutputHasIt(String file, Kind kind, double cpu) {
        ResultTable t = tables(parse(file), kind).get(0);

        assertThat(t.columns()).contains(Columns.CPU_PCT);
        assertThat(t.rows().get(0).number(Columns.CPU_PCT)).isEqualTo(cpu);
    }

    @Test
    void shouldReadLostPercentWhenLegacyHasCpuAfterIt() {
        Row r = tables(parse("legacy_24_sub_cpu.txt"), Kind.THROUGHPUT).get(0).rows().get(0);

        assertValues(r, Columns.THROUGHPUT, 100.0, 2800000.0, 931000.0, 744.8, 5.0, 0.18);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv_4x_pub_ns.csv", "csv_3x_pub_nointervals_ns.csv", "legacy_ns_pub.txt"})
    void shouldConvertToMicrosecondsWhenUnitIsNanoseconds(String file) {
        Row r = tables(parse(file), Kind.LATENCY).get(0).rows().get(0);

        assertValues(r, Columns.LATENCY, 100.0, 35.25, 4.1255, 30.1, 40.9, 35.0, 40.0, 40.5, 40.9, 40.9);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv_43_pub_hires.csv", "json_cpp_43_pub_hires.json", "legacy_43_pub_hires.txt"})
    void shouldKeepDecimalsWhenOutputIsHighResolution(String file) {
        Row r = tables(parse(file), Kind.LATENCY).get(0).rows().get(0);

        assertValues(r, Columns.LATENCY, 100.0, 12.673, 0.328, 12.345, 13.001, 13.001, 13.001, 13.001, 13.001, 13.001);
    }

    @Test
    void shouldKeepHighResolutionIntervalsWhenCsvIs43() {
        ResultTable s = tables(parse("csv_43_pub_hires.csv"), Kind.LATENCY_INTERVAL).get(0);

        assertValues(s.rows().get(1), Columns.LATENCY_INTERVAL, 100.0, 13.001, 12.673, 0.328, 12.345, 13.001);
    }

    @Test
    void shouldLeaveRateNullWhenPerftestPrintedItAsBlanks() {
        Row r = tables(parse("csv_4x_sub_zero_rate.csv"), Kind.THROUGHPUT).get(0).rows().get(0);

        assertValues(r, Columns.THROUGHPUT, 100.0, 3.0, null, 0.0, 0.0, 0.0);
    }

    @Test
    void shouldLeaveP999999NullWhenVersionIs51() {
        ResultTable t = tables(parse("legacy_51_pub.txt"), Kind.LATENCY).get(0);

        assertValues(t.rows().get(0), Columns.LATENCY, 100.0, 35.0, 4.1, 30.0, 40.0, 35.0, 40.0, 40.0, 40.0, null);
        assertValues(t.rows().get(1), Columns.LATENCY, 1024.0, 60.0, 8.2, 50.0, 70.0, 60.0, 70.0, 70.0, 70.0, null);
    }

    @Test
    void shouldWarnAndKeepNoRowWhenSummaryHasSizeZero() {
        ParsedInput p = parse("csv_43_pub_nodata.csv");

        assertThat(p.tables()).isEmpty();
        assertThat(p.warnings()).extracting(Warning::format).containsExactly(PerftestCorpus.DIR
                + "csv_43_pub_nodata.csv:2: latency summary of size 0: no data was received (RTI Perftest 4.3 "
                + "prints this row when no pong arrived); no result");
    }

    @Test
    void shouldWarnWhenJavaJsonRunIsEmpty() {
        ParsedInput p = parse("json_java_empty_run.json");

        assertThat(p.tables()).isEmpty();
        assertThat(p.warnings()).extracting(Warning::format).containsExactly(PerftestCorpus.DIR
                + "json_java_empty_run.json:3: empty run (no data size was printed): no result");
    }

    @Test
    void shouldSplitTablesWhenCsvHoldsAppendedRuns() {
        List<ResultTable> t = tables(parse("csv_java_4x_pub_appended_runs.csv"), Kind.LATENCY);

        assertThat(t).hasSize(2);
        assertThat(t).extracting(x -> x.context().get("run")).containsExactly("1", "2");
        for (ResultTable x : t) {
            assertValues(x.rows().get(0), Columns.LATENCY, 32.0, 20.0, 6.0, 19.0, 2482.0, 20.0, 20.0, 24.0, 19.0, 19.0);
            assertValues(x.rows().get(1), Columns.LATENCY, 64.0, 20.0, 5.8, 19.0, 2301.0, 20.0, 21.0, 24.0, 19.0, 19.0);
        }
    }

    @Test
    void shouldSplitTablesWhenJsonFragmentsAreAppended() {
        List<ResultTable> t = tables(parse("json_cpp_4x_pub_appended_runs.json"), Kind.LATENCY);

        assertThat(t).extracting(x -> x.rows().size()).containsExactly(1, 2);
        assertValues(t.get(1).rows().get(1), Columns.LATENCY, LAT_1024);
    }

    @Test
    void shouldReadEverySizeWhenHeaderlessThroughputHasSeveralSizes() {
        ResultTable t = tables(parse("csv_4x_sub_noheaders_nointervals_scan.csv"), Kind.THROUGHPUT).get(0);

        assertValues(t.rows().get(0), Columns.THROUGHPUT, 32.0, 5000000.0, 1666666.0, 426.7, 12.0, 0.24);
        assertValues(t.rows().get(1), Columns.THROUGHPUT, 64.0, 4000000.0, 1333333.0, 682.7, 0.0, 0.0);
    }

    @Test
    void shouldReadDocumentationStyleWhenLostIsHandEdited() {
        ResultTable t = tables(parse("legacy_docs_sub.txt"), Kind.THROUGHPUT).get(0);

        assertValues(t.rows().get(0), Columns.THROUGHPUT, 32.0, 85900000.0, 2880385.0, 737.4, 0.0, 0.0);
        assertValues(t.rows().get(1), Columns.THROUGHPUT, 64.0, 66500000.0, 2232093.0, 1142.8, 0.0, 0.0);
    }

    @Test
    void shouldTakeVersionFromBannerWhenCaptureHasOne() {
        ParsedInput p = parse("console_csv_4x_pub.txt");

        assertThat(p.tables().get(0).context()).containsEntry("perftest_version", "4.3.0");
        assertThat(p.warnings()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            truncated.csv        | 4  | truncated row (4 fields of 10), ignored; the rows before it are kept
            truncated.json       | 60 | truncated JSON (the text ends before the run is complete); the complete data sizes and the interval rows before this line are kept
            """)
    void shouldWarnNamingTheLineWhenLastRowIsTruncated(String file, int line, String message) {
        ParsedInput p = parse(file);

        assertThat(p.warnings()).containsExactly(new Warning(PerftestCorpus.DIR + file, line, message));
    }

    @Test
    void shouldWarnAboutMissingSummaryWhenLegacyLastRowIsTruncated() {
        ParsedInput p = parse("truncated_legacy.txt");
        String src = PerftestCorpus.DIR + "truncated_legacy.txt";

        assertThat(p.warnings()).containsExactly(
                new Warning(src, 7, "truncated line, ignored; the lines before it are kept"),
                new Warning(src, 0, "no summary row, only 3 interval rows (did the run finish?); "
                        + "'stats --intervals' shows them"));
    }

    @Test
    void shouldNotTakePlainCsvForPerftestWhenFieldsAreNotPadded() {
        InputText plain = new InputText("x.csv", "32,20,6.0,19,2482,20,20,24,19,19\n");
        InputText perftest = new InputText("y.csv", "                 32,       20,      6.0,       19,     2482,"
                + "       20,       20,       24,          19,            19\n");

        assertThat(new PerftestCsvParser().accepts(plain)).isFalse();
        assertThat(new PerftestCsvParser().accepts(perftest)).isTrue();
    }

    @Test
    void shouldWarnWhenSerializationLineHasNoLatencySummaryBeforeIt() {
        ParsedInput p = Parsers.all().parse(new InputText("x.txt",
                "Serialization/Deserialization: 0.512 us / 0.734 us / TOTAL: 1.246 us\n"));

        assertThat(p.format()).isEqualTo("perftest-legacy-3.0");
        assertThat(p.warnings()).extracting(Warning::format).containsExactly(
                "x.txt:1: serialization times without a latency summary before them, ignored");
    }

    @Test
    void shouldWarnWhenCsvHasAHeaderButNoRow() {
        ParsedInput p = Parsers.all().parse(new InputText("x.csv", "Sample Size (Bytes), Total Samples, "
                + "Avg Samples/s,    Avg Mbps, Lost Samples, Lost Samples (%)\n"));

        assertThat(p.format()).isEqualTo("perftest-csv-4.x");
        assertThat(p.tables()).isEmpty();
        assertThat(p.warnings()).containsExactly(new Warning("x.csv", 0, "no data rows"));
    }

    @Test
    void shouldWarnWhenCsvIsCutBeforeTheFirstCommaOfItsLastRow() {
        String text = "Sample Size (Bytes), Ave (μs), Std (μs), Min (μs), Max (μs), 50% (μs), 90% (μs), 99% (μs), "
                + "99.99% (μs), 99.9999% (μs)\n"
                + "                100,       35,      4.1,       30,       40,       35,       40,       40,"
                + "          40,            40\n               10";

        ParsedInput p = Parsers.all().parse(new InputText("x.csv", text));

        assertValues(p.tables().get(0).rows().get(0), Columns.LATENCY, LAT_100);
        assertThat(p.warnings()).containsExactly(
                new Warning("x.csv", 3, "truncated row (1 field), ignored; the rows before it are kept"));
    }

    @Test
    void shouldWarnWhenLegacyIsCutInTheFirstWordOfItsLastLine() {
        String text = "Length:   100  Packets:  2800000  Packets/s(ave):  931000  Mbps(ave):   744.8  Lost: 5\nLeng";

        ParsedInput p = Parsers.all().parse(new InputText("x.txt", text));

        assertThat(p.tables().get(0).rows()).hasSize(1);
        assertThat(p.warnings()).containsExactly(
                new Warning("x.txt", 2, "truncated line, ignored; the lines before it are kept"));
    }

    @Test
    void shouldKeepRowsBeforeWhenCsvLastRowIsTruncated() {
        ResultTable t = tables(parse("truncated.csv"), Kind.LATENCY).get(0);

        assertThat(t.rows()).hasSize(2);
        assertValues(t.rows().get(1), Columns.LATENCY, LAT_100);
    }

    @ParameterizedTest(name = "{0} as {1}")
    @CsvSource({"csv_4x_pub_nointervals.csv, x.json", "json_cpp_4x_pub_serialization.json, x.csv",
        "legacy_24_sub.txt, x.csv", "csv_4x_sub_intervals.csv, results.txt"})
    void shouldDetectFormatFromContentWhenFileNameSuggestsAnother(String file, String name, @TempDir Path dir)
            throws IOException {
        Path copy = dir.resolve(name);
        Files.copy(Path.of(PerftestCorpus.DIR + file), copy);

        ParsedInput original = parse(file);
        ParsedInput renamed = Parsers.all().parse(InputText.read(copy));

        assertThat(renamed.format()).isEqualTo(original.format());
        assertThat(renamed.tables()).extracting(ResultTable::rows)
                .isEqualTo(original.tables().stream().map(ResultTable::rows).toList());
    }

    @Test
    void shouldReadCrlfAndBomLikePlainTextWhenCsv() {
        ParsedInput crlf = parse("crlf_bom.csv");
        ParsedInput plain = parse("csv_4x_sub_intervals.csv");

        assertThat(crlf.tables().get(0).rows()).isEqualTo(plain.tables().get(0).rows());
        assertThat(crlf.series().get(0).rows()).isEqualTo(plain.series().get(0).rows());
        assertValues(crlf.tables().get(0).rows().get(0), Columns.THROUGHPUT, THR_100);
    }
}
