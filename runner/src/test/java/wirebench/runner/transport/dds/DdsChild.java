package wirebench.runner.transport.dds;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import wirebench.runner.udp.Jdks;
import wirebench.testsupport.Prerequisites;

/**
 * A child JVM on a JDK 22+ (the DDS engine's Foreign Function &amp; Memory calls; the tests run on
 * 17) with this test's class path, its output lines queued as they come. Also the DDS tests'
 * prerequisites: the JDK and Cyclone DDS's library.
 */
public final class DdsChild implements AutoCloseable {
    /** Where Debian puts libddsc's runtime soname. */
    static final List<Path> LIBDDSC = List.of(Path.of("/usr/lib/x86_64-linux-gnu/libddsc.so.0debian"),
            Path.of("/usr/lib/aarch64-linux-gnu/libddsc.so.0debian"));

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();

    private DdsChild(List<String> command, java.util.Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        process = pb.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null;) {
                    lines.add(l);
                }
            } catch (IOException e) {
                lines.add("reader: " + e);
            }
        }, "dds-child-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** The JDK 22+ home, after checking the prerequisites (JDK 22+, libddsc). */
    public static Path requirePrerequisites() {
        Prerequisites.require(LIBDDSC.stream().anyMatch(Files::exists), "Cyclone DDS's C library libddsc.so.0debian"
                + " (Debian package libddsc0debian)", "apt-get install libddsc0debian (" + Prerequisites.SETUP + ")");
        return Jdks.requireJdk22("the DDS engine (Cyclone DDS through the Foreign Function & Memory API)");
    }

    /** {@link #requirePrerequisites()}, and root, iproute2 and nftables for a test in network namespaces. */
    public static Path requireNamespacePrerequisites() {
        Prerequisites.requireRoot("network namespaces");
        Prerequisites.requireCommand("ip", "iproute2");
        Prerequisites.requireCommand("nft", "nftables");
        return requirePrerequisites();
    }

    /** Runs {@code mainClass args} on the JDK 22+. */
    public static DdsChild start(String mainClass, String... args) throws IOException {
        return startIn(null, mainClass, args);
    }

    /** Runs {@code mainClass args} on the JDK 22+ in the network namespace {@code netns} (null: this one). */
    public static DdsChild startIn(String netns, String mainClass, String... args) throws IOException {
        Path jdk = requirePrerequisites();
        List<String> cmd = new ArrayList<>(netns == null ? List.of() : List.of("ip", "netns", "exec", netns));
        cmd.addAll(List.of(jdk.resolve("bin/java").toString(), "--add-opens",
                "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED"));
        // the poms' options for fixture JVMs (WIREBENCH_JAVA_OPTS: the client compiler and the serial collector,
        // as every other role the tests start; a 2.5 s DDS run took 6.5 -> 6.0 CPU-s with them)
        cmd.addAll(wirebench.runner.cli.JavaOptions.fromEnvironment());
        cmd.addAll(List.of("-Duser.language=de", "-Duser.country=DE", "-cp", System.getProperty("java.class.path"),
                mainClass));
        cmd.addAll(List.of(args));
        return new DdsChild(cmd, java.util.Map.of());
    }

    /** Runs {@code command} (e.g. ddsperf) with {@code env} added to this process's environment. */
    public static DdsChild command(java.util.Map<String, String> env, String... command) throws IOException {
        return new DdsChild(List.of(command), env);
    }

    /** The child's process id. */
    public long pid() {
        return process.pid();
    }

    /** The next line that contains {@code text}, waiting up to {@code seconds}; null on timeout or exit. */
    public String await(String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            String l = lines.poll(200, TimeUnit.MILLISECONDS);
            if (l != null) {
                seen.add(l);
                if (l.contains(text)) {
                    return l;
                }
            } else if (!process.isAlive() && lines.isEmpty()) {
                return null;
            }
        }
        return null;
    }

    /** Every line read so far (for failure messages), then whatever is queued. */
    public List<String> output() {
        List<String> all = new ArrayList<>(seen);
        lines.drainTo(all);
        seen.clear();
        seen.addAll(all);
        return all;
    }

    /** Waits up to {@code seconds} for the exit; its code, or -1 when still running. */
    public int exit(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
    }

    /** Sends SIGTERM and waits up to {@code seconds} for the exit; its code, or -1 when still running. */
    public int stop(long seconds) throws InterruptedException {
        process.destroy();
        return exit(seconds);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
