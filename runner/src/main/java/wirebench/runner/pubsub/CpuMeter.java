package wirebench.runner.pubsub;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Process CPU usage as Perftest's {@code -cpu} reports it: process CPU time / wall time / number of
 * processors x 100 (100 = every core busy). Interval values since the previous call; the summary is
 * the mean of the interval values since {@link #reset()}, or the whole span when there were none.
 * Where the JVM cannot tell its CPU time (no {@code com.sun.management} bean, or the bean answers
 * -1) every value is NaN, "not measured", never 0: {@link #orMissing} turns it into an empty cell.
 */
final class CpuMeter {
    private final LongSupplier cpuNs;
    private final LongSupplier wallNs;
    private final int cores;
    private long lastCpuNs;
    private long lastWallNs;
    private long resetCpuNs;
    private long resetWallNs;
    private double intervalSum;
    private int intervalCount;

    CpuMeter() {
        this(processCpuTime(), System::nanoTime, Runtime.getRuntime().availableProcessors());
    }

    /** A meter over the given clocks (CPU time -1 = not available), for tests. */
    CpuMeter(LongSupplier cpuNs, LongSupplier wallNs, int cores) {
        this.cpuNs = cpuNs;
        this.wallNs = wallNs;
        this.cores = cores;
        reset();
    }

    private static LongSupplier processCpuTime() {
        java.lang.management.OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
        if (bean instanceof com.sun.management.OperatingSystemMXBean os) {
            return os::getProcessCpuTime;
        }
        return () -> -1;
    }

    /** A measured percentage, or null (an empty cell) when it was not measured (NaN). */
    static Double orMissing(double pct) {
        return Double.isNaN(pct) ? null : pct;
    }

    synchronized void reset() {
        lastCpuNs = resetCpuNs = cpuNs.getAsLong();
        lastWallNs = resetWallNs = wallNs.getAsLong();
        intervalSum = 0;
        intervalCount = 0;
    }

    /** CPU % since the previous call (or reset); NaN when not measured. */
    synchronized double interval() {
        long cpu = cpuNs.getAsLong();
        long wall = wallNs.getAsLong();
        double pct = pct(lastCpuNs, cpu, wall - lastWallNs);
        lastCpuNs = cpu;
        lastWallNs = wall;
        intervalSum += pct;
        intervalCount++;
        return pct;
    }

    /** The mean of the intervals since reset, or the CPU % over the whole span; NaN when not measured. */
    synchronized double summary() {
        if (intervalCount > 0) {
            return intervalSum / intervalCount;
        }
        return pct(resetCpuNs, cpuNs.getAsLong(), wallNs.getAsLong() - resetWallNs);
    }

    private double pct(long fromCpuNs, long toCpuNs, long wallSpanNs) {
        if (fromCpuNs < 0 || toCpuNs < 0) {
            return Double.NaN;
        }
        return wallSpanNs <= 0 ? 0 : (toCpuNs - fromCpuNs) * 100.0 / wallSpanNs / cores;
    }
}
