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

    /**
     * Like {@link #await}, for a wait that measures nothing (a role waiting for its peers to be
     * discovered): a receiver that would spin or yield sleeps between polls instead
     * ({@link Idle#awaitParked}), so a role started before its peers does not take a core from them
     * while they start. A receiver that waits in the kernel or parks anyway waits as {@link #await}.
     */
    default int awaitParked(MessageHandler handler, int limit, long timeoutNs) {
        return await(handler, limit, timeoutNs);
    }

    @Override
    void close();
}
