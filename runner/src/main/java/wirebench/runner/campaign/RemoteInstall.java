package wirebench.runner.campaign;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import wirebench.runner.cli.MainClass;

/**
 * What a multi-host campaign installs on each host, under {@code REMOTE_DIR/install/HASH/}: the
 * role wrapper {@code wb-role.sh}, the stop script {@code wb-stop.sh} and (unless
 * {@code --remote-wirebench} names an existing install) a launcher {@code wirebench} with the
 * runner's jars in {@code lib/}. HASH is the SHA-256 of the bundle's paths and contents, so a
 * host that already holds it gets nothing pushed; a push is unpacked beside and renamed into
 * place, so an interrupted push leaves no half install.
 */
final class RemoteInstall {
    private static final String RESOURCES = "/wirebench/runner/campaign/";
    private static final Pattern JAVA_VERSION = Pattern.compile("version \"(1\\.)?(\\d+)");
    static final int JAVA_MIN = 17;

    private final Path staging;
    private final String hash;
    private final boolean withRunner;

    private RemoteInstall(Path staging, String hash, boolean withRunner) {
        this.staging = staging;
        this.hash = hash;
        this.withRunner = withRunner;
    }

    /**
     * Builds the bundle in {@code staging} (emptied first).
     *
     * @param withRunner false with {@code --remote-wirebench}: the scripts only
     */
    static RemoteInstall build(Path staging, boolean withRunner) {
        try {
            deleteTree(staging);
            Files.createDirectories(staging);
            for (String s : List.of("wb-role.sh", "wb-stop.sh")) {
                try (InputStream in = RemoteInstall.class.getResourceAsStream(RESOURCES + s)) {
                    Files.copy(in, staging.resolve(s));
                }
            }
            if (withRunner) {
                List<String> cp = new ArrayList<>();
                int i = 0;
                for (Path entry : classPath()) {
                    String name = (i++) + "-" + entry.getFileName();
                    copyTree(entry, staging.resolve("lib").resolve(name));
                    cp.add("$here/lib/" + name);
                }
                Files.writeString(staging.resolve("wirebench"), launcher(cp), StandardCharsets.UTF_8);
                staging.resolve("wirebench").toFile().setExecutable(true);
            }
            return new RemoteInstall(staging, digest(staging), withRunner);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the bundle for the remote hosts in " + staging, e);
        }
    }

    String hash() {
        return hash;
    }

    boolean withRunner() {
        return withRunner;
    }

    /** The install directory on a host. */
    static String installDir(String remoteDir, String hash) {
        return remoteDir + "/install/" + hash;
    }

    /** The preflight: Java's version, whether the bundle is installed (and the existing launcher runs). */
    static String preflight(String remoteDir, String hash, String java, String remoteWirebench) {
        String j = SshCommands.quote(java);
        String inst = SshCommands.quote(installDir(remoteDir, hash));
        return "v=$(" + j + " -version 2>&1); echo \"java-exit=$?\"; echo \"$v\" | head -n 2 | sed \"s/^/java: /\";"
                + " if [ -f " + inst + "/.complete ]; then echo installed=yes; else echo installed=no; fi;"
                + " for t in setsid timeout tar ps; do command -v $t >/dev/null || echo \"missing=$t\"; done"
                + (remoteWirebench == null ? "" : "; [ -x " + SshCommands.quote(remoteWirebench)
                        + " ] || echo missing-wirebench=yes");
    }

    /** The push: unpack the tar on stdin beside the install directory, then rename it into place. */
    static String push(String remoteDir, String hash) {
        String inst = SshCommands.quote(installDir(remoteDir, hash));
        String part = SshCommands.quote(installDir(remoteDir, hash) + ".part");
        return "rm -rf " + part + " && mkdir -p " + part + " && tar -xf - -C " + part + " && touch " + part
                + "/.complete && rm -rf " + inst + " && mv " + part + " " + inst;
    }

    /** The sweep: stop every role a former run of this campaign left on the host. */
    static String sweep(String remoteDir, String hash, String runs) {
        return "sh " + SshCommands.quote(installDir(remoteDir, hash) + "/wb-stop.sh") + " " + SshCommands.quote(runs)
                + "/*";
    }

    /** The tar of the bundle, for a push (written once into {@code tmp}). */
    Path tarFile(Path tmp) {
        Path tar = tmp.resolve("bundle-" + hash + ".tar");
        if (!Files.exists(tar)) {
            SshRunner.Result r = SshRunner.run(List.of("tar", "-cf", tar.toString(), "-C", staging.toString(), "."),
                    null, null, tmp, 120);
            if (!r.ok()) {
                throw new IllegalStateException("tar of " + staging + " failed: " + r.error());
            }
        }
        return tar;
    }

    /** The major Java version in {@code java -version} output, or -1. */
    static int javaMajor(String versionText) {
        Matcher m = JAVA_VERSION.matcher(versionText);
        return m.find() ? Integer.parseInt(m.group(2)) : -1;
    }

    /**
     * The class path the bundle carries, with the jars a jar's manifest Class-Path names: the runner's
     * jar alone when the runner runs from its jar and that jar's manifest names every library it needs
     * (the launcher's {@code java -jar}; a JVM that embeds the runner beside other code, a test's,
     * pushes no more than the runner needs), else this JVM's whole class path.
     */
    private static Set<Path> classPath() throws IOException {
        Path own = runnerJar();
        List<String> entries = own != null ? List.of(own.toString())
                : List.of(System.getProperty("java.class.path").split(File.pathSeparator));
        Set<Path> out = new LinkedHashSet<>();
        for (String e : entries) {
            if (e.isBlank()) {
                continue;
            }
            Path p = Path.of(e).toAbsolutePath().normalize();
            if (!Files.exists(p) || !out.add(p) || !Files.isRegularFile(p)) {
                continue;
            }
            for (Path q : manifestClassPath(p)) {
                if (Files.isRegularFile(q)) {
                    out.add(q);
                }
            }
        }
        return out;
    }

    /** The runner's jar when this class was loaded from it and every jar its Class-Path names exists; else null. */
    private static Path runnerJar() throws IOException {
        java.security.CodeSource src = RemoteInstall.class.getProtectionDomain().getCodeSource();
        if (src == null) {
            return null;
        }
        Path p;
        try {
            p = Path.of(src.getLocation().toURI());
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            return null;
        }
        if (!Files.isRegularFile(p)) {
            return null; // classes in a directory (a build's target/classes): the whole class path
        }
        try (JarFile jar = new JarFile(p.toFile())) {
            Manifest m = jar.getManifest();
            if (m == null || !MainClass.NAME.equals(m.getMainAttributes().getValue("Main-Class"))) {
                return null;
            }
        }
        List<Path> libs = manifestClassPath(p);
        return !libs.isEmpty() && libs.stream().allMatch(Files::isRegularFile) ? p : null;
    }

    /** The entries of a jar's manifest Class-Path, resolved against the jar's directory (none: empty). */
    private static List<Path> manifestClassPath(Path jarFile) throws IOException {
        try (JarFile jar = new JarFile(jarFile.toFile())) {
            Manifest m = jar.getManifest();
            String extra = m == null ? null : m.getMainAttributes().getValue("Class-Path");
            if (extra == null || extra.isBlank()) {
                return List.of();
            }
            List<Path> out = new ArrayList<>();
            for (String rel : extra.trim().split("\\s+")) {
                out.add(jarFile.getParent().resolve(rel).normalize());
            }
            return out;
        }
    }

    private static String launcher(List<String> classPath) {
        return "#!/bin/sh\n"
                + "# wirebench runner, pushed by `wirebench campaign --hosts` (docs/multihost.md).\n"
                + "# java: $WIREBENCH_JAVA, else $JAVA_HOME/bin/java, else java on the PATH; extra JVM options:\n"
                + "# $WIREBENCH_JAVA_OPTS, as the wirebench launcher.\n"
                + "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
                + "java=${WIREBENCH_JAVA:-${JAVA_HOME:+$JAVA_HOME/bin/}java}\n"
                + "exec \"$java\" --add-opens java.base/jdk.internal.misc=ALL-UNNAMED --add-opens"
                + " java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED"
                + " --enable-native-access=ALL-UNNAMED ${WIREBENCH_JAVA_OPTS:-}"
                + " -Dfile.encoding=UTF-8"
                + " -Dwirebench.git=" + System.getProperty("wirebench.git", "") + " -cp \""
                + String.join(":", classPath) + "\" " + MainClass.NAME + " \"$@\"\n";
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (Files.isRegularFile(from)) {
            Files.createDirectories(to.getParent());
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** SHA-256 of every file's relative path and contents, in path order; 16 hex digits. */
    private static String digest(Path root) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            List<Path> files;
            try (Stream<Path> s = Files.walk(root)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                md.update(root.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                try (InputStream in = Files.newInputStream(f)) {
                    byte[] buf = new byte[1 << 16];
                    for (int n; (n = in.read(buf)) > 0;) {
                        md.update(buf, 0, n);
                    }
                }
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
