package wirebench.runner.transport.aeron;

import java.util.List;

import io.aeron.ChannelUriStringBuilder;
import io.aeron.CommonContext;

import wirebench.runner.transport.Topic;
import wirebench.runner.transport.TransportSettings;

/**
 * The Aeron channel URIs of a run, built with Aeron's {@link ChannelUriStringBuilder}. DATA
 * unicast goes to {@code aeron:udp?endpoint=peer:dataPort} (several peers: a manual
 * multi-destination publication, {@code fc=min}, one {@link #destinations destination} per peer),
 * multicast to {@code aeron:udp?endpoint=group:dataPort|interface=nic} ({@code fc=min} on DATA),
 * IPC to {@code aeron:ipc}; ECHO likewise on the echo port and group. Publications carry the term
 * length and the MTU (from {@link AeronPathSizing}, or {@code -aeronMtu}); subscriptions bind the data or
 * echo port on {@code -nic} (any address without it) and carry {@code reliable}.
 */
public final class AeronChannels {
    private static final String ANY_ADDRESS = "0.0.0.0";
    private static final String FLOW_CONTROL_MIN = "min";
    private final TransportSettings settings;
    private final int dataTermLengthBytes;
    private final int echoTermLengthBytes;
    private final int mtuBytes;

    /** The channels of {@code settings} with terms of {@code termLengthBytes}, the MTU of {@code -aeronMtu}. */
    public AeronChannels(TransportSettings settings, int termLengthBytes) {
        this(settings, termLengthBytes, settings.mtuBytes());
    }

    /**
     * The channels of {@code settings} with terms of {@code termLengthBytes} and publications of
     * {@code mtuBytes} (0 = Aeron's default, none in the URI).
     */
    public AeronChannels(TransportSettings settings, int termLengthBytes, int mtuBytes) {
        this(settings, termLengthBytes, termLengthBytes, mtuBytes);
    }

    /**
     * The channels of {@code settings}: DATA publications with terms of {@code dataTermLengthBytes},
     * ECHO publications with {@code echoTermLengthBytes}, both of {@code mtuBytes} (0 = Aeron's default).
     */
    public AeronChannels(TransportSettings settings, int dataTermLengthBytes, int echoTermLengthBytes, int mtuBytes) {
        this.settings = settings;
        this.dataTermLengthBytes = dataTermLengthBytes;
        this.echoTermLengthBytes = echoTermLengthBytes;
        this.mtuBytes = mtuBytes;
    }

    /** The channel a publication of {@code topic} sends on. */
    public String publication(Topic topic) {
        boolean data = topic == Topic.DATA;
        if (ipc()) {
            return ipcChannel(topic);
        }
        ChannelUriStringBuilder b = udp();
        if (settings.multicast()) {
            b.endpoint(endpoint(data ? settings.multicastGroup() : settings.echoMulticastGroup(), port(topic)))
                    .networkInterface(settings.nic());
            if (data) {
                b.flowControl(FLOW_CONTROL_MIN);
            }
        } else if (peers(topic).size() == 1) {
            b.endpoint(endpoint(peers(topic).get(0), port(topic)));
        } else {
            b.controlMode(CommonContext.MDC_CONTROL_MODE_MANUAL).flowControl(FLOW_CONTROL_MIN);
        }
        return b.termLength(termLength(topic)).mtu(mtu()).build();
    }

    /** The channel a subscription of {@code topic} receives on. */
    public String subscription(Topic topic) {
        if (ipc()) {
            return ipcChannel(topic);
        }
        ChannelUriStringBuilder b = udp();
        if (settings.multicast()) {
            b.endpoint(endpoint(topic == Topic.DATA ? settings.multicastGroup() : settings.echoMulticastGroup(),
                    port(topic))).networkInterface(settings.nic());
        } else {
            b.endpoint(endpoint(settings.nic() == null ? ANY_ADDRESS : settings.nic(), port(topic)));
        }
        return b.reliable(settings.reliable()).build();
    }

    /**
     * The destinations a manual multi-destination publication of {@code topic} gets, one per peer;
     * empty when the publication has its own endpoint (one peer, multicast, IPC).
     */
    public List<String> destinations(Topic topic) {
        if (ipc() || settings.multicast() || peers(topic).size() <= 1) {
            return List.of();
        }
        return peers(topic).stream().map(p -> udp().endpoint(endpoint(p, port(topic))).build()).toList();
    }

    /** How run.json shows the channels of {@code topic}: the publication's, then the subscription's. */
    public String describe(Topic topic) {
        return ipc() ? publication(topic) : publication(topic) + " -> " + subscription(topic);
    }

    private boolean ipc() {
        return settings.kind() == TransportSettings.Kind.AERON_IPC;
    }

    private String ipcChannel(Topic topic) {
        return new ChannelUriStringBuilder().media(CommonContext.IPC_MEDIA).termLength(termLength(topic)).mtu(mtu()).build();
    }

    private int termLength(Topic topic) {
        return topic == Topic.DATA ? dataTermLengthBytes : echoTermLengthBytes;
    }

    private Integer mtu() {
        return mtuBytes > 0 ? mtuBytes : null;
    }

    private static ChannelUriStringBuilder udp() {
        return new ChannelUriStringBuilder().media(CommonContext.UDP_MEDIA);
    }

    private List<String> peers(Topic topic) {
        return topic == Topic.DATA ? settings.dataPeers() : settings.echoPeers();
    }

    /** The UDP port the topic's receivers bind (data or echo port). */
    int port(Topic topic) {
        return topic == Topic.DATA ? settings.dataPort() : settings.echoPort();
    }

    private static String endpoint(String host, int port) {
        return host + ":" + port;
    }
}
