package wirebench.runner.transport.dds;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Engine;
import wirebench.runner.transport.EngineOptions;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * Eclipse Cyclone DDS through the Foreign Function &amp; Memory API ({@code -engine dds}; docs/dds.md):
 * {@code -domain} is the DDS domain id, {@code -bestEffort} the reliability, {@code -keyed} the keyed
 * type with each message written to its first sample's instance, {@code -ddsHistoryDepth} the history
 * (0 = KEEP_ALL, Perftest's reliable default), {@code -ddsWaitset} a blocking receive; {@code -nic},
 * {@code -peer} and {@code -multicast} go into Cyclone's XML configuration; {@code -ddsperf} speaks
 * ddsperf's ping/pong protocol ({@link DdsperfPeer}) instead of the harness's topics. Needs Java 22+ and
 * libddsc at run time: without them the run is refused (exit 3) naming what to install.
 */
public final class CycloneDdsEngine implements Engine {
    static final String HISTORY_DEPTH = "-ddsHistoryDepth";
    static final String WAITSET = "-ddsWaitset";
    static final String WRITE_BATCH = "-ddsWriteBatch";
    private static final Profile PROFILE = new Profile("dds", List.of("UDPv4"), false, "-engine dds",
            List.of(HISTORY_DEPTH, WAITSET, WRITE_BATCH, DdsperfPeer.OPTION));

    @Override
    public Profile profile() {
        return PROFILE;
    }

    @Override
    public Choice choose(EngineOptions o, Consumer<String> notes) {
        return new Choice(TransportSettings.Kind.DDS, "DDS-UDPv4", !o.bestEffort(), false);
    }

    @Override
    public void check(TransportSettings s) {
        DdsTransport.refusal().ifPresent(why -> {
            throw WirebenchException.badInput(why);
        });
        settings(s);
    }

    @Override
    public Transport open(TransportSettings s) {
        return ddsperf(s) ? new DdsperfPeer(s, settings(s)) : new DdsTransport(s, settings(s));
    }

    /** Both roles of one process share one participant: Cyclone delivers between them in-process. */
    @Override
    public boolean transportPerRole(TransportSettings settings) {
        return false;
    }

    @Override
    public Waiting waiting(TransportSettings s) {
        return settings(s).waitset() ? new Waiting("kernel-wait", "-ddsWaitset: receivers block in a Cyclone waitset")
                : null;
    }

    /** Cyclone's own threads receive and deliver; the role threads poll with the idle strategy or block in a waitset. */
    @Override
    public String threadingLine(TransportSettings s) {
        Threading th = s.threading();
        return "Cyclone DDS's own receive and delivery threads; " + (settings(s).waitset()
                ? "receivers block in a waitset (-ddsWaitset)"
                : "receivers poll dds_take, idle " + th.idle() + (th.auto() != null ? " from " + th.auto().startStrategy()
                        : "") + (th.reason().equals("set on the command line") ? " (set on the command line)" : ""));
    }

    /** Whether {@code -ddsperf} was given: ddsperf's ping/pong protocol instead of the harness's topics. */
    public static boolean ddsperf(TransportSettings s) {
        return Boolean.parseBoolean(s.extras().options().getOrDefault(DdsperfPeer.OPTION, "false"));
    }

    /** The DDS settings of a run, its options checked (usage errors name the option). */
    static DdsSettings settings(TransportSettings s) {
        TransportSettings.Extras x = s.extras();
        if (x.domain() > DdsSettings.MAX_DOMAIN_ID) {
            throw Engine.usage("-domain: the DDS engine takes 0.." + DdsSettings.MAX_DOMAIN_ID
                    + " (RTPS ports 7400 + 250 x domain), got " + x.domain());
        }
        Map<String, String> o = x.options();
        DdsSettings d = DdsSettings.defaults(x.domain(), x.keyed(), s.reliable())
                .withKeyOf(x.key()::of)
                .withWaitset(Boolean.parseBoolean(o.getOrDefault(WAITSET, "false")))
                .withWriteBatch(Boolean.parseBoolean(o.getOrDefault(WRITE_BATCH, "false")));
        String depth = o.get(HISTORY_DEPTH);
        if (depth == null) {
            return d;
        }
        int n;
        try {
            n = Integer.parseInt(depth.strip());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 0) {
            throw Engine.usage(HISTORY_DEPTH + ": expected 0 (KEEP_ALL) or a KEEP_LAST depth >= 1, got '" + depth + "'");
        }
        return d.withHistoryDepth(n);
    }
}
