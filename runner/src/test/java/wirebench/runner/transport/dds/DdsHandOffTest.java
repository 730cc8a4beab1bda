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
    void shouldDeliverInTheReceiveThreadWhenBestEffortAndInTheRoleThreadWhenReliableUnlessTheOptionSaysOtherwise() {
        assertThat(CycloneDdsEngine.settings(settings(false, Map.of())).handOff()).isTrue();
        assertThat(CycloneDdsEngine.settings(settings(true, Map.of())).handOff()).isFalse();
        assertThat(CycloneDdsEngine.settings(settings(true, Map.of("-ddsDelivery", "listener"))).handOff()).isTrue();
        assertThat(CycloneDdsEngine.settings(settings(false, Map.of("-ddsDelivery", "role"))).handOff()).isFalse();
        assertThat(DdsTransport.receiveLine(CycloneDdsEngine.settings(settings(false, Map.of())), true, "spinyield"))
                .startsWith("-ddsDelivery listener: DATA delivered in Cyclone's receive thread");
        assertThat(DdsTransport.receiveLine(CycloneDdsEngine.settings(settings(true, Map.of())), true, "spinyield"))
                .isEqualTo("take polling, idle spinyield; -ddsDelivery role");
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
