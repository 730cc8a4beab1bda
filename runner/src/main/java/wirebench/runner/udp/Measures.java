package wirebench.runner.udp;

/**
 * The figures of one run, computed as speed_test computes them (FACTS: seed 002):
 * data Mbps = bytes x 8 / s / 1e6; wire Mbps = (bytes + 42 x datagrams) x 8 / s / 1e6 (42 = Ethernet
 * 14 + IPv4 20 + UDP 8); data/header ratio = bytes / (42 x datagrams); loss % = (sent - received) x
 * 100 / sent. NaN where a figure is undefined (no time elapsed, nothing sent).
 *
 * @param sent       DATA datagrams the client sent (from END, else START's expected count), -1 unknown
 * @param received   distinct DATA datagrams received
 * @param datagrams  DATA datagrams received including duplicates (they were on the wire)
 * @param bytes      UDP payload bytes of those datagrams
 * @param durationS  seconds from the first DATA to END (or to the last DATA when END was lost)
 */
record Measures(long sent, long received, long datagrams, long bytes, double durationS) {
    /** Ethernet (14) + IPv4 (20) + UDP (8) header bytes per datagram, as speed_test counts them. */
    static final int HEADER_BYTES = 42;

    long lost() {
        return sent < 0 ? -1 : Math.max(0, sent - received);
    }

    double lostPct() {
        return sent <= 0 ? Double.NaN : lost() * 100.0 / sent;
    }

    double dataMbps() {
        return durationS > 0 ? bytes * 8.0 / durationS / 1e6 : Double.NaN;
    }

    double wireMbps() {
        return durationS > 0 ? (bytes + (double) HEADER_BYTES * datagrams) * 8.0 / durationS / 1e6 : Double.NaN;
    }

    double dataHeaderRatio() {
        return datagrams > 0 ? bytes / (HEADER_BYTES * (double) datagrams) : Double.NaN;
    }

    double packetsPerS() {
        return durationS > 0 ? datagrams / durationS : Double.NaN;
    }
}
