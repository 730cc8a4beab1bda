package wirebench.runner.compression;

import java.nio.ByteBuffer;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;

/** Zstandard frames (zstd-jni) with reused compression and decompression contexts. */
final class ZstdCodec implements Codec {
    private final ZstdCompressCtx cctx = new ZstdCompressCtx();
    private final ZstdDecompressCtx dctx = new ZstdDecompressCtx();

    ZstdCodec(int zstdLevel) {
        cctx.setLevel(zstdLevel);
    }

    @Override
    public int maxCompressedBytes(int rawBytes) {
        return (int) Zstd.compressBound(rawBytes);
    }

    @Override
    public int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff) {
        return cctx.compressDirectByteBuffer(dst, dstOff, dst.capacity() - dstOff, src, srcOff, srcLen);
    }

    @Override
    public void decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int rawLen) {
        try {
            int n = dctx.decompressDirectByteBuffer(dst, dstOff, rawLen, src, srcOff, srcLen);
            CorruptPayloadException.checkLength("ZSTD", n, rawLen);
        } catch (ZstdException e) {
            throw CorruptPayloadException.failed("ZSTD", e);
        }
    }

    @Override
    public void close() {
        cctx.close();
        dctx.close();
    }
}
