package wirebench.runner.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The three codecs on direct buffers: bit-exact round trips, levels, corrupt input. */
class CodecTest {
    static final Path CORPUS = Path.of("../sample-data/corpus/middleware.log");

    static byte[] corpus(int len) throws IOException {
        byte[] all = Files.readAllBytes(CORPUS);
        byte[] out = new byte[len];
        for (int i = 0; i < len; i++) {
            out[i] = all[(i + 12345) % all.length];
        }
        return out;
    }

    static byte[] random(int len, long seed) {
        byte[] b = new byte[len];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Compresses {@code data} at an odd offset and decompresses it back; returns the compressed length. */
    static int roundTrip(Codec codec, byte[] data) {
        int off = 7;
        ByteBuffer src = ByteBuffer.allocateDirect(off + data.length);
        src.put(off, data);
        ByteBuffer packed = ByteBuffer.allocateDirect(off + codec.maxCompressedBytes(data.length));
        int c = codec.compress(src, off, data.length, packed, off);
        assertThat(c).isPositive().isLessThanOrEqualTo(codec.maxCompressedBytes(data.length));
        ByteBuffer back = ByteBuffer.allocateDirect(off + data.length + 5);
        codec.decompress(packed, off, c, back, off, data.length);
        byte[] out = new byte[data.length];
        back.get(off, out);
        assertThat(out).isEqualTo(data);
        return c;
    }

    @ParameterizedTest
    @CsvSource({"LZ4,32", "LZ4,1000", "LZ4,65536", "LZ4,1048576", "ZLIB,32", "ZLIB,1000", "ZLIB,65536",
        "ZLIB,1048576", "ZSTD,32", "ZSTD,1000", "ZSTD,65536", "ZSTD,1048576"})
    void shouldRoundTripBitExactWhenDataIsTextOrRandom(Algorithm alg, int size) throws IOException {
        try (Codec codec = Codec.of(new CompressionSettings(alg, 5, 0))) {
            int text = roundTrip(codec, corpus(size));
            roundTrip(codec, random(size, size));
            if (size >= 1000) {
                assertThat(text).isLessThan(size);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"LZ4", "ZLIB", "ZSTD"})
    void shouldRoundTripAtEveryLevelWhenLevelsOneToTen(Algorithm alg) throws IOException {
        byte[] data = corpus(20000);
        int fastest = 0;
        int best = 0;
        for (int level = 1; level <= 10; level++) {
            try (Codec codec = Codec.of(new CompressionSettings(alg, level, 0))) {
                int c = roundTrip(codec, data);
                if (level == 1) {
                    fastest = c;
                }
                if (level == 10) {
                    best = c;
                }
            }
        }
        assertThat(best).isLessThan(fastest);
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = {"LZ4", "ZLIB", "ZSTD"})
    void shouldRejectCorruptInputWhenTheBlockIsDamaged(Algorithm alg) throws IOException {
        try (Codec codec = Codec.of(new CompressionSettings(alg, 10, 0))) {
            byte[] data = corpus(4000);
            ByteBuffer src = ByteBuffer.allocateDirect(data.length).put(0, data);
            ByteBuffer packed = ByteBuffer.allocateDirect(codec.maxCompressedBytes(data.length));
            int c = codec.compress(src, 0, data.length, packed, 0);
            ByteBuffer back = ByteBuffer.allocateDirect(data.length);

            // one byte short of the announced length, then a truncated block
            assertThatThrownBy(() -> codec.decompress(packed, 0, c, back, 0, data.length - 1))
                    .isInstanceOf(CorruptPayloadException.class).hasMessageStartingWith(alg.name());
            assertThatThrownBy(() -> codec.decompress(packed, 0, c / 2, back, 0, data.length))
                    .isInstanceOf(CorruptPayloadException.class).hasMessageStartingWith(alg.name());
        }
    }

    @Test
    void shouldMapPerftestLevelsOntoLibraryRangesWhenResolvingLevels() {
        assertThat(new CompressionSettings(Algorithm.ZLIB, 1, 0).libraryLevel()).isEqualTo(1);
        assertThat(new CompressionSettings(Algorithm.ZLIB, 5, 0).libraryLevel()).isEqualTo(5);
        assertThat(new CompressionSettings(Algorithm.ZLIB, 10, 0).libraryLevel()).isEqualTo(9);
        assertThat(new CompressionSettings(Algorithm.ZSTD, 1, 0).libraryLevel()).isEqualTo(1);
        assertThat(new CompressionSettings(Algorithm.ZSTD, 10, 0).libraryLevel()).isEqualTo(19);
        assertThat(new CompressionSettings(Algorithm.LZ4, 5, 0).libraryLevel()).isEqualTo(1); // acceleration 1
        assertThat(new CompressionSettings(Algorithm.LZ4, 10, 0).libraryLevel()).isEqualTo(12); // LZ4HC max
        assertThat(new CompressionSettings(Algorithm.ZLIB, 0, 0).enabled()).isFalse();
        assertThat(Codec.of(new CompressionSettings(Algorithm.ZLIB, 0, 0))).isNull();
        assertThat(Algorithm.parse("mask_none")).isEqualTo(Algorithm.NONE);
        assertThat(Algorithm.parse("zstd")).isEqualTo(Algorithm.ZSTD);
    }
}
