package wirebench.runner.transport;

/** The two one-way streams of a pub/sub test. */
public enum Topic {
    /** Publisher to subscribers: samples, discovery hellos, end-of-test markers. */
    DATA,
    /** Subscribers to publisher: latency echoes (pongs), announcements, acknowledgements. */
    ECHO
}
