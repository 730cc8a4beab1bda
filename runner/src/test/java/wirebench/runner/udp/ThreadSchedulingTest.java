package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ThreadSchedulingTest {

    @Test
    @Timeout(30)
    void shouldReportWhatTheKernelSaysWhenAskedForBatchOnAThreadOfItsOwn() throws Exception {
        AtomicReference<ThreadScheduling.Outcome> outcome = new AtomicReference<>();
        AtomicReference<int[]> readBack = new AtomicReference<>();
        Thread t = new Thread(() -> {
            outcome.set(ThreadScheduling.applyToCurrentThread("test thread", Scheduler.BATCH, 0));
            try {
                readBack.set(ThreadScheduling.policyOf(ThreadScheduling.currentTid()));
            } catch (java.io.IOException e) {
                readBack.set(null);
            }
        });
        t.start();
        t.join();
        // SCHED_BATCH needs no privilege: chrt must manage it, and the outcome must match the kernel's record
        assertThat(readBack.get()).isNotNull();
        assertThat(outcome.get().applied()).as(outcome.get().message()).isEqualTo(readBack.get()[0] == 3);
        assertThat(outcome.get().applied()).as(outcome.get().message()).isTrue();
        assertThat(outcome.get().message()).contains("SCHED_BATCH priority 0 applied (chrt)");
    }
}
