package wirebench.runner.transport.tcp;

import java.util.List;
import java.util.function.Consumer;

import wirebench.runner.transport.Engine;
import wirebench.runner.transport.EngineOptions;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/** TCP streams (NIO, TCP_NODELAY, length-prefixed frames), unicast: {@code -transport TCP}. */
public final class TcpEngine implements Engine {
    private static final Profile PROFILE = new Profile("tcp", List.of("TCP"), true,
            "-transport TCP", List.of("-noBlockingSockets"));

    @Override
    public Profile profile() {
        return PROFILE;
    }

    @Override
    public Choice choose(EngineOptions o, Consumer<String> notes) {
        return stream("TCP", o, notes);
    }

    /** The choice of a stream engine (TCP or TLS): unicast only, every message arrives. */
    static Choice stream(String name, EngineOptions o, Consumer<String> notes) {
        if (o.multicast()) {
            throw Engine.usage("-multicast: -transport " + name + " is unicast; give -peer, or use UDPv4 for multicast");
        }
        if (o.bestEffort()) {
            notes.accept("-bestEffort over " + name + ": every message arrives (a TCP stream is reliable), as with"
                    + " Perftest's TCP transport; rows keep the best_effort key");
        }
        TransportSettings.Kind kind = name.equals("TLS") ? TransportSettings.Kind.TLS : TransportSettings.Kind.TCP;
        return new Choice(kind, name, !o.bestEffort(), false);
    }

    @Override
    public Transport open(TransportSettings s) {
        return new TcpTransport(s);
    }

    @Override
    public Waiting waiting(TransportSettings s) {
        return Waiting.sockets(s, s.blockingSockets());
    }
}
