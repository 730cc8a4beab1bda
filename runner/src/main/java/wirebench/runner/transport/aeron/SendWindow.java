package wirebench.runner.transport.aeron;

import java.util.function.LongSupplier;

/**
 * When an offer under INVOKER threading runs the driver's duty cycle. Running one after every offer
 * sends every message as a datagram of its own (with a control-socket and a data-socket poll beside
 * it): three system calls per 1 KiB sample, where iperf3 makes one write, so a 1 KiB stream read
 * 0.41x iperf3 TCP on a quiet 2-core machine (issue 25). So an offer made less than
 * {@link #WINDOW_NS} after the end of this sender's last cycle leaves its frame in the term for the
 * next cycle, which sends everything waiting there as one datagram of up to the MTU. A refused
 * offer always runs a cycle (the driver must drain the term). The next cycle comes with the next
 * offer made after the window or the next wait for a message ({@code AeronReceiver.await} runs
 * one each turn), so in a regular stream a frame waits at most about one offer interval, itself
 * under the window plus a cycle; a publisher that stops offering and does not wait leaves it to the
 * keeper ({@link DriverDuty#KEEPER_PERIOD_NS}). A ping-pong is not slowed: the waiting turn right
 * after the ping runs the cycle that sends it.
 */
final class SendWindow {
    /** Offers closer than this to the end of the last cycle are coalesced. */
    static final long WINDOW_NS = 2_000;
    private final LongSupplier clock;
    private long lastCycleEndNs;

    /** A window on {@code clock} (nanoseconds); the first offer runs a cycle. */
    SendWindow(LongSupplier clock) {
        this.clock = clock;
        this.lastCycleEndNs = clock.getAsLong() - WINDOW_NS;
    }

    /** Whether the offer just made ({@code accepted} or refused) runs a duty cycle now. */
    boolean cycleNow(boolean accepted) {
        return !accepted || clock.getAsLong() - lastCycleEndNs >= WINDOW_NS;
    }

    /** A cycle run for an offer has ended. */
    void cycled() {
        lastCycleEndNs = clock.getAsLong();
    }
}
