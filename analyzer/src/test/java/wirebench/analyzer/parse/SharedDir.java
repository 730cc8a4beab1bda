package wirebench.analyzer.parse;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the project's shared material (seeds, the corpus of real Perftest outputs) lives: the
 * system property {@code wirebench.shared} if set, else {@code ../shared} beside the repository
 * (as in CI), else {@code /work/shared}. Tests that need it and do not find it say so loudly and
 * are skipped; with {@code -Dwirebench.requireAll=true} (CI) they fail instead.
 */
final class SharedDir {
    private SharedDir() {
    }

    /** {@code relative} inside the shared directory; skipped (or failed in CI) when absent. */
    static Path require(String relative) {
        String prop = System.getProperty("wirebench.shared");
        Path[] candidates = prop != null ? new Path[] {Path.of(prop)}
                : new Path[] {Path.of("..", "..", "shared"), Path.of("/work/shared")};
        for (Path c : candidates) {
            Path p = c.resolve(relative);
            if (Files.exists(p)) {
                return p;
            }
        }
        String message = "SKIPPED: " + relative + " not found (set -Dwirebench.shared=DIR, or put the shared "
                + "directory beside the repository as ../shared)";
        System.err.println("!!! " + message);
        if (Boolean.getBoolean("wirebench.requireAll")) {
            throw new AssertionError(message + "; wirebench.requireAll=true forbids skipping");
        }
        assumeTrue(false, message);
        return null;
    }
}
