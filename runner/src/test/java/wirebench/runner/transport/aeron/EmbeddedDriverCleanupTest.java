package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs that start at once clean the same stale driver directory side by side: none may fail on a
 * file another one deleted first (a run once ended with "internal error: NoSuchFileException
 * .../images" in PortInUseTest), and a live process's directory is kept.
 */
class EmbeddedDriverCleanupTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldLetSeveralRunsCleanTheSameStaleDirectoryAtOnce(@TempDir Path root) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(30, TimeUnit.SECONDS)).isTrue();
        long deadPid = gone.pid();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 20; round++) {
                Path stale = root.resolve("wirebench-aeron-" + deadPid + "-" + round);
                Path live = root.resolve("wirebench-aeron-" + ProcessHandle.current().pid() + "-" + round);
                for (Path d : List.of(stale, live)) {
                    for (String sub : List.of("images", "publications")) {
                        Files.createDirectories(d.resolve(sub));
                        for (int i = 0; i < 50; i++) {
                            Files.writeString(d.resolve(sub).resolve(i + ".logbuffer"), "x");
                        }
                    }
                    Files.writeString(d.resolve("cnc.dat"), "x");
                }
                CountDownLatch start = new CountDownLatch(1);
                List<Future<?>> cleaners = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    cleaners.add(pool.submit(() -> {
                        start.await();
                        EmbeddedDriver.deleteStaleDirectories(root);
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> f : cleaners) {
                    f.get(30, TimeUnit.SECONDS); // throws if a cleaner failed
                }
                assertThat(stale).doesNotExist();
                assertThat(live.resolve("images").resolve("0.logbuffer")).exists();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
