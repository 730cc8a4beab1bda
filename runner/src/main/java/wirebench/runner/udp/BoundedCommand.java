package wirebench.runner.udp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short helper command ({@code ip}, {@code chrt}) with a deadline that really holds: its
 * output (stdout and stderr together) goes to a temporary file, not a pipe read to its end before
 * waiting, so a command that hangs, or leaves a child holding its output open, cannot block the
 * caller past {@code timeoutMs}. On timeout the command and its descendants are killed.
 */
final class BoundedCommand {
    /** How a command ended: {@code timedOut} (then exitCode is -1) or its exit code and output (stripped). */
    record Outcome(boolean timedOut, int exitCode, String output) {
    }

    private BoundedCommand() {
    }

    static Outcome run(List<String> command, long timeoutMs) throws IOException, InterruptedException {
        Path out = Files.createTempFile("wirebench-cmd", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            boolean ended = awaitOrKill(p, timeoutMs);
            String text = Files.readString(out, StandardCharsets.UTF_8).strip();
            return new Outcome(!ended, ended ? p.exitValue() : -1, text);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * Waits up to {@code timeoutMs} for {@code p} to end; when it does not, kills it and everything it
     * started and returns false.
     */
    static boolean awaitOrKill(Process p, long timeoutMs) throws InterruptedException {
        if (p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
            return true;
        }
        List<ProcessHandle> tree = p.descendants().toList();
        p.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
        p.waitFor(5, TimeUnit.SECONDS);
        return false;
    }
}
