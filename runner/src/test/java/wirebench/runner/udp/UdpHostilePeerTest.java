package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.contract.WirebenchException;

/**
 * Hostile or careless peers of the UDP server, with real sockets on loopback: the test plays the
 * client datagram by datagram (no timing involved), plus forged START datagrams from other sockets.
 * Before runs were keyed by run id, a forged START superseded the run in progress: its result was
 * printed twice, two rows landed in udp.csv with --runs 1, and the real run was marked partial.
 */
class UdpHostilePeerTest {
    private static final int PAYLOAD_BYTES = 64;
    private final List<UdpResult> results = new CopyOnWriteArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private UdpServer server;
    private InetSocketAddress address;

    private void startServer(int runs) {
        ServerConfig sc = new ServerConfig(ReceiveMethod.EPOLL, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                1 << 20, Scheduler.OTHER, 0, 30_000, runs);
        server = new UdpServer(sc, results::add, log::add);
        server.start();
        address = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port());
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    /** A client socket bound to loopback, blocking, for sending and reading the server's answers. */
    private static DatagramChannel socket() throws Exception {
        DatagramChannel ch = DatagramChannel.open(StandardProtocolFamily.INET);
        ch.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return ch;
    }

    private void start(DatagramChannel ch, int runId, long expected) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(Datagrams.START_BYTES);
        Datagrams.writeStart(b, new Datagrams.Start(runId, expected, PAYLOAD_BYTES, false, Scheduler.OTHER, 0, false, 0));
        ch.send(b, address);
    }

    /** The server's answer to a START: its type and run id. */
    private static ByteBuffer answer(DatagramChannel ch) throws Exception {
        ByteBuffer in = ByteBuffer.allocate(64);
        ch.receive(in); // blocking; the @Timeout is the deadline
        in.flip();
        return in;
    }

    /** DATA with sequence numbers {@code from} to {@code from + count - 1}. */
    private void data(DatagramChannel ch, int runId, int from, int count) throws Exception {
        ByteBuffer d = Datagrams.newData(PAYLOAD_BYTES, runId);
        for (int i = from; i < from + count; i++) {
            Datagrams.stampData(d, i, System.nanoTime());
            ch.send(d, address);
        }
    }

    private void end(DatagramChannel ch, int runId, long sent, int repeats) throws Exception {
        ByteBuffer e = ByteBuffer.allocate(Datagrams.END_BYTES);
        for (int i = 0; i < repeats; i++) {
            Datagrams.writeEnd(e, runId, sent);
            ch.send(e, address);
        }
    }

    /** START of run {@code runId} acknowledged. */
    private void handshake(DatagramChannel ch, int runId, long expected) throws Exception {
        start(ch, runId, expected);
        ByteBuffer a = answer(ch);
        assertThat(Datagrams.type(a)).isEqualTo(Datagrams.ACK);
        assertThat(Datagrams.runId(a)).isEqualTo(runId);
    }

    @Test
    @Timeout(30)
    void shouldRefuseAForgedStartAndGiveOneCompleteResultWhenARunIsInProgress() throws Exception {
        startServer(1);
        try (DatagramChannel client = socket(); DatagramChannel forger = socket()) {
            handshake(client, 0x11111111, 200);
            data(client, 0x11111111, 0, 100);
            start(forger, 0x22222222, 5);
            ByteBuffer refusal = answer(forger);
            data(client, 0x11111111, 100, 100);
            start(forger, 0x22222222, 5);
            assertThat(Datagrams.type(answer(forger))).isEqualTo(Datagrams.BUSY);
            end(client, 0x11111111, 200, 5);

            assertThat(server.await(20_000)).as("server finished; log %s", log).isTrue();
            assertThat(Datagrams.type(refusal)).isEqualTo(Datagrams.BUSY);
            assertThat(Datagrams.runId(refusal)).isEqualTo(0x22222222);
        }
        assertThat(results).as("one result per run; log %s", log).hasSize(1);
        UdpResult r = results.get(0);
        assertThat(r.endReceived()).as("the client sent END: not partial").isTrue();
        assertThat(r.start().runId()).isEqualTo(0x11111111);
        assertThat(r.measures().received()).isEqualTo(200);
        assertThat(r.measures().sent()).isEqualTo(200);
        assertThat(r.measures().lost()).isZero();
        assertThat(r.csvRow()).containsEntry("partial", 0);
        assertThat(log).containsOnlyOnce("warn: START of run 22222222 from " + "/127.0.0.1:" + forgerPortFrom(log)
                + " refused: run 11111111 is in progress (one run at a time; that client is told the server is busy)");
    }

    @Test
    @Timeout(30)
    void shouldTellASecondClientTheServerIsBusyWhenItStartsDuringARun() throws Exception {
        startServer(1);
        try (DatagramChannel first = socket()) {
            handshake(first, 0x33333333, 10);
            ClientConfig cc = new ClientConfig(address, PAYLOAD_BYTES, 10, false, 0, Scheduler.OTHER, 0, 5, 10_000);

            assertThatThrownBy(() -> new UdpClient(cc, line -> { }).run()).isInstanceOf(WirebenchException.class)
                    .hasMessage("udp client: the server at " + address + " is serving another client's run and refused "
                            + "this one; start again when it has ended");

            data(first, 0x33333333, 0, 10);
            end(first, 0x33333333, 10, 5);
            assertThat(server.await(20_000)).isTrue();
        }
        assertThat(results).hasSize(1);
        assertThat(results.get(0).measures().received()).isEqualTo(10);
        assertThat(results.get(0).endReceived()).isTrue();
    }

    @Test
    @Timeout(30)
    void shouldIgnoreALateStartOfTheFinishedRunWhenTheNextRunFollows() throws Exception {
        startServer(2);
        try (DatagramChannel client = socket()) {
            handshake(client, 0x44444444, 20);
            data(client, 0x44444444, 0, 20);
            end(client, 0x44444444, 20, 5);
            start(client, 0x44444444, 20); // a START repeated by the network after the run ended
            data(client, 0x44444444, 20, 3); // late DATA too
            handshake(client, 0x55555555, 30);
            data(client, 0x55555555, 0, 30);
            end(client, 0x55555555, 30, 5);

            assertThat(server.await(20_000)).as("log %s", log).isTrue();
        }
        assertThat(results).as("log %s", log).extracting(r -> r.start().runId()).containsExactly(0x44444444, 0x55555555);
        assertThat(results).extracting(r -> r.measures().received()).containsExactly(20L, 30L);
        assertThat(results).allMatch(UdpResult::endReceived);
    }

    private static String forgerPortFrom(List<String> log) {
        return log.stream().filter(l -> l.startsWith("warn: START of run 22222222 from /127.0.0.1:")).findFirst()
                .map(l -> l.substring("warn: START of run 22222222 from /127.0.0.1:".length()).split(" ")[0]).orElse("?");
    }
}
