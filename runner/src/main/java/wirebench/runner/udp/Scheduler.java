package wirebench.runner.udp;

/**
 * Linux scheduling policies a benchmark thread can run under, as {@code sched(7)} names them.
 * OTHER, BATCH and IDLE take priority 0; FIFO and RR take a real-time priority 1..99.
 */
public enum Scheduler {
    OTHER(0, "--other"),
    BATCH(3, "--batch"),
    IDLE(5, "--idle"),
    FIFO(1, "--fifo"),
    RR(2, "--rr");

    private final int policy;
    private final String chrtFlag;

    Scheduler(int policy, String chrtFlag) {
        this.policy = policy;
        this.chrtFlag = chrtFlag;
    }

    /** The kernel's policy number (field 41 of /proc/PID/task/TID/stat). */
    public int policy() {
        return policy;
    }

    String chrtFlag() {
        return chrtFlag;
    }

    public boolean realtime() {
        return this == FIFO || this == RR;
    }

    /** {@code SCHED_FIFO}, as the seed's table writes it. */
    public String label() {
        return "SCHED_" + name();
    }

    /** The policy with a kernel policy number, or null. */
    public static Scheduler ofPolicy(int policy) {
        for (Scheduler s : values()) {
            if (s.policy == policy) {
                return s;
            }
        }
        return null;
    }
}
