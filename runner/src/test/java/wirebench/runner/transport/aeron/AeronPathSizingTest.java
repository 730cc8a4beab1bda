package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import wirebench.runner.transport.Threading;
import wirebench.runner.transport.TransportSettings;
import wirebench.runner.transport.TransportSettings.Kind;

/**
 * The sizes {@link AeronPathSizing} picks from the path: the MTU per kind of path (loopback, an
 * interface, IPC, unknown, {@code -aeronMtu}), the window and socket buffers per message size.
 * Expected values are worked out by hand from the rule in docs/pubsub.md: an interface MTU of
 * 1500 leaves 1500 - 28 = 1472 = 46 x 32 bytes; 9000 leaves 8972, aligned down to 32: 280 x 32 = 8960.
 */
class AeronPathSizingTest {
    private static final AeronPathSizing.PathInterface LO = new AeronPathSizing.PathInterface("lo", 65536, true);
    private static final AeronPathSizing.PathInterface ETH = new AeronPathSizing.PathInterface("eth0", 1500, false);
    private static final AeronPathSizing.PathInterface JUMBO = new AeronPathSizing.PathInterface("eth1", 9000, false);

    private static TransportSettings settings(Kind kind, boolean multicast, String nic, List<String> peers,
            int mtuBytes, int maxMessageBytes) {
        return new TransportSettings(kind, true, multicast, "239.255.1.1", "239.255.1.3", nic, peers, peers, 20002,
                20003, 1002, 1003, maxMessageBytes, false, Threading.forCores(2), null, mtuBytes, null);
    }

    private static AeronPathSizing.Mtu mtu(TransportSettings s, Map<String, AeronPathSizing.PathInterface> paths) {
        return AeronPathSizing.mtu(s, (host, local) -> paths.get(host));
    }

    @Test
    void shouldTakeAeronsLargestFrameWhenEveryPeerIsOnLoopback() {
        AeronPathSizing.Mtu m = mtu(settings(Kind.AERON_UDP, false, null, List.of("127.0.0.1"), 0, 64),
                Map.of("127.0.0.1", LO));

        assertThat(m.bytes()).isEqualTo(65504);
        assertThat(m.reason()).startsWith("loopback");
    }

    @Test
    void shouldTakeTheInterfaceMtuLessIpAndUdpHeadersWhenAPeerIsBehindAnInterface() {
        assertThat(mtu(settings(Kind.AERON_UDP, false, null, List.of("10.0.0.2"), 0, 64), Map.of("10.0.0.2", ETH))
                .bytes()).isEqualTo(1472);
        assertThat(mtu(settings(Kind.AERON_UDP, false, null, List.of("10.0.1.2"), 0, 64), Map.of("10.0.1.2", JUMBO))
                .bytes()).isEqualTo(8960);
    }

    @Test
    void shouldTakeTheNarrowestInterfaceWhenPeersAreBehindDifferentInterfaces() {
        AeronPathSizing.Mtu m = mtu(settings(Kind.AERON_UDP, false, null, List.of("10.0.1.2", "10.0.0.2", "127.0.0.1"),
                0, 64), Map.of("10.0.0.2", ETH, "10.0.1.2", JUMBO, "127.0.0.1", LO));

        assertThat(m.bytes()).isEqualTo(1472);
        assertThat(m.reason()).contains("eth0").contains("1500");
    }

    @Test
    void shouldTakeTheNicsInterfaceWhenMulticast() {
        assertThat(mtu(settings(Kind.AERON_UDP, true, "10.0.1.1", List.of("127.0.0.1"), 0, 64),
                Map.of("10.0.1.1", JUMBO, "127.0.0.1", LO)).bytes()).isEqualTo(8960);
    }

    @Test
    void shouldKeepAeronsDefaultWhenThePathIsUnknown() {
        assertThat(mtu(settings(Kind.AERON_UDP, false, null, List.of("10.9.9.9"), 0, 64), Map.of()).bytes())
                .isEqualTo(1408);
        assertThat(mtu(settings(Kind.AERON_UDP, true, null, List.of("127.0.0.1"), 0, 64), Map.of("127.0.0.1", LO))
                .bytes()).isEqualTo(1408);
    }

    @Test
    void shouldKeepTheGivenMtuWhenAeronMtuIsGiven() {
        AeronPathSizing.Mtu m = mtu(settings(Kind.AERON_UDP, false, null, List.of("127.0.0.1"), 8192, 64),
                Map.of("127.0.0.1", LO));

        assertThat(m.bytes()).isEqualTo(8192);
        assertThat(m.reason()).isEqualTo("-aeronMtu");
    }

    @Test
    void shouldTakeAeronsLargestFrameWhenIpc() {
        assertThat(mtu(settings(Kind.AERON_IPC, false, null, List.of("127.0.0.1"), 0, 64), Map.of()).bytes())
                .isEqualTo(65504);
    }

    @Test
    void shouldFindLoopbackOnThisHostWhenThePeerIs127001() {
        AeronPathSizing.PathInterface p = AeronPathSizing.interfaceMtu("127.0.0.1", false);

        assertThat(p).isNotNull();
        assertThat(p.loopback()).isTrue();
        assertThat(p.mtuBytes()).isGreaterThan(1500);
    }

    @Test
    void shouldSizeTheWindowFromFourMessagesWithinHalfATermWhenSamplesAreLarge() {
        // 2 MiB floor for small messages (16 x 65504 = 1048064 is below it); 4 x 1000008 = 4000032
        // rounds up to 4 MiB; 4 x 1.5 MiB = 6 MiB rounds up to 8 MiB, within half a 16 MiB term;
        // 4 x 2 MiB = 8 MiB is cut to half an 8 MiB term
        assertThat(AeronPathSizing.window(1024, 65504, 4 << 20)).isEqualTo(2 << 20);
        assertThat(AeronPathSizing.window(1_000_008, 65504, 16 << 20)).isEqualTo(4 << 20);
        assertThat(AeronPathSizing.window(3 << 19, 65504, 16 << 20)).isEqualTo(8 << 20);
        assertThat(AeronPathSizing.window(2 << 20, 65504, 8 << 20)).isEqualTo(4 << 20);
    }

    @Test
    void shouldSizeTheDataTermFromTheSamplesAndKeepFourMebibytesForEchoesWhenSamplesAreSmall() {
        // 64 KiB samples: a 1 MiB DATA term (8 x 65560 bytes), its image's window half of it; ECHO
        // keeps 4 MiB, so a subscriber sized alike still echoes up to 512 KiB, and the driver's window
        // stays that of a 4 MiB term for a publisher of larger samples than this process knows of
        AeronPathSizing s = AeronPathSizing.of(settings(Kind.AERON_UDP, false, null, List.of("127.0.0.1"), 0,
                65_560));
        assertThat(s.termLengthBytes()).isEqualTo(1 << 20);
        assertThat(s.echoTermLengthBytes()).isEqualTo(4 << 20);
        assertThat(s.windowBytes()).isEqualTo(2 << 20);
        assertThat(s.dataWindowBytes()).isEqualTo(512 << 10);
        assertThat(s.describe()).containsEntry("term_length_bytes", 1 << 20)
                .containsEntry("echo_term_length_bytes", 4 << 20).containsEntry("receiver_window_bytes", 2 << 20)
                .containsEntry("data_receiver_window_bytes", 512 << 10);
        AeronPathSizing large = AeronPathSizing.of(settings(Kind.AERON_UDP, false, null, List.of("127.0.0.1"), 0,
                1_048_600));
        assertThat(large.termLengthBytes()).isEqualTo(16 << 20).isEqualTo(large.echoTermLengthBytes());
    }

    @Test
    void shouldKeepTheWindowWithinTheSocketBufferWhenSamplesAreTenMegabytes() {
        // 10 MB samples want a 64 MiB window; the media driver refuses a window above SO_RCVBUF, which
        // the kernel caps at net.core.rmem_max (read here from /proc, as the engine reads it)
        AeronPathSizing s = AeronPathSizing.of(settings(Kind.AERON_UDP, false, null, List.of("127.0.0.1"), 0,
                10_485_760 + 64));
        assertThat(s.windowBytes()).isLessThanOrEqualTo(s.socketBufferBytes()).isPositive();
    }

    @Test
    void shouldCapSocketBuffersAtTheKernelsMaximumWhenItIsKnown() {
        assertThat(AeronPathSizing.socketBuffer(8 << 20, 4 << 20)).isEqualTo(4 << 20);
        assertThat(AeronPathSizing.socketBuffer(1 << 20, null)).isEqualTo(2 << 20);
        assertThat(AeronPathSizing.socketBuffer(8 << 20, null)).isEqualTo(8 << 20);
    }

    @Test
    void shouldReadTheKernelsWholeSocketBufferCapWhenProcIsReadable() throws Exception {
        // the kernel's own figure, read the way a shell reads it (the whole first line)
        String expected = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/sys/net/core/rmem_max")).get(0)
                .trim();

        assertThat(AeronPathSizing.osMax()).isEqualTo(Integer.valueOf(expected)).isGreaterThan(4096);
    }
}
