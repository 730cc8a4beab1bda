package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Real sockets on loopback, one JVM: server on a free port, client on a thread of its own. */
class UdpLoopbackTest {
    /** 4 MiB holds every datagram of these small runs, so nothing is lost even if the receiver lags. */
    private static final int RCVBUF_BYTES = 4 * 1024 * 1024;

    record Outcome(UdpResult result, UdpClient.Report client, List<String> log, long endToResultMs) {
    }

    static Outcome run(ReceiveMethod method, int payloadBytes, long total, boolean connected, int endRepeats,
            int idleTimeoutMs) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        AtomicReference<UdpResult> result = new AtomicReference<>();
        ServerConfig sc = new ServerConfig(method, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                RCVBUF_BYTES, Scheduler.OTHER, 0, idleTimeoutMs, 1);
        try (UdpServer server = new UdpServer(sc, result::set, log::add)) {
            server.start();
            ClientConfig cc = new ClientConfig(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()),
                    payloadBytes, total, connected, 0, Scheduler.OTHER, 0, endRepeats, 5000);
            AtomicReference<UdpClient.Report> report = new AtomicReference<>();
            Thread t = new Thread(() -> report.set(new UdpClient(cc, log::add).run()));
            t.start();
            t.join(TimeUnit.SECONDS.toMillis(20));
            long sentAt = System.nanoTime();
            assertThat(server.await(idleTimeoutMs + 10_000L)).as("server finished; log: %s", log).isTrue();
            long ms = (System.nanoTime() - sentAt) / 1_000_000;
            return new Outcome(result.get(), report.get(), log, ms);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ReceiveMethod.class, names = {"SELECT", "EPOLL", "THREAD"}) // RECVMMSG: RecvmmsgTest (Java 22+)
    @Timeout(30)
    void shouldReceiveEveryDatagramWhenEachMethodServesARunOnLoopback(ReceiveMethod method) throws Exception {
        Outcome o = run(method, 64, 2000, false, 5, 2000);

        assertThat(o.client().sent()).isEqualTo(2000);
        UdpResult r = o.result();
        assertThat(r.method()).isEqualTo(method);
        assertThat(r.endReceived()).isTrue();
        assertThat(r.measures().sent()).isEqualTo(2000);
        assertThat(r.measures().received()).isEqualTo(2000);
        assertThat(r.measures().lost()).isZero();
        assertThat(r.measures().bytes()).isEqualTo(2000L * 64);
        assertThat(r.duplicates()).isZero();
        assertThat(r.jitterMs()).isFinite().isNotNegative();
        assertThat(r.measures().wireMbps() / r.measures().dataMbps()).isCloseTo((64 + 42) / 64.0,
                org.assertj.core.data.Offset.offset(1e-9));
        // the rate slices (udp-intervals.csv): every datagram in one, their lengths the run's duration
        assertThat(r.slices()).isNotEmpty();
        assertThat(r.slices().stream().mapToLong(wirebench.runner.results.RateSlices.Slice::samples).sum())
                .isEqualTo(2000);
        assertThat(r.slices().stream().mapToLong(wirebench.runner.results.RateSlices.Slice::durationNs).sum() / 1e9)
                .isCloseTo(r.measures().durationS(), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(r.sliceRows()).hasSameSizeAs(r.slices());
        assertThat(r.sliceRows().get(0)).containsEntry("method", method.id()).containsEntry("payload_bytes", "64");
        assertThat(o.log()).anyMatch(l -> l.startsWith("info: 2000 packet received within "));
        assertThat(o.log()).anyMatch(l -> l.startsWith("debug: Bandwith: DATA: ") && l.endsWith("Packet Loss: %0.000000"));
    }

    @Test
    @Timeout(30)
    void shouldUseThePollSelectorWhenMethodIsSelect() throws Exception {
        Outcome o = run(ReceiveMethod.SELECT, 64, 10, false, 5, 2000);
        assertThat(o.log()).anyMatch(l -> l.contains("method SELECT") && l.contains("sun.nio.ch.PollSelectorImpl")
                && l.contains("provider sun.nio.ch.PollSelectorProvider"));
        Outcome e = run(ReceiveMethod.EPOLL, 64, 10, false, 5, 2000);
        assertThat(e.log()).anyMatch(l -> l.contains("method EPOLL") && l.contains("sun.nio.ch.EPollSelectorImpl"));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3, 8, 12, 19, 20, 1472, 8000})
    @Timeout(30)
    void shouldCountEveryDatagramWhenThePayloadIsShorterOrLongerThanTheHeader(int payloadBytes) throws Exception {
        boolean connected = payloadBytes > 0; // the JDK sends no empty datagram on a connected channel
        Outcome o = run(ReceiveMethod.EPOLL, payloadBytes, 300, connected, 5, 2000);

        UdpResult r = o.result();
        assertThat(r.measures().received()).isEqualTo(300);
        assertThat(r.measures().bytes()).isEqualTo(300L * payloadBytes);
        assertThat(r.payloadBytes()).isEqualTo(payloadBytes);
        assertThat(r.start().connected()).isEqualTo(connected);
        assertThat(Double.isFinite(r.jitterMs())).isEqualTo(payloadBytes >= Datagrams.FULL_HEADER_BYTES);
        assertThat(r.duplicates() >= 0).isEqualTo(payloadBytes >= Datagrams.SEQ_END);
    }

    @Test
    @Timeout(30)
    void shouldEndWithinTheIdleTimeoutWithAPartialResultWhenEndIsNeverSent() throws Exception {
        int idleMs = 400;
        Outcome o = run(ReceiveMethod.THREAD, 64, 500, false, 0, idleMs);

        UdpResult r = o.result();
        assertThat(r.endReceived()).isFalse();
        assertThat(r.csvRow()).containsEntry("partial", 1);
        assertThat(r.measures().received()).isEqualTo(500);
        assertThat(r.measures().sent()).as("sent known from START").isEqualTo(500);
        // the idle timeout ended it: the warning below says so, and run()'s await bounds it at idle + 10 s
        // (no wall-clock band: a band on a loaded machine flakes)
        assertThat(o.log()).anyMatch(l -> l.startsWith("warn: PARTIAL RESULT: no END arrived; the run ended after "
                + idleMs + " ms"));
    }
}
