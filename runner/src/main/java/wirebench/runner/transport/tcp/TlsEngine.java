package wirebench.runner.transport.tcp;

import java.util.List;
import java.util.function.Consumer;

import wirebench.runner.transport.Engine;
import wirebench.runner.transport.EngineOptions;
import wirebench.runner.transport.Transport;
import wirebench.runner.transport.TransportSettings;

/** TLS 1.3 streams (JSSE) with TCP's framing: {@code -transport TLS}, certificates from PEM files or generated. */
public final class TlsEngine implements Engine {
    private static final Profile PROFILE = new Profile("tls", List.of("TLS"), true,
            "-transport TLS", List.of("-transportCertFile", "-transportPrivateKey", "-transportCertAuthority"));

    @Override
    public Profile profile() {
        return PROFILE;
    }

    @Override
    public Choice choose(EngineOptions o, Consumer<String> notes) {
        if (o.tls().privateKeyFile() != null && o.tls().certFile() == null) {
            throw Engine.usage("-transportPrivateKey: needs -transportCertFile");
        }
        return TcpEngine.stream("TLS", o, notes);
    }

    @Override
    public Transport open(TransportSettings s) {
        return new TlsTransport(s, TlsKeys.load(s.tls()));
    }

    /** A TLS receive always blocks (JSSE has no non-blocking read here). */
    @Override
    public Waiting waiting(TransportSettings s) {
        return Waiting.sockets(s, true);
    }
}
