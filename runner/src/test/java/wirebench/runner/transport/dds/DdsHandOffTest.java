package wirebench.runner.transport.dds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.TransportSettings;

/**
 * Delivery in Cyclone's receive thread ({@code -ddsDelivery}, {@link HandOff}): the default by
 * reliability, the option's values, and two processes over RTPS where a parked role thread gets every
 * sample in order from the listener. Domain 66 keeps the test apart from runs with the default domain.
 */
class DdsHandOffTest {
    private static final String PROOFS = DdsProofs.class.getName();

    private static TransportSettings settings(boolean reliable, Map<String, String> options) {
        return new TransportSettings(TransportSettings.Kind.DDS, reliable, false, null, null, "127.0.0.1",
                List.of("127.0.0.1"), List.of("127.0.0.1"), 0, 0, 0, 0, 64, true,
                new Threading("INVOKER", "spinyield", "test"), null, 0, null,
                new TransportSettings.Extras(0, false, (b, o, l) -> 0, options));
    }

    @Test
    void shouldDeliverInTheReceiveThreadByDefaultWhenBestEffortOrReliableUnlessTheOptionSaysRole() {
        assertThat(CycloneDdsEngine.settings(settings(false, Map.of())).handOff()).isTrue();
        assertThat(CycloneDdsEngine.settings(settings(true, Map.of())).handOff()).isTrue();
        assertThat(CycloneDdsEngine.settings(settings(true, Map.of("-ddsDelivery", "role"))).handOff()).isFalse();
        assertThat(CycloneDdsEngine.settings(settings(false, Map.of("-ddsDelivery", "role"))).handOff()).isFalse();
        assertThat(DdsTransport.receiveLine(CycloneDdsEngine.settings(settings(true, Map.of())), true, "spinyield"))
                .startsWith("-ddsDelivery listener: DATA delivered in Cyclone's receive thread")
                .endsWith("a reliable write held back in the receive thread moves DATA to the role thread");
        assertThat(DdsTransport.receiveLine(CycloneDdsEngine.settings(settings(true, Map.of("-ddsDelivery", "role"))),
                true, "spinyield")).isEqualTo("take polling, idle spinyield; -ddsDelivery role");
    }

    /**
     * The case that stopped with "could not send a pong for 10 s" while a reliable pong could wait in
     * Cyclone's receive thread: 64 KiB pongs answered back to back (256 initialisation pings), KEEP_ALL,
     * and a high-water mark of one message on the subscriber's writers ({@code -sendQueueSize 1}), so a
     * pong written before the last one was acknowledged is held back. The held-back pong is written by
     * the role thread, the run ends with its row, and the subscriber says delivery moved.
     */
    @Test
    @Timeout(240)
    void shouldMoveDeliveryToTheRoleThreadAndFinishWhenAReliablePongIsHeldBackInTheReceiveThread() throws Exception {
        DdsChild.requirePrerequisites();
        String main = "wirebench.runner.RunnerMain";
        try (DdsChild sub = DdsChild.start(main, "run", "pubsub", "-sub", "-engine", "dds", "-domain", "67",
                "-dataLen", "65536", "-sendQueueSize", "1", "-noPrintIntervals");
             DdsChild pub = DdsChild.start(main, "run", "pubsub", "-pub", "-engine", "dds", "-domain", "67",
                "-latencyTest", "-dataLen", "65536", "-numIter", "2000", "-noPrintIntervals")) {
            assertThat(pub.exit(200)).as("publisher: %s; subscriber: %s", pub.output(), sub.output()).isZero();
            assertThat(sub.exit(60)).as("subscriber: %s", sub.output()).isZero();
            assertThat(pub.output()).as("the publisher's latency row").anyMatch(l -> l.matches(" +65536,.*"));
            assertThat(sub.output()).contains("wirebench pubsub: dds: a reliable write in Cyclone's receive thread was held"
                    + " back (unacknowledged data above the writer's high-water mark); DATA is taken by the role thread"
                    + " from now on (as -ddsDelivery role)");
        }
    }

    @Test
    void shouldRefuseWithExit2WhenDdsDeliveryIsNeitherListenerNorRole() {
        WirebenchException e = catchThrowableOfType(WirebenchException.class,
                () -> CycloneDdsEngine.settings(settings(false, Map.of("-ddsDelivery", "thread"))));
        assertThat(e.exitCode()).isEqualTo(WirebenchException.USAGE);
        assertThat(e.getMessage()).startsWith("-ddsDelivery: expected listener").endsWith("got 'thread'");
    }

    @Test
    @Timeout(180)
    void shouldHandEverySampleInOrderFromTheReceiveThreadWhenTheRoleThreadParks() throws Exception {
        DdsChild.requirePrerequisites();
        int n = 5000;
        try (DdsChild sub = DdsChild.start(PROOFS, "handoff-sub", "66", String.valueOf(n))) {
            assertThat(sub.await("ready", 90)).as("subscriber: %s", sub.output()).isNotNull();
            try (DdsChild pub = DdsChild.start(PROOFS, "burst", "66", String.valueOf(n))) {
                String line = sub.await("handoff got", 120);
                assertThat(line).as("subscriber: %s; publisher: %s", sub.output(), pub.output()).isEqualTo(
                        "handoff got " + n + " in order true; other thread = listener count, some true; role thread + other = "
                                + n + "; hands off true, after a DATA writer opened false");
                assertThat(sub.exit(30)).isZero();
            }
        }
    }
}
