package wirebench.runner.transport.idle;

import java.util.LinkedHashMap;
import java.util.Map;

import wirebench.contract.Numbers;

/**
 * What a run competed with for the CPUs, recorded in run.json under {@code contention} and said in
 * one stderr line: the CPUs usable, the threads that busy-wait, the load average at start and end
 * and the idle strategy with its reason. {@code roles_shared_cpu}: more spinning threads than usable
 * CPUs; {@code oversubscribed}: that, or the start load plus our spinning threads, or the end load
 * (which includes them), above the usable CPUs by more than {@link #LOAD_SLACK} (an idle machine's
 * own background). Either way latency includes scheduler waits. The load average is the kernel's
 * 1-minute average of runnable threads: it lags, and in a two-process run the peer may be in it.
 *
 * <p>With the peer on this host the spinning threads count its threads too (assumed alike). Its CPUs
 * decide what they are compared with: when {@link PeerCpus} found the peer process
 * ({@code peer_affinity}), the CPUs of both affinity masks together (each role on a CPU of its own
 * does not share; both {@code taskset -c 0} do), else this process's usable CPUs (the peer assumed
 * to have the same ones).
 */
public final class Contention {
    /** Load above the usable CPUs tolerated before a run counts as oversubscribed. */
    public static final double LOAD_SLACK = 0.5;
    /** The idle strategies whose waits end in a park (a sleep the scheduler wakes the thread from). */
    private static final java.util.Set<String> PARKING = java.util.Set.of("spinpark", "park", "backoff", "sleep");

    private final CpuFacts cpus;
    private final int cpusOnline;
    private final int spinningThreads;
    private final Double loadStart1m;
    private volatile PeerCpus.Peer peer;

    /** Taken at the start of a run. */
    public Contention(CpuFacts cpus, int cpusOnline, int spinningThreads, Double loadStart1m) {
        this.cpus = cpus;
        this.cpusOnline = cpusOnline;
        this.spinningThreads = spinningThreads;
        this.loadStart1m = loadStart1m;
    }

    /** This process now. */
    public static Contention now(int spinningThreads) {
        return new Contention(CpuFacts.current(), Runtime.getRuntime().availableProcessors(), spinningThreads,
                CpuFacts.loadAverage1m());
    }

    /** The peer process on this host was found (from any thread). */
    public void peer(PeerCpus.Peer p) {
        this.peer = p;
    }

    /**
     * The CPUs the spinning threads (ours and the peer's) can run on: both affinity masks together
     * when the peer was found, both masks are known and no cgroup quota applies, else this process's
     * usable CPUs.
     */
    int cpusForAll() {
        PeerCpus.Peer p = peer;
        java.util.BitSet mine = CpuFacts.cpuSet(cpus.affinity());
        java.util.BitSet theirs = p == null ? null : CpuFacts.cpuSet(p.affinity());
        if (mine == null || theirs == null || cpus.cpuQuotaCpus() != null) {
            return cpus.cpusUsable(); // under a cgroup quota the peer most likely shares it: assumed alike
        }
        java.util.BitSet all = (java.util.BitSet) mine.clone();
        all.or(theirs);
        return all.cardinality();
    }

    /**
     * {@code roles_shared_cpu}: more spinning threads (ours and the peer's) than the CPUs they can
     * run on ({@link #cpusForAll}).
     */
    boolean rolesShareCpu() {
        return spinningThreads > cpusForAll();
    }

    /**
     * {@code parked_roles_may_share_cpu}: every CPU the roles can run on has a spinning role (and no
     * more), their waits park ({@code idle} is spinpark, park, backoff or sleep) and nothing keeps them
     * apart (the peer's affinity, when found, overlaps ours). A parked role that wakes can then be
     * placed on the CPU where the other role spins, and each hop waits out that role's spin until the
     * scheduler separates them: measured on 2 CPUs, p99 38-195 us against 18-19 us with each process
     * pinned to its own CPU, p50 unchanged (docs/pubsub.md, "The tails of a two-process latency test").
     */
    boolean parkedRolesMayShareCpu(String idle) {
        int all = cpusForAll();
        if (spinningThreads < 2 || spinningThreads != all || !PARKING.contains(idle)) {
            return false;
        }
        PeerCpus.Peer p = peer;
        java.util.BitSet mine = CpuFacts.cpuSet(cpus.affinity());
        java.util.BitSet theirs = p == null ? null : CpuFacts.cpuSet(p.affinity());
        return mine == null || theirs == null || mine.intersects(theirs);
    }

    /** The peer's affinity list as found, null while the peer is not known. */
    String peerAffinity() {
        PeerCpus.Peer p = peer;
        return p == null ? null : p.affinity();
    }

    /** CPUs usable by this process. */
    public int cpusUsable() {
        return cpus.cpusUsable();
    }

    /** Threads that busy-wait in this run (counted by the caller). */
    public int spinningThreads() {
        return spinningThreads;
    }

    /**
     * The run.json entry at the end of the run.
     *
     * @param loadEnd1m  the 1-minute load average now, null if unknown
     * @param idle       the idle strategy used ({@code auto} resolved to the one most waits used)
     * @param idleReason why
     */
    public Map<String, Object> finish(Double loadEnd1m, String idle, String idleReason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpus_usable", cpus.cpusUsable());
        m.put("cpus_online", cpusOnline);
        m.put("affinity", cpus.affinity());
        m.put("cpu_quota_cpus", cpus.cpuQuotaCpus());
        m.put("spinning_threads", spinningThreads);
        PeerCpus.Peer p = peer;
        m.put("peer_pid", p == null ? null : p.pid());
        m.put("peer_affinity", p == null ? null : p.affinity());
        m.put("loadavg_start_1m", loadStart1m);
        m.put("loadavg_end_1m", loadEnd1m);
        int cpusForAll = cpusForAll();
        boolean shared = rolesShareCpu();
        double limit = cpusForAll + LOAD_SLACK;
        boolean over = shared || (loadStart1m != null && loadStart1m + spinningThreads > limit)
                || (loadEnd1m != null && loadEnd1m > limit);
        m.put("roles_shared_cpu", shared);
        m.put("oversubscribed", over);
        // absent in older results (not judged then); the stderr line says it when it says nothing worse
        m.put("parked_roles_may_share_cpu", !shared && parkedRolesMayShareCpu(idle));
        m.put("idle_strategy", idle);
        m.put("idle_strategy_reason", idleReason);
        return m;
    }

    /** The one stderr line for {@link #finish}'s map. */
    public static String line(Map<String, Object> m) {
        String quota = m.get("cpu_quota_cpus") == null ? "no quota"
                : "quota " + Numbers.upTo(((Number) m.get("cpu_quota_cpus")).doubleValue(), 2) + " CPUs";
        String verdict = verdict(m);
        String peer = m.get("peer_affinity") == null ? "" : ", peer pid " + m.get("peer_pid") + " on CPUs "
                + m.get("peer_affinity");
        return "Contention: " + m.get("cpus_usable") + " usable CPUs (affinity " + m.get("affinity") + ", " + quota
                + ")" + peer + ", " + m.get("spinning_threads") + " spinning threads, load " + load(m.get("loadavg_start_1m"))
                + " -> " + load(m.get("loadavg_end_1m")) + "; idle " + m.get("idle_strategy") + " ("
                + m.get("idle_strategy_reason") + ")" + verdict;
    }

    /** The worst thing the entry says about the latency measured, as the line's last clause ("" when nothing). */
    private static String verdict(Map<String, Object> m) {
        if (Boolean.TRUE.equals(m.get("roles_shared_cpu"))) {
            return "; roles shared a CPU: latency includes scheduler waits";
        }
        if (Boolean.TRUE.equals(m.get("oversubscribed"))) {
            return "; oversubscribed: latency includes scheduler waits";
        }
        if (Boolean.TRUE.equals(m.get("parked_roles_may_share_cpu"))) {
            return "; every CPU has a spinning role and waits park: a woken role can land on the other's CPU, so the"
                    + " tails (p99) may include the scheduler; for tails, pin each process to its own CPU (taskset -c)";
        }
        return "";
    }

    private static String load(Object v) {
        return v == null ? "?" : Numbers.fmt("%.2f", ((Number) v).doubleValue());
    }
}
