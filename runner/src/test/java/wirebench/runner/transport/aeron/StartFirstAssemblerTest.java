package wirebench.runner.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.FragmentAssembler;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import io.aeron.logbuffer.LogBufferDescriptor;
import io.aeron.protocol.DataHeaderFlyweight;
import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link StartFirstAssembler} against Aeron's own {@link FragmentAssembler} as the oracle: the same
 * fragments, framed in a term by Aeron's {@link DataHeaderFlyweight} and read through Aeron's
 * {@link Header}, fed to both; the messages each hands on (count, lengths, leading bytes) must be
 * the same, and the start-first one copies only the leading bytes its reader asked for.
 */
class StartFirstAssemblerTest {
    private static final int TERM_BYTES = 1 << 16;
    private static final int MAX_PAYLOAD_BYTES = 1024;
    private static final int LEADING_BYTES = 48;

    /** One term of one session: messages framed as a publication frames them (fragments of at most 1 KiB). */
    private static final class Term {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(TERM_BYTES));
        final Header header = new Header(7, LogBufferDescriptor.positionBitsToShift(TERM_BYTES));
        final int sessionId;
        /** Frame offsets in the term, in order. */
        final List<Integer> frames = new ArrayList<>();
        int tail;

        Term(int sessionId) {
            this.sessionId = sessionId;
            header.buffer(buffer);
        }

        /** Frames a message of {@code bytes} bytes (byte i = i * 31 + seed); returns the index of its first frame. */
        int message(int bytes, int seed) {
            int first = frames.size();
            DataHeaderFlyweight f = new DataHeaderFlyweight();
            for (int at = 0; at < bytes || at == 0; at += MAX_PAYLOAD_BYTES) {
                int payload = Math.min(MAX_PAYLOAD_BYTES, bytes - at);
                byte flags = 0;
                if (at == 0) {
                    flags |= FrameDescriptor.BEGIN_FRAG_FLAG;
                }
                if (at + payload == bytes) {
                    flags |= FrameDescriptor.END_FRAG_FLAG;
                }
                f.wrap(buffer, tail, DataHeaderFlyweight.HEADER_LENGTH);
                f.frameLength(DataHeaderFlyweight.HEADER_LENGTH + payload);
                f.version((short) 0).flags(flags).headerType(DataHeaderFlyweight.HDR_TYPE_DATA);
                f.termOffset(tail).sessionId(sessionId).streamId(1001).termId(7);
                for (int i = 0; i < payload; i++) {
                    buffer.putByte(tail + DataHeaderFlyweight.HEADER_LENGTH + i, (byte) ((at + i) * 31 + seed));
                }
                frames.add(tail);
                tail += BitUtil.align(DataHeaderFlyweight.HEADER_LENGTH + payload, FrameDescriptor.FRAME_ALIGNMENT);
            }
            return first;
        }

        /** Hands frame {@code index} to {@code handler}, as Image.poll does. */
        void deliver(int index, FragmentHandler handler) {
            int at = frames.get(index);
            header.offset(at);
            handler.onFragment(buffer, at + DataHeaderFlyweight.HEADER_LENGTH,
                    header.frameLength() - DataHeaderFlyweight.HEADER_LENGTH, header);
        }
    }

    /** What a handler was handed: the length and the leading bytes (all of them when {@code whole}) of each message. */
    private static final class Seen implements FragmentHandler {
        final List<Integer> lengths = new ArrayList<>();
        final List<byte[]> bytes = new ArrayList<>();
        final List<DirectBuffer> buffers = new ArrayList<>();
        final boolean whole;

        Seen(boolean whole) {
            this.whole = whole;
        }

        @Override
        public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
            byte[] b = new byte[whole ? length : Math.min(length, LEADING_BYTES)];
            buffer.getBytes(offset, b);
            lengths.add(length);
            bytes.add(b);
            buffers.add(buffer);
        }

        List<byte[]> leading() {
            List<byte[]> out = new ArrayList<>();
            for (byte[] b : bytes) {
                out.add(java.util.Arrays.copyOf(b, Math.min(b.length, LEADING_BYTES)));
            }
            return out;
        }
    }

    /** What a start-first assembler and FragmentAssembler handed on from the same frames. */
    private record Fed(StartFirstAssembler assembler, Seen startFirst, Seen oracle) {
    }

    /**
     * Frames messages of {@code sizes} in one term and feeds the frames at {@code order} to a
     * start-first assembler whose reader reads {@code leadingBytes} (its handler keeping whole
     * messages when {@code whole}) and to FragmentAssembler.
     */
    private static Fed fed(int leadingBytes, boolean whole, int[] order, int... sizes) {
        Term term = new Term(1);
        for (int i = 0; i < sizes.length; i++) {
            term.message(sizes[i], i + 1);
        }
        Seen startFirst = new Seen(whole);
        Seen oracle = new Seen(true);
        StartFirstAssembler a = new StartFirstAssembler(startFirst, (b, o, n) -> leadingBytes);
        FragmentAssembler f = new FragmentAssembler(oracle);
        for (int i : order) {
            term.deliver(i, a);
            term.deliver(i, f);
        }
        return new Fed(a, startFirst, oracle);
    }

    /** The same messages (lengths, leading bytes; every byte when {@code whole}). */
    private static void assertSameMessages(Fed fed, boolean whole) {
        assertEquals(fed.oracle.lengths, fed.startFirst.lengths, "message lengths");
        List<byte[]> want = whole ? fed.oracle.bytes : fed.oracle.leading();
        List<byte[]> got = whole ? fed.startFirst.bytes : fed.startFirst.leading();
        for (int i = 0; i < want.size(); i++) {
            assertArrayEquals(want.get(i), got.get(i), "bytes of message " + i);
        }
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldHandAnUnfragmentedMessageOnAsItIsWhenItFitsOneFrame() {
        Fed fed = fed(LEADING_BYTES, true, new int[] {0}, 100);
        assertSameMessages(fed, true);
        assertEquals(List.of(100), fed.startFirst.lengths);
        assertTrue(fed.startFirst.buffers.get(0).capacity() >= TERM_BYTES, "the term itself, not a copy");
        assertEquals(0, fed.assembler.copiedBytes());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldHandAFragmentedMessageOnWholeWithItsLeadingBytesOnlyWhenItsEndArrives() {
        Fed before = fed(LEADING_BYTES, false, new int[] {0, 1}, 2500); // fragments of 1024, 1024, 452 bytes
        assertEquals(List.of(), before.startFirst.lengths, "nothing before the END fragment");
        Fed fed = fed(LEADING_BYTES, false, new int[] {0, 1, 2}, 2500);
        assertSameMessages(fed, false);
        assertEquals(List.of(2500), fed.startFirst.lengths);
        assertEquals(LEADING_BYTES, fed.assembler.copiedBytes(), "the leading bytes only (FragmentAssembler: 2500)");
        assertEquals(1, fed.assembler.heldMessages());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldDropAHeldMessageWhenAMiddleFragmentIsLost() {
        // frames 0-2, 3-5, 6; best effort lost frame 1: the first message is dropped whole, the next ones arrive
        Fed fed = fed(LEADING_BYTES, false, new int[] {0, 2, 3, 4, 5, 6}, 2500, 3000, 200);
        assertSameMessages(fed, false);
        assertEquals(List.of(3000, 200), fed.startFirst.lengths);
        assertEquals(2 * LEADING_BYTES, fed.assembler.copiedBytes());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldDropAHeldMessageWhenANewBeginArrivesBeforeItsEnd() {
        // frames 0-2, 3-5: the first message's END lost, the second's BEGIN replaces it; the END coming late is ignored
        Fed fed = fed(LEADING_BYTES, false, new int[] {0, 1, 3, 4, 5, 2}, 2500, 2100);
        assertSameMessages(fed, false);
        assertEquals(List.of(2100), fed.startFirst.lengths);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldHoldTheMessagesOfTwoSessionsApartWhenTheirFragmentsInterleave() {
        Term one = new Term(1);
        Term two = new Term(2);
        one.message(2500, 1);
        two.message(2200, 2);
        Seen startFirst = new Seen(false);
        Seen oracle = new Seen(true);
        StartFirstAssembler a = new StartFirstAssembler(startFirst, (b, o, n) -> LEADING_BYTES);
        FragmentAssembler f = new FragmentAssembler(oracle);
        for (int i = 0; i < 3; i++) {
            one.deliver(i, a);
            one.deliver(i, f);
            two.deliver(i, a);
            two.deliver(i, f);
        }
        assertSameMessages(new Fed(a, startFirst, oracle), false);
        assertEquals(List.of(2500, 2200), startFirst.lengths);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldCopyTheWholeMessageWhenTheReaderReadsItAll() {
        Fed fed = fed(StartFirstAssembler.WHOLE_MESSAGE, true, new int[] {0, 1, 2, 3, 4, 5}, 2500, 3000);
        assertSameMessages(fed, true);
        assertEquals(List.of(2500, 3000), fed.startFirst.lengths);
        assertEquals(5500, fed.assembler.copiedBytes());
        assertEquals(0, fed.assembler.heldMessages());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldCopyTheWholeMessageWhenItsLeadingBytesDoNotFitTheFirstFragment() {
        Fed fed = fed(MAX_PAYLOAD_BYTES + 1, true, new int[] {0, 1, 2}, 2500);
        assertSameMessages(fed, true);
        assertEquals(List.of(2500), fed.startFirst.lengths);
        assertEquals(0, fed.assembler.heldMessages());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldKeepReadsPastTheLeadingBytesOutOfBoundsWhenAMessageWasHeld() {
        Term term = new Term(1);
        term.message(2500, 1);
        List<DirectBuffer> got = new ArrayList<>();
        StartFirstAssembler a = new StartFirstAssembler((b, o, l, h) -> got.add(b), (b, o, n) -> LEADING_BYTES);
        for (int i = 0; i < 3; i++) {
            term.deliver(i, a);
        }
        assertEquals(LEADING_BYTES, got.get(0).capacity(), "a reader that said 48 bytes gets 48, not other bytes");
    }
}
