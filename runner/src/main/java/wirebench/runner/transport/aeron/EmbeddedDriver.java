package wirebench.runner.transport.aeron;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.IdleStrategy;

import wirebench.contract.WirebenchException;

/**
 * wirebench's embedded Aeron media driver: one per transport, in a fresh directory under
 * {@code /dev/shm} (the temp directory without it) named after the process, deleted on close; the
 * directories of wirebench processes that no longer run are removed at start. Under INVOKER
 * threading it has no thread of its own: {@link #duty()} runs its duty cycle.
 */
final class EmbeddedDriver implements AutoCloseable {
    private static final String DIR_PREFIX = "wirebench-aeron-";
    private final MediaDriver driver;
    private final DriverDuty duty;

    /** The counters' values buffer of the driver's cnc.dat: Aeron's minimum, 1 MiB. */
    static final int COUNTERS_VALUES_BYTES = 1 << 20;
    /** How long the driver waits on a silent client (Aeron's default: 10 s); also the client's service interval. */
    static final long CLIENT_LIVENESS_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);

    /**
     * Launches a driver in {@code modeName} threading (Aeron's ThreadingMode names) whose agents
     * wait with fresh strategies from {@code idle} (one per agent: strategies keep state), with a
     * receiver window of {@code windowBytes} and socket buffers of {@code socketBufferBytes}
     * ({@link AeronPathSizing}).
     */
    EmbeddedDriver(String modeName, Supplier<IdleStrategy> idle, int windowBytes, int socketBufferBytes) {
        deleteStaleDirectories();
        String dir = Paths.get(sharedMemoryRoot(), DIR_PREFIX + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong())).toString();
        MediaDriver.Context ctx = new MediaDriver.Context()
                .aeronDirectoryName(dir)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .termBufferSparseFile(true)
                // Aeron's smallest counters buffer (1 MiB of values, 8192 counters; a run uses a few
                // dozen) instead of its 8 MiB default, whose 4x metadata made cnc.dat 46 MB a driver,
                // created and touched at every start: a -bothRoles run (two drivers) 61 000 -> 42 600
                // page faults, about 0.2 CPU-s less per run, 142 -> 70 MB of /dev/shm
                .counterValuesBufferLength(COUNTERS_VALUES_BYTES)
                // the client shares this process (and with INVOKER threading its threads): a long
                // stall of the process (pre-touching the logs of 10 MB samples at a load of 14 took
                // longer than Aeron's default 10 s) is not a dead client; the unblock timeout must
                // stay above the liveness timeout (Aeron's rule)
                .clientLivenessTimeoutNs(CLIENT_LIVENESS_TIMEOUT_NS)
                .publicationUnblockTimeoutNs(CLIENT_LIVENESS_TIMEOUT_NS + TimeUnit.SECONDS.toNanos(15))
                .socketRcvbufLength(socketBufferBytes)
                .socketSndbufLength(socketBufferBytes)
                .initialWindowLength(windowBytes)
                .threadingMode(threadingMode(modeName))
                .sharedIdleStrategy(idle.get())
                .sharedNetworkIdleStrategy(idle.get())
                .conductorIdleStrategy(idle.get())
                .senderIdleStrategy(idle.get())
                .receiverIdleStrategy(idle.get());
        try {
            driver = MediaDriver.launch(ctx);
            duty = ctx.threadingMode() == ThreadingMode.INVOKER ? new DriverDuty(driver.sharedAgentInvoker()) : null;
        } catch (RuntimeException | LinkageError e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot start the media driver in "
                    + dir + " (" + e + "; Java 17 needs --add-opens java.base/jdk.internal.misc=ALL-UNNAMED)", e);
        }
    }

    /** The driver's directory, for the client. */
    String directory() {
        return driver.aeronDirectoryName();
    }

    /** INVOKER threading: the duty cycle the waiting threads run; null in the other modes. */
    DriverDuty duty() {
        return duty;
    }

    static ThreadingMode threadingMode(String name) {
        try {
            return ThreadingMode.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new WirebenchException(WirebenchException.USAGE,
                    "-threadingMode: expected SHARED, SHARED_NETWORK, DEDICATED or INVOKER, got '" + name + "'");
        }
    }

    private static String sharedMemoryRoot() {
        return Files.isDirectory(Paths.get("/dev/shm")) ? "/dev/shm" : System.getProperty("java.io.tmpdir");
    }

    /** Removes driver directories left by wirebench processes that no longer run (killed runs). */
    static void deleteStaleDirectories() {
        deleteStaleDirectories(Paths.get(sharedMemoryRoot()));
    }

    /**
     * Removes the directories under {@code root} left by wirebench processes that no longer run.
     * Several runs starting at once clean the same directory side by side: a file another one
     * deleted first is not an error (it once failed a run with "internal error: NoSuchFileException").
     */
    static void deleteStaleDirectories(Path root) {
        try (Stream<Path> s = Files.list(root)) {
            s.filter(p -> p.getFileName().toString().startsWith(DIR_PREFIX)).forEach(p -> {
                String rest = p.getFileName().toString().substring(DIR_PREFIX.length());
                int dash = rest.indexOf('-');
                try {
                    long pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                    if (ProcessHandle.of(pid).isEmpty()) {
                        deleteRecursively(p);
                    }
                } catch (NumberFormatException e) {
                    // not ours after all: leave it
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // cleaning is best effort: a stale directory only costs space
        }
    }

    private static void deleteRecursively(Path p) {
        try {
            Files.walkFileTree(p, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    file.toFile().delete();
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // gone meanwhile: another run cleaned it
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    dir.toFile().delete();
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // best effort, see above
        }
    }

    /** Stops the duty cycle (none runs while or after the driver closes), then the driver. */
    @Override
    public void close() {
        if (duty != null) {
            duty.close();
        }
        driver.close();
    }
}
