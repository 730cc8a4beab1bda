package wirebench.runner.udp;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * The sending side, run on the calling thread (which it puts under the requested scheduling
 * policy: call it on a thread of its own). START is repeated until the server acknowledges it,
 * then {@code total} DATA datagrams follow (paced when a rate is given: each is due at
 * {@code start + i / rate}, late ones are sent at once, never skipped), then END is sent
 * {@code endRepeats} times, 20 ms apart.
 */
final class UdpClient {
    private static final int ACK_WAIT_MS = 100;
    private static final int MAX_CONSECUTIVE_SEND_ERRORS = 1000;
    /**
     * END repeats are spread over time: right after a burst the server's buffer is often full and
     * drops everything for a while (measured: a SCHED_FIFO sender starves the receiver on 2 cores).
     */
    private static final long END_SPACING_NS = 20_000_000;

    /** What the client did. */
    record Report(int runId, long sent, long sendErrors, double durationS, boolean schedulerApplied) {
        double packetsPerS() {
            return durationS > 0 ? sent / durationS : Double.NaN;
        }
    }

    private final ClientConfig config;
    private final Consumer<String> log;

    UdpClient(ClientConfig config, Consumer<String> log) {
        this.config = config;
        this.log = log;
    }

    Report run() {
        if (config.connected() && config.payloadBytes() == 0) {
            // measured: DatagramChannel.write and send on a connected channel return 0 and send nothing
            throw new WirebenchException(WirebenchException.USAGE, "--payload 0 with --connected: the JDK sends no "
                    + "empty datagram on a connected socket; use --payload 0 without --connected");
        }
        ThreadScheduling.Outcome o = ThreadScheduling.applyToCurrentThread("send thread", config.scheduler(),
                config.priority());
        log.accept((o.applied() ? "info: " : "warn: ") + o.message());
        int runId = ThreadLocalRandom.current().nextInt();
        try (DatagramChannel ch = DatagramChannel.open(StandardProtocolFamily.INET)) {
            if (config.connected()) {
                ch.connect(config.server());
            }
            handshake(ch, runId, o.applied());
            ByteBuffer data = Datagrams.newData(config.payloadBytes(), runId);
            long sent = 0;
            long errors = 0;
            long consecutive = 0;
            long t0 = System.nanoTime();
            double intervalNs = config.ratePerS() > 0 ? 1e9 / config.ratePerS() : 0;
            for (long i = 0; i < config.total(); i++) {
                if (intervalNs > 0) {
                    awaitNs(t0 + (long) (i * intervalNs));
                }
                Datagrams.stampData(data, i, System.nanoTime());
                try {
                    if (config.connected()) {
                        ch.write(data);
                    } else {
                        ch.send(data, config.server());
                    }
                    sent++;
                    consecutive = 0;
                } catch (IOException e) {
                    errors++;
                    if (++consecutive >= MAX_CONSECUTIVE_SEND_ERRORS) {
                        throw new WirebenchException(WirebenchException.RUN_FAILED, "udp client: " + consecutive
                                + " sends in a row failed, last: " + e + " (after " + sent + " sent)");
                    }
                }
            }
            double durationS = (System.nanoTime() - t0) / 1e9;
            ByteBuffer end = ByteBuffer.allocate(Datagrams.END_BYTES);
            for (int r = 0; r < config.endRepeats(); r++) {
                Datagrams.writeEnd(end, runId, sent);
                sendControl(ch, end);
                LockSupport.parkNanos(END_SPACING_NS);
            }
            Report rep = new Report(runId, sent, errors, durationS, o.applied());
            log.accept("info: sent " + sent + " datagrams of " + config.payloadBytes() + " bytes in "
                    + Numbers.fixed(durationS, 3) + " s (" + Numbers.fixed(rep.packetsPerS(), 0) + " packets/s"
                    + (errors > 0 ? ", " + errors + " send errors" : "") + "), run " + UdpServer.hex(runId)
                    + (config.endRepeats() == 0 ? ", END not sent (--skip-end)" : ", END sent "
                            + config.endRepeats() + " times"));
            return rep;
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "udp client: " + config.server() + ": " + e, e);
        }
    }

    /** Sends START until the server's ACK for this run id arrives, or fails after the start timeout. */
    private void handshake(DatagramChannel ch, int runId, boolean schedulerApplied) throws IOException {
        ByteBuffer start = ByteBuffer.allocate(Datagrams.START_BYTES);
        Datagrams.writeStart(start, new Datagrams.Start(runId, config.total(), config.payloadBytes(), config.connected(),
                config.scheduler(), config.priority(), schedulerApplied, config.ratePerS()));
        byte[] in = new byte[64];
        DatagramPacket p = new DatagramPacket(in, in.length);
        ch.socket().setSoTimeout(ACK_WAIT_MS);
        long deadline = System.nanoTime() + config.startTimeoutMs() * 1_000_000L;
        while (System.nanoTime() < deadline) {
            start.rewind();
            sendControl(ch, start);
            long waitUntil = System.nanoTime() + ACK_WAIT_MS * 1_000_000L;
            while (System.nanoTime() < waitUntil) {
                try {
                    p.setData(in);
                    ch.socket().receive(p);
                } catch (SocketTimeoutException e) {
                    break;
                } catch (IOException e) {
                    // connected mode: ICMP port unreachable (no server yet) surfaces here; retry
                    LockSupport.parkNanos(ACK_WAIT_MS * 1_000_000L);
                    break;
                }
                ByteBuffer b = ByteBuffer.wrap(in, 0, p.getLength());
                if (Datagrams.type(b) == Datagrams.ACK && p.getLength() >= Datagrams.ACK_BYTES
                        && Datagrams.runId(b) == runId) {
                    return;
                }
            }
        }
        throw new WirebenchException(WirebenchException.RUN_FAILED, "udp client: no server answered START at "
                + config.server() + " within " + config.startTimeoutMs() + " ms (is 'wirebench run udp server' running?)");
    }

    private void sendControl(DatagramChannel ch, ByteBuffer b) throws IOException {
        try {
            if (config.connected()) {
                ch.write(b);
            } else {
                ch.send(b, config.server());
            }
        } catch (java.net.PortUnreachableException e) {
            // connected mode reports an earlier ICMP error on the next send: the datagram is still gone
        }
    }

    private static void awaitNs(long dueNs) {
        long left;
        while ((left = dueNs - System.nanoTime()) > 0) {
            if (left > 200_000) {
                LockSupport.parkNanos(left - 100_000);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
