package wirebench.runner.transport;

import java.util.ArrayList;
import java.util.List;

/**
 * The senders and receivers a transport opened, closed together when the transport closes, once:
 * an end whose close fails is passed over (what the transport closes after them, its sockets, its
 * Aeron client and driver, releases whatever such an end still holds).
 */
public final class Ends {
    private final List<AutoCloseable> open = new ArrayList<>();
    private boolean closed;

    /** Keeps {@code end} to be closed with the others; returns it. */
    public synchronized <T extends AutoCloseable> T keep(T end) {
        open.add(end);
        return end;
    }

    /** Closes every end kept, in the order they were opened; false (and nothing done) when closed before. */
    public synchronized boolean close() {
        if (closed) {
            return false;
        }
        closed = true;
        open.forEach(Ends::closeQuietly);
        return true;
    }

    /** Closes {@code c} (null: nothing), passing over a failure: the resource is given up either way. */
    public static void closeQuietly(AutoCloseable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (Exception e) {
            // given up either way: nothing else can be done with it
        }
    }
}
