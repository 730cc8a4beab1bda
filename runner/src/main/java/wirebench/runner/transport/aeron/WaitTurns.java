package wirebench.runner.transport.aeron;

import java.util.function.LongSupplier;

/**
 * Which waiting turn under INVOKER threading runs the driver's whole duty cycle (Sender with its
 * control-socket poll, Receiver, driver and client conductors) and which its Receiver agent alone
 * (one data-socket poll). A message that arrives while a turn runs is seen only at the next
 * data-socket poll, so every whole cycle in a wait delays it; but the whole cycle has work that must
 * not starve: the conductor's tracking of the subscriber's position (the status messages that open
 * the publisher's flow-control window), the Sender's reading of those status messages and NAKs,
 * keep-alives. A waiting turn runs the whole cycle
 * <ul>
 * <li>when the Receiver took something in since the last whole cycle (by this thread or any other):
 * a stream that is being received gets its position tracked and its status messages sent at the
 * pace of its datagrams, as with a whole cycle every few turns;</li>
 * <li>when no whole cycle ran for {@link #AFTER_NS}: the timers and keep-alives of an idle wait.</li>
 * </ul>
 * In a ping-pong the first waiting turn after a receipt is whole (the rule above; the offer of the
 * answer in between runs the Sender and conductor, {@link OfferTurns}), and it runs while the answer
 * is still on its way; the rest of the wait for the answer (a round trip, well under
 * {@link #AFTER_NS} on an idle machine) polls the data socket alone on every turn, as sockperf's busy
 * poll does. Until issue 25 a fixed one turn in three was whole ({@code invoker_whole_cycle_every} 3
 * in older results).
 */
final class WaitTurns {
    /** A wait with no whole cycle for this long runs one (well under every Aeron timer: 100 ms heartbeats, 200 ms status messages). */
    static final long AFTER_NS = 50_000;
    /** A Receiver-alone turn calls the Receiver at most this many times, while each call took in a large datagram ({@link #turn}). */
    static final int RECEIVE_BURST_DATAGRAMS = 32;
    /**
     * The Receiver is called again in the same turn only after a call whose work (bytes taken in, plus
     * a few for status messages and commands) was at least this much: a large datagram, so more of a
     * sample likely waits in the socket. A small one (a 32 B ping is an 88-byte datagram) ends the
     * turn, so the message is handed to the subscription's poll without a further, empty, poll of the
     * data socket first (the same threshold as the Sender's burst, {@link DriverDuty#SEND_BURST_MIN_BYTES}).
     */
    static final int RECEIVE_BURST_MIN_BYTES = DriverDuty.SEND_BURST_MIN_BYTES;
    private final LongSupplier clock;
    private long seenCycles = -1;
    private long lastWholeNs;
    private boolean received;

    /** Turns timed on {@code clock} (nanoseconds). */
    WaitTurns(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * Whether this waiting turn runs the whole cycle; {@code cycles} is the duty's count of whole
     * cycles run so far by anyone ({@link DriverDuty#cycles()}): a change means one ran elsewhere
     * (an offer, the keeper, the other role's thread), which starts the time over.
     */
    boolean whole(long cycles) {
        long now = clock.getAsLong();
        if (cycles != seenCycles) {
            seenCycles = cycles;
            lastWholeNs = now;
            received = false;
        }
        if (received || now - lastWholeNs >= AFTER_NS) {
            received = false;
            lastWholeNs = now;
            seenCycles = cycles + 1; // the whole cycle this turn runs
            return true;
        }
        return false;
    }

    /** The Receiver-alone turn did {@code work} (datagrams taken in, commands, status messages). */
    void receiverDid(int work) {
        if (work > 0) {
            received = true;
        }
    }

    /**
     * Runs one waiting turn on {@code duty}: whole or the Receiver alone, by the rule above; returns the
     * work done. A Receiver-alone turn calls the Receiver again while its last call took in at least
     * {@link #RECEIVE_BURST_MIN_BYTES}, up to {@link #RECEIVE_BURST_DATAGRAMS} calls: it reads one
     * datagram per image per call, so a 1 MB sample (17 datagrams of 64 KB) used to take 17 turns, with
     * an idle between each. Until 2026-12-04 any work continued the burst, so every small message
     * (a ping, a pong) waited for one more, empty, {@code recvfrom} before its handler ran.
     */
    int turn(DriverDuty duty) {
        if (whole(duty.cycles())) {
            return duty.run();
        }
        int work = duty.runReceiver();
        for (int last = work, calls = 1; burstGoesOn(last, calls); calls++) {
            last = duty.runReceiver();
            work += last;
        }
        receiverDid(work);
        return work;
    }

    /** Whether a Receiver-alone turn calls the Receiver again after {@code calls} calls, the last of which did {@code lastWork}. */
    static boolean burstGoesOn(int lastWork, int calls) {
        return lastWork >= RECEIVE_BURST_MIN_BYTES && calls < RECEIVE_BURST_DATAGRAMS;
    }
}
