package wirebench.runner.udp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;
import java.util.Optional;

/**
 * The few libc calls RECVMMSG needs (recvmmsg, poll), bound through the Foreign Function &amp;
 * Memory API (final in Java 22) by reflection, since wirebench compiles at Java 17 where
 * {@code java.lang.foreign} does not exist. Reflection is used once, here, when the receiver is
 * opened; each call afterwards is one {@link MethodHandle#invokeExact} of a downcall handle.
 * Native memory comes from one shared arena, freed by {@link #close()}.
 */
final class NativeLinux implements AutoCloseable {
    /** The first Java release with the final Foreign Function &amp; Memory API. */
    static final int FFM_FEATURE = 22;
    /** errno values: no datagram now, interrupted by a signal. */
    static final int EAGAIN = 11;
    static final int EINTR = 4;

    private static final String FOREIGN = "java.lang.foreign.";
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    private final Class<?> arenaClass;
    private final Object arena;
    private final MethodHandle allocate;
    private final Object linker;
    private final Object lookup;
    private final Object errnoState;
    private final ByteBuffer errnoView;
    private final int errnoOffsetBytes;
    private final Class<?> segmentClass;
    private final Object nullSegment;

    NativeLinux() throws ReflectiveOperationException {
        segmentClass = Class.forName(FOREIGN + "MemorySegment");
        nullSegment = segmentClass.getField("NULL").get(null);
        arenaClass = Class.forName(FOREIGN + "Arena");
        arena = arenaClass.getMethod("ofShared").invoke(null);
        allocate = LOOKUP.findVirtual(arenaClass, "allocate", MethodType.methodType(segmentClass, long.class, long.class))
                .bindTo(arena);
        Class<?> linkerClass = Class.forName(FOREIGN + "Linker");
        linker = linkerClass.getMethod("nativeLinker").invoke(null);
        lookup = linkerClass.getMethod("defaultLookup").invoke(linker);
        Class<?> optionClass = Class.forName(FOREIGN + "Linker$Option");
        Object stateLayout = optionClass.getMethod("captureStateLayout").invoke(null);
        Class<?> layoutClass = Class.forName(FOREIGN + "MemoryLayout");
        long stateBytes = (long) layoutClass.getMethod("byteSize").invoke(stateLayout);
        Class<?> pathClass = Class.forName(FOREIGN + "MemoryLayout$PathElement");
        Object errnoPath = pathClass.getMethod("groupElement", String.class).invoke(null, "errno");
        Object paths = Array.newInstance(pathClass, 1);
        Array.set(paths, 0, errnoPath);
        errnoOffsetBytes = (int) (long) layoutClass.getMethod("byteOffset", paths.getClass()).invoke(stateLayout, paths);
        errnoState = allocate(stateBytes);
        errnoView = view(errnoState, ByteOrder.nativeOrder());
    }

    /** Why RECVMMSG cannot run on this JVM and OS, or empty when it can. */
    static Optional<String> refusal(int javaFeature, String osName, String osArch) {
        if (javaFeature < FFM_FEATURE) {
            return Optional.of("recvmmsg needs Java " + FFM_FEATURE + "+ (this is Java " + javaFeature
                    + "); run with JAVA_HOME=<a JDK " + FFM_FEATURE + "+>, e.g. JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 "
                    + "wirebench run udp server --method recvmmsg");
        }
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")
                || !(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return Optional.of("recvmmsg needs Linux on x86-64 or aarch64 (this is " + osName + " on " + osArch + ")");
        }
        return Optional.empty();
    }

    /** {@link #refusal(int, String, String)} for the running JVM. */
    static Optional<String> refusal() {
        return refusal(Runtime.version().feature(), System.getProperty("os.name", "?"), System.getProperty("os.arch", "?"));
    }

    /** {@code bytes} of zeroed native memory, 16-byte aligned: a {@code MemorySegment}. */
    Object allocate(long bytes) {
        try {
            return allocate.invoke(bytes, 16L);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The native address of a segment. */
    long address(Object segment) throws ReflectiveOperationException {
        return (long) segmentClass.getMethod("address").invoke(segment);
    }

    /** A ByteBuffer over a segment's memory (no copy), in {@code order}. */
    ByteBuffer view(Object segment, ByteOrder order) throws ReflectiveOperationException {
        return ((ByteBuffer) segmentClass.getMethod("asByteBuffer").invoke(segment)).order(order);
    }

    /**
     * A downcall handle for libc's {@code name} returning int, whose arguments are {@code int} or
     * pointers ({@code Object} standing for a {@code MemorySegment}), which captures errno: call it
     * with {@link #errnoState()} first, then read {@link #errno()}.
     */
    MethodHandle intFunction(String name, Class<?>... args) throws ReflectiveOperationException {
        Class<?> layoutClass = Class.forName(FOREIGN + "MemoryLayout");
        Class<?> valueLayout = Class.forName(FOREIGN + "ValueLayout");
        Object intLayout = valueLayout.getField("JAVA_INT").get(null);
        Object addressLayout = valueLayout.getField("ADDRESS").get(null);
        Object argLayouts = Array.newInstance(layoutClass, args.length);
        Class<?>[] exact = new Class<?>[args.length + 1];
        Class<?>[] erased = new Class<?>[args.length + 1];
        exact[0] = segmentClass;
        erased[0] = Object.class;
        for (int i = 0; i < args.length; i++) {
            boolean isInt = args[i] == int.class;
            Array.set(argLayouts, i, isInt ? intLayout : addressLayout);
            exact[i + 1] = isInt ? int.class : segmentClass;
            erased[i + 1] = isInt ? int.class : Object.class;
        }
        Class<?> descriptorClass = Class.forName(FOREIGN + "FunctionDescriptor");
        Object descriptor = descriptorClass.getMethod("of", layoutClass, argLayouts.getClass())
                .invoke(null, intLayout, argLayouts);
        Object symbol = ((Optional<?>) Class.forName(FOREIGN + "SymbolLookup").getMethod("find", String.class)
                .invoke(lookup, name)).orElseThrow(() -> new NoSuchMethodException("libc has no " + name));
        Class<?> optionClass = Class.forName(FOREIGN + "Linker$Option");
        Object options = Array.newInstance(optionClass, 1);
        Array.set(options, 0, optionClass.getMethod("captureCallState", String[].class)
                .invoke(null, (Object) new String[] {"errno"}));
        MethodHandle h = (MethodHandle) Class.forName(FOREIGN + "Linker")
                .getMethod("downcallHandle", segmentClass, descriptorClass, options.getClass())
                .invoke(linker, symbol, descriptor, options);
        return h.asType(MethodType.methodType(int.class, erased));
    }

    /** The segment errno is captured into: the first argument of every {@link #intFunction} handle. */
    Object errnoState() {
        return errnoState;
    }

    /** errno of the last call made through an {@link #intFunction} handle on this object. */
    int errno() {
        return errnoView.getInt(errnoOffsetBytes);
    }

    /** {@code MemorySegment.NULL}: a null pointer argument. */
    Object nullPointer() {
        return nullSegment;
    }

    /** Frees all native memory allocated here. */
    @Override
    public void close() {
        try {
            arenaClass.getMethod("close").invoke(arena);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot close the native arena: " + e, e);
        }
    }
}
