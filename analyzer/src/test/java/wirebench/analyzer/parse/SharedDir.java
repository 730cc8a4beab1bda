package wirebench.analyzer.parse;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the project's shared material (seeds, the corpus of real Perftest outputs) lives: the
 * system property {@code wirebench.shared} if set, else {@code ../shared} beside the repository
 * (as in CI). Tests that need it and do not find it say so loudly and
 * are skipped (through {@link wirebench.testsupport.Prerequisites}); with
 * {@code -Dwirebench.requireAll=true} (CI) they fail instead.
 */
final class SharedDir {
    private SharedDir() {
    }

    /** {@code relative} inside the shared directory; skipped (or failed in CI) when absent. */
    static Path require(String relative) {
        String prop = System.getProperty("wirebench.shared");
        Path[] candidates = prop != null ? new Path[] {Path.of(prop)}
                : new Path[] {Path.of("..", "..", "shared")};
        for (Path c : candidates) {
            Path p = c.resolve(relative);
            if (Files.exists(p)) {
                return p;
            }
        }
        wirebench.testsupport.Prerequisites.require(false, relative + " of the shared directory",
                "set -Dwirebench.shared=DIR, or put the shared directory beside the repository as ../shared");
        return null;
    }
}
