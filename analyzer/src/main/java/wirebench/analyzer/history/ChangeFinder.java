package wirebench.analyzer.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link EDivisive} over many series on a few threads. Each series has its own seed (from its
 * name), so the result does not depend on the thread schedule.
 */
public final class ChangeFinder implements AutoCloseable {
    private final EDivisive.Params params;
    private final ExecutorService pool;
    private final ThreadLocal<EDivisive> detector;
    private final List<Future<List<Found>>> pending = new ArrayList<>();
    /** metric -> series long enough to be searched (a gate on that metric was checked on each). */
    private final java.util.Map<String, Integer> searched = new java.util.HashMap<>();

    /**
     * A change point of a series.
     *
     * @param series the series (its entries give run, time and commit)
     * @param change the change point; {@code change.index()} is the first entry after the change
     */
    public record Found(Series series, EDivisive.Change change) {
        public Series.Entry entry() {
            return series.entries().get(change.index());
        }

        /** Entries from the change to the newest: a change is "in the newest N runs" when this is at most N. */
        public int age() {
            return series.entries().size() - change.index();
        }

        public Instant time() {
            return entry().time();
        }
    }

    public ChangeFinder(EDivisive.Params params, int threads) {
        this.params = params;
        int n = Math.max(1, threads);
        // a bounded queue: the reader waits instead of holding every series in memory
        this.pool = new ThreadPoolExecutor(n, n, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(4 * n),
                r -> {
                    Thread t = new Thread(r, "history-changes");
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.CallerRunsPolicy());
        this.detector = ThreadLocal.withInitial(() -> new EDivisive(params));
    }

    /** Queues {@code s} for detection. */
    public void submit(Series s) {
        if (s.entries().size() < 4) {
            return;
        }
        searched.merge(s.metric(), 1, Integer::sum);
        pending.add(pool.submit(() -> {
            List<Found> out = new ArrayList<>();
            for (EDivisive.Change c : detector.get().detect(s.values(), s.seed() ^ params.seed())) {
                out.add(new Found(s, c));
            }
            return out;
        }));
    }

    /** How many series of {@code metric} were long enough (4 values) to be searched for changes. */
    public int searched(String metric) {
        return searched.getOrDefault(metric, 0);
    }

    /** Every change found, newest first (ties: point, metric). */
    public List<Found> results() {
        List<Found> all = new ArrayList<>();
        for (Future<List<Found>> f : pending) {
            try {
                all.addAll(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        all.sort(Comparator.comparing(Found::time, Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(f -> f.series().point()).thenComparing(f -> f.series().metric()));
        return all;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
