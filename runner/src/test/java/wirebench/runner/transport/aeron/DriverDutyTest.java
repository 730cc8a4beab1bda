package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * INVOKER threading's duty cycle: the keeper runs the driver when no role thread does, cycles
 * never overlap whoever runs them (role threads, the Aeron client's calls, the keeper), and none
 * runs after close. The agent here counts its cycles and detects overlap; the real driver's agent
 * runs under the same class in every loopback test (INVOKER is the default on small machines).
 */
class DriverDutyTest {

    /** Counts cycles; records any cycle that starts while another is running. */
    private static final class CountingAgent implements Agent {
        final AtomicLong cycles = new AtomicLong();
        final AtomicInteger active = new AtomicInteger();
        final AtomicInteger overlaps = new AtomicInteger();

        @Override
        public int doWork() {
            if (active.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
            }
            for (int i = 0; i < 200; i++) {
                Thread.onSpinWait();
            }
            cycles.incrementAndGet();
            active.decrementAndGet();
            return 1;
        }

        @Override
        public String roleName() {
            return "counting";
        }
    }

    private static DriverDuty dutyOver(CountingAgent agent) {
        AgentInvoker invoker = new AgentInvoker(Throwable::printStackTrace, null, agent);
        invoker.start();
        return new DriverDuty(invoker);
    }

    @Test
    @Timeout(30)
    void shouldKeepTheDriverRunningWhenNoRoleThreadDoes() {
        CountingAgent agent = new CountingAgent();
        try (DriverDuty duty = dutyOver(agent)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (agent.cycles.get() < 5 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(agent.cycles.get()).as("cycles run by the keeper alone").isGreaterThanOrEqualTo(5);
            assertThat(duty.cycles()).isEqualTo(agent.cycles.get());
        }
    }

    @Test
    @Timeout(60)
    void shouldNeverRunTwoCyclesAtOnce() throws InterruptedException {
        CountingAgent agent = new CountingAgent();
        try (DriverDuty duty = dutyOver(agent)) {
            AtomicLong ranByRoles = new AtomicLong();
            Runnable role = () -> {
                for (int i = 0; i < 50_000; i++) {
                    ranByRoles.addAndGet(duty.run());
                }
            };
            Thread a = new Thread(role);
            Thread b = new Thread(role);
            Thread client = new Thread(() -> {
                for (int i = 0; i < 5_000; i++) {
                    duty.clientInvoker().invoke();
                }
            });
            a.start();
            b.start();
            client.start();
            a.join();
            b.join();
            client.join();

            assertThat(agent.overlaps.get()).isZero();
            assertThat(ranByRoles.get()).as("cycles run by the role threads").isPositive();
            assertThat(agent.cycles.get()).isGreaterThanOrEqualTo(ranByRoles.get() + 5_000);
        }
    }

    @Test
    @Timeout(30)
    void shouldRunNoCycleAfterClose() {
        CountingAgent agent = new CountingAgent();
        DriverDuty duty = dutyOver(agent);
        assertThat(duty.run()).isEqualTo(1);

        duty.close();
        long after = agent.cycles.get();

        assertThat(duty.keeperAlive()).isFalse();
        assertThat(duty.run()).isZero();
        assertThat(duty.clientInvoker().invoke()).isZero();
        assertThat(agent.cycles.get()).isEqualTo(after);
    }

    @Test
    @Timeout(30)
    void shouldFindTheDriversReceiverAgentWhenTheDriverRunsAsAnInvoker() {
        // the Aeron and Agrona versions of the build: a waiting turn can poll the data sockets alone
        try (EmbeddedDriver driver = new EmbeddedDriver("INVOKER", BusySpinIdleStrategy::new, 2 << 20, 2 << 20)) {
            assertThat(driver.duty().receiverAlone()).isTrue();
        }
    }

    @Test
    @Timeout(30)
    void shouldRunAWholeCycleWhenAFrameWaitsToBeSent() {
        try (EmbeddedDriver driver = new EmbeddedDriver("INVOKER", BusySpinIdleStrategy::new, 2 << 20, 2 << 20)) {
            DriverDuty duty = driver.duty();
            long before = duty.cycles();
            duty.sendPending();
            duty.runReceiver();
            assertThat(duty.cycles()).as("a pending frame needs the Sender: a whole cycle").isGreaterThan(before);
        }
    }

    @Test
    @Timeout(30)
    void shouldRunWholeCyclesWhenTheAgentIsNoComposite() {
        CountingAgent agent = new CountingAgent();
        try (DriverDuty duty = dutyOver(agent)) {
            assertThat(duty.receiverAlone()).isFalse();
            long before = agent.cycles.get();
            duty.runReceiver();
            assertThat(agent.cycles.get()).isGreaterThan(before);
        }
    }

    @Test
    @Timeout(30)
    void shouldRunTheWholeCycleOnEveryEighthOfferTurnWhenTheSenderIsFound() {
        try (EmbeddedDriver driver = new EmbeddedDriver("INVOKER", BusySpinIdleStrategy::new, 2 << 20, 2 << 20)) {
            DriverDuty duty = driver.duty();
            assertThat(duty.senderAlone()).as("the Aeron and Agrona versions of the build").isTrue();
            OfferTurns turns = new OfferTurns(duty);
            long before = duty.cycles();
            for (int i = 0; i < 80; i++) {
                turns.run();
            }
            // 80 turns, one whole in 8: 10 whole cycles (the keeper runs one only after 50 ms without any;
            // whatever it ran is counted apart by the loop below)
            long keeper = duty.cycles() - before - 10;
            assertThat(keeper).as("cycles beyond the offers' whole ones (the keeper's)").isBetween(0L, 2L);
        }
    }

    @Test
    @Timeout(30)
    void shouldRunWholeCyclesOnOfferTurnsWhenTheAgentIsNoComposite() {
        CountingAgent agent = new CountingAgent();
        try (DriverDuty duty = dutyOver(agent)) {
            assertThat(duty.senderAlone()).isFalse();
            long before = agent.cycles.get();
            duty.runSend();
            assertThat(agent.cycles.get()).isGreaterThan(before);
        }
    }
}
