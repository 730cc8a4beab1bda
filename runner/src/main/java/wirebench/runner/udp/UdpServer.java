package wirebench.runner.udp;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import wirebench.contract.WirebenchException;

/**
 * The receiving side: opens the socket with the chosen {@link ReceiveMethod}, then serves runs on
 * its own receive thread (under the requested scheduling policy). A run starts with START (or with
 * the first DATA of an unknown run id when START was lost), counts DATA of its run id, and ends on
 * the first END or after {@link ServerConfig#idleTimeoutMs()} without a datagram of its own (then the
 * result is marked partial). Runs are keyed by the client's run id and served one at a time: a START
 * of another run id while a run is in progress (a second client, a forged datagram) is refused with
 * BUSY and counted as stray, never merged into or superseding the run, so each run gives exactly one
 * result. Each finished run goes to the result sink; log lines go to the log sink.
 */
final class UdpServer implements AutoCloseable {
    private static final long POLL_SLICE_MS = 100;

    private final ServerConfig config;
    private final Consumer<UdpResult> results;
    private final Consumer<String> log;
    private final DatagramReceiver receiver;
    private final int grantedRcvbufBytes;
    private final ByteBuffer ack = ByteBuffer.allocate(Datagrams.ACK_BYTES);
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean stopping;
    private Thread thread;
    private boolean schedulerApplied;
    private long strays;
    private int lastFinishedRunId;
    private boolean anyFinished;
    /** The run being received (receive thread only), null between runs. */
    private ActiveRun run;
    private int served;

    /** Opens and binds the socket (so a client may start right after) and reports what it got. */
    UdpServer(ServerConfig config, Consumer<UdpResult> results, Consumer<String> log) {
        this.config = config;
        this.results = results;
        this.log = log;
        try {
            receiver = open(config);
            grantedRcvbufBytes = receiver.receiveBufferBytes();
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "udp server: cannot open a socket on "
                    + config.bind() + " (" + e.getMessage() + ")", e);
        }
        log.accept("info: listening on " + config.bind().getAddress().getHostAddress() + ":" + receiver.localPort()
                + ", method " + config.method().name() + ": " + receiver.description());
        log.accept(rcvbufLine(config.rcvbufBytes(), grantedRcvbufBytes));
    }

    private static DatagramReceiver open(ServerConfig config) throws IOException {
        switch (config.method()) {
            case THREAD:
                return new BlockingReceiver(config.bind(), config.rcvbufBytes());
            case RECVMMSG:
                return new RecvmmsgReceiver(config.bind(), config.rcvbufBytes());
            default:
                return new SelectorReceiver(config.method(), config.bind(), config.rcvbufBytes());
        }
    }

    /**
     * The rcvbuf line: what was asked, what the kernel granted, and the sysctl when it capped the
     * request. The JDK reports the size accepted (Linux's getsockopt shows twice that, its bookkeeping
     * overhead; the JDK halves it), so granted below requested means the kernel capped it at
     * net.core.rmem_max.
     */
    static String rcvbufLine(int requested, int granted) {
        if (requested <= 0) {
            return "info: receive buffer: system default, granted " + granted + " bytes";
        }
        if (granted < requested) {
            return "warn: receive buffer: asked " + requested + " bytes, the kernel granted only " + granted
                    + " (capped by net.core.rmem_max). Raise the limit: sysctl -w net.core.rmem_max=" + requested;
        }
        return "info: receive buffer: asked " + requested + " bytes, granted " + granted + " bytes";
    }

    int port() {
        return receiver.localPort();
    }

    int grantedRcvbufBytes() {
        return grantedRcvbufBytes;
    }

    /** Starts the receive thread. */
    UdpServer start() {
        thread = new Thread(this::receiveThread, "udp-receive-" + config.method().id());
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /** Waits until the configured number of runs is served (or the server is stopped). */
    boolean await(long timeoutMs) throws InterruptedException {
        boolean ok = done.await(timeoutMs, TimeUnit.MILLISECONDS);
        Throwable t = failure.get();
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t != null) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "udp server failed: " + t, t);
        }
        return ok;
    }

    /** Ends the receive thread at its next wake-up (within about 100 ms); a run in progress is reported partial. */
    void stop() {
        stopping = true;
    }

    @Override
    public void close() {
        stop();
        try {
            if (thread != null) {
                thread.join(2000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            receiver.close();
        } catch (IOException e) {
            // closing a socket we are done with: nothing useful to report
        }
    }

    private void receiveThread() {
        try {
            ThreadScheduling.Outcome o = ThreadScheduling.applyToCurrentThread("receive thread", config.scheduler(),
                    config.priority());
            schedulerApplied = o.applied();
            log.accept((o.applied() ? "info: " : "warn: ") + o.message());
            serve();
        } catch (Throwable t) {
            failure.set(t);
        } finally {
            done.countDown();
        }
    }

    private void serve() throws IOException {
        while (!stopping && !allServed()) {
            long wait = POLL_SLICE_MS;
            if (run != null) {
                long idleMs = (System.nanoTime() - run.lastActivityNs) / 1_000_000;
                if (idleMs >= config.idleTimeoutMs()) {
                    finish(run, false, 0);
                    continue;
                }
                wait = Math.min(wait, config.idleTimeoutMs() - idleMs);
            }
            int n = receiver.receive(wait);
            if (n == 0) {
                continue;
            }
            // one clock read per batch: the datagrams of one receive call share their arrival time
            long now = System.nanoTime();
            for (int i = 0; i < n && !allServed(); i++) {
                onDatagram(receiver.datagram(i), i, now);
            }
        }
        if (run != null) {
            finish(run, false, 0);
        }
    }

    private boolean allServed() {
        return config.runs() != 0 && served >= config.runs();
    }

    /** One datagram of the batch (index {@code i}, for its source) that arrived at {@code now}. */
    private void onDatagram(ByteBuffer b, int i, long now) throws IOException {
        int len = b.limit();
        byte type = Datagrams.type(b);
        if (type == Datagrams.DATA && len >= Datagrams.RUN_ID_END) {
            onData(b, len, now);
        } else if (type == Datagrams.START) {
            onStart(b, receiver.source(i), now);
        } else if (type == Datagrams.END && len >= Datagrams.END_BYTES) {
            if (run != null && run.runId == Datagrams.runId(b)) {
                run.endSent = b.getLong(8);
                finish(run, true, now);
            }
            // else: a repeated END of a run already finished
        } else if (run != null && len == run.payloadBytes && len < Datagrams.RUN_ID_END
                && (type == 0 || type == Datagrams.DATA)) {
            run.stats.onData(now, len, -1, Long.MIN_VALUE);
            run.lastActivityNs = now;
        } else {
            strays++;
        }
    }

    private void onStart(ByteBuffer b, SocketAddress from, long now) throws IOException {
        Datagrams.Start s = Datagrams.readStart(b);
        if (s == null) {
            strays++;
            return;
        }
        if (run != null && run.runId != s.runId()) {
            refuse(run, s.runId(), from);
            return;
        }
        if (run == null) {
            if (anyFinished && s.runId() == lastFinishedRunId) {
                strays++; // a late repeated START of the run just finished
                return;
            }
            run = new ActiveRun(s.runId(), s, s.payloadBytes(), now);
        }
        run.lastActivityNs = now;
        sendAck(s.runId(), from);
    }

    private void onData(ByteBuffer b, int len, long now) {
        int id = Datagrams.runId(b);
        if (run == null && anyFinished && id == lastFinishedRunId) {
            strays++; // a late DATA of the run just finished
            return;
        }
        if (run == null) {
            log.accept("warn: DATA of run " + hex(id) + " without its START (lost?): counting it; the number "
                    + "sent will come from END");
            run = new ActiveRun(id, null, len, now);
        } else if (run.runId != id) {
            strays++;
            return;
        }
        long seq = len >= Datagrams.SEQ_END ? b.getInt(8) & 0xFFFFFFFFL : -1;
        long sent = len >= Datagrams.FULL_HEADER_BYTES ? b.getLong(12) : Long.MIN_VALUE;
        run.stats.onData(now, len, seq, sent);
        run.lastActivityNs = now;
    }

    /** A START of another run id during {@code run}: BUSY to its sender, logged once per run id. */
    private void refuse(ActiveRun run, int refusedRunId, SocketAddress from) throws IOException {
        strays++;
        if (run.refused.add(refusedRunId)) {
            log.accept("warn: START of run " + hex(refusedRunId) + " from " + from + " refused: run " + hex(run.runId)
                    + " is in progress (one run at a time; that client is told the server is busy)");
        }
        Datagrams.writeBusy(ack, refusedRunId);
        receiver.send(ack, from);
    }

    private void sendAck(int runId, SocketAddress to) throws IOException {
        Datagrams.writeAck(ack, runId);
        receiver.send(ack, to);
    }

    /** Ends {@code run} (the one in progress): its result goes out, the next run may start. */
    private void finish(ActiveRun run, boolean endReceived, long endArrivalNs) {
        this.run = null;
        served++;
        lastFinishedRunId = run.runId;
        anyFinished = true;
        RunStats s = run.stats;
        long endNs = endReceived ? endArrivalNs : s.lastArrivalNs();
        double durationS = s.datagrams() == 0 ? 0 : (endNs - s.firstArrivalNs()) / 1e9;
        long sent = run.endSent >= 0 ? run.endSent : run.start != null ? run.start.expected() : -1;
        Measures m = new Measures(sent, s.received(), s.datagrams(), s.bytes(), durationS);
        UdpResult r = new UdpResult(config.method(), run.start, run.payloadBytes, config.scheduler(), config.priority(),
                schedulerApplied, config.rcvbufBytes(), grantedRcvbufBytes, m, endReceived, s.jitterMs(),
                s.duplicates(), s.reordered(), s.slices(endNs));
        if (strays > 0) {
            log.accept("info: " + strays + " stray datagram(s) ignored (other run ids, unknown format)");
            strays = 0;
        }
        r.consoleLines(config.idleTimeoutMs()).forEach(log);
        results.accept(r);
    }

    static String hex(int runId) {
        return String.format(java.util.Locale.ROOT, "%08x", runId);
    }

    /** The run being received. */
    private static final class ActiveRun {
        final int runId;
        final Datagrams.Start start;
        final int payloadBytes;
        final RunStats stats = new RunStats();
        /** Run ids whose START was refused during this run (bounded: logged once each, at most 64 kept). */
        final java.util.Set<Integer> refused = java.util.Collections.newSetFromMap(new java.util.LinkedHashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(java.util.Map.Entry<Integer, Boolean> eldest) {
                return size() > 64;
            }
        });
        long lastActivityNs;
        long endSent = -1;

        ActiveRun(int runId, Datagrams.Start start, int payloadBytes, long nowNs) {
            this.runId = runId;
            this.start = start;
            this.payloadBytes = payloadBytes;
            this.lastActivityNs = nowNs;
        }
    }
}
