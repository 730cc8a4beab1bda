package wirebench.runner.transport;

import org.agrona.DirectBuffer;

/** Receives one whole message; the buffer is only valid during the call. */
@FunctionalInterface
public interface MessageHandler {
    void onMessage(DirectBuffer buffer, int offset, int lengthBytes);
}
