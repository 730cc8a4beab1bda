package wirebench.runner.transport;

import org.agrona.DirectBuffer;

/** The sending end of a topic. */
public interface Sender extends AutoCloseable {

    /**
     * Hands one message to the transport without blocking.
     *
     * @return true when the message was accepted; false when the transport cannot take it now (back
     *         pressure, no receiver connected yet): the caller retries later
     * @throws wirebench.contract.WirebenchException when the transport failed for good
     */
    boolean offer(DirectBuffer buffer, int offset, int lengthBytes);

    @Override
    void close();
}
