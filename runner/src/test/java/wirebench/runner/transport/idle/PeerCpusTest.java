package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.testsupport.Prerequisites;

/** Finding the peer process and its CPUs from the port it binds, on this host's real {@code /proc}. */
class PeerCpusTest {

    @Test
    @Timeout(30)
    void shouldFindTheProcessThatBindsThePortAndItsAffinity() throws IOException {
        try (DatagramChannel ch = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            int port = ((InetSocketAddress) ch.getLocalAddress()).getPort();

            Optional<PeerCpus.Peer> p = new PeerCpus(Path.of("/proc"), -1).bound(port);

            assertThat(p).isPresent();
            assertThat(p.get().pid()).isEqualTo(ProcessHandle.current().pid());
            // the kernel's own line, read here apart from CpuFacts (what taskset -pc shows)
            assertThat(p.get().affinity()).isEqualTo(Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow().substring(18).strip());
            assertThat(new PeerCpus(Path.of("/proc"), ProcessHandle.current().pid()).bound(port))
                    .as("this process is not its own peer").isEmpty();
        }
    }

    @Test
    @Timeout(30)
    void shouldFindAPeerPinnedToOneCpuInAnotherProcess() throws Exception {
        Prerequisites.requireCommand("taskset", "util-linux");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(List.of("taskset", "-c", "0", java, "-cp",
                System.getProperty("java.class.path"), UdpHolder.class.getName())).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                StandardCharsets.UTF_8))) {
            int port = Integer.parseInt(out.readLine().trim()); // printed once bound

            Optional<PeerCpus.Peer> p = PeerCpus.here().bound(port);

            assertThat(p).isPresent();
            assertThat(p.get().pid()).isEqualTo(holder.pid());
            assertThat(p.get().affinity()).isEqualTo("0");
        } finally {
            holder.getOutputStream().close(); // ends the holder
            if (!holder.waitFor(10, TimeUnit.SECONDS)) {
                holder.destroyForcibly();
            }
        }
    }

    @Test
    void shouldFindNothingOnAPortNoOneBinds() throws IOException {
        int port;
        try (DatagramChannel ch = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            port = ((InetSocketAddress) ch.getLocalAddress()).getPort();
        }
        assertThat(new PeerCpus(Path.of("/proc"), -1).bound(port)).isEmpty();
    }

    /** A process that binds a UDP port, prints it, and holds it until its stdin closes. */
    public static final class UdpHolder {
        public static void main(String[] args) throws IOException {
            try (DatagramChannel ch = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
                System.out.println(((InetSocketAddress) ch.getLocalAddress()).getPort());
                System.out.flush();
                while (System.in.read() >= 0) {
                    // hold the port until the test closes our stdin
                }
            }
        }
    }
}
