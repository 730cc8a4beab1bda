package wirebench.runner.transport.aeron;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import wirebench.runner.transport.Engine;
import wirebench.runner.transport.EngineOptions;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/** Aeron with an embedded (or external, {@code -aeronDir}) media driver: UDP unicast, multicast, or IPC ({@code -transport SHMEM}). */
public final class AeronEngine implements Engine {
    private static final Profile PROFILE = new Profile("aeron", List.of("UDPv4", "SHMEM"), true,
            "-engine aeron", List.of("-aeronMtu", "-aeronDir"));

    @Override
    public Profile profile() {
        return PROFILE;
    }

    @Override
    public Choice choose(EngineOptions o, Consumer<String> notes) {
        TransportSettings.Kind kind;
        String name;
        if (o.transport().toUpperCase(Locale.ROOT).equals("SHMEM")) {
            if (o.multicast()) {
                throw Engine.usage("-multicast: not with -transport SHMEM");
            }
            kind = TransportSettings.Kind.AERON_IPC;
            name = "SHMEM";
        } else {
            kind = TransportSettings.Kind.AERON_UDP;
            name = "UDPv4" + (o.multicast() ? "-multicast" : "");
        }
        int mtu = o.aeronMtuBytes();
        if (mtu != 0 && (mtu < 64 || mtu > 65504 || mtu % 32 != 0)) {
            throw Engine.usage("-aeronMtu: expected a multiple of 32 in 64..65504, got " + mtu);
        }
        return new Choice(kind, name, !o.bestEffort(), kind == TransportSettings.Kind.AERON_UDP);
    }

    /** Aeron takes odd multicast addresses (address + 1 carries its control traffic). */
    @Override
    public void check(TransportSettings s) {
        if (!s.multicast()) {
            return;
        }
        for (String g : new String[] {s.multicastGroup(), s.echoMulticastGroup()}) {
            if (g.matches(".*[02468]$")) {
                throw Engine.usage("-multicastAddr: Aeron needs odd multicast addresses (the next one carries control"
                        + " traffic), got " + g);
            }
        }
    }

    @Override
    public Transport open(TransportSettings s) {
        return new AeronTransport(s);
    }

    /**
     * Both roles in one process over Aeron UDP with INVOKER threading get a driver each, so the quick
     * local run measures what a run in two processes does: with one shared driver, a single lock
     * serialises both roles' duty cycles and every cycle polls both roles' sockets (2 cores, 32 B:
     * 10.8 us one-way p50 shared, 8.7 us in two processes). IPC needs the one shared driver; the
     * other threading modes would add a driver thread per role.
     */
    @Override
    public boolean transportPerRole(TransportSettings s) {
        return s.kind() == TransportSettings.Kind.AERON_UDP && s.aeronDir() == null
                && "INVOKER".equals(s.threading().mode());
    }
}
