package wirebench.runner.compression;

import java.nio.ByteBuffer;

/**
 * One compression library as the harness uses it: whole payloads in, whole payloads out, between
 * direct buffers (absolute offsets; positions and limits are left alone). Not thread-safe: each
 * role holds its own codec. {@link #close()} frees native state.
 */
public interface Codec extends AutoCloseable {

    /** The largest compressed form of {@code rawBytes} bytes (the output buffer must hold that much). */
    int maxCompressedBytes(int rawBytes);

    /**
     * Compresses {@code src[srcOff, srcOff+srcLen)} into {@code dst} at {@code dstOff}; returns the
     * compressed length (which may be larger than srcLen for incompressible data).
     */
    int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff);

    /**
     * Decompresses {@code src[srcOff, srcOff+srcLen)} into {@code dst} at {@code dstOff}, where the
     * original was exactly {@code rawLen} bytes; throws {@link CorruptPayloadException} when the
     * input does not decompress to exactly that many bytes.
     */
    void decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int rawLen);

    @Override
    void close();

    /** The codec of {@code settings}; null when they do not compress. */
    static Codec of(CompressionSettings settings) {
        if (!settings.enabled()) {
            return null;
        }
        switch (settings.algorithm()) {
            case LZ4:
                return new Lz4Codec(settings.level(), settings.libraryLevel());
            case ZLIB:
                return new ZlibCodec(settings.libraryLevel());
            case ZSTD:
                return new ZstdCodec(settings.libraryLevel());
            default:
                return null;
        }
    }
}
