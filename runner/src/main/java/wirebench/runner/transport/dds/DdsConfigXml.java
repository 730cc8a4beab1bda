package wirebench.runner.transport.dds;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashSet;
import java.util.Set;

import wirebench.runner.transport.TransportSettings;

/**
 * The Cyclone DDS configuration (the XML given to {@code dds_create_domain}) for a run: the
 * interface ({@code -nic}, or loopback when every peer is on this host), multicast or unicast
 * discovery to the peers ({@code -peer}; loopback cannot multicast, so a local run discovers by
 * unicast), socket buffers, a message size that lets large samples go in few datagrams, and with
 * {@code -transport SHMEM} shared memory through iceoryx (SharedMemory/Enable).
 * Element names from Cyclone's configuration reference (docs/manual/options.md, 0.10.x).
 */
final class DdsConfigXml {
    /** Participant indices a unicast peer is probed on: processes per host per domain. */
    static final int MAX_PARTICIPANTS_PER_HOST = 20;

    private DdsConfigXml() {
    }

    /** The XML for {@code t} and {@code d}. */
    static String of(TransportSettings t, DdsSettings d) {
        Set<String> peers = new LinkedHashSet<>();
        peers.addAll(t.dataPeers());
        peers.addAll(t.echoPeers());
        String nic = t.nic() != null ? t.nic() : peers.stream().allMatch(DdsConfigXml::loopback) ? "127.0.0.1" : null;
        StringBuilder x = new StringBuilder();
        x.append("<CycloneDDS><Domain id=\"any\"><General>");
        if (nic != null) {
            x.append("<Interfaces><NetworkInterface ").append(nic.matches("[0-9.]+") ? "address" : "name").append("=\"")
                    .append(escape(nic)).append("\"/></Interfaces>");
        }
        x.append("<AllowMulticast>").append(t.multicast() ? "true" : "false").append("</AllowMulticast>");
        x.append("<MaxMessageSize>65500B</MaxMessageSize>");
        x.append("</General><Discovery><ParticipantIndex>auto</ParticipantIndex><MaxAutoParticipantIndex>")
                .append(MAX_PARTICIPANTS_PER_HOST - 1).append("</MaxAutoParticipantIndex>");
        if (!t.multicast()) {
            x.append("<Peers>");
            for (String p : peers) {
                x.append("<Peer Address=\"").append(escape(p)).append("\"/>");
            }
            x.append("</Peers>");
        }
        x.append("</Discovery><Internal>");
        String buf = d.socketBufferBytes() + "B";
        x.append("<SocketReceiveBufferSize min=\"default\" max=\"").append(buf).append("\"/>");
        x.append("<SocketSendBufferSize min=\"default\" max=\"").append(buf).append("\"/>");
        if (d.writeBatch()) {
            x.append("<WriteBatch>true</WriteBatch>");
        }
        if (d.sendQueueSize() > 0) {
            long high = whcHighBytes(t, d);
            x.append("<Watermarks><WhcAdaptive>false</WhcAdaptive><WhcLow>").append(Math.min(1024, high))
                    .append("B</WhcLow><WhcHigh>").append(high).append("B</WhcHigh><WhcHighInit>").append(high)
                    .append("B</WhcHighInit></Watermarks>");
        }
        x.append("</Internal>");
        if (t.kind() == TransportSettings.Kind.DDS_SHM) {
            x.append("<SharedMemory><Enable>true</Enable><LogLevel>warn</LogLevel></SharedMemory>");
        }
        x.append("</Domain></CycloneDDS>");
        return x.toString();
    }

    /**
     * Perftest's {@code -sendQueueSize} in Cyclone's terms: a reliable writer waits once this many bytes are
     * unacknowledged (its WHC high-water mark), {@code sendQueueSize} largest messages (at most 2 GiB).
     */
    static long whcHighBytes(TransportSettings t, DdsSettings d) {
        return Math.min(Integer.MAX_VALUE, (long) d.sendQueueSize() * Math.max(1, t.maxMessageBytes()));
    }

    /** With {@code extraPeer} (host:port or host) among the discovery peers: for the RTPS proof. */
    static String withPeer(String xml, String extraPeer) {
        return xml.replace("<Peers>", "<Peers><Peer Address=\"" + escape(extraPeer) + "\"/>");
    }

    private static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
