package wirebench.runner.transport.raw;

import java.util.List;
import java.util.function.Consumer;

import wirebench.runner.transport.Engine;
import wirebench.runner.transport.EngineOptions;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/** Plain UDP sockets, batching done by the harness, always best effort: Perftest's {@code -rawTransport}. */
public final class RawUdpEngine implements Engine {
    private static final Profile PROFILE = new Profile("raw-udp", List.of("UDPv4"), false,
            "-rawTransport", List.of("-noBlockingSockets"));

    @Override
    public Profile profile() {
        return PROFILE;
    }

    @Override
    public Choice choose(EngineOptions o, Consumer<String> notes) {
        String name = "raw-UDPv4" + (o.multicast() ? "-multicast" : "") + (o.blockingSockets() ? "" : "-nonblocking");
        return new Choice(TransportSettings.Kind.RAW_UDP, name, false, true);
    }

    @Override
    public void check(TransportSettings s) {
        if (s.maxMessageBytes() > RawUdpTransport.MAX_DATAGRAM_BYTES) {
            throw Engine.usage("-rawTransport: a message of " + s.maxMessageBytes() + " bytes (sample or batch + the"
                    + " harness's header) does not fit one UDP datagram (" + RawUdpTransport.MAX_DATAGRAM_BYTES
                    + "); use Aeron (drop -rawTransport) or smaller -dataLen/-batchSize");
        }
    }

    @Override
    public Transport open(TransportSettings s) {
        return new RawUdpTransport(s);
    }

    @Override
    public boolean usesThreading() {
        return false;
    }

    @Override
    public Waiting waiting(TransportSettings s) {
        return Waiting.sockets(s, s.blockingSockets());
    }
}
