package wirebench.runner.transport.aeron;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import org.agrona.DirectBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Sender;

/**
 * A {@link Sender} on an exclusive publication. Under INVOKER threading an offer also runs one
 * driver duty cycle (unless another thread is running one) when {@link SendWindow} says so: offers
 * in quick succession share one cycle, and so one datagram.
 */
final class AeronSender implements Sender {
    private final ExclusivePublication pub;
    private final String channel;
    private final DriverDuty duty;
    private final SendWindow window;

    AeronSender(ExclusivePublication pub, String channel, DriverDuty duty) {
        this.pub = pub;
        this.channel = channel;
        this.duty = duty;
        this.window = duty == null ? null : new SendWindow(System::nanoTime);
    }

    @Override
    public boolean offer(DirectBuffer buffer, int offset, int lengthBytes) {
        long r = pub.offer(buffer, offset, lengthBytes);
        if (duty != null) {
            if (window.cycleNow(r > 0)) {
                duty.run();
                window.cycled();
            } else {
                duty.sendPending();
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
        pub.close();
    }
}
