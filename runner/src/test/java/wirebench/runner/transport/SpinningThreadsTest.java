package wirebench.runner.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.runner.transport.TransportSettings.Kind;
import wirebench.runner.transport.idle.AutoIdle;

/**
 * The spinning-thread counts: {@code own} (this process, the start guess of auto) against
 * {@code count} (with a peer on this host assumed alike, the contention lint).
 */
class SpinningThreadsTest {
    private static TransportSettings settings(Kind kind, boolean blocking, String mode, List<String> peers) {
        return new TransportSettings(kind, true, false, "239.255.1.1", "239.255.1.3", null, peers, peers, 20002,
                20003, 1002, 1003, 32, blocking, new Threading(mode, "auto", "test"), null, 0, null);
    }

    @Test
    void shouldCountOnlyThisProcessForTheStartGuessAndThePeerOnThisHostForTheLint() {
        TransportSettings invoker = settings(Kind.AERON_UDP, true, "INVOKER", List.of("127.0.0.1"));

        assertThat(SpinningThreads.own(invoker, true, false)).isEqualTo(1);
        assertThat(SpinningThreads.count(invoker, true, false)).isEqualTo(2);
    }

    @Test
    void shouldAddTheDriverThreadsOfTheThreadingMode() {
        TransportSettings shared = settings(Kind.AERON_UDP, true, "SHARED", List.of("127.0.0.1"));

        assertThat(SpinningThreads.own(shared, true, true)).isEqualTo(3);
        assertThat(SpinningThreads.count(shared, true, true)).isEqualTo(3);
    }

    @Test
    void shouldNotCountARemotePeerNorABlockingReceiver() {
        TransportSettings remote = settings(Kind.AERON_UDP, true, "INVOKER", List.of("192.0.2.7"));
        TransportSettings blocking = settings(Kind.RAW_UDP, true, "INVOKER", List.of("127.0.0.1"));

        assertThat(SpinningThreads.count(remote, false, true)).isEqualTo(1);
        assertThat(SpinningThreads.own(blocking, false, true)).isZero();
        assertThat(SpinningThreads.count(blocking, false, true)).isZero();
    }

    @Test
    void shouldCountAPollingDdsReceiverAndNotOneBlockingInAWaitset() {
        TransportSettings polling = dds(java.util.Map.of("-ddsDelivery", "role"));
        TransportSettings waitset = dds(java.util.Map.of("-ddsWaitset", "true"));

        // a DDS role thread polls dds_take with the idle strategy (the harness's blockingSockets default does not apply)
        assertThat(SpinningThreads.own(polling, false, true)).isEqualTo(1);
        assertThat(SpinningThreads.count(polling, false, true)).isEqualTo(2);
        assertThat(SpinningThreads.own(polling, true, true)).isEqualTo(2);
        assertThat(SpinningThreads.own(waitset, false, true)).isZero();
        assertThat(SpinningThreads.count(waitset, true, false)).isZero();
    }

    @Test
    void shouldNotCountADdsSubscriberWhoseRoleThreadParksWhileTheListenerDelivers() {
        TransportSettings byDefault = dds(java.util.Map.of());
        TransportSettings listener = dds(java.util.Map.of("-ddsDelivery", "Listener"));

        // -sub: its role thread parks; the publisher beside it on this host polls for echoes
        assertThat(SpinningThreads.own(byDefault, false, true)).isZero();
        assertThat(SpinningThreads.count(byDefault, false, true)).isEqualTo(1);
        assertThat(SpinningThreads.own(listener, false, true)).isZero();
        // -pub: its own thread polls; the subscriber beside it parks
        assertThat(SpinningThreads.own(byDefault, true, false)).isEqualTo(1);
        assertThat(SpinningThreads.count(byDefault, true, false)).isEqualTo(1);
        // both roles: the process writes DATA itself, so its subscriber takes (no hand-off)
        assertThat(SpinningThreads.own(byDefault, true, true)).isEqualTo(2);
    }

    @Test
    void shouldCountADdsSubscriberThatPollsOverSharedMemoryOrSpeakingDdsperf() {
        TransportSettings shm = dds(Kind.DDS_SHM, java.util.Map.of());
        TransportSettings ddsperf = dds(java.util.Map.of("-ddsperf", "true"));

        assertThat(SpinningThreads.own(shm, false, true)).isEqualTo(1);
        assertThat(SpinningThreads.own(ddsperf, false, true)).isEqualTo(1);
        assertThat(SpinningThreads.count(ddsperf, false, true)).isEqualTo(2);
    }

    private static TransportSettings dds(java.util.Map<String, String> options) {
        return dds(Kind.DDS, options);
    }

    private static TransportSettings dds(Kind kind, java.util.Map<String, String> options) {
        TransportSettings s = settings(kind, true, "INVOKER", List.of("127.0.0.1"));
        return new TransportSettings(s.kind(), s.reliable(), s.multicast(), s.multicastGroup(), s.echoMulticastGroup(),
                s.nic(), s.dataPeers(), s.echoPeers(), s.dataPort(), s.echoPort(), s.dataStreamId(), s.echoStreamId(),
                s.maxMessageBytes(), s.blockingSockets(), s.threading(), s.aeronDir(), s.mtuBytes(), s.tls(),
                new TransportSettings.Extras(0, false, (b, o, l) -> 0, options));
    }

    @Test
    void shouldStartWithSpinWhenThisProcessesThreadsFitItsCpusWhateverThePeer() {
        assertThat(new AutoIdle(1, 1).startStrategy()).isEqualTo("spinpark");
        assertThat(new AutoIdle(2, 1).startStrategy()).isEqualTo("yield");
    }
}
