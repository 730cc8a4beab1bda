package wirebench.runner.transport.dds;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.agrona.concurrent.UnsafeBuffer;

import wirebench.contract.WirebenchException;

/**
 * A reader's "data arrived" flag, raised by Cyclone itself: a data-available listener (an FFM
 * upcall into {@link #onDataAvailable}, run in the thread that delivered the data, Cyclone's
 * receive thread for remote writers) sets a 32-bit word in native memory to 1. A polling
 * {@link DdsReceiver} reads that word and calls {@code dds_take} only when it is set: an empty
 * {@code dds_take} costs a handle pin and the reader history's mutex, which a throughput publisher
 * polling for echoes after every write would otherwise pay hundreds of thousands of times a second
 * (1.19 takes per write measured). The upcall runs for every sample delivered, in the receive
 * thread, so it suits readers of rare samples (ECHO), not the DATA stream.
 */
final class DataSignal {
    private static Bound bound;

    private final UnsafeBuffer word = Cyclone.memory(16);

    /** Installs the listener on {@code reader} (replacing any other); raised at first, for data already there. */
    DataSignal(Cyclone dds, int reader) {
        raise();
        install(dds, reader, bind(dds).callback, word.addressOffset());
    }

    /**
     * Installs a data-available listener on {@code reader} (replacing any other) that calls the upcall
     * stub {@code callback} with the reader and {@code arg}.
     */
    static void install(Cyclone dds, int reader, long callback, long arg) {
        Bound b = bind(dds);
        try {
            long listener = (long) b.createListener.invokeExact(arg);
            b.lsetDataAvailable.invokeExact(listener, callback);
            int rc = (int) b.setListener.invokeExact(reader, listener);
            b.deleteListener.invokeExact(listener);
            dds.check(rc, "dds_set_listener");
        } catch (Throwable t) {
            throw Cyclone.rethrow(t);
        }
    }

    /** Removes {@code reader}'s listener. */
    static void remove(Cyclone dds, int reader) {
        try {
            dds.check((int) bind(dds).setListener.invokeExact(reader, 0L), "dds_set_listener");
        } catch (Throwable t) {
            throw Cyclone.rethrow(t);
        }
    }

    /** An upcall stub for a listener: {@code target} is a static {@code void (int reader, long arg)} that must not throw. */
    static long upcall(Cyclone dds, MethodHandle target) {
        try {
            return new NativeLibrary(dds.library).upcall(target);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "Cyclone DDS: cannot bind a listener upcall of "
                    + dds.library + " (" + e + ")");
        }
    }

    /**
     * Whether data may have arrived since the last call; clears the flag. The flag is cleared before
     * the caller takes, so data that arrives during the take raises it again.
     */
    boolean takeRaised() {
        if (word.getIntVolatile(0) == 0) {
            return false;
        }
        word.putIntVolatile(0, 0);
        return true;
    }

    /** Raises the flag: the caller left data waiting (a take that filled its whole buffer). */
    void raise() {
        word.putIntVolatile(0, 1);
    }

    /** The listener: sets the flag at {@code flagAddress} (a {@link DataSignal}'s word); must not throw. */
    private static void onDataAvailable(int reader, long flagAddress) {
        UnsafeBuffer b = VIEW.get();
        b.wrap(flagAddress, 4);
        b.putIntVolatile(0, 1);
    }

    /** A view per delivering thread for {@link #onDataAvailable}. */
    private static final ThreadLocal<UnsafeBuffer> VIEW = ThreadLocal.withInitial(() -> new UnsafeBuffer(0, 0));

    private static synchronized Bound bind(Cyclone dds) {
        if (bound == null) {
            try {
                bound = new Bound(new NativeLibrary(dds.library));
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                throw new WirebenchException(WirebenchException.RUN_FAILED, "Cyclone DDS: cannot bind the listener calls of "
                        + dds.library + " (" + e + ")");
            }
        }
        return bound;
    }

    /** The listener calls of the C API and the upcall stub, bound once. */
    private static final class Bound {
        final MethodHandle createListener;
        final MethodHandle lsetDataAvailable;
        final MethodHandle setListener;
        final MethodHandle deleteListener;
        final long callback;

        Bound(NativeLibrary lib) throws ReflectiveOperationException {
            Class<?> i = int.class;
            Class<?> l = long.class;
            Class<?> v = void.class;
            createListener = lib.function("dds_create_listener", l, l);
            lsetDataAvailable = lib.function("dds_lset_data_available", v, l, l);
            setListener = lib.function("dds_set_listener", i, i, l);
            deleteListener = lib.function("dds_delete_listener", v, l);
            callback = lib.upcall(MethodHandles.lookup().findStatic(DataSignal.class, "onDataAvailable",
                    MethodType.methodType(void.class, int.class, long.class)));
        }
    }
}
