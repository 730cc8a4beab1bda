package wirebench.runner.transport.dds;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * A Cyclone topic type built at run time, without idlc: the {@code dds_topic_descriptor_t} of
 * ddsperf's {@code KeyedSeq} ({@code struct { uint32 seq; @key uint32 keyval; sequence<octet> baggage; }})
 * or of its unkeyed twin, in native memory. The harness's whole message travels in {@code baggage};
 * {@code keyval} carries the instance; {@code seq} numbers a writer's samples.
 *
 * <p>Sample layout (LP64, 32 bytes, 8-aligned): seq at 0, keyval at 4, then the sequence
 * ({@code dds_sequence_t}): {@code _maximum} at 8, {@code _length} at 12, {@code _buffer} (pointer)
 * at 16, {@code _release} (bool) at 24.
 *
 * <p>Descriptor layout (96 bytes): m_size 0, m_align 4, m_flagset 8, m_nkeys 12, m_typename 16,
 * m_keys 24, m_nops 32, m_ops 40, m_meta 48, type_information {ptr 56, size 64}, type_mapping
 * {ptr 72, size 80}, restrict_data_representation 88. A key descriptor is {name pointer, offset of
 * the key's KOF instruction in ops, key index}: 16 bytes. Opcodes from Cyclone's dds_opcodes.h;
 * the layouts are the same in 0.10.x and 11.x.
 */
final class TopicType {
    static final int SAMPLE_BYTES = 32;
    static final int SEQ_AT = 0;
    static final int KEY_AT = 4;
    static final int MAXIMUM_AT = 8;
    static final int LENGTH_AT = 12;
    static final int BUFFER_AT = 16;
    static final int RELEASE_AT = 24;

    private static final int OP_RTS = 0x00 << 24;
    private static final int OP_ADR = 0x01 << 24;
    private static final int OP_KOF = 0x07 << 24;
    private static final int TYPE_1BY = 0x01 << 16;
    private static final int TYPE_4BY = 0x03 << 16;
    private static final int TYPE_SEQ = 0x07 << 16;
    private static final int SUBTYPE_1BY = 0x01 << 8;
    private static final int FLAG_KEY = 1;
    private static final int FLAG_MU = 1 << 3;
    private static final int TOPIC_FIXED_KEY = 1 << 1;
    private static final int TOPIC_FIXED_KEY_XCDR2 = 1 << 5;
    private static final int DESCRIPTOR_BYTES = 96;

    final boolean keyed;
    final String typeName;
    private final UnsafeBuffer descriptor;
    // referenced by the descriptor: reachable for as long as it is
    private final UnsafeBuffer ops;
    private final UnsafeBuffer name;
    private final UnsafeBuffer keys;
    private final UnsafeBuffer keyName;
    private final UnsafeBuffer meta;

    /** ddsperf's KeyedSeq when {@code keyed}, else the same fields without the key (type name UnkeyedSeq). */
    TopicType(boolean keyed) {
        this.keyed = keyed;
        this.typeName = keyed ? "KeyedSeq" : "UnkeyedSeq";
        int[] code = keyed
                ? new int[] {OP_ADR | TYPE_4BY, SEQ_AT, OP_ADR | TYPE_4BY | FLAG_KEY | FLAG_MU, KEY_AT,
                    OP_ADR | TYPE_SEQ | SUBTYPE_1BY, 8, OP_RTS, OP_KOF | 1, 2}
                : new int[] {OP_ADR | TYPE_4BY, SEQ_AT, OP_ADR | TYPE_4BY, KEY_AT, OP_ADR | TYPE_SEQ | SUBTYPE_1BY, 8,
                    OP_RTS};
        ops = Cyclone.memory(code.length * 4);
        for (int i = 0; i < code.length; i++) {
            ops.putInt(i * 4, code[i]);
        }
        name = Cyclone.string(typeName);
        keyName = Cyclone.string("keyval");
        meta = Cyclone.string("");
        keys = Cyclone.memory(16);
        keys.putLong(0, keyName.addressOffset());
        keys.putInt(8, 7); // the KOF instruction's index in ops
        keys.putInt(12, 0);
        descriptor = Cyclone.memory(DESCRIPTOR_BYTES);
        descriptor.putInt(0, SAMPLE_BYTES);
        descriptor.putInt(4, 8);
        descriptor.putInt(8, keyed ? TOPIC_FIXED_KEY | TOPIC_FIXED_KEY_XCDR2 : 0);
        descriptor.putInt(12, keyed ? 1 : 0);
        descriptor.putLong(16, name.addressOffset());
        descriptor.putLong(24, keyed ? keys.addressOffset() : 0);
        descriptor.putInt(32, keyed ? 5 : 4); // instructions (ADR x3, RTS, KOF), as idlc counts them
        descriptor.putLong(40, ops.addressOffset());
        descriptor.putLong(48, meta.addressOffset());
    }

    /** The native address of the {@code dds_topic_descriptor_t}. */
    long address() {
        return descriptor.addressOffset();
    }
}
