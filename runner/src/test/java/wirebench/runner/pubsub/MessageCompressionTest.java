package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Random;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import wirebench.runner.compression.Algorithm;
import wirebench.runner.compression.CompressionSettings;

/**
 * Whole harness messages: single samples and batches compressed and decoded bit-exact, the
 * threshold, raw sending of what does not shrink, and the savings on the shipped corpus and on
 * random bytes.
 */
class MessageCompressionTest {
    private static final Path CORPUS = Path.of("../sample-data/corpus/middleware.log");

    /** A DATA message of {@code count} samples of {@code size} bytes with payloads from {@code file}. */
    private static int message(UnsafeBuffer b, int count, int size, PayloadFile file, long firstSeq) {
        Wire.header(b, 1, Wire.DATA, 0, 0, count, size, 0);
        for (int i = 0; i < count; i++) {
            int at = Wire.HEADER_BYTES + i * size;
            Wire.sample(b, at, firstSeq + i, 0, 0, 0);
            file.fill(b, at + Wire.SAMPLE_HEADER_BYTES, size - Wire.SAMPLE_HEADER_BYTES);
        }
        return Wire.HEADER_BYTES + count * size;
    }

    private static byte[] bytes(DirectBuffer b, int off, int len) {
        byte[] out = new byte[len];
        b.getBytes(off, out);
        return out;
    }

    @ParameterizedTest
    @CsvSource({"LZ4,32,1", "LZ4,1000,1", "LZ4,1000,8", "LZ4,65536,1", "LZ4,1048576,1", "ZLIB,32,1", "ZLIB,1000,1",
        "ZLIB,1000,8", "ZLIB,65536,1", "ZLIB,1048576,1", "ZSTD,32,1", "ZSTD,1000,1", "ZSTD,1000,8", "ZSTD,65536,1",
        "ZSTD,1048576,1", "ZLIB,100,80"})
    void shouldDecodeBitExactWhenSamplesOrWholeBatchesAreCompressed(Algorithm alg, int size, int count) {
        PayloadFile file = PayloadFile.load(CORPUS);
        UnsafeBuffer raw = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + size * count));
        try (MessageCompression sender = new MessageCompression(new CompressionSettings(alg, 5, 0));
                MessageCompression receiver = new MessageCompression(new CompressionSettings(alg, 5, 0))) {
            int len = message(raw, count, size, file, 0);
            int c = sender.encode(raw, len);
            if (c < 0) {
                // did not shrink (tiny samples): goes raw, unchanged
                assertThat(size * count).isLessThanOrEqualTo(64);
                return;
            }
            assertThat(c).isLessThan(len);
            UnsafeBuffer wire = sender.encoded();
            assertThat(Wire.validate(wire, 0, c, 1)).isEqualTo(Wire.DATA);
            assertThat(Wire.compressed(wire, 0)).isTrue();
            DirectBuffer d = receiver.decode(wire, 0, c);
            assertThat(d).isNotNull();
            assertThat(Wire.compressed(d, 0)).isFalse();
            assertThat(bytes(d, 0, len)).isEqualTo(bytes(raw, 0, len));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"LZ4", "ZLIB", "ZSTD"})
    void shouldSendRawWhenPayloadIsNotAboveTheThreshold(Algorithm alg) {
        PayloadFile file = PayloadFile.load(CORPUS);
        int size = 8192;
        UnsafeBuffer raw = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + size));
        int len = message(raw, 1, size, file, 0);
        try (MessageCompression at = new MessageCompression(new CompressionSettings(alg, 10, size));
                MessageCompression below = new MessageCompression(new CompressionSettings(alg, 10, size - 1));
                MessageCompression off = new MessageCompression(new CompressionSettings(alg, 0, 0))) {
            assertThat(at.encode(raw, len)).isEqualTo(-1); // "larger than the threshold" only
            assertThat(off.encode(raw, len)).isEqualTo(-1); // level 0 disables
            int c = below.encode(raw, len);
            assertThat(c).isPositive().isLessThan(len);
            assertThat(bytes(below.decode(below.encoded(), 0, c), 0, len)).isEqualTo(bytes(raw, 0, len));
        }
    }

    @ParameterizedTest
    @CsvSource({"ZLIB,10,30", "ZLIB,5,30", "LZ4,5,20", "ZSTD,10,30"})
    void shouldSaveBytesWhenTheCorpusIsSentIn8KiBSamples(Algorithm alg, int level, int minSavedPct) {
        PayloadFile file = PayloadFile.load(CORPUS);
        int size = 8192;
        UnsafeBuffer raw = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + size));
        long rawBytes = 0;
        long sentBytes = 0;
        try (MessageCompression mc = new MessageCompression(new CompressionSettings(alg, level, 0))) {
            for (int i = 0; i < 100; i++) { // two passes over the 400 KB corpus
                int len = message(raw, 1, size, file, i);
                int c = mc.encode(raw, len);
                rawBytes += len;
                sentBytes += c > 0 ? c : len;
            }
        }
        double savedPct = (rawBytes - sentBytes) * 100.0 / rawBytes;
        assertThat(savedPct).isGreaterThan(minSavedPct);
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"LZ4", "ZLIB", "ZSTD"})
    void shouldSaveAboutNothingAndNeverLoseWhenSamplesAreRandom(Algorithm alg) {
        int size = 8192;
        UnsafeBuffer raw = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + size));
        Random rnd = new Random(42);
        byte[] noise = new byte[size];
        long rawBytes = 0;
        long sentBytes = 0;
        try (MessageCompression mc = new MessageCompression(new CompressionSettings(alg, 10, 0))) {
            for (int i = 0; i < 50; i++) {
                rnd.nextBytes(noise);
                Wire.header(raw, 1, Wire.DATA, 0, 0, 1, size, 0);
                raw.putBytes(Wire.HEADER_BYTES, noise);
                int len = Wire.HEADER_BYTES + size;
                int c = mc.encode(raw, len);
                rawBytes += len;
                sentBytes += c > 0 ? c : len;
            }
        }
        double savedPct = (rawBytes - sentBytes) * 100.0 / rawBytes;
        assertThat(savedPct).isGreaterThanOrEqualTo(0.0).isLessThan(2.0);
    }
}
