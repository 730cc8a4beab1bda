package wirebench.runner.transport;

import java.util.Map;

/**
 * A messaging engine as the pub/sub harness sees it: two one-way topics between the publisher
 * host and the subscriber hosts, carrying opaque messages the harness encodes itself.
 *
 * <p>Contract:
 * <ul>
 * <li>{@link Topic#DATA} flows from the publisher to every subscriber, {@link Topic#ECHO} from each
 * subscriber back to the publisher. A process opens only the ends its roles need (a process holding
 * both roles opens all four).</li>
 * <li>A message handed to {@link Sender#offer} is delivered whole or not at all, to every receiver
 * of the topic that is connected; messages from one sender arrive in order when the transport is
 * reliable. A best-effort transport may drop messages (the harness finds gaps from sequence numbers).</li>
 * <li>Message size is at most {@link #maxMessageBytes()}; the transport was sized for it when it was
 * opened (Aeron term length), so one transport instance serves one test configuration.</li>
 * <li>Receivers may deliver messages of other runs (a stray sender on the same port): the harness
 * validates every message and counts the bad ones; the transport never interprets contents.</li>
 * <li>Buffers passed to a {@link MessageHandler} are valid only during the call.</li>
 * <li>{@link #close()} releases every resource (sockets, driver directories) and is idempotent.</li>
 * </ul>
 * Implementations are not thread-safe per end, but the ends of one transport may be used from
 * different threads (one thread per role).
 */
public interface Transport extends AutoCloseable {

    /** Opens the sending end of {@code topic}. */
    Sender openSender(Topic topic);

    /** Opens the receiving end of {@code topic}. */
    Receiver openReceiver(Topic topic);

    /** The largest message {@link Sender#offer} accepts, in bytes. */
    int maxMessageBytes();

    /**
     * Bytes a message of {@code messageBytes} takes on the wire with this engine's framing (for the
     * compression family's wire_bytes; docs/compression.md). Default: the message itself.
     */
    default long wireBytes(int messageBytes) {
        return messageBytes;
    }

    /**
     * Connections refused so far as not peers of this run (a stray client's bad greeting, a frame
     * length no peer sends, a failed TLS handshake): empty for transports without connections.
     */
    default java.util.OptionalLong strayConnections() {
        return java.util.OptionalLong.empty();
    }

    /** Where each refused connection is reported as it happens, one line each (stderr). */
    default void reportStraysTo(java.util.function.Consumer<String> sink) {
        // transports without connections have none to report
    }

    /**
     * Whether a receiver of this transport hands its handler a buffer the handler may overwrite until
     * it returns (a private copy, such as a DDS sample on loan), so that a pong can be written over
     * its ping instead of copied. Default false: Aeron's term buffers and the like are shared.
     */
    default boolean receivedMessagesWritable() {
        return false;
    }

    /** Engine name, version, threading mode, idle strategy, channels: written to run.json and stderr. */
    Map<String, Object> describe();

    /**
     * What the engine counted over the run that explains its figures (the DDS writer's waits for
     * acknowledgements, its retransmissions), units in the names: run.json's {@code engine_counters}
     * and one stderr line. Asked once the roles ended, before {@link #close()}. Default: nothing.
     */
    default Map<String, Object> counters() {
        return Map.of();
    }

    @Override
    void close();
}
