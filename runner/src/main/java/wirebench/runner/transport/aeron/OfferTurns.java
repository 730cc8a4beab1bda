package wirebench.runner.transport.aeron;

/**
 * What an offer's turn of the driver runs under INVOKER threading (the publisher's side; the
 * waiting side is {@code AeronReceiver.await}). A whole duty cycle after every offer also polls the
 * publisher's echo data socket (the Receiver agent) and, when the Sender has sent nothing, its
 * control socket: at 64 KiB best effort that was 5.5 {@code recvfrom} per sample, almost all empty,
 * and 3.6 {@code sched_yield} while back pressure held, each system call dear on a paravirtualised
 * VM (issue 25). So an offer's turn runs the driver's Sender and conductor alone
 * ({@link DriverDuty#runSend}), the whole cycle every {@link #WHOLE_CYCLE_EVERY}th turn (echoes,
 * the receiver's status messages, the client's keep-alives still flow); and a refused offer is
 * retried here, a turn between tries, up to {@link #BACK_PRESSURE_TURNS} times before the role
 * sees the refusal (and polls its echo and yields the core).
 */
final class OfferTurns {
    /** Of the offers' turns, one in this many runs the whole duty cycle. */
    static final int WHOLE_CYCLE_EVERY = 8;
    /** A back-pressured offer is tried this many more times, a driver turn before each, before it is refused. */
    static final int BACK_PRESSURE_TURNS = 32;
    private final DriverDuty duty;
    private long turns;

    OfferTurns(DriverDuty duty) {
        this.duty = duty;
    }

    /** One offer's turn of the driver; returns the work done. */
    int run() {
        return ++turns % WHOLE_CYCLE_EVERY == 0 ? duty.runAfterOffer() : duty.runSend();
    }
}
