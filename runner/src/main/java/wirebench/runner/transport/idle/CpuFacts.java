package wirebench.runner.transport.idle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The CPUs this process may use, read from Linux: the scheduler affinity mask
 * ({@code /proc/self/status} {@code Cpus_allowed_list}, what {@code taskset} sets) and the cgroup v2
 * CPU quota of its cgroup ({@code /proc/self/cgroup} then {@code /sys/fs/cgroup/<path>/cpu.max}).
 * Anything unreadable (another OS, cgroup v1) is null and the count falls back to
 * {@code Runtime.availableProcessors()}.
 *
 * @param affinity      the affinity list as the kernel prints it ({@code 0-1}), null if unknown
 * @param affinityCpus  CPUs in the affinity list, 0 if unknown
 * @param cpuQuotaCpus  cgroup quota in CPUs (quota / period, e.g. 1.5), null when unlimited or unknown
 * @param cpusUsable    CPUs this process can keep busy at once: the affinity count, capped by the quota
 *                      rounded up, at least 1
 */
public record CpuFacts(String affinity, int affinityCpus, Double cpuQuotaCpus, int cpusUsable) {

    /** This process's facts. */
    public static CpuFacts current() {
        return read(Path.of("/proc/self"), Path.of("/sys/fs/cgroup"), Runtime.getRuntime().availableProcessors());
    }

    /** The facts from {@code procSelf} and {@code cgroupRoot} (tests point them at files of their own). */
    public static CpuFacts read(Path procSelf, Path cgroupRoot, int availableProcessors) {
        String affinity = affinityList(procSelf.resolve("status"));
        int affinityCpus = affinity == null ? 0 : countCpus(affinity);
        Double quota = null;
        String cgroup = readOrNull(procSelf.resolve("cgroup"));
        if (cgroup != null) {
            for (String line : cgroup.split("\n")) {
                if (line.startsWith("0::")) {
                    String rel = line.substring(3).trim();
                    quota = quotaCpus(readOrNull(cgroupRoot.resolve(rel.startsWith("/") ? rel.substring(1) : rel)
                            .resolve("cpu.max")));
                }
            }
        }
        int usable = affinityCpus > 0 ? affinityCpus : availableProcessors;
        if (quota != null) {
            usable = (int) Math.min(usable, Math.ceil(quota));
        }
        return new CpuFacts(affinity, affinityCpus, quota, Math.max(1, usable));
    }

    /** CPU numbers at or above this are not taken from a CPU list (the kernel's limit is far lower). */
    static final int MAX_CPU_ID = 1 << 16;

    /** The CPUs of a kernel CPU list such as {@code 0-3,6,8-9}; null when it is not one. */
    public static java.util.BitSet cpuSet(String list) {
        if (list == null) {
            return null;
        }
        java.util.BitSet set = new java.util.BitSet();
        try {
            for (String part : list.trim().split(",")) {
                if (part.isEmpty()) {
                    continue;
                }
                int dash = part.indexOf('-');
                int lo = Integer.parseInt((dash < 0 ? part : part.substring(0, dash)).trim());
                int hi = dash < 0 ? lo : Integer.parseInt(part.substring(dash + 1).trim());
                if (lo < 0 || hi < lo || hi >= MAX_CPU_ID) {
                    return null;
                }
                set.set(lo, hi + 1);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return set.isEmpty() ? null : set;
    }

    /** CPUs in a kernel CPU list such as {@code 0-3,6,8-9}; 0 when it is not one. */
    public static int countCpus(String list) {
        java.util.BitSet set = cpuSet(list);
        return set == null ? 0 : set.cardinality();
    }

    /** CPUs of a cgroup v2 {@code cpu.max} text ({@code "150000 100000"} = 1.5); null for "max" or unreadable. */
    public static Double quotaCpus(String cpuMax) {
        if (cpuMax == null) {
            return null;
        }
        String[] f = cpuMax.trim().split("\\s+");
        if (f.length < 1 || f[0].toLowerCase(Locale.ROOT).equals("max")) {
            return null;
        }
        try {
            double quota = Double.parseDouble(f[0]);
            double period = f.length > 1 ? Double.parseDouble(f[1]) : 100_000;
            return quota > 0 && period > 0 ? quota / period : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The 1-minute load average of {@code /proc/loadavg}, null if unreadable. */
    public static Double loadAverage1m(Path procLoadavg) {
        String s = readOrNull(procLoadavg);
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            return Double.parseDouble(s.trim().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** This machine's 1-minute load average, null if unknown. */
    public static Double loadAverage1m() {
        return loadAverage1m(Path.of("/proc/loadavg"));
    }

    /** The {@code Cpus_allowed_list} of a process's {@code status} file, null if unreadable or absent. */
    static String affinityList(Path status) {
        String s = readOrNull(status);
        if (s == null) {
            return null;
        }
        for (String line : s.split("\n")) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return null;
    }

    static String readOrNull(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
