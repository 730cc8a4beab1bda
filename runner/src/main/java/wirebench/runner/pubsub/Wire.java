package wirebench.runner.pubsub;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import wirebench.runner.compression.Algorithm;
import wirebench.runner.compression.CompressionSettings;

/**
 * The harness's message layout, the same on every transport (little-endian).
 *
 * <pre>
 * message header (24 bytes)            sample (sampleBytes = -dataLen bytes, header 24 bytes)
 *  0 int   magic 'WBPS'                 0 long seq        per publisher and size, from 0
 *  4 int   domain                       8 long timestamp  ns, System.nanoTime of the intended send
 *  8 byte  type                        16 int  key        instance, round robin with -keyed
 *  9 byte  flags (LAST_SIZE)           20 int  flags      PING | target subscriber id &lt;&lt; 8
 * 10 short sender id (pub or sub id)                     (pings: | publisher id &lt;&lt; 24)
 *                                      24..               padding up to sampleBytes
 * 12 int   sample count
 * 16 int   sample bytes
 * 20 int   size index (0.. in -scan)
 * </pre>
 *
 * FINISHED carries after the header the last sequence number sent for the size (long), the
 * publisher's batch size in bytes (int, 0 = no batching) and, with FLAG_CHECKSUM, the sum of the
 * CRC32C of every sample sent for the size (long), which the subscriber compares with what it decoded.
 * HELLO (publisher) and ANNOUNCE (subscriber) carry the sender's compression settings after the
 * header: algorithm (byte, {@link Algorithm} ordinal), level (byte), explicit (byte: 1 when any
 * compression option or -loadDataFromFile was given), pad, threshold bytes (int).
 * DATA and PONG with FLAG_COMPRESSED carry the samples compressed as one block (the uncompressed
 * length is count x sample bytes); without it the samples follow the header as they are.
 * A sample is exactly {@code -dataLen} bytes, so payload bytes = samples x dataLen, as Perftest counts.
 */
final class Wire {
    static final int MAGIC = 0x53504257; // "WBPS" read little-endian
    static final int HEADER_BYTES = 24;
    static final int SAMPLE_HEADER_BYTES = 24;
    static final int FINISHED_BYTES = HEADER_BYTES + 20;
    static final int HELLO_BYTES = HEADER_BYTES + 8;

    static final byte HELLO = 1;
    static final byte ANNOUNCE = 2;
    static final byte DATA = 3;
    static final byte PONG = 4;
    static final byte FINISHED = 5;
    static final byte FINISHED_ACK = 6;

    static final byte FLAG_LAST_SIZE = 1;
    static final byte FLAG_LATENCY_TEST = 2;
    /** FINISHED: the payload checksum field is set. */
    static final byte FLAG_CHECKSUM = 4;
    /** DATA, PONG: the samples are compressed. */
    static final byte FLAG_COMPRESSED = 8;
    static final int SAMPLE_PING = 1;
    /** A sample's flag: sent before the measured window (warm-up pings and -warmUpMs samples); no subscriber counts it. */
    static final int WARM_UP_FLAG = 2;
    /** A warm-up pong's flag: its subscriber's JIT compilers were busy (the publisher warms up on). */
    static final int COMPILING_FLAG = 4;
    /** {@link #COMPILING_FLAG}'s bit: the flag shifted down by this is 0 or 1. */
    static final int COMPILING_SHIFT = 2;

    private Wire() {
    }

    static void header(MutableDirectBuffer b, int domain, byte type, int flags, int senderId, int count,
            int sampleBytes, int sizeIndex) {
        b.putInt(0, MAGIC);
        b.putInt(4, domain);
        b.putByte(8, type);
        b.putByte(9, (byte) flags);
        b.putShort(10, (short) senderId);
        b.putInt(12, count);
        b.putInt(16, sampleBytes);
        b.putInt(20, sizeIndex);
    }

    static void sample(MutableDirectBuffer b, int at, long seq, long timestampNs, int key, int flags) {
        b.putLong(at, seq);
        b.putLong(at + 8, timestampNs);
        b.putInt(at + 16, key);
        b.putInt(at + 20, flags);
    }

    /** Writes compression settings after a HELLO/ANNOUNCE header; returns the message length. */
    static int putCompression(MutableDirectBuffer b, CompressionSettings c, boolean explicit) {
        b.putByte(HEADER_BYTES, (byte) c.algorithm().ordinal());
        b.putByte(HEADER_BYTES + 1, (byte) c.level());
        b.putByte(HEADER_BYTES + 2, (byte) (explicit ? 1 : 0));
        b.putByte(HEADER_BYTES + 3, (byte) 0);
        b.putInt(HEADER_BYTES + 4, c.thresholdBytes());
        return HELLO_BYTES;
    }

    /** The compression settings of a HELLO/ANNOUNCE (OFF when it carries none or bad values). */
    static CompressionSettings compression(DirectBuffer b, int off, int len) {
        if (len < HELLO_BYTES) {
            return CompressionSettings.OFF;
        }
        int alg = b.getByte(off + HEADER_BYTES);
        int level = b.getByte(off + HEADER_BYTES + 1);
        int threshold = b.getInt(off + HEADER_BYTES + 4);
        if (alg < 0 || alg >= Algorithm.values().length || level < 0 || level > 10 || threshold < 0) {
            return CompressionSettings.OFF;
        }
        return new CompressionSettings(Algorithm.values()[alg], level, threshold);
    }

    /** Whether a HELLO/ANNOUNCE says its sender's compression options were given explicitly. */
    static boolean compressionExplicit(DirectBuffer b, int off, int len) {
        return len >= HELLO_BYTES && b.getByte(off + HEADER_BYTES + 2) == 1;
    }

    static boolean compressed(DirectBuffer b, int off) {
        return (b.getByte(off + 9) & FLAG_COMPRESSED) != 0;
    }

    static int pingFlags(int targetSubscriber, int publisherId) {
        return SAMPLE_PING | ((targetSubscriber & 0xffff) << 8) | (publisherId << 24);
    }

    static int pingPublisher(int flags) {
        return flags >>> 24;
    }

    static boolean isPing(int flags) {
        return (flags & SAMPLE_PING) != 0;
    }

    static int pingTarget(int flags) {
        return (flags >>> 8) & 0xffff;
    }

    /**
     * Checks a received message: magic, domain, a known type, and a length that matches the count
     * and sample size. Returns the type, or 0 for a stray/malformed message, or -1 for another domain.
     */
    static int validate(DirectBuffer b, int off, int len, int domain) {
        if (len < HEADER_BYTES || b.getInt(off) != MAGIC) {
            return 0;
        }
        if (b.getInt(off + 4) != domain) {
            return -1;
        }
        byte type = b.getByte(off + 8);
        int count = b.getInt(off + 12);
        int sampleBytes = b.getInt(off + 16);
        switch (type) {
            case HELLO:
            case ANNOUNCE:
            case FINISHED_ACK:
                return type;
            case FINISHED:
                return len == FINISHED_BYTES ? type : 0;
            case DATA:
            case PONG:
                if (count < 1 || sampleBytes < SAMPLE_HEADER_BYTES) {
                    return 0;
                }
                long rawLen = (long) count * sampleBytes + HEADER_BYTES;
                if ((b.getByte(off + 9) & FLAG_COMPRESSED) != 0) {
                    return len > HEADER_BYTES && len < rawLen && rawLen <= Integer.MAX_VALUE ? type : 0;
                }
                return rawLen == len ? type : 0;
            default:
                return 0;
        }
    }

    /**
     * The instance a DATA or PONG message belongs to (its first sample's key), for engines that keep
     * instances (DDS with {@code -keyed}); every other message is instance 0.
     */
    static int instanceKey(DirectBuffer b, int off, int len) {
        if (len < HEADER_BYTES + SAMPLE_HEADER_BYTES || compressed(b, off)) {
            return 0;
        }
        byte type = b.getByte(off + 8);
        return type == DATA || type == PONG ? b.getInt(off + HEADER_BYTES + 16) : 0;
    }
}
