package wirebench.runner.transport;

import org.agrona.DirectBuffer;

/** Receives one whole message; the buffer is only valid during the call. */
@FunctionalInterface
public interface MessageHandler {
    /** {@link #leadingBytesRead} answer: the handler may read every byte of the message. */
    int WHOLE_MESSAGE = -1;

    void onMessage(DirectBuffer buffer, int offset, int lengthBytes);

    /**
     * How many leading bytes of a message this handler reads, asked by a transport that receives long
     * messages in fragments (Aeron) at the message's first fragment, {@code availableBytes} bytes from
     * {@code offset}, before the rest has arrived. When the answer fits in those bytes, the transport
     * may deliver the message with its whole length in a buffer that holds only that many leading
     * bytes (reading past them is out of the buffer's bounds), and spare the copy that joins the
     * fragments. {@link #WHOLE_MESSAGE} (the default): the handler may read any byte (a payload
     * check, decompression, an echo of the payload).
     */
    default int leadingBytesRead(DirectBuffer buffer, int offset, int availableBytes) {
        return WHOLE_MESSAGE;
    }
}
