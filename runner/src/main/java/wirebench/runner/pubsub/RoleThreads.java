package wirebench.runner.pubsub;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import wirebench.contract.WirebenchException;

/**
 * The threads of a run: with both roles in this process the subscriber runs on its own thread and
 * is stopped when the publisher fails; the shutdown hook that lets an interrupted subscriber write
 * its partial row is removed unless the JVM is already stopping.
 */
final class RoleThreads {
    private RoleThreads() {
    }

    /** Runs the roles; with a results directory, a shutdown hook lets the subscriber write its partial row. */
    static void runWithStopHook(PublisherRole publisher, SubscriberRole subscriber, boolean hook) {
        Thread stopHook = subscriber == null || !hook ? null
                : new Thread(subscriber::interrupted, "wirebench-subscriber-stop");
        if (stopHook != null) {
            Runtime.getRuntime().addShutdownHook(stopHook);
        }
        try {
            run(publisher, subscriber);
        } finally {
            removeHook(stopHook);
        }
    }

    /** Runs the roles: both (the subscriber on its own thread) or the one given. */
    static void run(PublisherRole publisher, SubscriberRole subscriber) {
        if (publisher != null && subscriber != null) {
            AtomicReference<RuntimeException> failure = new AtomicReference<>();
            Thread subThread = new Thread(() -> {
                try {
                    subscriber.run();
                } catch (RuntimeException e) {
                    failure.set(e);
                }
            }, "wirebench-subscriber");
            subThread.setDaemon(true);
            subThread.start();
            try {
                publisher.run();
            } catch (RuntimeException | Error e) {
                // the transports close when this returns: the subscriber must stop polling them first
                subscriber.abandon();
                joinBriefly(subThread);
                throw e;
            }
            join(subThread);
            if (failure.get() != null) {
                throw failure.get();
            }
        } else if (publisher != null) {
            publisher.run();
        } else {
            subscriber.run();
        }
    }

    /** Removes a shutdown hook unless the JVM is already stopping (then the hook runs). */
    static void removeHook(Thread hook) {
        if (hook == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook writes the partial row
        }
    }

    /** Waits up to 10 s for {@code t} (the subscriber stopping after the publisher failed). */
    private static void joinBriefly(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WirebenchException(WirebenchException.RUN_FAILED, "interrupted while waiting for the subscriber");
        }
    }
}
