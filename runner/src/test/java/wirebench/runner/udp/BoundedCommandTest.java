package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.contract.WirebenchException;

/**
 * Helper commands (ip, chrt) run with a deadline that holds: a command that hangs is killed at its
 * timeout, and one that leaves a child holding its output open does not block the caller (the
 * old code read the output to its end before waiting, so neither timeout could fire).
 */
class BoundedCommandTest {

    @Test
    @Timeout(20)
    void shouldReturnAtOnceWhenTheCommandLeavesABackgroundChildHoldingItsOutput() throws Exception {
        long t0 = System.nanoTime();
        String out = NetnsPair.run(15_000, "sh", "-c", "sleep 60 & echo started");

        assertThat(out).isEqualTo("started");
        // not a band: without the fix this call blocks 60 s on the inherited pipe, beyond the 15 s deadline
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(15_000);
    }

    @Test
    @Timeout(20)
    void shouldKillTheCommandAndSaySoWhenItOutlivesItsTimeout() {
        assertThatThrownBy(() -> NetnsPair.run(300, "sh", "-c", "echo waiting; sleep 60"))
                .isInstanceOf(WirebenchException.class)
                .hasMessage("sh -c echo waiting; sleep 60: did not end within 300 ms (killed): waiting");
    }

    @Test
    @Timeout(20)
    void shouldKillTheWholeTreeWhenAProcessOutlivesItsWait() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60").start();
        List<ProcessHandle> before = waitForChildren(p, 2);

        assertThat(BoundedCommand.awaitOrKill(p, 200)).isFalse();

        assertThat(p.isAlive()).isFalse();
        while (before.stream().anyMatch(BoundedCommandTest::running)) { // the @Timeout is the deadline
            Thread.sleep(10);
        }
        assertThat(before).noneMatch(BoundedCommandTest::running);
    }

    @Test
    @Timeout(20)
    void shouldReportTheExitCodeAndOutputWhenTheCommandFails() {
        assertThatThrownBy(() -> NetnsPair.run("sh", "-c", "echo nope >&2; exit 3"))
                .isInstanceOf(WirebenchException.class).hasMessage("sh -c echo nope >&2; exit 3: exit 3: nope");
    }

    /** Alive and not a zombie (an orphan a container's PID 1 never reaps stays one). */
    private static boolean running(ProcessHandle h) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + h.pid() + "/stat"));
            return h.isAlive() && stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static List<ProcessHandle> waitForChildren(Process p, int n) throws InterruptedException {
        while (p.children().count() < n) { // the @Timeout is the deadline
            Thread.sleep(10);
        }
        return p.children().toList();
    }
}
