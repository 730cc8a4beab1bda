package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A close waits for the one call in progress and stops later calls (SIGTERM's hook against a polling role). */
class InFlightTest {

    @Test
    void shouldRefuseEveryCallAfterTheClose() {
        InFlight f = new InFlight();
        assertThat(f.enter()).isTrue();
        f.exit();
        assertThat(f.close(0)).as("nothing in progress").isTrue();
        assertThat(f.enter()).isFalse();
        assertThat(f.close(0)).as("a refused call leaves nothing in progress").isTrue();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldWaitForTheCallInProgressBeforeTheEndCloses() throws Exception {
        InFlight f = new InFlight();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        CompletableFuture<Void> user = CompletableFuture.runAsync(() -> {
            assertThat(f.enter()).isTrue();
            inside.countDown();
            try {
                leave.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                f.exit();
            }
        });
        assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(f.close(TimeUnit.MILLISECONDS.toNanos(20))).as("a call is still in progress").isFalse();
        CompletableFuture<Boolean> closer = CompletableFuture.supplyAsync(() -> f.close(TimeUnit.SECONDS.toNanos(30)));
        leave.countDown();
        user.get(30, TimeUnit.SECONDS);
        assertThat(closer.get(30, TimeUnit.SECONDS)).as("the close saw the call leave").isTrue();
        assertThat(f.enter()).isFalse();
    }
}
