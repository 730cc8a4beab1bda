package wirebench.runner.pubsub;

import java.util.Locale;

import org.agrona.DirectBuffer;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.TransportSettings;
import wirebench.runner.transport.dds.DdsSettings;
import wirebench.runner.transport.dds.DdsTransport;

/**
 * How {@code run pubsub} maps its options onto the Cyclone DDS engine ({@code -engine dds}):
 * {@code -domain} is the DDS domain id, {@code -bestEffort} the reliability, {@code -keyed} the
 * keyed type with each message written to its first sample's instance, {@code -ddsHistoryDepth}
 * the history (0 = KEEP_ALL, Perftest's reliable default), {@code -ddsWaitset} a blocking receive;
 * {@code -nic}, {@code -peer} and {@code -multicast} go into Cyclone's XML configuration.
 */
final class DdsEngine {
    private DdsEngine() {
    }

    /** Whether {@code engine} (the -engine value) names the DDS engine; refuses unknown names. */
    static boolean selected(String engine) {
        String e = engine.toLowerCase(Locale.ROOT);
        if (e.equals("dds") || e.equals("cyclonedds") || e.equals("cyclone")) {
            return true;
        }
        if (e.equals("aeron")) {
            return false;
        }
        throw new WirebenchException(WirebenchException.USAGE, "-engine: expected aeron (default) or dds (Cyclone DDS),"
                + " got '" + engine + "'");
    }

    /** The DDS settings for a run; refuses (exit 3) when Java or libddsc is missing, naming what to install. */
    static DdsSettings settings(int domain, boolean keyed, boolean reliable, Integer historyDepth, boolean waitset) {
        DdsTransport.refusal().ifPresent(why -> {
            throw WirebenchException.badInput(why);
        });
        if (domain > DdsSettings.MAX_DOMAIN_ID) {
            throw new WirebenchException(WirebenchException.USAGE, "-domain: the DDS engine takes 0.."
                    + DdsSettings.MAX_DOMAIN_ID + " (RTPS ports 7400 + 250 x domain), got " + domain);
        }
        if (historyDepth != null && historyDepth < 0) {
            throw new WirebenchException(WirebenchException.USAGE, "-ddsHistoryDepth: expected 0 (KEEP_ALL) or a"
                    + " KEEP_LAST depth >= 1, got " + historyDepth);
        }
        DdsSettings s = DdsSettings.defaults(domain, keyed, reliable).withKeyOf(DdsEngine::keyOf).withWaitset(waitset);
        return historyDepth == null ? s : s.withHistoryDepth(historyDepth);
    }

    /** The engine for one run. */
    static DdsTransport open(TransportSettings t, DdsSettings d) {
        return new DdsTransport(t, d);
    }

    /** A DATA or PONG message's instance: its first sample's key; every other message instance 0. */
    static int keyOf(DirectBuffer b, int off, int len) {
        if (len < Wire.HEADER_BYTES + Wire.SAMPLE_HEADER_BYTES || Wire.compressed(b, off)) {
            return 0;
        }
        byte type = b.getByte(off + 8);
        return type == Wire.DATA || type == Wire.PONG ? b.getInt(off + Wire.HEADER_BYTES + 16) : 0;
    }
}
