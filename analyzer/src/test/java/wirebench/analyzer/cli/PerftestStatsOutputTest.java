package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import wirebench.analyzer.AnalyzerMain;

/** {@code stats --format json|csv} text of Perftest inputs, with a German default locale set explicitly. */
class PerftestStatsOutputTest {
    private static final String DIR = "src/test/resources/perftest/";
    private Locale saved;

    @BeforeEach
    void german() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(saved);
    }

    private static String stats(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AnalyzerMain.run(args, new PrintWriter(out), new PrintWriter(err));
        assertThat(err.toString()).isEmpty();
        assertThat(code).isZero();
        return out.toString();
    }

    @Test
    void shouldWriteJsonWithDotDecimalsWhenDefaultLocaleIsGerman() {
        assertThat(Locale.getDefault()).isEqualTo(Locale.GERMANY);

        String json = stats("stats", "--format", "json", DIR + "csv_4x_sub_nointervals_cpu.csv");

        assertThat(json).isEqualTo("""
                {
                  "tables": [
                    {
                      "source": "src/test/resources/perftest/csv_4x_sub_nointervals_cpu.csv",
                      "kind": "throughput",
                      "context": {
                        "format": "perftest-csv-4.x",
                        "role": "subscriber"
                      },
                      "rows": [
                        {
                          "size_bytes": 100,
                          "total_samples": 2800000,
                          "samples_per_s": 931000,
                          "mbps": 744.8,
                          "lost": 5,
                          "lost_pct": 0,
                          "cpu_pct": 35.5
                        }
                      ]
                    }
                  ],
                  "warnings": []
                }
                """);
    }

    @Test
    void shouldWriteCsvWithDotDecimalsAndEmptyMissingFieldsWhenDefaultLocaleIsGerman() {
        assertThat(Locale.getDefault()).isEqualTo(Locale.GERMANY);

        String csv = stats("stats", "--format", "csv", DIR + "csv_4x_pub_serialization_cpu.csv",
                DIR + "legacy_51_pub.txt");

        assertThat(csv).isEqualTo("""
                # src/test/resources/perftest/csv_4x_pub_serialization_cpu.csv: latency [perftest-csv-4.x, role=publisher]
                size_bytes,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p9999_us,p999999_us,cpu_pct,serialize_us,deserialize_us
                100,35,4.1,30,40,35,40,40,40,40,9.5,0.512,0.734

                # src/test/resources/perftest/legacy_51_pub.txt: latency [perftest-legacy-5.1, role=publisher]
                size_bytes,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p9999_us,p999999_us
                100,35,4.1,30,40,35,40,40,40,
                1024,60,8.2,50,70,60,70,70,70,
                """);
    }

    @Test
    void shouldWriteNanosecondInputAsMicrosecondsWhenFormatIsJson() {
        String json = stats("stats", "--format", "json", DIR + "csv_4x_pub_ns.csv");

        assertThat(json).contains("\"ave_us\": 35.25,", "\"std_us\": 4.1255,", "\"p99_us\": 40.5,",
                "\"format\": \"perftest-csv-4.x-ns\"");
    }
}
