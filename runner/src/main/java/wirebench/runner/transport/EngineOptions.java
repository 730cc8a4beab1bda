package wirebench.runner.transport;

import java.util.Set;

/**
 * What the command line gave the engines, for {@link Engine#choose}.
 *
 * @param transport         the {@code -transport} value, as given or the engine's default
 * @param multicast         {@code -multicast}
 * @param bestEffort        {@code -bestEffort}
 * @param blockingSockets   not {@code -noBlockingSockets}
 * @param aeronMtuBytes     {@code -aeronMtu}, 0 = the engine's default
 * @param tls               {@code -transportCertFile}, {@code -transportPrivateKey}, {@code -transportCertAuthority} (each may be null)
 * @param given             the engine-specific options given (see {@link Engine#options()})
 */
public record EngineOptions(String transport, boolean multicast, boolean bestEffort, boolean blockingSockets,
        int aeronMtuBytes, TransportSettings.TlsFiles tls, Set<String> given) {
}
