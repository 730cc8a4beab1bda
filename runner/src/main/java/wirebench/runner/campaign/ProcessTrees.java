package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Stops processes together with everything they started, so that a Perftest launched through a
 * wrapper script does not outlive the campaign that started it.
 */
final class ProcessTrees {
    private ProcessTrees() {
    }

    /**
     * SIGTERM to every process of the trees, up to {@code graceNs} for them to end, then SIGKILL to
     * what is left. The descendants are collected first: once a parent is gone they are orphans that
     * {@link Process#descendants()} no longer finds.
     */
    static void stop(Collection<Process> roots, long graceNs) {
        List<ProcessHandle> tree = new ArrayList<>();
        for (Process p : roots) {
            p.descendants().forEach(tree::add);
            tree.add(p.toHandle());
        }
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + graceNs;
        while (tree.stream().anyMatch(ProcessTrees::running) && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        tree.stream().filter(ProcessTrees::running).forEach(ProcessHandle::destroyForcibly);
        for (Process p : roots) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Alive and not a zombie. An orphan that has ended stays a zombie until its new parent reaps it,
     * which a container's PID 1 may never do, and {@link ProcessHandle#isAlive()} counts zombies.
     */
    static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) != 'Z';
        } catch (IOException e) {
            return h.isAlive(); // no /proc (not Linux) or gone meanwhile
        }
    }
}
