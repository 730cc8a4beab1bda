package wirebench.runner.cli;

/**
 * The runner's entry point by name, for code that starts another JVM of it (a campaign's tests, the
 * UDP matrix's servers) without importing the command tree above it.
 */
public final class MainClass {
    /** {@code wirebench.runner.RunnerMain}. */
    public static final String NAME = "wirebench.runner.RunnerMain";

    private MainClass() {
    }
}
