package wirebench.contract;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version} of every command (runner and analyzer): the Maven version and, when the launcher
 * passes it (system property {@code wirebench.git}), the git commit.
 */
public final class VersionProvider implements IVersionProvider {

    /** The tool version, e.g. {@code 0.1.0-SNAPSHOT (git 1a2b3c4)}. */
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/wirebench/contract/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // fall through to "unknown": a version string is not worth failing a run for
        }
        String v = p.getProperty("version", "unknown");
        String sha = gitSha();
        return sha.isBlank() ? v : v + " (git " + sha + ")";
    }

    /** The git commit the launcher found, or "". */
    public static String gitSha() {
        return System.getProperty("wirebench.git", "");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"wirebench " + version(), "Java " + System.getProperty("java.version") + " ("
                + System.getProperty("java.vendor") + ")"};
    }
}
