package wirebench.runner.rpc;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One of the 13 timed cases of SpeedTester: an operation and a packet size, with the original's
 * label (printed in its result lines) and progress lines. The single-threaded client runs them in
 * {@link #SINGLE_THREAD_ORDER}, the multithreaded one in {@link #MULTI_THREAD_ORDER} (it runs
 * "new packets" before "same packet" at each size).
 *
 * @param id        the stable name used by {@code --cases} and in rpc.csv, e.g. {@code in-new-1000}
 * @param op        what each call does
 * @param sizeBytes the packet size, 0 for echo
 */
public record SpeedCase(String id, Op op, int sizeBytes) {

    /** The operations, with the work the original does around each call inside its timed loop. */
    public enum Op {
        /** {@code echo(random long)}; a wrong answer fails the case. */
        ECHO,
        /** {@code inCall(packet)} with one packet made before the loop. */
        IN_SAME,
        /** {@code inCall(packet)} with a new random-filled packet made inside the loop for each call. */
        IN_NEW,
        /** {@code outCall(size)}: the server makes and fills the packet. */
        OUT,
        /** {@code inOutCall(packet)} with a new random-filled packet per call; the server returns a copy. */
        IN_OUT
    }

    public static final int SMALL_BYTES = 1000;
    public static final int MEDIUM_BYTES = 10000;
    public static final int LARGE_BYTES = 50000;

    public static final SpeedCase ECHO = new SpeedCase("echo", Op.ECHO, 0);

    /** The original single-threaded client's order (BaseClient). */
    public static final List<SpeedCase> SINGLE_THREAD_ORDER = order(false);
    /** The original multithreaded client's order (MultiThreadedRemoteClient). */
    public static final List<SpeedCase> MULTI_THREAD_ORDER = order(true);

    private static List<SpeedCase> order(boolean newBeforeSame) {
        List<SpeedCase> out = new ArrayList<>();
        out.add(ECHO);
        for (int size : new int[] {SMALL_BYTES, MEDIUM_BYTES, LARGE_BYTES}) {
            SpeedCase same = new SpeedCase("in-same-" + size, Op.IN_SAME, size);
            SpeedCase fresh = new SpeedCase("in-new-" + size, Op.IN_NEW, size);
            out.add(newBeforeSame ? fresh : same);
            out.add(newBeforeSame ? same : fresh);
        }
        for (int size : new int[] {SMALL_BYTES, MEDIUM_BYTES, LARGE_BYTES}) {
            out.add(new SpeedCase("out-" + size, Op.OUT, size));
        }
        for (int size : new int[] {SMALL_BYTES, MEDIUM_BYTES, LARGE_BYTES}) {
            out.add(new SpeedCase("in-out-" + size, Op.IN_OUT, size));
        }
        return List.copyOf(out);
    }

    /** Every case id, in the single-threaded order. */
    public static List<String> ids() {
        return SINGLE_THREAD_ORDER.stream().map(SpeedCase::id).toList();
    }

    /**
     * The cases of {@code order} whose ids are in {@code wanted} (all when empty), in the order's
     * order.
     *
     * @throws IllegalArgumentException naming the first unknown id
     */
    public static List<SpeedCase> select(List<SpeedCase> order, List<String> wanted) {
        if (wanted == null || wanted.isEmpty()) {
            return order;
        }
        Map<String, SpeedCase> byId = new LinkedHashMap<>();
        order.forEach(c -> byId.put(c.id, c));
        for (String w : wanted) {
            if (!byId.containsKey(w.trim())) {
                throw new IllegalArgumentException("unknown case '" + w.trim() + "' (cases: "
                        + String.join(", ", byId.keySet()) + ")");
            }
        }
        List<SpeedCase> out = new ArrayList<>();
        for (SpeedCase c : order) {
            if (wanted.stream().anyMatch(w -> w.trim().equals(c.id))) {
                out.add(c);
            }
        }
        return out;
    }

    /** The original's description, used in its result lines: {@code inbound new packets with size 1000}. */
    public String label() {
        switch (op) {
            case ECHO: return "echo calls";
            case IN_SAME: return "inbound same packet with size " + sizeBytes;
            case IN_NEW: return "inbound new packets with size " + sizeBytes;
            case OUT: return "outbound packets with size " + sizeBytes;
            default: return "in-and-out bound packets with size " + sizeBytes;
        }
    }

    /** The single-threaded client's line before the case (the original's spelling, missing blank included). */
    public String singleThreadProgressLine() {
        switch (op) {
            case ECHO: return "Testing echo calls";
            case IN_SAME: return "Testing inbound packets (one packet), size " + sizeBytes;
            case IN_NEW: return "Testing inbound packets(new packets), size " + sizeBytes;
            case OUT: return "Testing outbound packets, size " + sizeBytes;
            default: return "Testing in and out bound packets, size " + sizeBytes;
        }
    }

    /** The multithreaded client's line before the case. */
    public String multiThreadProgressLine(int threads) {
        return "-- testing " + label() + " with " + threads + " threads";
    }

    /**
     * The packet the "same packet" case sends in every call, made before the timed loop: random
     * bytes in the single-threaded client, zeros shared by all threads in the multithreaded one
     * (as the originals do). Null for the other operations.
     */
    byte[] samePacket(boolean multiThreaded, Random rnd) {
        if (op != Op.IN_SAME) {
            return null;
        }
        byte[] data = new byte[sizeBytes];
        if (!multiThreaded) {
            rnd.nextBytes(data);
        }
        return data;
    }

    /**
     * Makes one call of this case, including the work the original does for it inside its timed
     * loop (a new random packet for IN_NEW and IN_OUT).
     *
     * @param timer receives the call's own duration (the remote call only, packet making excluded)
     */
    void call(SpeedTestService service, byte[] samePacket, Random rnd, CallTimer timer) throws RemoteException {
        switch (op) {
            case ECHO: {
                long value = rnd.nextLong();
                long t0 = System.nanoTime();
                long back = service.echo(value);
                timer.record(System.nanoTime() - t0);
                if (back != value) {
                    throw new IllegalStateException("echo returned " + back + ", expected " + value);
                }
                return;
            }
            case IN_SAME: {
                long t0 = System.nanoTime();
                service.inCall(samePacket);
                timer.record(System.nanoTime() - t0);
                return;
            }
            case IN_NEW: {
                byte[] data = new byte[sizeBytes];
                rnd.nextBytes(data);
                long t0 = System.nanoTime();
                service.inCall(data);
                timer.record(System.nanoTime() - t0);
                return;
            }
            case OUT: {
                long t0 = System.nanoTime();
                byte[] data = service.outCall(sizeBytes);
                timer.record(System.nanoTime() - t0);
                if (data.length != sizeBytes) {
                    throw new IllegalStateException("outCall returned " + data.length + " bytes, expected " + sizeBytes);
                }
                return;
            }
            default: {
                byte[] data = new byte[sizeBytes];
                rnd.nextBytes(data);
                long t0 = System.nanoTime();
                byte[] back = service.inOutCall(data);
                timer.record(System.nanoTime() - t0);
                if (back.length != sizeBytes) {
                    throw new IllegalStateException("inOutCall returned " + back.length + " bytes, expected "
                            + sizeBytes);
                }
            }
        }
    }

    /** Receives the duration of each call. */
    @FunctionalInterface
    interface CallTimer {
        void record(long callNs);
    }
}
