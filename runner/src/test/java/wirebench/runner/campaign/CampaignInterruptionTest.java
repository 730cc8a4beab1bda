package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shutdown hook against a start under way: a child may print before its start returns, so a
 * SIGTERM can reach the campaign between a child's start and its registration; the hook must still
 * stop that child (CI on 2026-12-03: a child ignoring SIGTERM outlived its campaign), and no child
 * may start after the hook ran.
 */
class CampaignInterruptionTest {
    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    /** A child that ignores SIGTERM, as a stuck Perftest or a wrapper script may. */
    private Process stubborn() throws IOException {
        Process p = new ProcessBuilder("sh", "-c", "trap '' TERM; exec sleep 60").start();
        started.add(p);
        return p;
    }

    private CampaignInterruption interruption(StringWriter err) {
        return new CampaignInterruption(tmp, List.of(), new PrintWriter(err));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldStopAChildWhoseStartWasUnderWayWhenTheHookRan() throws Exception {
        CampaignInterruption ci = interruption(new StringWriter());
        Thread hook = new Thread(ci::onShutdown, "hook");
        AtomicReference<Process> child = new AtomicReference<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread main = new Thread(() -> {
            try {
                ci.start(() -> {
                    Process p = stubborn(); // running: the window between its start and its registration opens
                    child.set(p);
                    hook.start();
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    // the hook either waits for this start to end (BLOCKED) or has already run past it
                    while (hook.getState() != Thread.State.BLOCKED && hook.getState() != Thread.State.TERMINATED
                            && System.nanoTime() - deadline < 0) {
                        VarHandle.acquireFence(); // the state is a plain field: read it afresh each turn
                        Thread.onSpinWait();
                    }
                    return p;
                });
            } catch (Throwable t) {
                failed.set(t);
            }
        }, "main");
        try {
            main.start();
            main.join();
            hook.join();
            assertThat(failed.get()).isNull();
            assertThat(child.get()).isNotNull();
            assertThat(child.get().waitFor(10, TimeUnit.SECONDS)).as("the child started during the hook is stopped")
                    .isTrue();
        } finally {
            started.forEach(Process::destroyForcibly);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldStopTheRunningChildrenAndStartNoneOnceTheHookRan() throws Exception {
        StringWriter err = new StringWriter();
        CampaignInterruption ci = interruption(err);
        try {
            Process before = ci.start(this::stubborn);
            assertThat(before).isNotNull();

            ci.onShutdown();

            assertThat(before.waitFor(10, TimeUnit.SECONDS)).as("stopped by the hook (SIGKILL after the grace)").isTrue();
            assertThat(ci.stopping()).isTrue();
            assertThat(ci.start(this::stubborn)).as("no start after the hook").isNull();
            assertThat(started).hasSize(1);
            assertThat(err.toString()).contains("campaign: interrupted");
        } finally {
            started.forEach(Process::destroyForcibly);
        }
    }
}
