package wirebench.runner.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The RMI client socket's read timeout without {@code SO_TIMEOUT}: a read that gets no answer
 * fails with {@link SocketTimeoutException} (the watchdog closed it), also under a timeout a caller
 * set (as RMI does around its handshake), and a read that is answered is not disturbed. That the
 * socket then reads in one blocking system call is counted with strace in docs/rpc.md.
 */
class WatchedSocketTest {

    @Test
    @Timeout(30)
    void shouldFailAReadWithATimeoutWhenThePeerNeverAnswers() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new WatchedSocket(300)) {
            client.connect(server.getLocalSocketAddress(), 5000);
            try (Socket accepted = server.accept()) {
                InputStream in = client.getInputStream();
                assertThatThrownBy(() -> in.read(new byte[8], 0, 8)).isInstanceOf(SocketTimeoutException.class)
                        .hasMessageContaining("300 ms");
                assertThat(client.isClosed()).as("closed by the watchdog").isTrue();
                assertThat(accepted.isClosed()).isFalse();
            }
        }
    }

    @Test
    @Timeout(30)
    void shouldKeepATimeoutSetByTheCallerWhenItIsShorterThanTheSocketsOwn() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new WatchedSocket(60_000)) {
            client.connect(server.getLocalSocketAddress(), 5000);
            try (Socket accepted = server.accept()) {
                client.setSoTimeout(200);
                assertThat(client.getSoTimeout()).isEqualTo(200);
                InputStream in = client.getInputStream();
                assertThatThrownBy(in::read).isInstanceOf(SocketTimeoutException.class).hasMessageContaining("200 ms");
                assertThat(accepted.isClosed()).isFalse();
            }
        }
    }

    @Test
    @Timeout(30)
    void shouldDeliverWhatArrivesWhenThePeerAnswers() throws Exception {
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (Socket client = new TimeoutSocketFactory(5000, 5000).createSocket("127.0.0.1", server.getLocalPort());
                    Socket accepted = server.accept()) {
                for (int i = 0; i < 1000; i++) {
                    accepted.getOutputStream().write(i & 0xff);
                    assertThat(client.getInputStream().read()).isEqualTo(i & 0xff);
                }
                assertThat(client.isClosed()).isFalse();
            }
        }
    }
}
