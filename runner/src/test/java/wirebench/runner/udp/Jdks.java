package wirebench.runner.udp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import wirebench.testsupport.Prerequisites;

/** JDKs installed beside the one running the tests: the system property {@code wirebench.jdk22}, else /usr/lib/jvm. */
public final class Jdks {
    private static final Pattern VERSION = Pattern.compile("^JAVA_VERSION=\"(\\d+)", Pattern.MULTILINE);

    private Jdks() {
    }

    /** The feature version of the JDK at {@code home} (from its {@code release} file), or -1. */
    static int feature(Path home) {
        try {
            Matcher m = VERSION.matcher(Files.readString(home.resolve("release")));
            return m.find() && Files.isExecutable(home.resolve("bin/java")) ? Integer.parseInt(m.group(1)) : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** The newest JDK of at least {@code minFeature} under /usr/lib/jvm (or {@code wirebench.jdk22}). */
    static Optional<Path> atLeast(int minFeature) {
        String set = System.getProperty("wirebench.jdk22");
        if (set != null && !set.isBlank()) {
            return Optional.of(Path.of(set)).filter(h -> feature(h) >= minFeature);
        }
        try (Stream<Path> s = Files.list(Path.of("/usr/lib/jvm"))) {
            List<Path> homes = s.filter(h -> feature(h) >= minFeature).toList();
            return homes.stream().max(Comparator.comparingInt(Jdks::feature));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A JDK 22+ for the Foreign Function &amp; Memory API, or the test fails (CI) / is skipped loudly. */
    static Path requireJdk22() {
        return requireJdk22("the recvmmsg method");
    }

    /** A JDK 22+ home for {@code forWhat} (which needs the Foreign Function &amp; Memory API), or fail/skip. */
    public static Path requireJdk22(String forWhat) {
        Optional<Path> home = atLeast(NativeLinux.FFM_FEATURE);
        Prerequisites.require(home.isPresent(), "a JDK 22+ under /usr/lib/jvm (or -Dwirebench.jdk22=HOME) for "
                + forWhat, "bash .ci/setup installs Temurin 25 into /usr/lib/jvm/temurin-25-jdk-amd64");
        return home.orElseThrow();
    }

    /** The java of a JDK below 22: the one running the tests when it is, else one under /usr/lib/jvm. */
    static Path requireJavaBelow22() {
        Path self = Path.of(System.getProperty("java.home"));
        if (Runtime.version().feature() < NativeLinux.FFM_FEATURE) {
            return self.resolve("bin/java");
        }
        Optional<Path> old;
        try (Stream<Path> s = Files.list(Path.of("/usr/lib/jvm"))) {
            old = s.filter(h -> feature(h) >= 17 && feature(h) < NativeLinux.FFM_FEATURE).findFirst();
        } catch (IOException e) {
            old = Optional.empty();
        }
        Prerequisites.require(old.isPresent(), "a JDK 17..21 (the recvmmsg refusal)", "apt-get install openjdk-17-jdk-headless");
        return old.orElseThrow().resolve("bin/java");
    }
}
