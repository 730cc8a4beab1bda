package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.Cli;

/** The seed 003 "Compression Bandwidth Savings" table, reproduced from its NONE and ZLIB megabits. */
class SavingsStatsTest {
    private static final String SEED = "../sample-data/compression/seed003-zlib-savings.csv";

    @Test
    void shouldReproduceTheSeedTableDiffColumnsExactly() {
        Cli r = Cli.run("stats", SEED);

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains(String.join("\n",
                "  Batching  NONE Compression (Mb)  ZLIB Compression (Mb)  Diff Saved Mb  Diff Saved %",
                "  Disabled                  70.59                  53.74          16.85         23.87",
                " 2 samples                  69.40                  37.08          32.32         46.57",
                " 5 samples                  69.26                  22.08          47.18         68.12",
                "10 samples                  69.25                  17.02          52.23         75.42"));
    }

    @Test
    void shouldWriteTheSavingsTableAsJsonWithItsOwnKind() {
        Cli r = Cli.run("stats", "--format", "json", SEED);

        assertThat(r.out()).contains("\"kind\": \"compression_savings\"")
                .contains("\"batching\": \"2 samples\"")
                .contains("\"none_mbit\": 69.4")
                .contains("\"zlib_mbit\": 37.08");
    }
}
