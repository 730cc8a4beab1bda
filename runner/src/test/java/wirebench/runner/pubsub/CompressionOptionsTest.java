package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Usage and input errors of the compression options (no run starts). */
class CompressionOptionsTest {

    @Test
    void shouldNameTheAcceptedValuesWhenCompressionIdIsUnknown() {
        RunResult r = RunResult.run("-bothRoles", "-compressionId", "BZIP2");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("-compressionId: expected LZ4, ZLIB, ZSTD, NONE or MASK_NONE, got 'BZIP2'");
    }

    @Test
    void shouldRejectTheLevelWhenOutsideZeroToTen() {
        RunResult r = RunResult.run("-bothRoles", "-compressionId", "ZLIB", "-compressionLevel", "11");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("-compressionLevel: expected 0 (disabled) .. 10 (best), got 11");
    }

    @Test
    void shouldRejectANegativeThresholdWhenGiven() {
        RunResult r = RunResult.run("-bothRoles", "-compressionId", "LZ4", "-compressionThreshold", "-1");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("-compressionThreshold: expected 0 or more bytes, got -1");
    }

    @Test
    void shouldExitThreeNamingTheFileWhenLoadDataFromFileIsMissing() {
        RunResult r = RunResult.run("-bothRoles", "-loadDataFromFile", "no/such/corpus.log");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("no/such/corpus.log: cannot read -loadDataFromFile");
    }
}
