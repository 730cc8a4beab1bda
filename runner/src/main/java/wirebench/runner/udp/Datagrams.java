package wirebench.runner.udp;

import java.nio.ByteBuffer;

/**
 * The wire format of wirebench's UDP benchmark (docs/udp.md). All integers big-endian.
 *
 * <pre>
 * every datagram   bytes 0..3  magic "WBU" + type ('S' START, 'D' DATA, 'E' END, 'A' ACK)
 * START (31 B)     4..7 run id, 8..15 expected DATA count, 16..19 payload bytes, 20 flags (bit 0 connected, bit 1 client
 *                  scheduler applied),
 *                  21 client scheduler ordinal, 22 client priority, 23..30 rate (datagrams/s, 0 = unpaced)
 * ACK (8 B)        4..7 run id (server to client: START seen)
 * BUSY (8 B)       4..7 run id (server to client: START refused, another client's run is in progress)
 * END (16 B)       4..7 run id, 8..15 DATA datagrams actually sent
 * DATA (payload B) 4..7 run id, 8..11 sequence number (0-based, unsigned), 12..19 send time (ns, sender clock),
 *                  the rest zero
 * </pre>
 *
 * DATA datagrams are exactly the requested payload, so a small payload carries only a prefix of
 * that header: 20 B or more carry everything; 12..19 B no send time (no jitter); 8..11 B no sequence
 * number (no duplicate or reordering count); 4..7 B only the magic and 0..3 B nothing (all zero).
 * Datagrams without a run id are counted for the run in progress when their length equals its
 * payload, else ignored as strays.
 */
final class Datagrams {
    private Datagrams() {
    }

    /** The three magic bytes "WBU" in the top of the first int; the low byte is the type. */
    static final int MAGIC_PREFIX = 0x57425500;
    static final byte START = 'S';
    static final byte DATA = 'D';
    static final byte END = 'E';
    static final byte ACK = 'A';
    static final byte BUSY = 'B';

    static final int MAGIC_BYTES = 4;
    static final int RUN_ID_END = 8;
    static final int SEQ_END = 12;
    /** DATA header bytes needed for every measure (magic, run id, sequence, send time). */
    static final int FULL_HEADER_BYTES = 20;
    static final int START_BYTES = 31;
    static final int ACK_BYTES = 8;
    static final int END_BYTES = 16;
    /** Largest UDP payload over IPv4: 65535 - 20 (IPv4) - 8 (UDP). */
    static final int MAX_PAYLOAD_BYTES = 65507;
    /** Largest payload that fits one Ethernet frame with a 1500 B MTU: 1500 - 20 - 8. */
    static final int MAX_UNFRAGMENTED_PAYLOAD_BYTES = 1472;

    static int magic(byte type) {
        return MAGIC_PREFIX | (type & 0xFF);
    }

    /** The type of a received datagram ({@code buf} flipped: position 0, limit = length), or 0 without magic. */
    static byte type(ByteBuffer buf) {
        if (buf.limit() < MAGIC_BYTES) {
            return 0;
        }
        int m = buf.getInt(0);
        return (m & 0xFFFFFF00) == MAGIC_PREFIX ? (byte) (m & 0xFF) : 0;
    }

    /** What START tells the server. */
    record Start(int runId, long expected, int payloadBytes, boolean connected, Scheduler clientScheduler,
            int clientPriority, boolean clientSchedulerApplied, long ratePerS) {
    }

    static void writeStart(ByteBuffer b, Start s) {
        b.clear();
        b.putInt(magic(START)).putInt(s.runId()).putLong(s.expected()).putInt(s.payloadBytes())
                .put((byte) ((s.connected() ? 1 : 0) | (s.clientSchedulerApplied() ? 2 : 0))).put((byte) s.clientScheduler().ordinal())
                .put((byte) s.clientPriority()).putLong(s.ratePerS());
        b.flip();
    }

    /** Decodes a START; null when too short or malformed. */
    static Start readStart(ByteBuffer b) {
        if (b.limit() < START_BYTES) {
            return null;
        }
        int sched = b.get(21) & 0xFF;
        if (sched >= Scheduler.values().length) {
            return null;
        }
        return new Start(b.getInt(4), b.getLong(8), b.getInt(16), (b.get(20) & 1) != 0, Scheduler.values()[sched],
                b.get(22) & 0xFF, (b.get(20) & 2) != 0, b.getLong(23));
    }

    static void writeAck(ByteBuffer b, int runId) {
        b.clear();
        b.putInt(magic(ACK)).putInt(runId);
        b.flip();
    }

    /** The server's answer to a START it refuses because another run is in progress. */
    static void writeBusy(ByteBuffer b, int runId) {
        b.clear();
        b.putInt(magic(BUSY)).putInt(runId);
        b.flip();
    }

    static void writeEnd(ByteBuffer b, int runId, long sent) {
        b.clear();
        b.putInt(magic(END)).putInt(runId).putLong(sent);
        b.flip();
    }

    /** A zeroed DATA datagram of {@code payloadBytes} with as much of the header as fits. */
    static ByteBuffer newData(int payloadBytes, int runId) {
        ByteBuffer b = ByteBuffer.allocateDirect(payloadBytes);
        for (int i = 0; i < payloadBytes; i++) {
            b.put(i, (byte) 0);
        }
        if (payloadBytes >= MAGIC_BYTES) {
            b.putInt(0, magic(DATA));
        }
        if (payloadBytes >= RUN_ID_END) {
            b.putInt(4, runId);
        }
        return b;
    }

    /** Stamps sequence number and send time where they fit, and readies {@code b} for sending. */
    static void stampData(ByteBuffer b, long seq, long sendTimeNs) {
        int n = b.capacity();
        if (n >= SEQ_END) {
            b.putInt(8, (int) seq);
        }
        if (n >= FULL_HEADER_BYTES) {
            b.putLong(12, sendTimeNs);
        }
        b.clear();
    }

    static int runId(ByteBuffer b) {
        return b.getInt(4);
    }
}
