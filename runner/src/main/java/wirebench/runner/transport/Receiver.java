package wirebench.runner.transport;

/** The receiving end of a topic. */
public interface Receiver extends AutoCloseable {

    /** Delivers up to {@code limit} waiting messages to {@code handler}, without blocking; returns how many. */
    int poll(MessageHandler handler, int limit);

    /**
     * Like {@link #poll} but waits up to {@code timeoutNs} for the first message: a blocking transport
     * waits in the kernel, a non-blocking one spins or yields with its idle strategy. Returns 0 on
     * timeout.
     */
    int await(MessageHandler handler, int limit, long timeoutNs);

    @Override
    void close();
}
