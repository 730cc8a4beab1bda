package wirebench.runner.transport;

/** The two one-way streams of a pub/sub test. */
public enum Topic {
    /** Publisher to subscribers: samples, discovery hellos, end-of-test markers. */
    DATA,
    /** Subscribers to publisher: latency echoes (pongs), announcements, acknowledgements. */
    ECHO;

    /**
     * Why a receiving port of this topic can be taken, for a bind error: the receiver of DATA is a
     * subscriber, of ECHO a publisher, and over unicast each host holds one of each per domain.
     */
    public String portInUseHint() {
        String role = this == DATA ? "subscriber" : "publisher";
        return "another run on this -domain/-basePort, or a second " + role + " on this host: over unicast a host"
                + " takes one " + role + " per domain; for several use -multicast, or separate hosts";
    }
}
