package wirebench.runner.transport.dds;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * One shared library's functions as method handles, bound through the Foreign Function &amp; Memory
 * API (final in Java 22) by reflection, since wirebench compiles at Java 17 where
 * {@code java.lang.foreign} does not exist. Every argument and result is {@code int}, {@code long}
 * (C's bool: {@code boolean}) or void: native pointers travel as 64-bit integers (the address of a direct buffer), so each
 * handle has primitive types only and is called with {@link MethodHandle#invokeExact} without any
 * {@code MemorySegment} in sight. That holds on LP64 Linux (x86-64, aarch64), where a pointer is
 * passed exactly as a 64-bit integer.
 */
final class NativeLibrary {
    /** The first Java release with the final Foreign Function &amp; Memory API. */
    static final int FFM_FEATURE = 22;
    private static final String FOREIGN = "java.lang.foreign.";

    private final Object linker;
    private final Object lookup;
    private final Class<?> layoutClass;
    private final Class<?> descriptorClass;
    private final Class<?> segmentClass;
    private final Object intLayout;
    private final Object longLayout;
    private final Object booleanLayout;
    final String name;

    /**
     * Opens {@code soname} with the dynamic linker (dlopen's search path).
     *
     * @throws IllegalArgumentException when the library cannot be opened
     * @throws ReflectiveOperationException when this JVM has no FFM API
     */
    NativeLibrary(String soname) throws ReflectiveOperationException {
        this.name = soname;
        Class<?> linkerClass = Class.forName(FOREIGN + "Linker");
        linker = linkerClass.getMethod("nativeLinker").invoke(null);
        Class<?> arenaClass = Class.forName(FOREIGN + "Arena");
        Object global = arenaClass.getMethod("global").invoke(null);
        Class<?> lookupClass = Class.forName(FOREIGN + "SymbolLookup");
        try {
            lookup = lookupClass.getMethod("libraryLookup", String.class, arenaClass).invoke(null, soname, global);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException) {
                throw (IllegalArgumentException) e.getCause();
            }
            throw e;
        }
        layoutClass = Class.forName(FOREIGN + "MemoryLayout");
        descriptorClass = Class.forName(FOREIGN + "FunctionDescriptor");
        segmentClass = Class.forName(FOREIGN + "MemorySegment");
        Class<?> valueLayout = Class.forName(FOREIGN + "ValueLayout");
        intLayout = valueLayout.getField("JAVA_INT").get(null);
        longLayout = valueLayout.getField("JAVA_LONG").get(null);
        booleanLayout = valueLayout.getField("JAVA_BOOLEAN").get(null);
    }

    /** Why FFM cannot run on this JVM and OS, or empty when it can. */
    static Optional<String> refusal(int javaFeature, String osName, String osArch) {
        if (javaFeature < FFM_FEATURE) {
            return Optional.of("the DDS engine (Cyclone DDS through the Foreign Function & Memory API) needs Java "
                    + FFM_FEATURE + "+ (this is Java " + javaFeature + "); install a JDK " + FFM_FEATURE
                    + "+ under /usr/lib/jvm (bash .ci/setup installs Temurin 25; the wirebench launcher then uses it)"
                    + " or run with JAVA_HOME=<a JDK " + FFM_FEATURE + "+>");
        }
        String arch = osArch.toLowerCase(java.util.Locale.ROOT);
        if (!osName.toLowerCase(java.util.Locale.ROOT).startsWith("linux")
                || !(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return Optional.of("the DDS engine needs Linux on x86-64 or aarch64 (this is " + osName + " on " + osArch + ")");
        }
        return Optional.empty();
    }

    /** {@link #refusal(int, String, String)} for the running JVM. */
    static Optional<String> refusal() {
        return refusal(Runtime.version().feature(), System.getProperty("os.name", "?"), System.getProperty("os.arch", "?"));
    }

    /**
     * A downcall handle for {@code function}: {@code result} and {@code args} each {@code int.class}
     * or {@code long.class} (a pointer) or {@code boolean.class} (C's bool), {@code result} also {@code void.class}.
     */
    MethodHandle function(String function, Class<?> result, Class<?>... args) throws ReflectiveOperationException {
        Object argLayouts = Array.newInstance(layoutClass, args.length);
        for (int i = 0; i < args.length; i++) {
            Array.set(argLayouts, i, layout(args[i]));
        }
        Object descriptor = result == void.class
                ? descriptorClass.getMethod("ofVoid", argLayouts.getClass()).invoke(null, argLayouts)
                : descriptorClass.getMethod("of", layoutClass, argLayouts.getClass()).invoke(null, layout(result), argLayouts);
        Object symbol = ((Optional<?>) Class.forName(FOREIGN + "SymbolLookup").getMethod("find", String.class)
                .invoke(lookup, function)).orElseThrow(() -> new NoSuchMethodException(name + " has no " + function));
        Class<?> optionClass = Class.forName(FOREIGN + "Linker$Option");
        Object noOptions = Array.newInstance(optionClass, 0);
        return (MethodHandle) Class.forName(FOREIGN + "Linker")
                .getMethod("downcallHandle", segmentClass, descriptorClass, noOptions.getClass())
                .invoke(linker, symbol, descriptor, noOptions);
    }

    /**
     * The native address of a function pointer that calls {@code target}, a static method whose
     * parameters are each {@code int} or {@code long} (a pointer) and whose result is void: for
     * callbacks such as Cyclone's listeners. The stub lives as long as the JVM (the global arena);
     * {@code target} must not throw (an exception in an upcall ends the JVM).
     */
    long upcall(MethodHandle target) throws ReflectiveOperationException {
        Class<?>[] args = target.type().parameterArray();
        Object argLayouts = Array.newInstance(layoutClass, args.length);
        for (int i = 0; i < args.length; i++) {
            Array.set(argLayouts, i, layout(args[i]));
        }
        Object descriptor = descriptorClass.getMethod("ofVoid", argLayouts.getClass()).invoke(null, argLayouts);
        Class<?> arenaClass = Class.forName(FOREIGN + "Arena");
        Object global = arenaClass.getMethod("global").invoke(null);
        Class<?> optionClass = Class.forName(FOREIGN + "Linker$Option");
        Object noOptions = Array.newInstance(optionClass, 0);
        Object stub = Class.forName(FOREIGN + "Linker")
                .getMethod("upcallStub", MethodHandle.class, descriptorClass, arenaClass, noOptions.getClass())
                .invoke(linker, target, descriptor, global, noOptions);
        return (long) segmentClass.getMethod("address").invoke(stub);
    }

    private Object layout(Class<?> type) {
        if (type == int.class) {
            return intLayout;
        }
        if (type == long.class) {
            return longLayout;
        }
        if (type == boolean.class) {
            return booleanLayout;
        }
        throw new IllegalArgumentException("only int, long (pointers) and boolean (C's bool) cross to native code here, got "
                + type);
    }
}
