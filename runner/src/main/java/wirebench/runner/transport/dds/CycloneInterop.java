package wirebench.runner.transport.dds;

import java.lang.invoke.MethodHandle;

import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;

/**
 * The further calls of Cyclone's C API that ddsperf's protocol needs ({@link DdsperfPeer}):
 * participant user data, partitions (publishers and subscribers of their own), the ignore-local
 * QoS, writes with a source timestamp (ddsperf marks pings in its low bit), the participant's GUID,
 * and the participants behind the writers a reader has matched. Bound like {@link Cyclone}: every
 * argument an {@code int} or a {@code long} (pointers, sizes).
 */
final class CycloneInterop {
    /** {@code DDS_IGNORELOCAL_PARTICIPANT}: a participant's readers do not see its own writers. */
    static final int IGNORELOCAL_PARTICIPANT = 1;
    /** {@code dds_builtintopic_endpoint_t}: key (16), participant_key at 16 (16 bytes). */
    static final int ENDPOINT_PARTICIPANT_KEY_AT = 16;
    static final int GUID_BYTES = 16;

    private static CycloneInterop bound;

    private final MethodHandle createParticipant;
    private final MethodHandle createPublisher;
    private final MethodHandle createSubscriber;
    private final MethodHandle qsetUserdata;
    private final MethodHandle qsetPartition1;
    private final MethodHandle qsetIgnorelocal;
    private final MethodHandle writeTs;
    private final MethodHandle getGuid;
    private final MethodHandle matchedPublications;
    private final MethodHandle matchedPublicationData;
    private final MethodHandle freeEndpoint;

    private CycloneInterop(NativeLibrary lib) throws ReflectiveOperationException {
        Class<?> i = int.class;
        Class<?> l = long.class;
        Class<?> v = void.class;
        createParticipant = lib.function("dds_create_participant", i, i, l, l);
        createPublisher = lib.function("dds_create_publisher", i, i, l, l);
        createSubscriber = lib.function("dds_create_subscriber", i, i, l, l);
        qsetUserdata = lib.function("dds_qset_userdata", v, l, l, l);
        qsetPartition1 = lib.function("dds_qset_partition1", v, l, l);
        qsetIgnorelocal = lib.function("dds_qset_ignorelocal", v, l, i);
        writeTs = lib.function("dds_write_ts", i, i, l, l);
        getGuid = lib.function("dds_get_guid", i, i, l);
        matchedPublications = lib.function("dds_get_matched_publications", i, i, l, l);
        matchedPublicationData = lib.function("dds_get_matched_publication_data", l, i, l);
        freeEndpoint = lib.function("dds_builtintopic_free_endpoint", v, l);
    }

    /** The calls, bound once from the library {@code dds} was loaded from. */
    static synchronized CycloneInterop of(Cyclone dds) {
        if (bound == null) {
            try {
                bound = new CycloneInterop(new NativeLibrary(dds.library));
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                throw WirebenchException.badInput("the ddsperf mode cannot bind " + dds.library + " (" + e + ")");
            }
        }
        return bound;
    }

    /** A participant in {@code domain} with the QoS {@code qos} (0: defaults). */
    int createParticipant(int domain, long qos) {
        return call(() -> (int) createParticipant.invokeExact(domain, qos, 0L));
    }

    /** A publisher ({@code publisher}) or subscriber of {@code participant} with the QoS {@code qos}. */
    int createPublisherOrSubscriber(int participant, long qos, boolean publisher) {
        return call(() -> publisher ? (int) createPublisher.invokeExact(participant, qos, 0L)
                : (int) createSubscriber.invokeExact(participant, qos, 0L));
    }

    void userData(long qos, UnsafeBuffer bytes, int length) {
        run(() -> {
            qsetUserdata.invokeExact(qos, bytes.addressOffset(), (long) length);
        });
    }

    void partition(long qos, UnsafeBuffer name) {
        run(() -> {
            qsetPartition1.invokeExact(qos, name.addressOffset());
        });
    }

    void ignoreLocal(long qos, int kind) {
        run(() -> {
            qsetIgnorelocal.invokeExact(qos, kind);
        });
    }

    /** {@code dds_write_ts}: the sample at {@code sample} with the source timestamp {@code timestampNs}. */
    int writeTs(int writer, long sample, long timestampNs) {
        try {
            return (int) writeTs.invokeExact(writer, sample, timestampNs);
        } catch (Throwable t) {
            throw Cyclone.rethrow(t);
        }
    }

    /** The entity's GUID into {@code into} (16 bytes). */
    int guid(int entity, UnsafeBuffer into) {
        return call(() -> (int) getGuid.invokeExact(entity, into.addressOffset()));
    }

    /** The instance handles of the writers {@code reader} matched, up to {@code max}; their number (may exceed max). */
    int matchedPublications(int reader, UnsafeBuffer handles, int max) {
        return call(() -> (int) matchedPublications.invokeExact(reader, handles.addressOffset(), (long) max));
    }

    /**
     * The participant GUID of the writer {@code publication} that {@code reader} matched, into
     * {@code guid}; false when the writer is no longer matched.
     */
    boolean participantOf(int reader, long publication, UnsafeBuffer guid) {
        long endpoint = matchedPublicationData(reader, publication);
        if (endpoint == 0) {
            return false;
        }
        try {
            guid.putBytes(0, new UnsafeBuffer(endpoint + ENDPOINT_PARTICIPANT_KEY_AT, GUID_BYTES), 0, GUID_BYTES);
        } finally {
            run(() -> {
                freeEndpoint.invokeExact(endpoint);
            });
        }
        return true;
    }

    /** {@code dds_get_matched_publication_data}: a copy of the writer's builtin-topic sample (free it), or 0. */
    private long matchedPublicationData(int reader, long publication) {
        try {
            return (long) matchedPublicationData.invokeExact(reader, publication);
        } catch (Throwable t) {
            throw Cyclone.rethrow(t);
        }
    }

    /** ddsperf's partition name of a GUID: 32 hex digits in four groups of 8, joined by '_'. */
    static String guidString(UnsafeBuffer guid) {
        StringBuilder s = new StringBuilder(35);
        for (int i = 0; i < GUID_BYTES; i++) {
            if (i > 0 && i % 4 == 0) {
                s.append('_');
            }
            s.append(String.format(java.util.Locale.ROOT, "%02x", guid.getByte(i) & 0xff));
        }
        return s.toString();
    }

    @FunctionalInterface
    private interface VoidCall {
        void call() throws Throwable;
    }

    private static int call(Cyclone.Call c) {
        return Cyclone.invoke(c);
    }

    private static void run(VoidCall c) {
        try {
            c.call();
        } catch (Throwable t) {
            throw Cyclone.rethrow(t);
        }
    }
}
