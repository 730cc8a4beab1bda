package wirebench.runner.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramSocket;

import org.junit.jupiter.api.Test;

/** {@link PortHolders}: a bind error names who holds the port, read from /proc. */
class PortHoldersTest {

    @Test
    void shouldNameThisProcessWhenItHoldsThePort() throws Exception {
        try (DatagramSocket s = new DatagramSocket(0)) {
            int port = s.getLocalPort();
            String said = PortHolders.udp(port);
            assertThat(said).startsWith("; UDP port " + port + " is held by pid " + ProcessHandle.current().pid() + " (")
                    .contains("java");
        }
    }

    @Test
    void shouldSayNothingWhenNobodyHoldsThePort() throws Exception {
        int port;
        try (DatagramSocket s = new DatagramSocket(0)) {
            port = s.getLocalPort();
        }
        assertThat(PortHolders.udp(port)).isEmpty();
        assertThat(PortHolders.udp(-1)).isEmpty();
    }
}
