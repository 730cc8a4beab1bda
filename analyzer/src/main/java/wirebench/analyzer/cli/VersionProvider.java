package wirebench.analyzer.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the Maven version and, when the launcher passes it, the git commit. */
public final class VersionProvider implements IVersionProvider {

    /** The tool version, e.g. {@code 0.1.0-SNAPSHOT (git 1a2b3c4)}. */
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/wirebench/analyzer/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // fall through to "unknown": a version string is not worth failing a run for
        }
        String v = p.getProperty("version", "unknown");
        String sha = System.getProperty("wirebench.git", "");
        return sha.isBlank() ? v : v + " (git " + sha + ")";
    }

    @Override
    public String[] getVersion() {
        return new String[] {"wirebench " + version(), "Java " + System.getProperty("java.version") + " ("
                + System.getProperty("java.vendor") + ")"};
    }
}
