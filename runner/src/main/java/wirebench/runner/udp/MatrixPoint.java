package wirebench.runner.udp;

import java.util.ArrayList;
import java.util.List;

/**
 * One test point of the matrix: the seed's Benchmark-1 columns plus the receive method.
 *
 * @param rcvbufBytes SO_RCVBUF asked of the server
 */
record MatrixPoint(Scheduler clientScheduler, boolean connected, int payloadBytes, Scheduler serverScheduler,
        int rcvbufBytes, ReceiveMethod method) {

    private static final int KIB = 1024;
    private static final int MIB = 1024 * 1024;

    /**
     * The twelve rows of seed 002's Benchmark-1 table, in its order ("256Kb" read as 256 KiB,
     * "2 Mb" as 2 MiB), each for every method given.
     */
    static List<MatrixPoint> seedGrid(List<ReceiveMethod> methods) {
        Object[][] rows = {
            {Scheduler.OTHER, false, 64, Scheduler.OTHER, 256 * KIB},
            {Scheduler.OTHER, true, 64, Scheduler.OTHER, 256 * KIB},
            {Scheduler.FIFO, false, 64, Scheduler.OTHER, 256 * KIB},
            {Scheduler.FIFO, true, 64, Scheduler.OTHER, 256 * KIB},
            {Scheduler.FIFO, false, 64, Scheduler.OTHER, 2 * MIB},
            {Scheduler.FIFO, false, 64, Scheduler.OTHER, 4 * MIB},
            {Scheduler.FIFO, false, 64, Scheduler.OTHER, 8 * MIB},
            {Scheduler.FIFO, false, 64, Scheduler.OTHER, 16 * MIB},
            {Scheduler.FIFO, false, 1500, Scheduler.OTHER, 16 * MIB},
            {Scheduler.FIFO, true, 1500, Scheduler.OTHER, 16 * MIB},
            {Scheduler.FIFO, true, 1472, Scheduler.OTHER, 16 * MIB},
            {Scheduler.FIFO, true, 1472, Scheduler.RR, 16 * MIB},
        };
        List<MatrixPoint> out = new ArrayList<>();
        for (Object[] r : rows) {
            for (ReceiveMethod m : methods) {
                out.add(new MatrixPoint((Scheduler) r[0], (Boolean) r[1], (Integer) r[2], (Scheduler) r[3],
                        (Integer) r[4], m));
            }
        }
        return out;
    }

    /** Every combination of the given values (client scheduler outermost, method innermost). */
    static List<MatrixPoint> product(List<Scheduler> clientSchedulers, List<Boolean> connected, List<Integer> payloads,
            List<Scheduler> serverSchedulers, List<Integer> rcvbufs, List<ReceiveMethod> methods) {
        List<MatrixPoint> out = new ArrayList<>();
        for (Scheduler cs : clientSchedulers) {
            for (Boolean c : connected) {
                for (Integer p : payloads) {
                    for (Scheduler ss : serverSchedulers) {
                        for (Integer rb : rcvbufs) {
                            for (ReceiveMethod m : methods) {
                                out.add(new MatrixPoint(cs, c, p, ss, rb, m));
                            }
                        }
                    }
                }
            }
        }
        return out;
    }
}
