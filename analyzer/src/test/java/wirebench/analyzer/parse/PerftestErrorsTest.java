package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import wirebench.analyzer.parse.PerftestCorpus.Result;

/** Every error path of the Perftest parsers, through {@code wirebench stats}: exact message, exit code 3. */
class PerftestErrorsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            bad_number.csv            | 3: column 'p99_us': expected a number, got 'n/a'
            bad_number_legacy.txt     | 2: column 'std_us': expected a number, got 'x.2'
            bad_number_json.json      | 8: column 'p90_us': expected a number, got 'n/a'
            bad_number_throughput.csv | 2: column 'mbps': expected a number, got '7x4.8'
            bad_syntax.json           | 5: expected ':', got '30,'
            bad_width.csv             | 3: expected a Perftest CSV row of 6, 7, 8, 9, 10, 11, 13 or 14 fields, got 5: '100,       35,      4.1,       30,       40'
            bad_line_legacy.txt       | 1: expected a complete Perftest latency line, got 'Length: 100 Latency: Ave 35 us Std 4.1'
            bad_header.csv            | 1: expected a Perftest CSV header (latency or throughput), got 'Sample Size (Bytes), Foo (x), Bar (y)'
            bad_tail_legacy.txt       | 1: expected the end of the line or 'CPU: x%' / 'CPU x (%)', got 'oops'
            bad_intervals.json        | 2: expected a list in "intervals", got '5'
            bad_summary.json          | 2: expected an object in "summary", got a list
            bad_document.json         | 14: expected the member "perftest", got "other"
            bad_perftest_item.json    | 3: expected a data size object in "perftest", got 'x'
            bad_interval_item.json    | 2: expected interval objects in "intervals", got 'x'
            bad_stray.json            | 14: expected '{', got ']'
            csv_java_german_locale.csv | 3: expected '.' as decimal point, got a decimal comma in field 3 ('100,       35,      4,1,       30,       40,       35,   ...'); RTI Perftest's Java printer writes numbers in the JVM's locale: run it with -Duser.language=en
            """)
    void shouldExitWithBadInputNamingFileAndLineWhenAFieldIsBroken(String file, String message) {
        Result r = PerftestCorpus.run("stats", PerftestCorpus.DIR + file);

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).isEqualTo(PerftestCorpus.DIR + file + ":" + message + System.lineSeparator());
        assertThat(r.out()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            garbage.txt | hello, this is not
            empty.txt   |
            """)
    void shouldExitWithBadInputWhenFileIsNotABenchmarkOutput(String file, String firstLine) {
        Result r = PerftestCorpus.run("stats", PerftestCorpus.DIR + file);

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).isEqualTo(PerftestCorpus.DIR + file + ": not a recognised benchmark output (first line: '"
                + (firstLine == null ? "" : firstLine) + "')" + System.lineSeparator());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"bad_number.csv", "bad_number_json.json", "garbage.txt"})
    void shouldPrintStackTraceOnlyWhenVerbose(String file) {
        Result quiet = PerftestCorpus.run("stats", PerftestCorpus.DIR + file);
        Result verbose = PerftestCorpus.run("stats", "-v", PerftestCorpus.DIR + file);

        assertThat(quiet.err()).doesNotContain("\tat ");
        assertThat(verbose.exitCode()).isEqualTo(3);
        assertThat(verbose.err()).startsWith(quiet.err()).contains("\tat wirebench.analyzer.");
    }
}
