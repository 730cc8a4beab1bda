package wirebench.runner.campaign;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import wirebench.runner.results.ResultsDirectory;

/**
 * What a running campaign shares with its shutdown hook (Ctrl-C, SIGTERM): the commit lock, the
 * processes running, the current test and the count of finished tests. A commit happens under the
 * lock; once the hook holds the lock it keeps it until the JVM halts, so after an interruption no
 * test is committed, no state changes and run.json gets no end time. See docs/campaign.md.
 */
final class CampaignInterruption {
    private final Path out;
    private final List<TestPoint> points;
    private final PrintWriter err;
    private final ReentrantLock commitLock = new ReentrantLock();
    /** The running test's local processes, started through it so that the hook stops every one. */
    private final StartGate children = new StartGate();
    private volatile boolean stopping;
    private volatile TestPoint current;
    private volatile int finishedCount;
    private RemoteCampaign remote;

    CampaignInterruption(Path out, List<TestPoint> points, PrintWriter err) {
        this.out = out;
        this.points = points;
        this.err = err;
    }

    /** The remote hosts whose roles the hook stops too (null: none). */
    void remote(RemoteCampaign r) {
        this.remote = r;
    }

    /** Whether the campaign is being interrupted. */
    boolean stopping() {
        return stopping;
    }

    /**
     * Starts a process of the running test and registers it for the hook in one step ({@link StartGate});
     * null (nothing started) once the campaign is stopping.
     */
    Process start(StartGate.Starter starter) throws IOException {
        return children.start(starter);
    }

    /** The running test's processes ended or were stopped. */
    void ended(Collection<Process> procs) {
        children.remove(procs);
    }

    int finishedCount() {
        return finishedCount;
    }

    /** Tests finished before this run started (a resumed campaign). */
    void finishedBefore(int count) {
        finishedCount = count;
    }

    /**
     * Makes {@code p} the current test before any of its processes starts, unless the campaign is
     * stopping. Under the commit lock, so that the shutdown hook sees either no test or this one.
     */
    boolean begin(TestPoint p) {
        return becomeCurrent(p);
    }

    /**
     * A test failed: it is no longer current, unless the campaign is stopping (then the failure is
     * the interruption and the shutdown hook names the test). Whether the campaign goes on.
     */
    boolean endFailed() {
        return becomeCurrent(null);
    }

    private boolean becomeCurrent(TestPoint p) {
        commitLock.lock();
        try {
            if (stopping) {
                return false;
            }
            current = p;
            return true;
        } finally {
            commitLock.unlock();
        }
    }

    /** Takes the commit lock; false when the campaign is stopping (the lock is then released again). */
    boolean lockForCommit() {
        commitLock.lock();
        if (stopping) {
            commitLock.unlock();
            return false;
        }
        return true;
    }

    /** The current test was committed: one more finished, none current. Under the commit lock. */
    void committed() {
        finishedCount++;
        current = null;
    }

    void unlockCommit() {
        commitLock.unlock();
    }

    /**
     * run.json gets its end time only when the campaign was not interrupted: once the shutdown hook
     * holds the commit lock it keeps it, so a stopping campaign never writes {@code end_utc}.
     */
    void finishUnlessStopping(ResultsDirectory dir) {
        boolean locked = false;
        try {
            locked = commitLock.tryLock(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (locked && !stopping) {
                current = null;
                dir.finish();
            }
            dir.close();
        } finally {
            if (locked) {
                commitLock.unlock();
            }
        }
    }

    /**
     * How long the hook may take in all: a signalled campaign ends within 2 s (issue 29), JVM
     * start of the hook and halt included.
     */
    static final long SHUTDOWN_NS = TimeUnit.MILLISECONDS.toNanos(1500);
    /**
     * How long the running test's processes get between SIGTERM and SIGKILL: their output is
     * discarded anyway, so they need no time to write it.
     */
    static final long CHILD_GRACE_NS = TimeUnit.MILLISECONDS.toNanos(500);

    /**
     * Ctrl-C or kill: stop the running test (SIGTERM, SIGKILL after {@link #CHILD_GRACE_NS}; remote
     * roles through their hosts), wait for a commit in progress until {@link #SHUTDOWN_NS} after
     * the signal, say what is kept. A commit still under way then is left to its journal
     * ({@link TestCommit#recover}): the next run of the campaign cuts its files back first.
     */
    void onShutdown() {
        stopping = true;
        List<Process> toStop = children.close(); // a start under way ends first and is stopped below; none begins after
        long deadline = System.nanoTime() + SHUTDOWN_NS;
        if (remote != null) {
            remote.stopAll(deadline);
        }
        ProcessTrees.stop(toStop, CHILD_GRACE_NS);
        boolean locked = false;
        try {
            // held on purpose until the JVM halts: no commit, no state change and no end time after this
            locked = commitLock.tryLock(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            // report anyway
        }
        TestPoint p = current;
        int finishedNow = finishedCount;
        // a StringBuilder, not +: each + expression is linked on its first run (StringConcatFactory), which
        // took 0.4 s of the hook's time on a loaded machine
        StringBuilder m = new StringBuilder("campaign: interrupted");
        if (p != null) {
            m.append(" during test ").append(p.index()).append('/').append(points.size()).append(' ').append(p.tag())
                    .append(' ').append(p.sizeBytes()).append(" B rep ").append(p.repetition()).append(locked
                            ? " (its output is discarded)"
                            : " (its commit was under way; unless it ended, the next run with --resume undoes it first)");
        }
        m.append("; ").append(finishedNow).append(" of ").append(points.size()).append(" tests finished, their rows are in ")
                .append(out).append("; run the same command with --resume to run the ").append(points.size() - finishedNow)
                .append(" missing");
        err.println(m);
        err.flush();
    }
}
