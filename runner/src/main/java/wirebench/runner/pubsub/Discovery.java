package wirebench.runner.pubsub;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import wirebench.contract.WirebenchException;

/** What the publisher and the subscriber say when discovery times out: who is missing. */
final class Discovery {
    private Discovery() {
    }

    /**
     * The error after the discovery timeout, e.g. {@code publisher 0: after 30 s heard from 1 of 2
     * subscribers on domain 1; missing -sidMultiSubTest [1] (...)}.
     *
     * @param self        {@code "publisher 0"} or {@code "subscriber 1"}
     * @param heard       the peer ids heard from
     * @param expected    how many peers were expected (ids 0 .. expected-1)
     * @param peers       {@code "subscribers"} or {@code "publishers"}
     * @param idOption    the option that numbers those peers
     */
    static WirebenchException missing(String self, PubSubConfig cfg, Set<Integer> heard, int expected, String peers,
            String idOption) {
        List<Integer> missing = new ArrayList<>();
        for (int id = 0; id < expected; id++) {
            if (!heard.contains(id)) {
                missing.add(id);
            }
        }
        return new WirebenchException(WirebenchException.RUN_FAILED, self + ": after " + cfg.discoveryTimeoutS()
                + " s heard from " + heard.size() + " of " + expected + " " + peers + " on domain " + cfg.domain()
                + "; missing " + idOption + " " + missing + " (start them with the same -domain and -transport, "
                + "check -peer/-nic)");
    }
}
