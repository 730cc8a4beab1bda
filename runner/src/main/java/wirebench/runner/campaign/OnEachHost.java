package wirebench.runner.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * One step of a remote campaign done for every host (or every role) side by side: each step mostly
 * waits on its own ssh, so three hosts take about as long as one. The answers come back in the
 * order of the input, and a step that failed is reported as it would have been one after the
 * other: the first failure in that order, after every step ended.
 */
final class OnEachHost {
    private OnEachHost() {
    }

    /**
     * {@code step} applied to every item, each in a thread of its own; the results in the items' order.
     * A step's unchecked exception is rethrown (the first in the items' order) once all steps ended.
     */
    static <T, R> List<R> run(List<T> items, Function<T, R> step) {
        if (items.size() <= 1) {
            return items.stream().map(step).toList();
        }
        ExecutorService pool = Executors.newFixedThreadPool(items.size(), r -> {
            Thread t = new Thread(r, "wirebench-host-step");
            t.setDaemon(true); // a Ctrl-C during the step: the shutdown hook decides, not this thread
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (T item : items) {
                futures.add(pool.submit(() -> step.apply(item)));
            }
            List<R> results = new ArrayList<>();
            RuntimeException first = null;
            for (Future<R> f : futures) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause() instanceof RuntimeException re ? re
                                : new IllegalStateException(e.getCause());
                    }
                    results.add(null);
                }
            }
            if (first != null) {
                throw first;
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the hosts", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
