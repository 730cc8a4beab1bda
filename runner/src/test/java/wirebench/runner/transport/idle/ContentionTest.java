package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The run.json contention entry and its stderr line. */
class ContentionTest {
    private static final CpuFacts TWO = new CpuFacts("0-1", 2, null, 2);
    private static final CpuFacts ONE = new CpuFacts("0", 1, null, 1);

    @Test
    void shouldRecordEveryFieldWithUnits() {
        Map<String, Object> m = new Contention(TWO, 2, 2, 0.25).finish(0.5, "spinyield", "why");

        assertThat(m).containsOnlyKeys("cpus_usable", "cpus_online", "affinity", "cpu_quota_cpus", "spinning_threads",
                "peer_pid", "peer_affinity", "loadavg_start_1m", "loadavg_end_1m", "roles_shared_cpu", "oversubscribed",
                "parked_roles_may_share_cpu", "idle_strategy", "idle_strategy_reason");
        assertThat(m).containsEntry("cpus_usable", 2).containsEntry("affinity", "0-1")
                .containsEntry("spinning_threads", 2).containsEntry("loadavg_start_1m", 0.25)
                .containsEntry("loadavg_end_1m", 0.5).containsEntry("roles_shared_cpu", false)
                .containsEntry("oversubscribed", false).containsEntry("idle_strategy", "spinyield");
    }

    @Test
    void shouldWarnOfTheTailsWhenEveryCpuHasASpinningRoleWhoseWaitsPark() {
        Map<String, Object> m = new Contention(TWO, 2, 2, 0.1).finish(0.3, "spinpark", "why");

        assertThat(m).containsEntry("parked_roles_may_share_cpu", true).containsEntry("oversubscribed", false);
        assertThat(Contention.line(m)).endsWith("; every CPU has a spinning role and waits park: a woken role can land on"
                + " the other's CPU, so the tails (p99) may include the scheduler; for tails, pin each process to its own"
                + " CPU (taskset -c)");
    }

    @Test
    void shouldNotWarnOfTheTailsWhenWaitsDoNotParkOrACpuIsLeftOrThePeerIsPinnedApart() {
        assertThat(new Contention(TWO, 2, 2, 0.1).finish(0.3, "spinyield", "why"))
                .as("waits that yield are not woken").containsEntry("parked_roles_may_share_cpu", false);
        assertThat(new Contention(TWO, 2, 2, 0.1).finish(0.3, "spin", "why"))
                .containsEntry("parked_roles_may_share_cpu", false);
        assertThat(new Contention(new CpuFacts("0-3", 4, null, 4), 4, 2, 0.1).finish(0.3, "spinpark", "why"))
                .as("two CPUs left idle").containsEntry("parked_roles_may_share_cpu", false);
        Contention apart = new Contention(ONE, 2, 2, 0.1);
        apart.peer(new PeerCpus.Peer(4242, "1"));
        Map<String, Object> m = apart.finish(0.3, "spinpark", "why");
        assertThat(m).as("each process pinned to its own CPU").containsEntry("parked_roles_may_share_cpu", false);
        assertThat(Contention.line(m)).doesNotContain("pin each process");
        Contention overlapping = new Contention(TWO, 2, 2, 0.1);
        overlapping.peer(new PeerCpus.Peer(4242, "1"));
        assertThat(overlapping.finish(0.3, "park", "why")).as("the peer on CPU 1, this process free to go there")
                .containsEntry("parked_roles_may_share_cpu", true);
    }

    @Test
    void shouldSayRolesSharedACpuWhenMoreThreadsSpinThanCpusAreUsable() {
        Map<String, Object> m = new Contention(ONE, 2, 2, 0.1).finish(0.2, "yield", "why");

        assertThat(m).containsEntry("roles_shared_cpu", true).containsEntry("oversubscribed", true);
        assertThat(Contention.line(m)).contains("roles shared a CPU: latency includes scheduler waits")
                .contains("1 usable CPUs (affinity 0, no quota)");
    }

    @Test
    void shouldNotSayRolesSharedACpuWhenThePeerWasFoundOnAnotherCpu() {
        Contention c = new Contention(ONE, 2, 2, 0.1);
        c.peer(new PeerCpus.Peer(4242, "1"));
        Map<String, Object> m = c.finish(1.9, "spinyield", "why");

        assertThat(m).containsEntry("roles_shared_cpu", false).containsEntry("oversubscribed", false)
                .containsEntry("peer_pid", 4242L).containsEntry("peer_affinity", "1");
        assertThat(Contention.line(m)).contains("1 usable CPUs (affinity 0, no quota), peer pid 4242 on CPUs 1,")
                .doesNotContain("latency includes scheduler waits");
    }

    @Test
    void shouldSayRolesSharedACpuWhenThePeerWasFoundOnTheSameCpu() {
        Contention c = new Contention(ONE, 2, 2, 0.1);
        c.peer(new PeerCpus.Peer(4242, "0"));
        Map<String, Object> m = c.finish(0.2, "yield", "why");

        assertThat(m).containsEntry("roles_shared_cpu", true).containsEntry("peer_affinity", "0");
    }

    @Test
    void shouldAssumeThePeerAlikeUnderACgroupQuota() {
        Contention c = new Contention(new CpuFacts("0", 1, 1.0, 1), 2, 2, 0.1);
        c.peer(new PeerCpus.Peer(4242, "1"));

        assertThat(c.finish(0.2, "yield", "why")).containsEntry("roles_shared_cpu", true);
    }

    @Test
    void shouldSayOversubscribedWhenTheLoadLeavesNoCpuForTheSpinningThreads() {
        Map<String, Object> m = new Contention(TWO, 2, 2, 3.5).finish(1.0, "yield", "why");

        assertThat(m).containsEntry("roles_shared_cpu", false).containsEntry("oversubscribed", true);
        assertThat(Contention.line(m)).contains("load 3.50 -> 1.00").contains("oversubscribed: latency includes"
                + " scheduler waits");
    }

    @Test
    void shouldStartAutoWithYieldWhenASpinCannotWin() {
        assertThat(new AutoIdle(2, 1).startStrategy()).isEqualTo("yield");
        assertThat(new AutoIdle(2, 2).startStrategy()).isEqualTo("spinpark");
        assertThat(new AutoIdle(2, 1).reason()).contains("no measured waits").contains("2 spinning threads on 1");
    }

    @Test
    void shouldSettleAutoOnYieldWhenThePeerFoundSharesThisProcesssCpu() {
        long[] nowNs = {IdleChooser.CYCLE_NS * 8 + IdleChooser.CYCLE_NS / 2}; // outside the trial slots
        // both roles taskset -c 0: this process's one spinning thread fits its one CPU, so auto starts
        // from the spin; the peer, found later on the same CPU, makes two spinning threads on one
        AutoIdle shared = new AutoIdle(1, 1, () -> nowNs[0], 0);
        AdaptiveIdleStrategy s = shared.newStrategy();
        s.reset();
        s.idle();
        assertThat(s.chooser().incumbent()).as("before the peer is known").isZero();
        s.arrived();

        Contention bothOnCpu0 = new Contention(ONE, 2, 2, 0.1);
        bothOnCpu0.peer(new PeerCpus.Peer(4242, "0"));
        shared.peerFound(bothOnCpu0);
        s.reset();
        s.idle();

        assertThat(s.chooser().home()).isEqualTo(1);
        assertThat(s.chooser().incumbent()).as("yield at the next wait").isEqualTo(1);
        assertThat(shared.reason()).contains("settled on yield when the peer was found: 2 spinning threads on the 1"
                + " CPU(s) of both processes (peer affinity 0), a spin cannot win");
        assertThat(s.chooser().settled()).isTrue();
    }

    @Test
    void shouldKeepTheSpinWhenThePeerFoundRunsOnACpuOfItsOwn() {
        long[] nowNs = {IdleChooser.CYCLE_NS * 8 + IdleChooser.CYCLE_NS / 2};
        // publisher taskset -c 1, subscriber -c 0: two spinning threads on the two CPUs of both masks
        AutoIdle apart = new AutoIdle(1, 1, () -> nowNs[0], 0);
        AdaptiveIdleStrategy s = apart.newStrategy();

        Contention onCpusOfTheirOwn = new Contention(ONE, 2, 2, 0.1);
        onCpusOfTheirOwn.peer(new PeerCpus.Peer(4242, "1"));
        apart.peerFound(onCpusOfTheirOwn);
        s.reset();
        s.idle();

        assertThat(s.chooser().home()).isZero();
        assertThat(s.chooser().incumbent()).isZero();
        assertThat(apart.reason()).doesNotContain("settled");
        assertThat(s.chooser().settled()).isFalse();
    }
}
