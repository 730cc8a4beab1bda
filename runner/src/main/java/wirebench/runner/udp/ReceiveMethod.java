package wirebench.runner.udp;

import java.util.Locale;

/** How the server waits for datagrams (the seed's SELECT, EPOLL, THREAD). */
public enum ReceiveMethod {
    /** Non-blocking channel and a poll(2)-based selector ({@code sun.nio.ch.PollSelectorProvider}). */
    SELECT,
    /** Non-blocking channel and the JDK's epoll(7) selector ({@code sun.nio.ch.EPollSelectorProvider}). */
    EPOLL,
    /** A thread blocked in recvfrom(2) ({@code DatagramSocket.receive} with a timeout). */
    THREAD;

    /** Lower-case name used in files: {@code select}, {@code epoll}, {@code thread}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
