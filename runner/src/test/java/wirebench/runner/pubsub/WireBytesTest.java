package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.runner.transport.aeron.AeronFraming;

/** The engines' framing as the compression family counts it. */
class WireBytesTest {

    @Test
    void shouldAddAeronFrameHeadersAndAlignmentPerFragmentWhenMessagesAreFramed() {
        assertThat(AeronFraming.framedBytes(1, 1408)).isEqualTo(64); // 32 + 1 padded to 64
        assertThat(AeronFraming.framedBytes(32, 1408)).isEqualTo(64);
        assertThat(AeronFraming.framedBytes(33, 1408)).isEqualTo(96);
        assertThat(AeronFraming.framedBytes(1376, 1408)).isEqualTo(1408); // one full fragment
        assertThat(AeronFraming.framedBytes(1377, 1408)).isEqualTo(1408 + 64); // a second fragment for 1 byte
        assertThat(AeronFraming.framedBytes(3 * 8160, 8192)).isEqualTo(3 * 8192);
    }

    @Test
    @Timeout(60)
    void shouldCountOneDatagramHeaderPerMessageWhenTheTransportIsRawUdp(@TempDir Path dir) throws IOException {
        int iter = 4000;
        RunResult r = RunResult.run("-bothRoles", "-basePort", Integer.toString(RunResult.freeBasePort()), "-domain", "9",
                "-rawTransport", "-dataLen", "500", "-batchSize", "2000", "-numIter", Integer.toString(iter),
                "-latencyCount", "100", "-pubRate", "20000", "-noPrintIntervals", "-compressionId", "LZ4",
                "-loadDataFromFile", "../sample-data/corpus/middleware.log", "--out", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        Map<String, String> row = CompressionLoopbackTest.compressionRows(dir).get(0);
        assertThat(row).containsEntry("transport", "raw-UDPv4").containsEntry("batch_samples", "4");
        long samples = Long.parseLong(row.get("samples"));
        assertThat(samples % 4).isZero(); // whole batches (best effort may lose some)
        assertThat(Long.parseLong(row.get("raw_bytes"))).isEqualTo(samples / 4 * (24 + 4 * 500 + 42));
        assertThat(Long.parseLong(row.get("wire_bytes"))).isLessThan(Long.parseLong(row.get("raw_bytes")));
    }
}
