package wirebench.runner.transport.aeron;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import org.agrona.DirectBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Sender;

/**
 * A {@link Sender} on an exclusive publication. Under INVOKER threading an offer also runs one
 * turn of the driver ({@link OfferTurns}; none when another thread is running one) when
 * {@link SendWindow} says so: offers in quick succession share one turn, and so one datagram; a
 * back-pressured offer is retried with a turn before each try, up to
 * {@link OfferTurns#BACK_PRESSURE_TURNS} times, before it is refused.
 */
final class AeronSender implements Sender {
    private final ExclusivePublication pub;
    private final String channel;
    private final DriverDuty duty;
    private final InFlight inFlight = new InFlight();
    private final SendWindow window;
    private final OfferTurns turns;

    AeronSender(ExclusivePublication pub, String channel, DriverDuty duty) {
        this.pub = pub;
        this.channel = channel;
        this.duty = duty;
        this.window = duty == null ? null : new SendWindow(System::nanoTime);
        this.turns = duty == null ? null : new OfferTurns(duty);
    }

    @Override
    public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
        if (!inFlight.enter()) {
            return false; // closed (the JVM is stopping): the publication may be unmapped
        }
        try {
            return offerInside(buffer, offset, lengthBytes);
        } finally {
            inFlight.exit();
        }
    }

    private boolean offerInside(DirectBuffer buffer, int offset, int lengthBytes) {
        long r = pub.offer(buffer, offset, lengthBytes);
        for (int tries = OfferTurns.BACK_PRESSURE_TURNS; duty != null; r = pub.offer(buffer, offset, lengthBytes)) {
            if (window.cycleNow(r > 0)) {
                turns.run();
                window.cycled();
            } else {
                duty.sendPending();
            }
            if (r > 0 || (r != Publication.BACK_PRESSURED && r != Publication.ADMIN_ACTION) || tries-- == 0) {
                break;
            }
        }
        if (r > 0) {
            return true;
        }
        if (r == Publication.CLOSED || r == Publication.MAX_POSITION_EXCEEDED) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: publication " + channel
                    + " can no longer send (" + Publication.errorString(r) + ")");
        }
        return false;
    }

    @Override
    public void close() {
        inFlight.close(InFlight.CLOSE_WAIT_NS);
        pub.close();
    }
}
