package wirebench.runner.campaign;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engines a campaign can put side by side ({@code --engines}, docs/campaign.md): each name, the
 * {@code run pubsub} arguments that select it and the transports it runs. An engine runs every
 * transport of {@code --transports} it supports; one that supports none of them runs its first
 * (so {@code --engines aeron,raw,tcp} with the default {@code --transports UDPv4} is Aeron over UDPv4,
 * raw UDP sockets and TCP).
 */
final class CampaignEngines {
    /** An engine: the arguments selecting it, the transports it runs (the first when none is asked for). */
    record Engine(String name, List<String> arguments, List<String> transports) {
    }

    private static final Map<String, Engine> KNOWN = new LinkedHashMap<>();

    static {
        add(new Engine("aeron", List.of(), List.of("UDPv4", "SHMEM")));
        add(new Engine("raw", List.of("-rawTransport"), List.of("UDPv4")));
        add(new Engine("tcp", List.of(), List.of("TCP")));
        add(new Engine("tls", List.of(), List.of("TLS")));
        // Cyclone DDS through FFM (issue 27): selected with run pubsub's -engine option
        add(new Engine("dds", List.of("-engine", "dds"), List.of("UDPv4", "SHMEM")));
    }

    private CampaignEngines() {
    }

    private static void add(Engine e) {
        KNOWN.put(e.name(), e);
    }

    /** The names {@code --engines} takes. */
    static List<String> names() {
        return List.copyOf(KNOWN.keySet());
    }

    /** The engine of a test point; {@code ""} (no --engines) is run pubsub's default, selected by nothing. */
    static List<String> arguments(String engine) {
        return engine.isEmpty() ? List.of() : KNOWN.get(engine).arguments();
    }

    /** The transports {@code engine} runs of those asked for ({@code ""}: all of them, as before engines). */
    static List<String> transports(String engine, List<String> asked) {
        if (engine.isEmpty()) {
            return asked;
        }
        Engine e = KNOWN.get(engine);
        List<String> out = new ArrayList<>();
        for (String t : asked) {
            if (e.transports().contains(t)) {
                out.add(t);
            }
        }
        return out.isEmpty() ? List.of(e.transports().get(0)) : out;
    }
}
