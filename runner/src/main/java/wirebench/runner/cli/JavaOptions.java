package wirebench.runner.cli;

import java.util.Arrays;
import java.util.List;

/**
 * Extra JVM options for the wirebench JVMs a command starts itself (a campaign's roles): the
 * environment variable {@value #VARIABLE}, the same one the {@code wirebench} launcher adds to its
 * own JVM, split at white space (no quoting, as the launcher's unquoted expansion).
 */
public final class JavaOptions {
    /** The environment variable holding extra JVM options, e.g. {@code -Xmx256m}. */
    public static final String VARIABLE = "WIREBENCH_JAVA_OPTS";

    private JavaOptions() {
    }

    /** The options in {@value #VARIABLE}, in order; empty when it is unset or blank. */
    public static List<String> fromEnvironment() {
        return parse(System.getenv(VARIABLE));
    }

    /** {@code text} split at white space; empty for null or blank text. */
    static List<String> parse(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        return Arrays.asList(text.strip().split("\\s+"));
    }
}
