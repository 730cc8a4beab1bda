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
    void shouldMarkThePercentMissingNeverNanOrInfinityWhenTheBaselineIsZeroOrBelowTheShownPrecision(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path f = dir.resolve("tiny.csv");
        java.nio.file.Files.writeString(f, "# wirebench-results 1 family=compression keys=algorithm,batch_samples\n"
                + "algorithm,batch_samples,wire_mbit\nNONE,0,0.004\nZLIB,0,0.003\nNONE,2,0\nZLIB,2,0.01\n");

        Cli r = Cli.run("stats", f.toString());
        Cli json = Cli.run("stats", "--format", "json", f.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("NaN").doesNotContain("Infinity");
        assertThat(r.out()).containsPattern("Disabled\\s+0\\.00\\s+0\\.00\\s+0\\.00\\s+-\\n")
                .containsPattern("2 samples\\s+0\\.00\\s+0\\.01\\s+-0\\.01\\s+-\\n");
        assertThat(json.out()).doesNotContain("NaN").doesNotContain("Infinity");
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
