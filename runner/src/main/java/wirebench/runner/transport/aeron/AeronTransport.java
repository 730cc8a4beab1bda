package wirebench.runner.transport.aeron;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import io.aeron.Aeron;
import io.aeron.AeronCounters;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.exceptions.AeronException;
import org.agrona.concurrent.IdleStrategy;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Ends;
import wirebench.runner.transport.Idle;
import wirebench.runner.transport.PortHolders;
import wirebench.runner.transport.Receiver;
import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/**
 * Aeron as a {@link Transport}: an {@link EmbeddedDriver} (default) or an external one
 * ({@code aeronDir}), the channels of {@link AeronChannels}, {@link AeronSender}s on exclusive
 * publications and {@link AeronReceiver}s on subscriptions; under INVOKER threading the waiting
 * role threads run the driver's {@link DriverDuty}. Best effort = {@code reliable=false} on the
 * subscriptions. MTU, term, receiver window and socket buffers come from {@link AeronPathSizing}
 * (the path and the largest message).
 */
public final class AeronTransport implements Transport {
    private final TransportSettings settings;
    private final AeronPathSizing sizing;
    private final AeronChannels channels;
    /** Fresh idle strategies for the driver's agents and the receivers' waits: the one place they are chosen. */
    private final Supplier<IdleStrategy> idle;
    private final EmbeddedDriver driver;
    /** INVOKER threading: the driver's duty cycle, run by waiting role threads; null otherwise. */
    private final DriverDuty duty;
    private final Aeron aeron;
    private final Ends ends = new Ends();
    private final Thread shutdownHook;
    /** How the DATA topic receives messages of several fragments ({@link StartFirstAssembler}), for the engine line. */
    static final String FRAGMENTED_RECEIVE = "start first, held until whole";
    /** The client pre-touches every log it maps (Aeron's {@code preTouchMappedMemory}). */
    static final boolean PRE_TOUCH = true;

    public AeronTransport(TransportSettings settings) {
        this.settings = settings;
        this.sizing = AeronPathSizing.of(settings);
        this.channels = new AeronChannels(settings, sizing.termLengthBytes(), sizing.echoTermLengthBytes(),
                sizing.mtuBytes());
        this.idle = idleStrategies(settings.threading());
        this.driver = settings.aeronDir() == null
                ? new EmbeddedDriver(settings.threading().mode(), idle, sizing.windowBytes(), sizing.socketBufferBytes())
                : null;
        this.duty = driver == null ? null : driver.duty();
        String dir = driver != null ? driver.directory() : settings.aeronDir();
        try {
            // every page of a log (publication or image) is touched when the client maps it, during
            // setup: not on its first pass inside the timed run, where at 1 MB samples (48 MiB logs)
            // the first-touch faults held a 6 s run near 0.1 Gbps for seconds (docs/pubsub.md)
            Aeron.Context client = new Aeron.Context().aeronDirectoryName(dir).preTouchMappedMemory(PRE_TOUCH);
            if (duty != null) {
                // Aeron 1.48+: a driver invoker needs the client conductor on an invoker too; the duty runs both
                client.driverAgentInvoker(duty.clientInvoker()).useConductorAgentInvoker(true);
            }
            aeron = Aeron.connect(client);
            if (duty != null) {
                duty.conductor(aeron.conductorAgentInvoker());
            }
        } catch (RuntimeException e) {
            if (driver != null) {
                driver.close();
            }
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot connect to the media driver in "
                    + dir + " (" + e.getMessage() + ")", e);
        }
        shutdownHook = new Thread(this::close, "wirebench-aeron-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** How the driver's agents and the receivers wait: a fresh strategy per caller (they keep state). */
    private static Supplier<IdleStrategy> idleStrategies(Threading threading) {
        return () -> Idle.of(threading);
    }

    @Override
    public synchronized Sender openSender(Topic topic) {
        String channel = channels.publication(topic);
        int stream = streamId(topic);
        try {
            ExclusivePublication pub = aeron.addExclusivePublication(channel, stream);
            for (String destination : channels.destinations(topic)) {
                pub.addDestination(destination);
            }
            AeronSender s = new AeronSender(pub, channel, duty);
            return ends.keep(s);
        } catch (AeronException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot publish on " + channel
                    + " stream " + stream + " (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public synchronized Receiver openReceiver(Topic topic) {
        String channel = channels.subscription(topic);
        int stream = streamId(topic);
        try {
            Subscription sub = aeron.addSubscription(channel, stream);
            AeronReceiver r = new AeronReceiver(sub, idle.get(), duty, topic == Topic.DATA);
            return ends.keep(r);
        } catch (AeronException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "aeron: cannot subscribe to " + channel
                    + " stream " + stream + " (" + e.getMessage() + (e.getMessage() != null
                    && e.getMessage().contains("Address already in use") ? "; " + topic.portInUseHint()
                    + PortHolders.udp(channels.port(topic)) : "") + ")", e);
        }
    }

    /** INVOKER threading: the driver's duty cycle; null otherwise (for the tests). */
    DriverDuty duty() {
        return duty;
    }

    private int streamId(Topic topic) {
        return topic == Topic.DATA ? settings.dataStreamId() : settings.echoStreamId();
    }

    /** Aeron's framing of one message: {@link AeronFraming#framedBytes} at the run's MTU. */
    @Override
    public long wireBytes(int messageBytes) {
        return AeronFraming.framedBytes(messageBytes, sizing.mtuBytes());
    }

    @Override
    public int maxMessageBytes() {
        // what a subscriber can echo: its ECHO term (its DATA term is sized from the publisher's sizes)
        return AeronFraming.maxMessageBytes(sizing.echoTermLengthBytes());
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "aeron");
        m.put("version", AeronCounters.class.getPackage().getImplementationVersion());
        m.put("driver", driver != null ? "embedded" : "external " + settings.aeronDir());
        if (driver != null) {
            m.put("threading_mode", settings.threading().mode());
            m.put("threading_reason", settings.threading().reason());
        } else {
            m.put("threading_mode", "the external driver's own");
        }
        m.put("idle_strategy", settings.threading().idle());
        // spinyield/spinpark (auto's spinning candidate) spin this long before they yield or park
        // (absent in older results: 50 000)
        m.put("idle_spin_ns", wirebench.runner.transport.idle.SpinFirstIdleStrategy.SPIN_NS);
        if (duty != null) {
            m.put("invoker_send_window_ns", SendWindow.WINDOW_NS); // offers this close share a cycle
            // waiting turns: the Receiver agent alone, the whole cycle after data or after this long
            // without one (0: every turn whole; older results: invoker_whole_cycle_every, 3 or 1)
            m.put("invoker_wait_whole_cycle_after_ns", duty.receiverAlone() ? WaitTurns.AFTER_NS : 0);
            // Receiver calls a waiting turn may make while each read something (absent in older results: 1)
            m.put("invoker_wait_receive_burst_datagrams", duty.receiverAlone() ? WaitTurns.RECEIVE_BURST_DATAGRAMS : 1);
            // ...and only after a call that took in this many bytes (absent in older results: after any work,
            // so a small message waited for one more, empty, poll before its handler ran)
            m.put("invoker_wait_receive_burst_min_bytes", WaitTurns.RECEIVE_BURST_MIN_BYTES);
            // offers' turns: the Sender and conductor alone, the whole cycle every Nth (1 = every turn whole);
            // a back-pressured offer retried this many times, a turn before each (0 = refused at once)
            m.put("invoker_offer_whole_cycle_every", duty.senderAlone() ? OfferTurns.WHOLE_CYCLE_EVERY : 1);
            m.put("invoker_back_pressure_turns", OfferTurns.BACK_PRESSURE_TURNS);
            // datagrams an offer's turn may send (1 = one Sender call, as a whole cycle makes)
            m.put("invoker_offer_send_burst_datagrams", duty.senderAlone() ? DriverDuty.SEND_BURST_DATAGRAMS : 1);
        }
        m.putAll(sizing.describe());
        // DATA messages in several fragments whose handler reads only their start (no payload check,
        // decompression or echo) are handed on when whole without joining the fragments; absent in
        // older results: every one copied by Aeron's FragmentAssembler
        m.put("fragmented_receive", FRAGMENTED_RECEIVE);
        m.put("pre_touch_mapped_memory", PRE_TOUCH); // absent in older results: logs touched on first use
        if (driver == null) {
            m.put("receiver_window_bytes", "the external driver's own");
            m.put("socket_buffer_bytes", "the external driver's own");
        }
        m.put("data_channel", channels.describe(Topic.DATA));
        m.put("echo_channel", channels.describe(Topic.ECHO));
        m.put("reliable", settings.reliable());
        return m;
    }

    @Override
    public void close() {
        if (!ends.close()) {
            return;
        }
        aeron.close(); // releases whatever an end that failed to close still holds
        if (driver != null) {
            driver.close(); // the duty cycle first: none may run while or after the driver closes
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already
            }
        }
    }
}
