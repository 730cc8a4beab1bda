package wirebench.runner.campaign;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A test's child processes, started and registered in one step against a stop that reads them (the
 * campaign's shutdown hook). One step because a child can write its first line before its start
 * returns (the JDK is still setting up the process's reaper then): a stop that read the children
 * between a start and its registration would leave that child running after the campaign ended (a
 * child ignoring SIGTERM outlived a SIGTERM'd campaign in CI on 2026-12-03). Once {@link #close}d,
 * nothing starts; a start under way when the stop comes finishes first and is among what it returns.
 */
final class StartGate {
    private final List<Process> running = new CopyOnWriteArrayList<>();
    private boolean closed;

    /** What starts a process: {@code ProcessBuilder::start}. */
    @FunctionalInterface
    interface Starter {
        Process start() throws IOException;
    }

    /** Starts and registers a process; null (nothing started) once closed. */
    synchronized Process start(Starter starter) throws IOException {
        if (closed) {
            return null;
        }
        Process p = starter.start();
        running.add(p);
        return p;
    }

    /** No start from now on; the processes registered (waiting for a start under way). */
    synchronized List<Process> close() {
        closed = true;
        return List.copyOf(running);
    }

    /** The test's processes ended or were stopped: no longer registered. */
    void remove(Collection<Process> ended) {
        running.removeAll(ended);
    }
}
