package wirebench.runner.udp;

import java.net.InetSocketAddress;

/**
 * How the server runs.
 *
 * @param method        receive method
 * @param bind          address and port to bind (port 0 = any free port)
 * @param rcvbufBytes   SO_RCVBUF to ask for, 0 = the system default
 * @param scheduler     policy of the receive thread
 * @param priority      its priority (0 for OTHER/BATCH/IDLE, 1..99 for FIFO/RR)
 * @param idleTimeoutMs a run without any datagram for this long ends (partial result without END)
 * @param runs          runs to serve before returning, 0 = until stopped
 */
record ServerConfig(ReceiveMethod method, InetSocketAddress bind, int rcvbufBytes, Scheduler scheduler, int priority,
        int idleTimeoutMs, int runs) {
}
