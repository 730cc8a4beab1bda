package wirebench.runner.transport;

import java.util.List;

/**
 * Where and how a transport sends: resolved from the command line by the harness.
 *
 * @param kind             which engine and channel
 * @param reliable         reliable delivery (false = best effort)
 * @param multicast        both topics go to multicast groups instead of each peer
 * @param multicastGroup   IPv4 group of the DATA topic when {@code multicast}
 * @param echoMulticastGroup IPv4 group of the ECHO topic when {@code multicast}
 * @param nic              local address to bind and to send multicast from; null = any / default
 * @param dataPeers        hosts the publisher sends DATA to (the subscribers' addresses, unicast)
 * @param echoPeers        hosts a subscriber sends ECHO to (the publishers' addresses)
 * @param dataPort         UDP port of the DATA topic (bound by subscribers)
 * @param echoPort         UDP port of the ECHO topic (bound by the publisher)
 * @param dataStreamId     Aeron stream id of DATA
 * @param echoStreamId     Aeron stream id of ECHO
 * @param maxMessageBytes  the largest message the harness will send (sizes Aeron terms)
 * @param blockingSockets  raw UDP only: blocking receive (true) or non-blocking busy polling
 * @param threading        Aeron threading and idle choice
 * @param aeronDir         Aeron only: directory of an external media driver, null = embedded driver
 * @param mtuBytes         Aeron only: MTU of the publications (-aeronMtu), 0 = chosen from the path (AeronPathSizing)
 * @param tls              TLS only: certificate, key and CA files (any may be null: a self-signed pair)
 * @param extras           what an engine may need beyond the channel (domain, keyed, its own options)
 */
public record TransportSettings(Kind kind, boolean reliable, boolean multicast, String multicastGroup,
        String echoMulticastGroup,        String nic, List<String> dataPeers, List<String> echoPeers, int dataPort, int echoPort, int dataStreamId,
        int echoStreamId, int maxMessageBytes, boolean blockingSockets, Threading threading, String aeronDir,
        int mtuBytes, TlsFiles tls, Extras extras) {

    /** Settings without {@link Extras} (domain 0, unkeyed, no engine-specific options). */
    public TransportSettings(Kind kind, boolean reliable, boolean multicast, String multicastGroup,
            String echoMulticastGroup, String nic, List<String> dataPeers, List<String> echoPeers, int dataPort,
            int echoPort, int dataStreamId, int echoStreamId, int maxMessageBytes, boolean blockingSockets,
            Threading threading, String aeronDir, int mtuBytes, TlsFiles tls) {
        this(kind, reliable, multicast, multicastGroup, echoMulticastGroup, nic, dataPeers, echoPeers, dataPort,
                echoPort, dataStreamId, echoStreamId, maxMessageBytes, blockingSockets, threading, aeronDir, mtuBytes,
                tls, Extras.NONE);
    }

    /**
     * What an engine may need beyond the channel: the harness's test model (domain, keyed instances
     * and how to find a message's instance) and the values of the engine's own options
     * ({@link Engine#options()}), as given on the command line (a flag's value is {@code "true"}).
     *
     * @param domain  Perftest's {@code -domain}
     * @param keyed   {@code -keyed}: messages belong to instances
     * @param key     the instance key of a message (the harness knows the layout; an engine does not)
     * @param options the engine's own options given, name to value
     */
    public record Extras(int domain, boolean keyed, MessageKey key, java.util.Map<String, String> options) {
        /** No domain, unkeyed, no options. */
        public static final Extras NONE = new Extras(0, false, (b, o, l) -> 0, java.util.Map.of());
    }

    /** The instance key of a message. */
    @FunctionalInterface
    public interface MessageKey {
        int of(org.agrona.DirectBuffer buffer, int offset, int lengthBytes);
    }

    /** Engine and channel kinds. */
    public enum Kind {
        /** Aeron over UDP (unicast, or multicast with {@code multicast}). */
        AERON_UDP,
        /** Aeron IPC (shared memory through one media driver). */
        AERON_IPC,
        /** Plain UDP sockets, batching done by the harness. */
        RAW_UDP,
        /** TCP streams (NIO, TCP_NODELAY, length-prefixed frames), unicast. */
        TCP,
        /** TLS 1.3 streams (JSSE) with the same framing as TCP, unicast. */
        TLS,
        /** Eclipse Cyclone DDS: RTPS over UDP (docs/dds.md). */
        DDS,
        /** Eclipse Cyclone DDS over iceoryx shared memory (discovery still RTPS over UDP; docs/dds.md). */
        DDS_SHM
    }

    /**
     * PEM files of {@code -transportCertFile}, {@code -transportPrivateKey} (PKCS#8) and
     * {@code -transportCertAuthority}; a null certificate means this user's pair (made on first use in ~/.wirebench/tls).
     */
    public record TlsFiles(java.nio.file.Path certFile, java.nio.file.Path privateKeyFile,
            java.nio.file.Path certAuthorityFile) {
    }
}
