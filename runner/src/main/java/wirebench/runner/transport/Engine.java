package wirebench.runner.transport;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import wirebench.contract.WirebenchException;

/**
 * A messaging engine as a part of {@code wirebench run pubsub}: its name, the options it owns, the
 * checks of those options, how it opens a {@link Transport} from the resolved settings, and what it
 * records in run.json. The engines are listed in one table ({@code wirebench.runner.engines.Engines});
 * the command, the roles and the campaign know only this interface, so adding an engine is adding
 * a class and one line in that table (docs/ARCHITECTURE.md, "Adding an engine").
 *
 * <p>Resolution happens in two steps: {@link #choose} sees the engine's command-line options (before
 * addresses and sizes are resolved) and names the channel; {@link #check} sees the finished
 * {@link TransportSettings} (largest message, multicast groups). Both throw usage errors (exit 2)
 * naming the option. Implementations are stateless and shared.
 */
public interface Engine {

    /** What the table and the messages know of this engine. */
    Profile profile();

    /** The name {@code -engine} takes: lower case, unique in the table. */
    default String name() {
        return profile().name();
    }

    /**
     * The {@code -transport} values this engine serves, as Perftest spells them, the default first
     * (compared case-insensitively).
     */
    default List<String> transports() {
        return profile().transports();
    }

    /**
     * The engine-specific options this engine reads (names as on the command line). Giving one of
     * another engine's options with this engine is a usage error naming the engines that own it.
     */
    default List<String> options() {
        return profile().options();
    }

    /**
     * Checks this engine's options and picks its channel.
     *
     * @param options what the command line gave the engines (the {@code -transport} value resolved)
     * @param notes   where to say something the user should know (one stderr line each)
     * @return the channel, the key column's transport name, reliability and discovery
     */
    Choice choose(EngineOptions options, Consumer<String> notes);

    /** Checks the resolved settings (largest message, multicast groups); default: nothing to check. */
    default void check(TransportSettings settings) {
    }

    /** Opens a transport for {@code settings} (one test configuration); throws a WirebenchException on failure. */
    Transport open(TransportSettings settings);

    /** The run.json {@code engine} entry (and stderr's "engine" line) for an open transport: default its describe(). */
    default Map<String, Object> record(Transport transport) {
        return transport.describe();
    }

    /**
     * With both roles in this process, whether each role gets a transport of its own (so a quick
     * local run measures what two processes do); default one shared transport.
     */
    default boolean transportPerRole(TransportSettings settings) {
        return false;
    }

    /** Whether the role threads wait through {@link Threading}'s idle strategy (printed with the configuration). */
    default boolean usesThreading() {
        return true;
    }

    /**
     * The configuration's {@code Threading:} line (the text after it) when the engine's threads are
     * not Aeron's driver modes, or null for the driver's mode and the idle strategy.
     */
    default String threadingLine(TransportSettings settings) {
        return null;
    }

    /**
     * How the role threads wait when the engine uses no idle strategy (run.json contention), or null
     * when they wait with {@link Threading}'s idle strategy.
     */
    default Waiting waiting(TransportSettings settings) {
        return null;
    }

    /**
     * What the table and the messages know of an engine.
     *
     * @param name                the name {@code -engine} takes: lower case, unique in the table
     * @param transports          the {@code -transport} values it serves, the default first
     * @param selectedByTransport whether {@code -transport} alone selects it (the first such engine of
     *                            the table serving the value wins); false: only {@code -engine NAME}
     *                            or its own flag
     * @param selection           how a command line selects it, for messages (e.g. {@code -transport TCP})
     * @param options             its own options (names as on the command line)
     */
    record Profile(String name, List<String> transports, boolean selectedByTransport,
            String selection, List<String> options) {
    }

    /**
     * The channel an engine chose.
     *
     * @param kind                 the channel kind within the engines
     * @param keyName              the value of the key column {@code transport} (UDPv4, SHMEM, raw-UDPv4, TCP...)
     * @param reliable             every message arrives (false: best effort)
     * @param multicastDiscovery   without {@code -peer}, a lone role on a non-loopback {@code -nic} meets
     *                             its peers by multicast, as Perftest discovers them
     */
    record Choice(TransportSettings.Kind kind, String keyName, boolean reliable, boolean multicastDiscovery) {
    }

    /**
     * How role threads wait without an idle strategy.
     *
     * @param idle   kernel-wait (a blocking receive) or busy-poll
     * @param reason why, for run.json
     */
    record Waiting(String idle, String reason) {

        /** A socket engine's waiting: a blocking receive, or polling without pause. */
        public static Waiting sockets(TransportSettings settings, boolean blocking) {
            String idle = blocking ? "kernel-wait" : "busy-poll";
            return new Waiting(idle, "the " + settings.kind() + " transport uses no idle strategy: "
                    + (blocking ? "a blocking receive" : "-noBlockingSockets polls without pause"));
        }
    }

    /** A usage error (exit 2). */
    static WirebenchException usage(String message) {
        return new WirebenchException(WirebenchException.USAGE, message);
    }
}
