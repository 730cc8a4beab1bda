package wirebench.runner.udp;

import java.net.InetSocketAddress;

/**
 * How the client sends.
 *
 * @param server         where to send
 * @param payloadBytes   UDP payload of each DATA datagram (0..65507)
 * @param total          DATA datagrams to send
 * @param connected      connect(2) the socket and use send(2) instead of sendto(2)
 * @param ratePerS       datagrams per second, 0 = as fast as possible
 * @param scheduler      policy of the sending thread
 * @param priority       its priority
 * @param endRepeats     how often END is sent (0 simulates a lost END)
 * @param startTimeoutMs how long to repeat START until the server answers
 */
record ClientConfig(InetSocketAddress server, int payloadBytes, long total, boolean connected, long ratePerS,
        Scheduler scheduler, int priority, int endRepeats, int startTimeoutMs) {
}
