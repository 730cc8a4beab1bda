package wirebench.runner.transport.aeron;

import io.aeron.driver.Configuration;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.LogBufferDescriptor;
import io.aeron.protocol.DataHeaderFlyweight;
import org.agrona.BitUtil;

import wirebench.contract.WirebenchException;

/**
 * Aeron's framing and term sizing, with the numbers taken from Aeron's own classes: how many bytes
 * a message occupies in a term (and on the wire), and the term length a message size needs.
 */
public final class AeronFraming {
    /** Aeron's data frame header: {@link DataHeaderFlyweight#HEADER_LENGTH} (32). */
    public static final int FRAME_HEADER_BYTES = DataHeaderFlyweight.HEADER_LENGTH;
    /** Every frame in a term is aligned to this: {@link FrameDescriptor#FRAME_ALIGNMENT} (32). */
    public static final int FRAME_ALIGNMENT_BYTES = FrameDescriptor.FRAME_ALIGNMENT;
    /** Aeron's default MTU of UDP and IPC publications: {@link Configuration#MTU_LENGTH_DEFAULT} (1408). */
    public static final int DEFAULT_MTU_BYTES = Configuration.MTU_LENGTH_DEFAULT;
    /**
     * wirebench's smallest term of the ECHO stream: 4 MiB (Aeron's default is 16 MiB, its minimum
     * 64 KiB). A subscriber sizes its echo publication from its own settings, which need not know
     * the publisher's samples (RTI's scripts give sizes to the publisher only): 4 MiB echoes samples
     * up to 512 KiB.
     */
    static final int MIN_TERM_BYTES = 4 << 20;
    /**
     * wirebench's smallest term of the DATA stream: 1 MiB. The publisher sizes it from its own
     * samples, so it need not leave room for what it does not send; a smaller log is touched
     * again sooner, while its pages are still in the caches (docs/pubsub.md, "Aeron sizes from the
     * path": 1.1-1.6x the Mbps of a 4 MiB term from 1 KiB to 64 KiB on loopback).
     */
    static final int MIN_DATA_TERM_BYTES = 1 << 20;
    /** Aeron's largest term: {@link LogBufferDescriptor#TERM_MAX_LENGTH} (1 GiB). */
    static final int MAX_TERM_BYTES = LogBufferDescriptor.TERM_MAX_LENGTH;
    /** Aeron's largest message is a term / 8 (it also caps it at 16 MiB). */
    private static final int TERMS_PER_MAX_MESSAGE = 8;
    private static final int MAX_MESSAGE_CAP_BYTES = 16 << 20;

    private AeronFraming() {
    }

    /**
     * Term length for messages up to {@code maxMessageBytes}: at least 8 x the message (Aeron's
     * maximum message is a term / 8) and {@link #MIN_TERM_BYTES}, a power of two; a message that
     * needs more than 1 GiB is bad input.
     */
    public static int termLengthFor(int maxMessageBytes) {
        return termLengthFor(maxMessageBytes, MIN_TERM_BYTES);
    }

    /** As {@link #termLengthFor(int)} for the DATA stream: at least {@link #MIN_DATA_TERM_BYTES}. */
    public static int dataTermLengthFor(int maxMessageBytes) {
        return termLengthFor(maxMessageBytes, MIN_DATA_TERM_BYTES);
    }

    private static int termLengthFor(int maxMessageBytes, int minTermBytes) {
        long needed = Math.max(minTermBytes, (long) TERMS_PER_MAX_MESSAGE * maxMessageBytes);
        if (needed > MAX_TERM_BYTES) {
            throw WirebenchException.badInput("aeron: a " + maxMessageBytes
                    + "-byte message needs a term longer than 1 GiB; use a smaller -dataLen or -batchSize");
        }
        return BitUtil.findNextPositivePowerOfTwo((int) needed);
    }

    /** The largest message a term of {@code termLengthBytes} carries. */
    public static int maxMessageBytes(int termLengthBytes) {
        return Math.min(termLengthBytes / TERMS_PER_MAX_MESSAGE, MAX_MESSAGE_CAP_BYTES);
    }

    /**
     * Aeron's framing of one message of {@code messageBytes} at {@code mtuBytes}: fragments of at
     * most MTU - header bytes, each with a data frame header and padded to the frame alignment (the
     * padding is sent: the sender scans aligned frames). IP/UDP headers are not counted: Aeron packs
     * several frames into one datagram.
     */
    public static long framedBytes(int messageBytes, int mtuBytes) {
        int maxPayload = mtuBytes - FRAME_HEADER_BYTES;
        long full = messageBytes / maxPayload;
        int rest = messageBytes % maxPayload;
        long bytes = full * BitUtil.align(maxPayload + FRAME_HEADER_BYTES, FRAME_ALIGNMENT_BYTES);
        if (rest > 0 || full == 0) {
            bytes += BitUtil.align(rest + FRAME_HEADER_BYTES, FRAME_ALIGNMENT_BYTES);
        }
        return bytes;
    }
}
