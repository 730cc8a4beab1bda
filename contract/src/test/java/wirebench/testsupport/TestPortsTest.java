package wirebench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.DatagramSocket;

import org.junit.jupiter.api.Test;

class TestPortsTest {

    @Test
    void shouldPlaceTheTestPortsAboveTheEphemeralRange() {
        assertThat(TestPorts.outsideEphemeral(new TestPorts.Range(32768, 60999))).isEqualTo(new TestPorts.Range(61000, 65535));
        assertThat(TestPorts.outsideEphemeral(new TestPorts.Range(49152, 65535))).isEqualTo(new TestPorts.Range(10000, 49151));
        assertThatThrownBy(() -> TestPorts.outsideEphemeral(new TestPorts.Range(1024, 65535)))
                .hasMessageContaining("1024..65535");
    }

    @Test
    void shouldHandOutFreshBlocksThatAreFreeAndOutsideTheEphemeralRange() throws Exception {
        int a = TestPorts.basePort();
        int b = TestPorts.basePort();
        assertThat(b).isNotEqualTo(a);
        TestPorts.Range slice = TestPorts.slice();
        assertThat(a).isBetween(slice.lo(), slice.hi() - 3);
        try (DatagramSocket held = new DatagramSocket(b + 4)) {
            // the next block starts at b + 4, held here: it is passed over
            int c = TestPorts.basePort();
            assertThat(c).isNotEqualTo(held.getLocalPort()).isNotEqualTo(held.getLocalPort() - 1);
            assertThat(c + 3 < held.getLocalPort() || c > held.getLocalPort()).isTrue();
        }
    }

    @Test
    void shouldGiveEachSurefireForkItsOwnSliceAndRefuseAMissingForkNumberUnderMaven() {
        assertThat(TestPorts.forkNumber(null)).as("outside Maven").isZero();
        assertThat(TestPorts.forkNumber("fork1")).isEqualTo(1);
        assertThat(TestPorts.forkNumber("fork2")).isEqualTo(2);
        // what Maven made of a bare ${surefire.forkNumber}: every fork in one slice
        assertThatThrownBy(() -> TestPorts.forkNumber("")).hasMessageContaining("wirebench.testFork is ''");
        assertThatThrownBy(() -> TestPorts.forkNumber("fork${surefire.forkNumber}")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldRunInAForkThatKnowsItsNumberWhenMavenRunsIt() {
        // this JVM, as the poms start it (the test command runs every module under surefire): the
        // fork's number reached it as fork<N>
        assertThat(System.getProperty("wirebench.testFork")).matches("fork[1-9][0-9]*");
    }
}
