package wirebench.runner.pubsub;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.runner.compression.Codec;
import wirebench.runner.compression.CompressionSettings;
import wirebench.runner.compression.CorruptPayloadException;

/**
 * Compression of whole harness messages (one role's, not thread-safe): the samples after the
 * 24-byte header are compressed as one block (one sample, or a whole batch) when the settings say
 * so and the block is larger than the threshold; a block that does not shrink is sent raw. The
 * header gets {@link Wire#FLAG_COMPRESSED}; its count and sample bytes give the original length.
 */
final class MessageCompression implements AutoCloseable {
    final CompressionSettings settings;
    private final Codec codec;
    private UnsafeBuffer encoded = new UnsafeBuffer(ByteBuffer.allocateDirect(0));
    private ByteBuffer compressedIn = ByteBuffer.allocateDirect(0);
    private UnsafeBuffer decoded = new UnsafeBuffer(ByteBuffer.allocateDirect(0));

    MessageCompression(CompressionSettings settings) {
        this.settings = settings;
        this.codec = Codec.of(settings);
    }

    /**
     * Compresses the message {@code raw[0, len)} (a direct buffer at offset 0) into {@link #encoded()}:
     * returns the compressed message length, or -1 when the message goes raw (compression off, at or
     * below the threshold, or not smaller).
     */
    int encode(UnsafeBuffer raw, int len) {
        int payload = len - Wire.HEADER_BYTES;
        if (codec == null || !settings.compresses(payload)) {
            return -1;
        }
        int need = Wire.HEADER_BYTES + codec.maxCompressedBytes(payload);
        if (encoded.capacity() < need) {
            encoded = new UnsafeBuffer(ByteBuffer.allocateDirect(need));
        }
        int c = codec.compress(raw.byteBuffer(), raw.wrapAdjustment() + Wire.HEADER_BYTES, payload,
                encoded.byteBuffer(), Wire.HEADER_BYTES);
        if (c >= payload) {
            return -1;
        }
        encoded.putBytes(0, raw, 0, Wire.HEADER_BYTES);
        encoded.putByte(9, (byte) (raw.getByte(9) | Wire.FLAG_COMPRESSED));
        return Wire.HEADER_BYTES + c;
    }

    /** The buffer {@link #encode} wrote to (valid until the next encode). */
    UnsafeBuffer encoded() {
        return encoded;
    }

    /**
     * The validated compressed message {@code b[off, off+len)} with its samples decompressed, header
     * included (flag cleared), at offset 0 of a buffer valid until the next decode; null when this
     * side does not know a codec or the payload is corrupt.
     */
    DirectBuffer decode(DirectBuffer b, int off, int len) {
        if (codec == null) {
            return null;
        }
        int rawLen = b.getInt(off + 12) * b.getInt(off + 16);
        int clen = len - Wire.HEADER_BYTES;
        if (compressedIn.capacity() < clen) {
            compressedIn = ByteBuffer.allocateDirect(Math.max(clen, 2 * compressedIn.capacity()));
        }
        b.getBytes(off + Wire.HEADER_BYTES, compressedIn, 0, clen);
        if (decoded.capacity() < Wire.HEADER_BYTES + rawLen) {
            decoded = new UnsafeBuffer(ByteBuffer.allocateDirect(Wire.HEADER_BYTES + rawLen));
        }
        decoded.putBytes(0, b, off, Wire.HEADER_BYTES);
        decoded.putByte(9, (byte) (b.getByte(off + 9) & ~Wire.FLAG_COMPRESSED));
        try {
            codec.decompress(compressedIn, 0, clen, decoded.byteBuffer(), Wire.HEADER_BYTES, rawLen);
        } catch (CorruptPayloadException e) {
            return null;
        }
        return decoded;
    }

    @Override
    public void close() {
        if (codec != null) {
            codec.close();
        }
    }
}
