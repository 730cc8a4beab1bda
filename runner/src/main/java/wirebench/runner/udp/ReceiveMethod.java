package wirebench.runner.udp;

import java.util.Locale;

/** How the server waits for datagrams: the seed's SELECT, EPOLL, THREAD, and a batched RECVMMSG. */
public enum ReceiveMethod {
    /** Non-blocking channel and a poll(2)-based selector ({@code sun.nio.ch.PollSelectorProvider}). */
    SELECT,
    /** Non-blocking channel and the JDK's epoll(7) selector ({@code sun.nio.ch.EPollSelectorProvider}). */
    EPOLL,
    /** A thread blocked in recvfrom(2) ({@code DatagramSocket.receive} with a timeout). */
    THREAD,
    /**
     * Up to {@link RecvmmsgReceiver#BATCH} datagrams per recvmmsg(2) system call, through the Foreign
     * Function &amp; Memory API: needs Java 22+ on Linux ({@link RecvmmsgReceiver#refusal}).
     */
    RECVMMSG;

    /** Lower-case name used in files: {@code select}, {@code epoll}, {@code thread}, {@code recvmmsg}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
