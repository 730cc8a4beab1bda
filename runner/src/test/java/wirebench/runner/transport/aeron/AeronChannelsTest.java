package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.aeron.ChannelUri;
import org.junit.jupiter.api.Test;

import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.TransportSettings;
import wirebench.runner.transport.TransportSettings.Kind;

/**
 * The channel URIs of every transport and option combination the pub/sub runner uses: unicast (one
 * and several peers), multicast (with and without {@code -nic}), IPC, reliable and best effort,
 * {@code -aeronMtu}, term length. Each URI is also parsed back with Aeron's {@link ChannelUri}.
 */
class AeronChannelsTest {
    private static final int TERM = 4 << 20;

    private static TransportSettings settings(Kind kind, boolean reliable, boolean multicast, String nic,
            List<String> peers, int mtuBytes) {
        return new TransportSettings(kind, reliable, multicast, "239.255.1.1", "239.255.1.3", nic, peers,
                List.of("10.0.0.1"), 20002, 20003, 1002, 1003, 32, false, Threading.forCores(2), null, mtuBytes, null);
    }

    private static AeronChannels channels(Kind kind, boolean reliable, boolean multicast, String nic,
            List<String> peers, int mtuBytes) {
        return new AeronChannels(settings(kind, reliable, multicast, nic, peers, mtuBytes), TERM);
    }

    @Test
    void shouldSendToThePeerAndBindAnyAddressWhenUnicastToOnePeer() {
        AeronChannels c = channels(Kind.AERON_UDP, true, false, null, List.of("10.0.0.2"), 0);

        assertThat(c.publication(Topic.DATA)).isEqualTo("aeron:udp?endpoint=10.0.0.2:20002|term-length=4194304");
        assertThat(c.subscription(Topic.DATA)).isEqualTo("aeron:udp?endpoint=0.0.0.0:20002|reliable=true");
        assertThat(c.publication(Topic.ECHO)).isEqualTo("aeron:udp?endpoint=10.0.0.1:20003|term-length=4194304");
        assertThat(c.subscription(Topic.ECHO)).isEqualTo("aeron:udp?endpoint=0.0.0.0:20003|reliable=true");
        assertThat(c.destinations(Topic.DATA)).isEmpty();
    }

    @Test
    void shouldBindTheNicAndMarkBestEffortWhenNicAndBestEffortAreGiven() {
        AeronChannels c = channels(Kind.AERON_UDP, false, false, "10.0.0.9", List.of("10.0.0.2"), 0);

        assertThat(c.subscription(Topic.DATA)).isEqualTo("aeron:udp?endpoint=10.0.0.9:20002|reliable=false");
        assertThat(c.subscription(Topic.ECHO)).isEqualTo("aeron:udp?endpoint=10.0.0.9:20003|reliable=false");
        assertThat(c.publication(Topic.DATA)).doesNotContain("reliable");
    }

    @Test
    void shouldCarryTheMtuOnPublicationsOnlyWhenAeronMtuIsGiven() {
        AeronChannels c = channels(Kind.AERON_UDP, true, false, null, List.of("10.0.0.2"), 8192);

        assertThat(c.publication(Topic.DATA)).isEqualTo("aeron:udp?endpoint=10.0.0.2:20002|mtu=8192|term-length=4194304");
        assertThat(ChannelUri.parse(c.publication(Topic.ECHO)).get("mtu")).isEqualTo("8192");
        assertThat(c.subscription(Topic.DATA)).doesNotContain("mtu");
    }

    @Test
    void shouldUseAManualMultiDestinationPublicationWhenThereAreSeveralPeers() {
        AeronChannels c = channels(Kind.AERON_UDP, true, false, null, List.of("10.0.0.2", "10.0.0.3"), 0);

        assertThat(c.publication(Topic.DATA))
                .isEqualTo("aeron:udp?control-mode=manual|term-length=4194304|fc=min");
        assertThat(c.destinations(Topic.DATA))
                .containsExactly("aeron:udp?endpoint=10.0.0.2:20002", "aeron:udp?endpoint=10.0.0.3:20002");
        assertThat(c.destinations(Topic.ECHO)).isEmpty(); // one publisher
        assertThat(c.subscription(Topic.DATA)).isEqualTo("aeron:udp?endpoint=0.0.0.0:20002|reliable=true");
    }

    @Test
    void shouldSendToTheGroupsWithMinFlowControlOnDataWhenMulticast() {
        AeronChannels c = channels(Kind.AERON_UDP, true, true, "10.0.0.9", List.of(), 0);

        assertThat(c.publication(Topic.DATA))
                .isEqualTo("aeron:udp?endpoint=239.255.1.1:20002|interface=10.0.0.9|term-length=4194304|fc=min");
        assertThat(c.subscription(Topic.DATA))
                .isEqualTo("aeron:udp?endpoint=239.255.1.1:20002|interface=10.0.0.9|reliable=true");
        assertThat(c.publication(Topic.ECHO))
                .isEqualTo("aeron:udp?endpoint=239.255.1.3:20003|interface=10.0.0.9|term-length=4194304");
        assertThat(c.subscription(Topic.ECHO))
                .isEqualTo("aeron:udp?endpoint=239.255.1.3:20003|interface=10.0.0.9|reliable=true");
        assertThat(c.destinations(Topic.DATA)).isEmpty();
    }

    @Test
    void shouldLeaveTheInterfaceToTheKernelWhenMulticastWithoutNic() {
        AeronChannels c = channels(Kind.AERON_UDP, false, true, null, List.of(), 8192);

        assertThat(c.publication(Topic.DATA))
                .isEqualTo("aeron:udp?endpoint=239.255.1.1:20002|mtu=8192|term-length=4194304|fc=min");
        assertThat(c.subscription(Topic.ECHO)).isEqualTo("aeron:udp?endpoint=239.255.1.3:20003|reliable=false");
    }

    @Test
    void shouldUseOneIpcChannelWithTheTermLengthAndMtuForBothTopicsWhenIpc() {
        AeronChannels c = channels(Kind.AERON_IPC, true, false, null, List.of("127.0.0.1"), 8192);

        for (Topic t : Topic.values()) {
            assertThat(c.publication(t)).isEqualTo("aeron:ipc?mtu=8192|term-length=4194304");
            assertThat(c.subscription(t)).isEqualTo("aeron:ipc?mtu=8192|term-length=4194304");
            assertThat(c.destinations(t)).isEmpty();
            assertThat(c.describe(t)).isEqualTo("aeron:ipc?mtu=8192|term-length=4194304");
        }
    }

    @Test
    void shouldGiveEachTopicsPublicationItsOwnTermWhenDataAndEchoTermsDiffer() {
        TransportSettings udp = settings(Kind.AERON_UDP, true, false, null, List.of("10.0.0.2"), 0);
        AeronChannels c = new AeronChannels(udp, 1 << 20, 4 << 20, 0);

        assertThat(c.publication(Topic.DATA)).isEqualTo("aeron:udp?endpoint=10.0.0.2:20002|term-length=1048576");
        assertThat(c.publication(Topic.ECHO)).isEqualTo("aeron:udp?endpoint=10.0.0.1:20003|term-length=4194304");
        AeronChannels ipc = new AeronChannels(settings(Kind.AERON_IPC, true, false, null, List.of("127.0.0.1"), 0),
                1 << 20, 4 << 20, 0);
        assertThat(ipc.publication(Topic.DATA)).isEqualTo("aeron:ipc?term-length=1048576");
        assertThat(ipc.publication(Topic.ECHO)).isEqualTo("aeron:ipc?term-length=4194304");
    }

    @Test
    void shouldDescribeUdpChannelsAsPublicationArrowSubscription() {
        AeronChannels c = channels(Kind.AERON_UDP, true, false, null, List.of("10.0.0.2"), 0);

        assertThat(c.describe(Topic.DATA)).isEqualTo(c.publication(Topic.DATA) + " -> " + c.subscription(Topic.DATA));
    }

    @Test
    void shouldProduceUrisAeronParsesBack() {
        for (boolean multicast : new boolean[] {false, true}) {
            for (List<String> peers : List.of(List.of("10.0.0.2"), List.of("10.0.0.2", "10.0.0.3"))) {
                AeronChannels c = channels(Kind.AERON_UDP, false, multicast, "10.0.0.9", peers, 4096);
                for (Topic t : Topic.values()) {
                    ChannelUri pub = ChannelUri.parse(c.publication(t));
                    assertThat(pub.media()).isEqualTo("udp");
                    assertThat(pub.get("term-length")).isEqualTo(Integer.toString(TERM));
                    assertThat(ChannelUri.parse(c.subscription(t)).get("reliable")).isEqualTo("false");
                }
            }
        }
    }
}
