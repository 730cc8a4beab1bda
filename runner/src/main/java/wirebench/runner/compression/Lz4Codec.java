package wirebench.runner.compression;

import java.nio.ByteBuffer;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block format (lz4-java): levels 1..5 the fast compressor with acceleration 6 - level, 6..10
 * LZ4HC (see {@link CompressionSettings#libraryLevel()}).
 */
final class Lz4Codec implements Codec {
    private final LZ4Compressor compressor;
    private final AutoCloseable closeable;
    private final LZ4SafeDecompressor decompressor;

    Lz4Codec(int perftestLevel, int libraryLevel) {
        LZ4Factory f = LZ4Factory.fastestInstance();
        if (perftestLevel <= 5) {
            var c = f.fastResetCompressor(libraryLevel);
            compressor = c;
            closeable = c;
        } else {
            var c = f.highFastResetCompressor(libraryLevel);
            compressor = c;
            closeable = c;
        }
        decompressor = f.safeDecompressor();
    }

    @Override
    public int maxCompressedBytes(int rawBytes) {
        return compressor.maxCompressedLength(rawBytes);
    }

    @Override
    public int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff) {
        return compressor.compress(src, srcOff, srcLen, dst, dstOff, dst.capacity() - dstOff);
    }

    @Override
    public void decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int rawLen) {
        try {
            int n = decompressor.decompress(src, srcOff, srcLen, dst, dstOff, rawLen);
            CorruptPayloadException.checkLength("LZ4", n, rawLen);
        } catch (LZ4Exception e) {
            throw CorruptPayloadException.failed("LZ4", e);
        }
    }

    @Override
    public void close() {
        try {
            closeable.close();
        } catch (Exception e) {
            throw new IllegalStateException("LZ4: cannot free the compressor", e);
        }
    }
}
