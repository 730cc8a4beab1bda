package wirebench.runner.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Command lines of the system's OpenSSH client ({@code ssh}): the user's ~/.ssh/config, agent, keys
 * and jump hosts apply as for any ssh they type. wirebench adds only batch mode (no password
 * prompt: a refused key fails at once), a connect timeout and keep-alives (a host that dies or is
 * unplugged ends the session within {@code 3 x timeout}), and {@code -F FILE} when given.
 *
 * @param configFile      {@code -F} (null: ssh's default, ~/.ssh/config)
 * @param connectTimeoutS {@code ConnectTimeout} and {@code ServerAliveInterval}, seconds
 */
record SshCommands(String configFile, int connectTimeoutS) {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./=:@%+,-]+");

    /** {@code ssh [options] -- DEST REMOTE}, the words shell-quoted into one command string. */
    List<String> ssh(RemoteHost h, List<String> remote) {
        return ssh(h, shell(remote));
    }

    /**
     * {@code ssh [options] -- DEST SCRIPT}: ssh hands SCRIPT to the remote user's login shell (which must
     * be a POSIX one: sh, dash, bash, ksh, zsh). The {@code --} before the host ends ssh's options there:
     * neither the host nor the script can be read as one.
     */
    List<String> ssh(RemoteHost h, String script) {
        List<String> c = new ArrayList<>(List.of("ssh"));
        if (configFile != null) {
            c.addAll(List.of("-F", configFile));
        }
        c.addAll(List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=" + connectTimeoutS, "-o",
                "ServerAliveInterval=" + connectTimeoutS, "-o", "ServerAliveCountMax=3", "--", h.destination(),
                script));
        return c;
    }

    /** {@code ssh [-F FILE] -G -- DEST}: the configuration ssh would use for the host, without connecting. */
    List<String> resolve(RemoteHost h) {
        List<String> c = new ArrayList<>(List.of("ssh"));
        if (configFile != null) {
            c.addAll(List.of("-F", configFile));
        }
        c.addAll(List.of("-G", "--", h.destination()));
        return c;
    }

    /**
     * The hosts without {@code addr=} with the address ssh resolves them to ({@code ssh -G}'s
     * {@code hostname}: an alias's {@code HostName}), so that every role is handed an address its
     * peers can reach, as the controller reaches them. An ssh that cannot say is exit 3 naming the host.
     */
    List<RemoteHost> resolveAll(List<RemoteHost> hosts) {
        java.nio.file.Path scratch;
        try {
            scratch = java.nio.file.Files.createTempDirectory("wirebench-ssh");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot create a scratch directory: " + e.getMessage(), e);
        }
        try {
            return resolveAll(hosts, scratch);
        } finally {
            try {
                RemoteInstall.deleteTree(scratch);
            } catch (java.io.IOException e) {
                // an empty scratch directory left in tmp does no harm
            }
        }
    }

    private List<RemoteHost> resolveAll(List<RemoteHost> hosts, java.nio.file.Path scratch) {
        List<RemoteHost> resolved = new ArrayList<>();
        for (RemoteHost h : hosts) {
            if (h.address() != null) {
                resolved.add(h);
                continue;
            }
            List<String> cmd = resolve(h);
            SshRunner.Result r = SshRunner.run(cmd, null, null, scratch, 30);
            String name = null;
            for (String l : r.stdout().split("\n")) {
                if (l.startsWith("hostname ")) {
                    name = l.substring("hostname ".length()).strip();
                }
            }
            if (!r.ok() || name == null || name.isEmpty()) {
                throw wirebench.contract.WirebenchException.badInput("campaign: host " + h.label() + ": cannot learn"
                        + " its address from ssh (exit " + r.exit() + ": " + r.error() + "; command: " + shown(cmd)
                        + "); give it addr= in the hosts file");
            }
            resolved.add(h.withSshAddress(name));
        }
        return resolved;
    }

    /** Words quoted for a POSIX shell, joined with blanks (words without special characters unquoted). */
    static String shell(List<String> words) {
        StringBuilder sb = new StringBuilder();
        for (String w : words) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(quote(w));
        }
        return sb.toString();
    }

    static String quote(String w) {
        if (!w.isEmpty() && PLAIN.matcher(w).matches()) {
            return w;
        }
        return "'" + w.replace("'", "'\\''") + "'";
    }

    /** A command as a person would type it (for --dry-run, logs and messages). */
    static String shown(List<String> command) {
        return shell(command);
    }

    /**
     * What an ssh that exited 255 said: its last non-empty stderr line ({@code ssh: connect to host
     * ... port 22: Connection timed out}, {@code Permission denied (publickey).}, {@code Timeout,
     * server ... not responding.}).
     */
    static String sshError(List<String> stderrLines) {
        for (int i = stderrLines.size() - 1; i >= 0; i--) {
            String l = stderrLines.get(i).strip();
            if (!l.isEmpty() && !l.startsWith("$ ")) {
                return l;
            }
        }
        return "no message";
    }
}
