package wirebench.runner.engines;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.Engine;
import wirebench.runner.transport.aeron.AeronEngine;
import wirebench.runner.transport.dds.CycloneDdsEngine;
import wirebench.runner.transport.raw.RawUdpEngine;
import wirebench.runner.transport.tcp.TcpEngine;
import wirebench.runner.transport.tcp.TlsEngine;

/**
 * The table of engines {@code wirebench run pubsub} runs on: adding an engine is adding its class
 * and one line here. The order matters where two engines serve one {@code -transport} value: the
 * first one {@link Engine.Profile#selectedByTransport() selected by it} wins (Aeron for UDPv4).
 */
public final class Engines {

    /** Every engine, the default first. */
    public static final List<Engine> ALL = List.of(
            new AeronEngine(),
            new RawUdpEngine(),
            new TcpEngine(),
            new TlsEngine(),
            new CycloneDdsEngine());

    private Engines() {
    }

    /** The engine named {@code name} (case-insensitive); an unknown name is bad input (exit 3) listing the known ones. */
    public static Engine byName(String name) {
        for (Engine e : ALL) {
            if (e.name().equalsIgnoreCase(name.strip())) {
                return e;
            }
        }
        throw WirebenchException.badInput("-engine: expected " + String.join(", ", names()) + ", got '" + name + "'");
    }

    /** The engines' names in table order. */
    public static List<String> names() {
        return ALL.stream().map(Engine::name).collect(Collectors.toList());
    }

    /**
     * The engine a command line selects, its engine-specific options checked against the table.
     *
     * @param engineName   {@code -engine}, or null
     * @param raw          {@code -rawTransport} (the same as {@code -engine raw-udp})
     * @param transport    {@code -transport}, or null (the engine's default)
     * @param given        the engine-specific options given on the command line
     */
    public static Engine select(String engineName, boolean raw, String transport, Set<String> given) {
        Engine rawEngine = byName("raw-udp");
        if (transport != null && ALL.stream().noneMatch(e -> serves(e, transport))) {
            throw usage(unsupportedTransport(transport));
        }
        Engine engine;
        if (engineName != null) {
            engine = byName(engineName);
            if (raw && engine != rawEngine) {
                throw usage("-rawTransport: selects -engine " + rawEngine.name() + ", not -engine " + engine.name()
                        + "; give one of them");
            }
        } else if (raw) {
            engine = rawEngine;
        } else {
            String t = transport == null ? ALL.get(0).transports().get(0) : transport;
            engine = ALL.stream().filter(e -> e.profile().selectedByTransport() && serves(e, t)).findFirst()
                    .orElseThrow(() -> usage(unsupportedTransport(t)));
        }
        if (transport != null && !serves(engine, transport)) {
            throw usage(engine.profile().selection() + ": works over " + String.join(" or ", engine.transports()) + " only, got"
                    + " -transport " + transport);
        }
        for (String option : given) {
            if (!engine.options().contains(option)) {
                List<String> owners = new ArrayList<>();
                for (Engine e : ALL) {
                    if (e.options().contains(option)) {
                        owners.add(e.profile().selection());
                    }
                }
                throw usage(option + ": only with " + String.join(" or ", owners) + ", not " + engine.profile().selection());
            }
        }
        return engine;
    }

    /** Every engine-specific option of the table, in table order without repeats. */
    public static Set<String> options() {
        Set<String> all = new java.util.LinkedHashSet<>();
        ALL.forEach(e -> all.addAll(e.options()));
        return all;
    }

    private static boolean serves(Engine e, String transport) {
        return e.transports().stream().anyMatch(t -> t.equalsIgnoreCase(transport.strip()));
    }

    /** Why a Perftest transport wirebench does not run is refused, and what to use instead. */
    static String unsupportedTransport(String given) {
        switch (given.toUpperCase(Locale.ROOT)) {
            case "UDPV4_WAN":
            case "WAN":
                return "-transport " + given + ": RTI's WAN transport (NAT traversal through a locator service) has no"
                        + " wirebench counterpart; across NATs use -transport TCP or TLS with -peer ADDR (one side"
                        + " reachable), on a LAN UDPv4";
            case "DTLS":
                return "-transport DTLS: wirebench has no DTLS; for an encrypted link use -transport TLS (TLS 1.3 over"
                        + " TCP), for UDP measurements UDPv4";
            case "UDPV6":
                return "-transport UDPv6: wirebench runs over IPv4; use UDPv4";
            default:
                List<String> all = ALL.stream().flatMap(e -> e.transports().stream()).distinct()
                        .collect(Collectors.toList());
                return "-transport: expected " + String.join(", ", all.subList(0, all.size() - 1)) + " or "
                        + all.get(all.size() - 1) + " (wirebench's engines), got '" + given + "'";
        }
    }

    private static WirebenchException usage(String message) {
        return new WirebenchException(WirebenchException.USAGE, message);
    }

    /** The engines' names for picocli's {@code ${COMPLETION-CANDIDATES}} in {@code --help}. */
    public static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return names().iterator();
        }
    }
}
