package wirebench.runner.results;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What the numbers were measured on, for run.json: host, virtualisation, OS and kernel (and its
 * command line), CPU model, sockets/cores/threads, frequency governor, clocksource, memory, JVM
 * vendor/version/arguments/GC, network interfaces (name, MTU, speed, driver where sysfs tells).
 * Everything is best effort: what cannot be read is null, never guessed.
 */
public final class Environment {
    private Environment() {
    }

    /** The environment as an ordered map ready for {@link Json}. */
    public static Map<String, Object> collect() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("host", hostName());
        env.put("virtualization", virtualization());
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        env.put("kernel", read("/proc/sys/kernel/osrelease"));
        env.put("kernel_cmdline", read("/proc/cmdline"));
        env.put("cpu", cpu());
        env.put("memory_bytes", memoryBytes());
        env.put("jvm", jvm());
        env.put("nics", nics());
        return env;
    }

    static String hostName() {
        String h = read("/proc/sys/kernel/hostname");
        if (h != null) {
            return h;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return null;
        }
    }

    static String virtualization() {
        String cpuinfo = read("/proc/cpuinfo");
        if (cpuinfo == null) {
            return null;
        }
        if (cpuinfo.contains(" hypervisor")) {
            String vendor = read("/sys/class/dmi/id/sys_vendor");
            return "vm" + (vendor == null ? "" : " (" + vendor + ")");
        }
        return "physical";
    }

    static Map<String, Object> cpu() {
        Map<String, Object> cpu = new LinkedHashMap<>();
        String info = read("/proc/cpuinfo");
        String model = null;
        TreeSet<String> sockets = new TreeSet<>();
        TreeSet<String> cores = new TreeSet<>();
        if (info != null) {
            String phys = "0";
            for (String line : info.split("\n")) {
                int c = line.indexOf(':');
                if (c < 0) {
                    continue;
                }
                String k = line.substring(0, c).trim();
                String v = line.substring(c + 1).trim();
                if (k.equals("model name") && model == null) {
                    model = v;
                } else if (k.equals("physical id")) {
                    phys = v;
                    sockets.add(v);
                } else if (k.equals("core id")) {
                    cores.add(phys + ":" + v);
                }
            }
        }
        cpu.put("model", model);
        cpu.put("sockets", sockets.isEmpty() ? null : sockets.size());
        cpu.put("cores", cores.isEmpty() ? null : cores.size());
        cpu.put("threads", Runtime.getRuntime().availableProcessors());
        cpu.put("governor", read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"));
        String mhz = read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq");
        cpu.put("frequency_khz", mhz == null ? null : parseLong(mhz));
        cpu.put("clocksource", read("/sys/devices/system/clocksource/clocksource0/current_clocksource"));
        return cpu;
    }

    static Long memoryBytes() {
        String mem = read("/proc/meminfo");
        if (mem == null) {
            return null;
        }
        for (String line : mem.split("\n")) {
            if (line.startsWith("MemTotal:")) {
                Long kb = parseLong(line.replaceAll("[^0-9]", ""));
                return kb == null ? null : kb * 1024;
            }
        }
        return null;
    }

    static Map<String, Object> jvm() {
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("version", System.getProperty("java.runtime.version", System.getProperty("java.version")));
        jvm.put("vm", System.getProperty("java.vm.name"));
        jvm.put("arguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        List<String> gcs = new ArrayList<>();
        ManagementFactory.getGarbageCollectorMXBeans().forEach(g -> gcs.add(g.getName()));
        jvm.put("gc", gcs);
        jvm.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        return jvm;
    }

    static List<Object> nics() {
        List<Object> out = new ArrayList<>();
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!ni.isUp()) {
                    continue;
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", ni.getName());
                m.put("mtu", ni.getMTU());
                List<String> addrs = new ArrayList<>();
                ni.getInterfaceAddresses().forEach(a -> addrs.add(a.getAddress().getHostAddress()));
                m.put("addresses", addrs);
                String speed = read("/sys/class/net/" + ni.getName() + "/speed");
                m.put("speed_mbps", speed == null ? null : parseLong(speed));
                m.put("driver", driver(ni.getName()));
                m.put("multicast", ni.supportsMulticast());
                out.add(m);
            }
        } catch (SocketException e) {
            return out;
        }
        return out;
    }

    private static String driver(String nic) {
        try {
            Path link = Path.of("/sys/class/net", nic, "device", "driver");
            return Files.isSymbolicLink(link) ? Files.readSymbolicLink(link).getFileName().toString() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The trimmed content of a small system file, or null when it cannot be read. */
    static String read(String path) {
        try {
            String s = Files.readString(Path.of(path), StandardCharsets.UTF_8).trim();
            return s.isEmpty() ? null : s;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Long parseLong(String s) {
        try {
            long v = Long.parseLong(s.trim());
            return v < 0 ? null : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
