package wirebench.runner.compression;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** ZLIB format (RFC 1950: deflate with zlib header and Adler-32) through the JDK's Deflater/Inflater. */
final class ZlibCodec implements Codec {
    private final Deflater deflater;
    private final Inflater inflater = new Inflater();

    ZlibCodec(int zlibLevel) {
        deflater = new Deflater(zlibLevel);
    }

    @Override
    public int maxCompressedBytes(int rawBytes) {
        // zlib's compressBound plus the 2-byte header and 4-byte Adler-32 of the zlib format
        return rawBytes + (rawBytes >>> 12) + (rawBytes >>> 14) + (rawBytes >>> 25) + 13 + 6;
    }

    @Override
    public int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff) {
        deflater.reset();
        deflater.setInput(src.duplicate().limit(srcOff + srcLen).position(srcOff));
        deflater.finish();
        ByteBuffer out = dst.duplicate().limit(dst.capacity()).position(dstOff);
        while (!deflater.finished()) {
            if (!out.hasRemaining()) {
                throw new IllegalStateException("ZLIB: output buffer of " + (dst.capacity() - dstOff)
                        + " bytes too small for " + srcLen + " input bytes");
            }
            deflater.deflate(out);
        }
        return out.position() - dstOff;
    }

    @Override
    public void decompress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dst, int dstOff, int rawLen) {
        inflater.reset();
        inflater.setInput(src.duplicate().limit(srcOff + srcLen).position(srcOff));
        ByteBuffer out = dst.duplicate().limit(dstOff + rawLen).position(dstOff);
        try {
            while (!inflater.finished()) {
                int n = inflater.inflate(out);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary() || !out.hasRemaining())) {
                    break;
                }
            }
        } catch (DataFormatException e) {
            throw new CorruptPayloadException("ZLIB: " + e.getMessage(), e);
        }
        if (!inflater.finished() || out.position() - dstOff != rawLen) {
            throw new CorruptPayloadException("ZLIB: decompressed " + (out.position() - dstOff) + " bytes, expected "
                    + rawLen + (inflater.finished() ? "" : " (stream not finished)"));
        }
    }

    @Override
    public void close() {
        deflater.end();
        inflater.end();
    }
}
