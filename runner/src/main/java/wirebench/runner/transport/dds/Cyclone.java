package wirebench.runner.transport.dds;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;

/**
 * The Cyclone DDS C API (libddsc, 0.10.x) as far as the engine uses it: domains, participants,
 * topics, writers, readers, QoS, take into samples the caller keeps, waitsets.
 * Entities are {@code int} handles ({@code dds_entity_t}); negative results are {@code dds_return_t}
 * error codes. Pointers are {@code long} addresses of direct buffers ({@link #memory}), kept
 * reachable by their owner for as long as Cyclone may read them.
 */
final class Cyclone {
    /** Debian's runtime soname of libddsc (upstream builds install {@code libddsc.so.0}). */
    static final String SONAMES = "libddsc.so.0debian, libddsc.so.0";
    static final int RETCODE_TIMEOUT = -10;
    /** A write that found no free iceoryx chunk (shared memory), or a full resource limit: back pressure. */
    static final int RETCODE_OUT_OF_RESOURCES = -5;
    static final int RELIABILITY_BEST_EFFORT = 0;
    static final int RELIABILITY_RELIABLE = 1;
    static final int HISTORY_KEEP_LAST = 0;
    static final int HISTORY_KEEP_ALL = 1;
    /** {@code DDS_ANY_STATE}: any sample, view and instance state. */
    static final int ANY_STATE = 127;
    /** {@code dds_publication_matched_status_t}: total, change, current, change, handle. */
    static final int MATCHED_STATUS_BYTES = 24;
    /** {@code dds_sample_info_t} on LP64: valid_data at 12, source timestamp 16, publication handle 32. */
    static final int SAMPLE_INFO_BYTES = 64;

    private static Cyclone loaded;
    private static String loadFailure;

    final String library;
    final String version;

    private final MethodHandle createDomain;
    private final MethodHandle createParticipant;
    private final MethodHandle createTopic;
    private final MethodHandle createWriter;
    private final MethodHandle createReader;
    private final MethodHandle write;
    private final MethodHandle writeFlush;
    private final MethodHandle take;
    private final MethodHandle free;
    private final MethodHandle delete;
    private final MethodHandle createQos;
    private final MethodHandle deleteQos;
    private final MethodHandle qsetReliability;
    private final MethodHandle qsetHistory;
    private final MethodHandle qsetResourceLimits;
    private final MethodHandle qsetDurability;
    private final MethodHandle qsetDurabilityService;
    private final MethodHandle publicationMatched;
    private final MethodHandle subscriptionMatched;
    private final MethodHandle createWaitset;
    private final MethodHandle createReadCondition;
    private final MethodHandle waitsetAttach;
    private final MethodHandle waitsetWait;
    private final MethodHandle strretcode;
    private final MethodHandle sharedMemoryAvailable;
    /** Cyclone's entity statistics (dds_statistics.h); null where libddsc lacks them. */
    private final MethodHandle createStatistics;
    private final MethodHandle refreshStatistics;
    private final MethodHandle lookupStatistic;
    private final MethodHandle deleteStatistics;
    /** The statistics' names as C strings, made once. */
    private final java.util.Map<String, UnsafeBuffer> statisticNames = new java.util.concurrent.ConcurrentHashMap<>();

    /** The first entries of an engine's run.json record: the library, its version, the binding. */
    java.util.Map<String, Object> describe() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("engine", "Cyclone DDS");
        m.put("version", version);
        m.put("library", library);
        m.put("binding", "Foreign Function & Memory API, Java " + Runtime.version().feature());
        return m;
    }

    private Cyclone(NativeLibrary lib) throws ReflectiveOperationException {
        library = lib.name;
        version = versionOf(lib.name).orElse("unknown");
        Class<?> i = int.class;
        Class<?> l = long.class;
        Class<?> v = void.class;
        createDomain = lib.function("dds_create_domain", i, i, l);
        createParticipant = lib.function("dds_create_participant", i, i, l, l);
        createTopic = lib.function("dds_create_topic", i, i, l, l, l, l);
        createWriter = lib.function("dds_create_writer", i, i, i, l, l);
        createReader = lib.function("dds_create_reader", i, i, i, l, l);
        write = lib.function("dds_write", i, i, l);
        writeFlush = lib.function("dds_write_flush", v, i);
        take = lib.function("dds_take", i, i, l, l, l, i);
        free = lib.function("dds_free", v, l);
        delete = lib.function("dds_delete", i, i);
        createQos = lib.function("dds_create_qos", l);
        deleteQos = lib.function("dds_delete_qos", v, l);
        qsetReliability = lib.function("dds_qset_reliability", v, l, i, l);
        qsetHistory = lib.function("dds_qset_history", v, l, i, i);
        qsetResourceLimits = lib.function("dds_qset_resource_limits", v, l, i, i, i);
        qsetDurability = lib.function("dds_qset_durability", v, l, i);
        qsetDurabilityService = lib.function("dds_qset_durability_service", v, l, l, i, i, i, i, i);
        publicationMatched = lib.function("dds_get_publication_matched_status", i, i, l);
        subscriptionMatched = lib.function("dds_get_subscription_matched_status", i, i, l);
        createWaitset = lib.function("dds_create_waitset", i, i);
        createReadCondition = lib.function("dds_create_readcondition", i, i, i);
        waitsetAttach = lib.function("dds_waitset_attach", i, i, i, l);
        waitsetWait = lib.function("dds_waitset_wait", i, i, l, l, l);
        strretcode = lib.function("dds_strretcode", l, i);
        sharedMemoryAvailable = lib.function("dds_is_shared_memory_available", boolean.class, i);
        createStatistics = optional(lib, "dds_create_statistics", l, i);
        refreshStatistics = optional(lib, "dds_refresh_statistics", i, l);
        lookupStatistic = optional(lib, "dds_lookup_statistic", l, l, l);
        deleteStatistics = optional(lib, "dds_delete_statistics", v, l);
    }

    private static MethodHandle optional(NativeLibrary lib, String function, Class<?> result, Class<?>... args)
            throws ReflectiveOperationException {
        try {
            return lib.function(function, result, args);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /**
     * The named statistics Cyclone keeps for {@code entity} ({@code dds_create_statistics},
     * {@code dds_refresh_statistics}, {@code dds_lookup_statistic}; a writer's {@code throttle_count},
     * {@code time_throttle} ns, {@code rexmit_bytes}, {@code time_rexmit} ns): each name Cyclone knows,
     * in the order asked; empty when this libddsc has no statistics or the entity none.
     */
    java.util.Map<String, Long> statistics(int entity, java.util.List<String> names) {
        java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
        if (createStatistics == null || refreshStatistics == null || lookupStatistic == null || deleteStatistics == null) {
            return m;
        }
        try {
            long stat = (long) createStatistics.invokeExact(entity);
            if (stat == 0) {
                return m;
            }
            try {
                if ((int) refreshStatistics.invokeExact(stat) < 0) {
                    return m;
                }
                UnsafeBuffer kv = new UnsafeBuffer(0, 0);
                for (String name : names) {
                    long name0 = statisticNames.computeIfAbsent(name, Cyclone::string).addressOffset();
                    long at = (long) lookupStatistic.invokeExact(stat, name0);
                    if (at == 0) {
                        continue;
                    }
                    // struct dds_stat_keyvalue: const char *name; enum dds_stat_kind kind; (4 bytes padding) union u
                    kv.wrap(at, STAT_KEYVALUE_BYTES);
                    int kind = kv.getInt(8);
                    m.put(name, kind == STAT_KIND_UINT32 ? kv.getInt(16) & 0xffff_ffffL : kv.getLong(16));
                }
            } finally {
                deleteStatistics.invokeExact(stat);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
        return m;
    }

    /** sizeof(struct dds_stat_keyvalue) on LP64: a pointer, an enum padded to 8, an 8-byte union. */
    static final int STAT_KEYVALUE_BYTES = 24;
    /** DDS_STAT_KIND_UINT32: the value is the union's first 4 bytes. */
    static final int STAT_KIND_UINT32 = 0;

    /** Why the engine cannot run here (Java, OS or the library), or empty. */
    static synchronized Optional<String> refusal() {
        Optional<String> jvm = NativeLibrary.refusal();
        if (jvm.isPresent()) {
            return jvm;
        }
        if (loaded == null && loadFailure == null) {
            try {
                loaded = open(SONAMES);
            } catch (WirebenchException e) {
                loadFailure = e.getMessage();
            }
        }
        return Optional.ofNullable(loaded == null ? loadFailure : null);
    }

    /** The first of {@code sonames} (comma-separated) that opens; else a bad-input error naming what to install. */
    static Cyclone open(String sonames) {
        String failure = null;
        for (String soname : sonames.split(",\\s*")) {
            try {
                return new Cyclone(new NativeLibrary(soname));
            } catch (IllegalArgumentException e) {
                failure = "the DDS engine needs Cyclone DDS's C library (" + sonames + "), not found: "
                        + "apt-get install libddsc0debian (bash .ci/setup installs it)";
            } catch (ReflectiveOperationException e) {
                failure = "the DDS engine cannot bind " + soname + " through the Foreign Function & Memory API (" + e
                        + "); run with --enable-native-access=ALL-UNNAMED (the wirebench launcher does)";
            }
        }
        throw WirebenchException.badInput(failure);
    }

    /** The library, or a bad-input error naming what to install (exit 3). */
    static synchronized Cyclone load() {
        refusal().ifPresent(why -> {
            throw WirebenchException.badInput(why);
        });
        return loaded;
    }

    /** The version from the loaded file's real name (libddsc.so.0.10.2), read from /proc/self/maps. */
    private static Optional<String> versionOf(String soname) {
        try {
            String stem = soname.substring(0, soname.indexOf(".so") + 3);
            for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
                int at = line.indexOf('/');
                if (at >= 0 && line.contains(stem)) {
                    String file = Path.of(line.substring(at)).toRealPath().getFileName().toString();
                    if (file.startsWith(stem + ".")) {
                        return Optional.of(file.substring(stem.length() + 1));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Zeroed native memory, 16-byte aligned, little/native order. */
    static UnsafeBuffer memory(int bytes) {
        ByteBuffer b = BufferUtil.allocateDirectAligned(Math.max(16, (bytes + 15) & ~15), 16).order(ByteOrder.nativeOrder());
        return new UnsafeBuffer(b);
    }

    /** A NUL-terminated UTF-8 copy of {@code s} in native memory. */
    static UnsafeBuffer string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        UnsafeBuffer m = memory(b.length + 1);
        m.putBytes(0, b);
        m.putByte(b.length, (byte) 0);
        return m;
    }

    /** The C string at {@code address}. */
    static String cString(long address) {
        if (address == 0) {
            return "";
        }
        UnsafeBuffer b = new UnsafeBuffer(address, 4096);
        int n = 0;
        while (n < 4096 && b.getByte(n) != 0) {
            n++;
        }
        return b.getStringWithoutLengthUtf8(0, n);
    }

    /** {@code rc} when it is not an error; else a run failure naming the call and Cyclone's text. */
    int check(int rc, String what) {
        if (rc < 0) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "Cyclone DDS: " + what + " failed: "
                    + errorText(rc));
        }
        return rc;
    }

    String errorText(int rc) {
        try {
            return cString((long) strretcode.invokeExact(rc)) + " (" + rc + ")";
        } catch (Throwable t) {
            return "return code " + rc;
        }
    }

    int createDomain(int domain, long config) {
        return invoke(() -> (int) createDomain.invokeExact(domain, config));
    }

    int createParticipant(int domain) {
        return invoke(() -> (int) createParticipant.invokeExact(domain, 0L, 0L));
    }

    int createTopic(int participant, long descriptor, long name) {
        return invoke(() -> (int) createTopic.invokeExact(participant, descriptor, name, 0L, 0L));
    }

    int createWriter(int participant, int topic, long qos) {
        return invoke(() -> (int) createWriter.invokeExact(participant, topic, qos, 0L));
    }

    int createReader(int participant, int topic, long qos) {
        return invoke(() -> (int) createReader.invokeExact(participant, topic, qos, 0L));
    }

    int write(int writer, long sample) {
        try {
            return (int) write.invokeExact(writer, sample);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Sends what write batching holds back for {@code writer}. */
    void writeFlush(int writer) {
        try {
            writeFlush.invokeExact(writer);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    int take(int reader, long buffers, long infos, long size, int max) {
        try {
            return (int) take.invokeExact(reader, buffers, infos, size, max);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code dds_free}: memory Cyclone allocated (an octet buffer it deserialised into a sample it was given). */
    void free(long address) {
        try {
            free.invokeExact(address);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    int delete(int entity) {
        return invoke(() -> (int) delete.invokeExact(entity));
    }

    /** A new QoS object: reliability (max blocking time ns), history (depth; KEEP_ALL when 0), resource limits. */
    long qos(boolean reliable, long maxBlockingNs, int historyDepth, int maxSamples) {
        try {
            long q = (long) createQos.invokeExact();
            qsetReliability.invokeExact(q, reliable ? RELIABILITY_RELIABLE : RELIABILITY_BEST_EFFORT, maxBlockingNs);
            qsetHistory.invokeExact(q, historyDepth == 0 ? HISTORY_KEEP_ALL : HISTORY_KEEP_LAST, Math.max(1, historyDepth));
            qsetResourceLimits.invokeExact(q, maxSamples, -1, -1);
            return q;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Sets durability {@code kind} (DDS_DURABILITY_VOLATILE 0, TRANSIENT_LOCAL 1) on {@code qos}; a
     * transient-local writer keeps the last {@code lateJoinerDepth} samples per instance for late
     * joiners (its durability service history: Cyclone's default would keep only the last one).
     */
    void durability(long qos, int kind, int lateJoinerDepth) {
        try {
            qsetDurability.invokeExact(qos, kind);
            qsetDurabilityService.invokeExact(qos, 0L, HISTORY_KEEP_LAST, lateJoinerDepth, -1, -1, -1);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** An empty QoS object (every policy at its default). */
    long newQos() {
        try {
            return (long) createQos.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void deleteQos(long qos) {
        try {
            deleteQos.invokeExact(qos);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** current_count of a writer's publication-matched (or a reader's subscription-matched) status. */
    int matchedNow(int entity, boolean writer, UnsafeBuffer status) {
        long at = status.addressOffset();
        int rc = invoke(() -> writer ? (int) publicationMatched.invokeExact(entity, at)
                : (int) subscriptionMatched.invokeExact(entity, at));
        check(rc, "get matched status");
        return status.getInt(8);
    }

    /**
     * Whether the reader or writer {@code entity} has an iceoryx subscriber or publisher: false when shared
     * memory is off, or when Cyclone 0.10 found its QoS or type unfit and sends its samples over the network.
     */
    boolean sharedMemory(int entity) {
        try {
            return (boolean) sharedMemoryAvailable.invokeExact(entity);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    int createWaitset(int participant) {
        return invoke(() -> (int) createWaitset.invokeExact(participant));
    }

    int createReadCondition(int reader, int mask) {
        return invoke(() -> (int) createReadCondition.invokeExact(reader, mask));
    }

    int waitsetAttach(int waitset, int entity, long arg) {
        return invoke(() -> (int) waitsetAttach.invokeExact(waitset, entity, arg));
    }

    int waitsetWait(int waitset, long timeoutNs) {
        try {
            return (int) waitsetWait.invokeExact(waitset, 0L, 0L, timeoutNs);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @FunctionalInterface
    interface Call {
        int call() throws Throwable;
    }

    static int invoke(Call c) {
        try {
            return c.call();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException) {
            return (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        return new IllegalStateException("native call failed: " + t, t);
    }
}
