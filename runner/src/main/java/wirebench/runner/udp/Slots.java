package wirebench.runner.udp;

import java.nio.ByteBuffer;

/** Receive slots: views of one buffer, each big enough for the largest UDP payload over IPv4. */
final class Slots {
    /** Bytes per slot: 64 KiB, above {@link Datagrams#MAX_PAYLOAD_BYTES}. */
    static final int SLOT_BYTES = 65536;

    private Slots() {
    }

    /** {@code count} big-endian slot views of one direct buffer (the kernel writes into it without a copy). */
    static ByteBuffer[] direct(int count) {
        return views(ByteBuffer.allocateDirect(count * SLOT_BYTES), count);
    }

    /** {@code count} big-endian views of consecutive {@link #SLOT_BYTES} slots of {@code whole}. */
    static ByteBuffer[] views(ByteBuffer whole, int count) {
        ByteBuffer[] s = new ByteBuffer[count];
        for (int i = 0; i < count; i++) {
            s[i] = whole.slice(i * SLOT_BYTES, SLOT_BYTES);
        }
        return s;
    }
}
