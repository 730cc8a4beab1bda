package wirebench.runner.pubsub;

import java.lang.management.ManagementFactory;

/**
 * Process CPU usage as Perftest's {@code -cpu} reports it: process CPU time / wall time / number of
 * processors x 100 (100 = every core busy). Interval values since the previous call; the summary is
 * the mean of the interval values since {@link #reset()}, or the whole span when there were none.
 */
final class CpuMeter {
    private final com.sun.management.OperatingSystemMXBean os;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private long lastCpuNs;
    private long lastWallNs;
    private long resetCpuNs;
    private long resetWallNs;
    private double intervalSum;
    private int intervalCount;

    CpuMeter() {
        java.lang.management.OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
        os = bean instanceof com.sun.management.OperatingSystemMXBean ? (com.sun.management.OperatingSystemMXBean) bean
                : null;
        reset();
    }

    private long cpuNs() {
        return os == null ? 0 : Math.max(0, os.getProcessCpuTime());
    }

    synchronized void reset() {
        lastCpuNs = resetCpuNs = cpuNs();
        lastWallNs = resetWallNs = System.nanoTime();
        intervalSum = 0;
        intervalCount = 0;
    }

    synchronized double interval() {
        long cpu = cpuNs();
        long wall = System.nanoTime();
        double pct = pct(cpu - lastCpuNs, wall - lastWallNs);
        lastCpuNs = cpu;
        lastWallNs = wall;
        intervalSum += pct;
        intervalCount++;
        return pct;
    }

    synchronized double summary() {
        if (intervalCount > 0) {
            return intervalSum / intervalCount;
        }
        return pct(cpuNs() - resetCpuNs, System.nanoTime() - resetWallNs);
    }

    private double pct(long cpuNs, long wallNs) {
        return wallNs <= 0 ? 0 : cpuNs * 100.0 / wallNs / cores;
    }
}
