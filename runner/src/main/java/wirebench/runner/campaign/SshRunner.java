package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one short command (an ssh, a tar) to its end under a time limit, its stdout and stderr in
 * files of a scratch directory; a command still running at the limit is killed.
 */
final class SshRunner {
    /** How a command ended: exit code (-1: killed at the time limit), its stdout and stderr text. */
    record Result(int exit, String stdout, String stderr) {
        boolean ok() {
            return exit == 0;
        }

        /** The last non-empty stderr line (ssh's error), or a note on the time limit. */
        String error() {
            return exit == -1 ? stderr : SshCommands.sshError(Arrays.asList(stderr.split("\n")));
        }
    }

    private SshRunner() {
    }

    /**
     * @param stdin   fed to the command (null: nothing)
     * @param stdout  where stdout goes (null: a scratch file, read into the result)
     * @param scratch directory of the scratch files
     */
    static Result run(List<String> command, Path stdin, Path stdout, Path scratch, long timeoutS) {
        Path out = null;
        Path err = null;
        try {
            Files.createDirectories(scratch);
            out = stdout != null ? stdout : Files.createTempFile(scratch, "cmd", ".out");
            err = Files.createTempFile(scratch, "cmd", ".err");
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.redirectInput(stdin != null ? ProcessBuilder.Redirect.from(stdin.toFile())
                    : ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            Process p = pb.start();
            if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                return new Result(-1, "", "no answer within " + timeoutS + " s (killed): "
                        + SshCommands.shown(command));
            }
            return new Result(p.exitValue(), stdout != null ? "" : Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(127, "", "cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "", "interrupted");
        } finally {
            deleteQuietly(stdout == null ? out : null);
            deleteQuietly(err);
        }
    }

    private static void deleteQuietly(Path f) {
        if (f != null) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                // a scratch file left behind in tmp/ does no harm
            }
        }
    }
}
