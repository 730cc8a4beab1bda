package wirebench.runner.transport.dds;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;

import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.TransportSettings;

/**
 * The proofs' DDS side, run by {@link DdsProofTest} in a child JVM on Java 22+ (the tests run on
 * 17): each scenario prints one result line the test checks.
 * <ul>
 * <li>{@code instances KEYED DOMAIN}: 5 keys x 3 writes, history depth 1; prints what one take holds.</li>
 * <li>{@code rtps PORT DOMAIN}: a participant with 127.0.0.1:PORT among its discovery peers, alive until killed.</li>
 * <li>{@code echo DOMAIN}: sends back on ECHO each message of DATA, one message, then exits.</li>
 * <li>{@code ping DOMAIN BYTES SEED}: sends BYTES random bytes on DATA, compares the echo byte by byte.</li>
 * <li>{@code library SONAME}: the refusal for a library that does not open.</li>
 * <li>{@code durability KIND DOMAIN}: writes 0, 1, 2 (a first reader matched), then opens a second reader
 *     and writes 99; prints what the late joiner got, up to the 99.</li>
 * <li>{@code loan DOMAIN}: 100 local writes on a keyed ECHO, then polls of at most 7 messages until all arrived, 1000 polls
 *     of the empty reader, one more write and a poll; prints the messages per poll, their order and the
 *     {@code dds_take} calls made.</li>
 * <li>{@code kept DOMAIN}: six rounds of 4 local writes on DATA (100, 100, 100, 5000, 100, 100 bytes), each
 *     taken by one poll of 4; prints whether every message arrived intact, whether the first round's
 *     buffers still hold its messages after its poll returned (a returned loan would have freed them),
 *     the distinct buffers of rounds 1-3 and 4-6, the takes and the engine's {@code take} entry.</li>
 * <li>{@code handoff-idle DOMAIN}: a DATA reader delivering in the receive thread, no writer: 30 awaits of
 *     20 ms; prints what they delivered and the {@code dds_take} calls the role thread made.</li>
 * </ul>
 */
public final class DdsProofs {
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(60);

    private DdsProofs() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "instances":
                instances(Boolean.parseBoolean(args[1]), Integer.parseInt(args[2]));
                break;
            case "rtps":
                rtps(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
                break;
            case "echo":
                echo(Integer.parseInt(args[1]));
                break;
            case "ping":
                ping(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Long.parseLong(args[3]));
                break;
            case "durability":
                durability(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
                break;
            case "loan":
                loan(Integer.parseInt(args[1]));
                break;
            case "kept":
                kept(Integer.parseInt(args[1]));
                break;
            case "handoff-idle":
                handOffIdle(Integer.parseInt(args[1]));
                break;
            case "handoff-sub":
                handOffSub(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
                break;
            case "burst":
                burst(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
                break;
            case "library":
                try {
                    Cyclone.open(args[1]);
                    System.out.println("opened");
                } catch (wirebench.contract.WirebenchException e) {
                    System.out.println("refused " + e.exitCode() + ": " + e.getMessage());
                }
                break;
            default:
                throw new IllegalArgumentException(args[0]);
        }
        System.out.flush();
        System.exit(0);
    }

    static TransportSettings loopback(int maxBytes) {
        return new TransportSettings(TransportSettings.Kind.AERON_UDP, true, false, null, null, "127.0.0.1",
                List.of("127.0.0.1"), List.of("127.0.0.1"), 0, 0, 0, 0, maxBytes, true,
                new Threading("INVOKER", "spinyield", "proof"), null, 0, null);
    }

    /** Offers until accepted (a writer refuses until a reader matched). */
    static void send(Sender s, UnsafeBuffer b, int len) {
        long deadline = System.nanoTime() + WAIT_NS;
        while (!s.offer(b, 0, len)) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("no reader matched in 60 s");
            }
            Thread.onSpinWait();
        }
    }

    /** The first message {@code r} delivers within 60 s (a copy), or null. */
    static byte[] receiveOne(Receiver r) {
        byte[][] got = new byte[1][];
        long deadline = System.nanoTime() + WAIT_NS;
        while (got[0] == null && System.nanoTime() < deadline) {
            r.await((b, off, len) -> {
                got[0] = new byte[len];
                b.getBytes(off, got[0]);
            }, 1, TimeUnit.MILLISECONDS.toNanos(100));
        }
        return got[0];
    }

    private static void instances(boolean keyed, int domain) {
        DdsSettings d = DdsSettings.defaults(domain, keyed, true).withHistoryDepth(1)
                .withKeyOf((b, off, len) -> b.getInt(off));
        try (DdsTransport t = new DdsTransport(loopback(64), d)) {
            Receiver r = t.openReceiver(Topic.DATA);
            Sender s = t.openSender(Topic.DATA);
            UnsafeBuffer m = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
            for (int write = 0; write < 3; write++) {
                for (int key = 0; key < 5; key++) {
                    m.putInt(0, key);
                    m.putInt(4, write);
                    send(s, m, 8);
                }
            }
            List<String> got = new ArrayList<>();
            // a local reader gets each write in the writer's call: one take holds what the history kept
            r.poll((b, off, len) -> got.add(b.getInt(off) + "/" + b.getInt(off + 4)), 1000);
            System.out.println("samples " + got.size() + " " + String.join(",", got));
        }
    }

    private static void loan(int domain) {
        // keyed: a take holds everything waiting (to sort it into writer order), whatever the poll's limit
        try (DdsTransport t = new DdsTransport(loopback(64), DdsSettings.defaults(domain, true, true))) {
            DdsReceiver r = (DdsReceiver) t.openReceiver(Topic.ECHO); // ECHO: its receivers have the data signal
            Sender s = t.openSender(Topic.ECHO);
            UnsafeBuffer m = new UnsafeBuffer(ByteBuffer.allocateDirect(4));
            for (int i = 0; i < 100; i++) {
                m.putInt(0, i);
                send(s, m, 4); // a local reader has each write in its history when the write returns
            }
            List<Integer> got = new ArrayList<>();
            int polls = 0;
            int most = 0;
            while (got.size() < 100 && polls < 1000) {
                int n = r.poll((b, off, len) -> got.add(b.getInt(off)), 7);
                most = Math.max(most, n);
                polls++;
            }
            boolean inOrder = true;
            for (int i = 0; i < got.size(); i++) {
                inOrder &= got.get(i) == i;
            }
            int all = got.size();
            long takesForAll = r.takes();
            int idleDelivered = 0;
            for (int i = 0; i < 1000; i++) {
                idleDelivered += r.poll((b, off, len) -> { }, 7);
            }
            long idleTakes = r.takes() - takesForAll;
            m.putInt(0, 100);
            send(s, m, 4);
            int after = r.poll((b, off, len) -> got.add(b.getInt(off)), 7);
            System.out.println("loan got " + all + " in " + polls + " polls, at most " + most + " per poll, in order "
                    + inOrder + ", takes " + takesForAll + "; idle polls delivered " + idleDelivered + " with takes "
                    + idleTakes + "; after one more write delivered " + after + " (" + got.get(got.size() - 1)
                    + ") takes " + (r.takes() - takesForAll - idleTakes));
        }
    }

    private static void kept(int domain) {
        int[] sizes = {100, 100, 100, 5000, 100, 100};
        try (DdsTransport t = new DdsTransport(loopback(8192), DdsSettings.defaults(domain, false, true))) {
            DdsReceiver r = (DdsReceiver) t.openReceiver(Topic.DATA);
            Sender s = t.openSender(Topic.DATA);
            UnsafeBuffer m = new UnsafeBuffer(ByteBuffer.allocateDirect(8192));
            java.util.Set<Long> early = new java.util.HashSet<>();
            java.util.Set<Long> late = new java.util.HashSet<>();
            List<long[]> firstRound = new ArrayList<>(); // address, length, round
            boolean[] intact = {true};
            int[] got = {0};
            boolean firstHeld = false;
            for (int round = 0; round < sizes.length; round++) {
                int len = sizes[round];
                for (int i = 0; i < 4; i++) {
                    for (int j = 0; j < len; j++) {
                        m.putByte(j, (byte) (round * 31 + i * 7 + j));
                    }
                    send(s, m, len); // a local reader has each write in its history when the write returns
                }
                int r0 = round;
                int[] index = {0};
                r.poll((b, off, l) -> {
                    int i = index[0]++;
                    got[0]++;
                    intact[0] &= l == len && matches(b, off, l, r0, i);
                    (r0 < 3 ? early : late).add(b.addressOffset() + off);
                    if (r0 == 0) {
                        firstRound.add(new long[] {b.addressOffset() + off, l});
                    }
                }, 4);
                if (round == 0) {
                    firstHeld = true;
                    for (int i = 0; i < firstRound.size(); i++) {
                        UnsafeBuffer view = new UnsafeBuffer(firstRound.get(i)[0], (int) firstRound.get(i)[1]);
                        firstHeld &= matches(view, 0, view.capacity(), 0, i);
                    }
                }
            }
            System.out.println("kept got " + got[0] + " intact " + intact[0] + "; first round still held after its poll "
                    + firstHeld + "; distinct buffers " + early.size() + " then " + late.size() + "; takes " + r.takes()
                    + "; take " + String.valueOf(t.describe().get("take")).startsWith("kept sample memory"));
        }
    }

    private static boolean matches(org.agrona.DirectBuffer b, int off, int len, int round, int i) {
        for (int j = 0; j < len; j++) {
            if (b.getByte(off + j) != (byte) (round * 31 + i * 7 + j)) {
                return false;
            }
        }
        return true;
    }

    /** A DATA reader with delivery in the receive thread and no writer: what 30 awaits cost in takes. */
    private static void handOffIdle(int domain) {
        DdsSettings d = DdsSettings.defaults(domain, false, true).withHandOff(true);
        try (DdsTransport t = new DdsTransport(loopback(64), d)) {
            DdsReceiver r = (DdsReceiver) t.openReceiver(Topic.DATA);
            int delivered = 0;
            for (int i = 0; i < 30; i++) {
                delivered += r.await((b, off, len) -> { }, 64, TimeUnit.MILLISECONDS.toNanos(20));
            }
            System.out.println("handoff idle: hands off " + r.handsOff() + ", 30 awaits delivered " + delivered
                    + ", takes " + r.takes());
        }
    }

    /**
     * A reliable DATA reader with delivery in the receive thread ({@code -ddsDelivery listener}): awaits
     * {@code n} messages (ints 0..n-1) as a subscriber role does, then reports who ran the handler, the
     * order, and whether a DATA writer opened in the same transport stops the hand-off.
     */
    private static void handOffSub(int domain, int n) {
        DdsSettings d = DdsSettings.defaults(domain, false, true).withHandOff(true);
        try (DdsTransport t = new DdsTransport(loopback(64), d)) {
            DdsReceiver r = (DdsReceiver) t.openReceiver(Topic.DATA);
            Thread role = Thread.currentThread();
            int[] next = {0};
            int[] byRole = {0};
            int[] byOther = {0};
            boolean[] inOrder = {true};
            System.out.println("ready");
            System.out.flush();
            long deadline = System.nanoTime() + WAIT_NS;
            while (next[0] < n && System.nanoTime() < deadline) {
                r.await((b, off, len) -> {
                    inOrder[0] &= b.getInt(off) == next[0]++;
                    if (Thread.currentThread() == role) {
                        byRole[0]++;
                    } else {
                        byOther[0]++;
                    }
                }, 64, TimeUnit.MILLISECONDS.toNanos(100));
            }
            boolean before = r.handsOff();
            t.openSender(Topic.DATA);
            System.out.println("handoff got " + next[0] + " in order " + inOrder[0] + "; other thread "
                    + (byOther[0] == r.listenerSamples() ? "= listener count" : byOther[0] + " != " + r.listenerSamples())
                    + ", some " + (byOther[0] > 0) + "; role thread + other = " + (byRole[0] + byOther[0])
                    + "; hands off " + before + ", after a DATA writer opened " + r.handsOff());
        }
    }

    /** Writes ints 0..n-1 on DATA, reliable, then stays 5 s for the acknowledgements. */
    private static void burst(int domain, int n) throws InterruptedException {
        try (DdsTransport t = new DdsTransport(loopback(64), DdsSettings.defaults(domain, false, true))) {
            Sender s = t.openSender(Topic.DATA);
            UnsafeBuffer m = new UnsafeBuffer(ByteBuffer.allocateDirect(4));
            for (int i = 0; i < n; i++) {
                m.putInt(0, i);
                send(s, m, 4);
                if (i % 100 == 99) {
                    Thread.sleep(1); // in bursts, so that the reader's role thread parks between them
                }
            }
            System.out.println("sent " + n);
            System.out.flush();
            Thread.sleep(5000);
        }
    }

    private static void rtps(int port, int domain) throws InterruptedException {
        DdsSettings d = DdsSettings.defaults(domain, false, true);
        TransportSettings ts = loopback(64);
        String xml = DdsConfigXml.withPeer(DdsConfigXml.of(ts, d), "127.0.0.1:" + port);
        try (DdsTransport t = new DdsTransport(ts, d, xml)) {
            t.openSender(Topic.DATA);
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(TimeUnit.SECONDS.toMillis(60));
        }
    }

    private static void echo(int domain) {
        try (DdsTransport t = new DdsTransport(loopback(2 << 20), DdsSettings.defaults(domain, false, true))) {
            Receiver r = t.openReceiver(Topic.DATA);
            Sender s = t.openSender(Topic.ECHO);
            System.out.println("ready");
            System.out.flush();
            byte[][] got = {receiveOne(r)};
            UnsafeBuffer back = new UnsafeBuffer(ByteBuffer.allocateDirect(got[0].length));
            back.putBytes(0, got[0]);
            send(s, back, got[0].length);
            // stay until the pinger has it: it exits first, then this process is stopped
            r.await((b, off, len) -> { }, 1, WAIT_NS);
        }
    }

    private static void ping(int domain, int bytes, long seed) throws Exception {
        byte[] payload = new byte[bytes];
        new Random(seed).nextBytes(payload);
        try (DdsTransport t = new DdsTransport(loopback(bytes), DdsSettings.defaults(domain, false, true))) {
            Receiver r = t.openReceiver(Topic.ECHO);
            Sender s = t.openSender(Topic.DATA);
            UnsafeBuffer out = new UnsafeBuffer(ByteBuffer.allocateDirect(bytes));
            out.putBytes(0, payload);
            send(s, out, bytes);
            byte[][] got = {receiveOne(r)};
            if (got[0] == null) {
                System.out.println("no echo in 60 s");
                return;
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            System.out.println((Arrays.equals(payload, got[0]) ? "identical " : "different ") + got[0].length
                    + " bytes sha256 " + HexFormat.of().formatHex(sha.digest(got[0])));
        }
    }

    private static void durability(int kind, int domain) {
        try (DdsTransport t = new DdsTransport(loopback(64), DdsSettings.defaults(domain, false, true).withQos(kind, 0))) {
            Receiver first = t.openReceiver(Topic.DATA);
            Sender s = t.openSender(Topic.DATA);
            UnsafeBuffer m = new UnsafeBuffer(ByteBuffer.allocateDirect(4));
            for (int i = 0; i < 3; i++) {
                m.putInt(0, i);
                send(s, m, 4);
            }
            first.poll((b, off, len) -> { }, 100);
            Receiver late = t.openReceiver(Topic.DATA);
            m.putInt(0, 99);
            send(s, m, 4);
            List<String> got = new ArrayList<>();
            byte[] one;
            do {
                one = receiveOne(late);
                if (one != null) {
                    got.add(String.valueOf(ByteBuffer.wrap(one).order(java.nio.ByteOrder.nativeOrder()).getInt()));
                }
            } while (one != null && !got.get(got.size() - 1).equals("99"));
            System.out.println("late " + String.join(",", got));
        }
    }
}
