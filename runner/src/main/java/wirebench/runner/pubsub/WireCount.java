package wirebench.runner.pubsub;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

import org.agrona.DirectBuffer;

/**
 * Bytes of one test point's data messages on the wire: {@code rawBytes} what they take uncompressed,
 * {@code wireBytes} what they took as sent, both with the engine's framing
 * ({@link wirebench.runner.transport.Transport#wireBytes}); and the payload checksum (sum of the
 * CRC32C of every sample).
 */
final class WireCount {
    long samples;
    long rawBytes;
    long wireBytes;
    long checksum;
    private final CRC32C crc = new CRC32C();

    void reset() {
        samples = 0;
        rawBytes = 0;
        wireBytes = 0;
        checksum = 0;
    }

    void message(int samplesInMessage, long rawFramedBytes, long wireFramedBytes) {
        samples += samplesInMessage;
        rawBytes += rawFramedBytes;
        wireBytes += wireFramedBytes;
    }

    long savedBytes() {
        return rawBytes - wireBytes;
    }

    double savedPct() {
        return rawBytes == 0 ? 0 : savedBytes() * 100.0 / rawBytes;
    }

    /** Adds the CRC32C of {@code b[at, at+len)} to the payload checksum and returns it. */
    long checksum(DirectBuffer b, int at, int len) {
        crc.reset();
        ByteBuffer bb = b.byteBuffer();
        if (bb != null) {
            int base = b.wrapAdjustment() + at;
            crc.update(bb.duplicate().clear().position(base).limit(base + len));
        } else if (b.byteArray() != null) {
            crc.update(b.byteArray(), b.wrapAdjustment() + at, len);
        } else {
            byte[] copy = new byte[len];
            b.getBytes(at, copy);
            crc.update(copy);
        }
        checksum += crc.getValue();
        return crc.getValue();
    }
}
