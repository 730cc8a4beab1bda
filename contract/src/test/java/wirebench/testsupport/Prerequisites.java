package wirebench.testsupport;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one place every test checks what it needs from the machine (root, a command, a browser).
 * A missing prerequisite skips the test with one loud line on the real stderr naming what to
 * install; with the system property {@code wirebench.requireAll=true} (set by {@code .ci/run}
 * through the poms) it fails the test instead, so that nothing is skipped silently in CI.
 * The same class is in the analyzer's and the runner's test sources (neither module's tests
 * depend on the other).
 */
public final class Prerequisites {
    /** The system property that turns a missing prerequisite into a failure. */
    public static final String REQUIRE_ALL = "wirebench.requireAll";
    /** Where {@code bash .ci/setup} installs everything the tests need. */
    public static final String SETUP = "bash .ci/setup installs it";
    private static final List<String> SBIN = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private Prerequisites() {
    }

    /**
     * Nothing when {@code present}; otherwise fails (requireAll) or skips the calling test.
     *
     * @param what    what is missing, e.g. "root (network namespaces)"
     * @param install how to get it, e.g. "apt-get install nftables (bash .ci/setup installs it)"
     */
    public static void require(boolean present, String what, String install) {
        if (present) {
            return;
        }
        String msg = "needs " + what + "; " + install;
        if (requireAll()) {
            Assertions.fail("missing prerequisite (" + REQUIRE_ALL + "=true, a skip is a failure here): " + msg);
        }
        loud("WIREBENCH TEST SKIPPED: " + caller() + " " + msg + " (set -D" + REQUIRE_ALL + "=true to fail instead)");
        Assumptions.abort(msg);
    }

    /** The tests run as root (network namespaces, nftables, mounts). */
    public static void requireRoot(String why) {
        require(isRoot(), "root (" + why + ")", "run the tests as root, as CI does");
    }

    /** {@code command} is in /usr/sbin, /sbin, /usr/bin or /bin (the Debian package named). */
    public static void requireCommand(String command, String debianPackage) {
        require(onPath(command), "'" + command + "' (Debian package " + debianPackage + ")",
                "apt-get install " + debianPackage + " (" + SETUP + ")");
    }

    /** {@code file} exists and is executable (from the Debian package named). */
    public static void requireExecutable(Path file, String debianPackage) {
        require(Files.isExecutable(file), file + " (Debian package " + debianPackage + ")",
                "apt-get install " + debianPackage + " (" + SETUP + ")");
    }

    public static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Whether {@code command} is an executable in one of the system directories. */
    public static boolean onPath(String command) {
        return SBIN.stream().anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** The first system directory holding {@code command}, or null. */
    public static String which(String command) {
        return SBIN.stream().map(d -> Path.of(d, command)).filter(Files::isExecutable).map(Path::toString).findFirst()
                .orElse(null);
    }

    static boolean requireAll() {
        return Boolean.parseBoolean(System.getProperty(REQUIRE_ALL, "false"));
    }

    /** To the process's real stderr: surefire captures System.err into report files. */
    @SuppressWarnings("resource") // the process's stderr stays open
    private static void loud(String line) {
        PrintStream real = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        real.println(line);
        real.flush();
        System.err.println(line);
    }

    private static String caller() {
        return StackWalker.getInstance().walk(s -> s.filter(f -> !f.getClassName().equals(Prerequisites.class.getName()))
                .map(f -> f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "." + f.getMethodName())
                .findFirst().orElse("?"));
    }
}
