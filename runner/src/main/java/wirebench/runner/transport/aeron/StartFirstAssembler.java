package wirebench.runner.transport.aeron;

import io.aeron.FragmentAssembler;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.agrona.collections.Int2ObjectHashMap;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Whole messages from fragments, as Aeron's {@link FragmentAssembler}, without copying a fragmented
 * message whose reader reads only its start. At a message's first fragment (BEGIN) the reader is
 * asked how many leading bytes it reads ({@link LeadingBytes}); when they lie in that fragment, those
 * bytes alone are copied (the harness's message and sample headers: 48 bytes) and the message is held
 * until its last fragment (END) arrives, then handed on with the whole message's length in a buffer
 * that holds only those leading bytes (reading past them is out of the buffer's bounds), with the
 * END fragment's header. Otherwise
 * (the reader decompresses, verifies or echoes the payload; the start does not fit the first
 * fragment) the message takes the copying path, a {@link FragmentAssembler}, exactly as before.
 *
 * <p>A held message is dropped as {@link FragmentAssembler} drops one: a fragment of its session that
 * does not follow the last one taken (same term, next term offset: a fragment lost in best effort)
 * ends it, and a new BEGIN replaces it; the loss then shows as a gap in the harness's sequence
 * numbers. Messages of different sessions (publishers) are held apart, as FragmentAssembler keeps a
 * builder per session. Unfragmented messages go to the delegate as they are.
 *
 * <p>Why the leading bytes are copied rather than the first fragment's place in the term kept: a UDP
 * image's term is cleaned a whole term behind the subscriber's position, but an IPC publication's up
 * to that position, which passes the first fragment at the end of the poll that read it; a message
 * longer than one poll's fragments would then be read back zeroed.
 */
final class StartFirstAssembler implements FragmentHandler {
    /** {@link LeadingBytes} answer: the reader may read any byte of the message (the copying path). */
    static final int WHOLE_MESSAGE = wirebench.runner.transport.MessageHandler.WHOLE_MESSAGE;
    private static final byte BEGIN = FrameDescriptor.BEGIN_FRAG_FLAG;
    private static final byte END = FrameDescriptor.END_FRAG_FLAG;
    private static final byte UNFRAGMENTED = FrameDescriptor.UNFRAGMENTED;

    /** What the reader of a message reads of it, asked at its first fragment. */
    @FunctionalInterface
    interface LeadingBytes {
        /**
         * The number of leading bytes of the message starting at {@code offset} that its reader
         * reads, judged from the first {@code availableBytes} bytes (the first fragment);
         * {@link #WHOLE_MESSAGE} (any negative number) when it may read more.
         */
        int of(DirectBuffer buffer, int offset, int availableBytes);
    }

    /** A session's message under way: held (its leading bytes) or on the copying path. */
    private static final class Session {
        /** A held message is under way (else the session's fragments go to the copying path). */
        boolean holding;
        /** The held message is still whole so far (no gap since its BEGIN). */
        boolean live;
        int termId;
        int nextTermOffset;
        int lengthBytes;
        UnsafeBuffer leading = new UnsafeBuffer(new byte[0]);
    }

    private final FragmentHandler delegate;
    private final LeadingBytes reads;
    private final FragmentAssembler copying;
    private final Int2ObjectHashMap<Session> sessions = new Int2ObjectHashMap<>();
    private long copiedBytes;
    private long heldMessages;

    /** Hands whole messages to {@code delegate}, asking {@code reads} at each fragmented one. */
    StartFirstAssembler(FragmentHandler delegate, LeadingBytes reads) {
        this.delegate = delegate;
        this.reads = reads;
        this.copying = new FragmentAssembler(delegate);
    }

    @Override
    public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        byte flags = header.flags();
        if ((flags & UNFRAGMENTED) == UNFRAGMENTED) {
            delegate.onFragment(buffer, offset, length, header);
            return;
        }
        Session s = sessions.get(header.sessionId());
        if ((flags & BEGIN) != 0) {
            if (s == null) {
                s = new Session();
                sessions.put(header.sessionId(), s);
            }
            begin(s, buffer, offset, length, header);
        } else if (s != null && s.holding) {
            next(s, length, header, flags);
        } else {
            copy(buffer, offset, length, header);
        }
    }

    private void begin(Session s, DirectBuffer buffer, int offset, int length, Header header) {
        int leading = reads.of(buffer, offset, length);
        s.holding = leading >= 0 && leading <= length;
        if (!s.holding) {
            copy(buffer, offset, length, header); // resets the session's builder, as a BEGIN does
            return;
        }
        if (s.leading.byteArray().length < leading) {
            s.leading = new UnsafeBuffer(new byte[leading]);
        }
        s.leading.wrap(s.leading.byteArray(), 0, leading);
        s.leading.putBytes(0, buffer, offset, leading);
        copiedBytes += leading;
        s.live = true;
        s.termId = header.termId();
        s.nextTermOffset = header.nextTermOffset();
        s.lengthBytes = length;
    }

    private void next(Session s, int length, Header header, byte flags) {
        if (!s.live) {
            return; // the held message lost a fragment: the rest of it is dropped, as FragmentAssembler does
        }
        if (header.termId() != s.termId || header.termOffset() != s.nextTermOffset) {
            s.live = false;
            return;
        }
        s.lengthBytes += length;
        if ((flags & END) != 0) {
            s.live = false;
            heldMessages++;
            delegate.onFragment(s.leading, 0, s.lengthBytes, header);
        } else {
            s.nextTermOffset = header.nextTermOffset();
        }
    }

    private void copy(DirectBuffer buffer, int offset, int length, Header header) {
        copiedBytes += length;
        copying.onFragment(buffer, offset, length, header);
    }

    /** Bytes copied so far: the leading bytes of held messages and every fragment on the copying path. */
    long copiedBytes() {
        return copiedBytes;
    }

    /** Fragmented messages handed on without copying their payload so far. */
    long heldMessages() {
        return heldMessages;
    }
}
