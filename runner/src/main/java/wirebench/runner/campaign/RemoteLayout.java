package wirebench.runner.campaign;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Where a remote campaign lives on each host and how long its ssh calls may take: a host's work
 * directory, its java, the installed bundle, the campaign's run directory, the fetch and stop
 * commands. One instance per campaign; the bundle is known once {@link #install(RemoteInstall)} ran.
 */
final class RemoteLayout {
    private final SshCommands ssh;
    private final String remoteDir;
    private final String remoteWirebench;
    private final String remoteJava;
    private final long timeoutS;
    private final String campaignId;
    private volatile RemoteInstall install;

    /**
     * @param remoteDir       work directory on every host without its own {@code dir=}
     * @param remoteWirebench an existing launcher on the hosts (null: push one)
     * @param remoteJava      java on the hosts without their own {@code java=} (null: {@code java})
     * @param out             the campaign's output directory (names the campaign's run directory on the hosts)
     * @param timeoutS        --test-timeout; a remote role's own time limit is this plus 10 s
     */
    RemoteLayout(SshCommands ssh, String remoteDir, String remoteWirebench, String remoteJava, Path out,
            long timeoutS) {
        this.ssh = ssh;
        this.remoteDir = remoteDir;
        this.remoteWirebench = remoteWirebench;
        this.remoteJava = remoteJava;
        this.timeoutS = timeoutS;
        this.campaignId = campaignId(out);
    }

    SshCommands ssh() {
        return ssh;
    }

    /** The launcher named by --remote-wirebench, or null when the bundle brings one. */
    String remoteWirebench() {
        return remoteWirebench;
    }

    /** The bundle built for the hosts, or null before {@link #install(RemoteInstall)}. */
    RemoteInstall install() {
        return install;
    }

    void install(RemoteInstall built) {
        this.install = built;
    }

    String dir(RemoteHost h) {
        return h.remoteDir() != null ? h.remoteDir() : remoteDir;
    }

    String java(RemoteHost h) {
        return h.java() != null ? h.java() : remoteJava != null ? remoteJava : "java";
    }

    String installDir(RemoteHost h) {
        return RemoteInstall.installDir(dir(h), install.hash());
    }

    /** This campaign's run directory on the host (one per campaign output directory and user). */
    String runs(RemoteHost h) {
        return dir(h) + "/runs/" + campaignId;
    }

    /** A remote role's own time limit, s. */
    long limitS() {
        return timeoutS + 10;
    }

    /** A stop: connect, SIGTERM, up to 5 s, SIGKILL, up to 5 s. */
    long stopTimeoutS() {
        return ssh.connectTimeoutS() + 15L;
    }

    long sshTimeoutS() {
        return 3L * ssh.connectTimeoutS() + 30;
    }

    /** The remote command that streams a test's results as a tar and removes its run directory. */
    static String fetch(String run) {
        return "tar -C " + SshCommands.quote(run + "/results") + " -cf - . && rm -rf " + SshCommands.quote(run);
    }

    /** The remote command that stops the role of the run directory {@code run}. */
    List<String> stop(RemoteHost h, String run) {
        return List.of("sh", installDir(h) + "/wb-stop.sh", run);
    }

    private static String campaignId(Path out) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update((System.getProperty("user.name") + "\0" + out.toAbsolutePath().normalize())
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
