package wirebench.runner.udp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Puts the calling thread under a scheduling policy. Java cannot do this itself, so it runs
 * {@code chrt --fifo -p PRIO TID} on the thread's kernel id (from {@code /proc/thread-self}) and then
 * reads the policy back from {@code /proc/self/task/TID/stat}: the outcome says what is really in
 * effect, never what was merely asked for.
 */
final class ThreadScheduling {
    private ThreadScheduling() {
    }

    /**
     * What happened.
     *
     * @param applied whether the thread now runs under the requested policy and priority
     * @param message one line for the console, e.g. {@code receive thread (tid 123): SCHED_FIFO priority 10 applied}
     */
    record Outcome(boolean applied, String message) {
    }

    /** Applies {@code scheduler}/{@code priority} to the calling thread; {@code who} names it in the message. */
    static Outcome applyToCurrentThread(String who, Scheduler scheduler, int priority) {
        long tid;
        try {
            tid = currentTid();
        } catch (IOException | RuntimeException e) {
            return new Outcome(scheduler == Scheduler.OTHER && priority == 0,
                    who + ": cannot find the thread's kernel id (" + e.getMessage() + "); scheduler "
                            + scheduler.label() + " not applied");
        }
        int[] before = policyOf(tid);
        if (before != null && before[0] == scheduler.policy() && before[1] == priority) {
            return new Outcome(true, who + " (tid " + tid + "): " + scheduler.label() + " priority " + priority
                    + " (already in effect)");
        }
        String error = runChrt(scheduler, priority, tid);
        int[] after = policyOf(tid);
        boolean ok = after != null && after[0] == scheduler.policy() && after[1] == priority;
        if (ok) {
            return new Outcome(true, who + " (tid " + tid + "): " + scheduler.label() + " priority " + priority
                    + " applied (chrt)");
        }
        String now = after == null ? "unknown" : describe(after);
        return new Outcome(false, who + " (tid " + tid + "): could NOT apply " + scheduler.label() + " priority "
                + priority + (error.isEmpty() ? "" : " (" + error + ")") + "; the thread runs under " + now);
    }

    private static String describe(int[] policyAndPriority) {
        Scheduler s = Scheduler.ofPolicy(policyAndPriority[0]);
        return (s == null ? "policy " + policyAndPriority[0] : s.label()) + " priority " + policyAndPriority[1];
    }

    /** The kernel thread id of the calling thread. */
    static long currentTid() throws IOException {
        Path link = Files.readSymbolicLink(Path.of("/proc/thread-self"));
        return Long.parseLong(link.getFileName().toString());
    }

    /** {policy, rt_priority} of a thread of this process, or null when unreadable. */
    static int[] policyOf(long tid) {
        try {
            String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"), StandardCharsets.US_ASCII);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // fields after the command start at field 3 (state): rt_priority is field 40, policy field 41
            return new int[] {Integer.parseInt(f[38]), Integer.parseInt(f[37])};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Runs chrt; returns its error text ("" when it succeeded). */
    private static String runChrt(Scheduler scheduler, int priority, long tid) {
        List<String> cmd = List.of("chrt", scheduler.chrtFlag(), "-p", Integer.toString(priority), Long.toString(tid));
        try {
            BoundedCommand.Outcome o = BoundedCommand.run(cmd, TimeUnit.SECONDS.toMillis(10));
            if (o.timedOut()) {
                return "chrt did not finish within 10 s (killed)";
            }
            return o.exitCode() == 0 ? "" : o.output().replace('\n', ' ');
        } catch (IOException e) {
            return "cannot run chrt: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
