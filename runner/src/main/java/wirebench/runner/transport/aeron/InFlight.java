package wirebench.runner.transport.aeron;

import java.util.concurrent.TimeUnit;

/**
 * Keeps an end's close from unmapping what its one user thread is reading. On SIGTERM the
 * transport's shutdown hook closes the Aeron client (unmapping the images' and publications' log
 * buffers) while a role thread may be inside {@code Image.poll} or {@code Publication.offer}: a
 * subscriber of a multi-host test died of SIGSEGV in {@code Image.poll} that way, its partial row
 * lost. The user marks each call ({@link #enter}/{@link #exit}); {@link #close} marks the end
 * closing and waits for a call in progress to leave; calls after that do nothing. Volatile writes
 * on both sides (Dekker's pattern): either the user sees the mark or the closer sees the call.
 */
final class InFlight {
    /** How long a close waits for a call in progress (a poll takes microseconds; a stalled thread is not waited for longer). */
    static final long CLOSE_WAIT_NS = TimeUnit.SECONDS.toNanos(2);
    private volatile boolean inside;
    private volatile boolean closing;

    /** Before a call into mapped memory: false (and nothing to undo) once the end is closing. */
    boolean enter() {
        inside = true;
        if (closing) {
            inside = false;
            return false;
        }
        return true;
    }

    /** After the call. */
    void exit() {
        inside = false;
    }

    /** Marks the end closing and waits up to {@code timeoutNs} for a call in progress; true when none is. */
    boolean close(long timeoutNs) {
        closing = true;
        long deadline = System.nanoTime() + timeoutNs;
        while (inside) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.yield();
        }
        return true;
    }
}
