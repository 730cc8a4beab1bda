package wirebench.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Where the suite's time goes: for every test class, its start (epoch seconds), its wall time, the
 * CPU time of the test JVM while it ran (surefire runs a fork's classes one at a time) and the CPU
 * time of the child processes it started and waited for (fixture JVMs, ddsperf, iperf3, and the
 * sshd a multi-host test starts with the roles under it; from {@code /proc/self/stat}'s cutime and
 * cstime), appended to {@code target/test-cpu.tsv} of the module (delete it before a run to see one
 * run alone). Registered for every class by the services file beside it (Jupiter's extension
 * auto-detection, switched on in the parent pom); outside Linux it writes nothing.
 *
 * <p>{@code tail -q -n +2 analyzer/target/test-cpu.tsv runner/target/test-cpu.tsv | sort -t$'\t' -k7 -rn}
 * lists the costliest classes first.
 */
public final class ClassCpu implements BeforeAllCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ClassCpu.class);
    private static final Path STAT = Path.of("/proc/self/stat");
    /** Clock ticks per second of /proc's times: USER_HZ, 100 on every Linux this runs on. */
    private static final double TICKS_PER_S = 100.0;

    private record Sample(long epochMs, long wallNs, long selfTicks, long childTicks) {
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Sample s = sample();
        if (s != null) {
            context.getStore(NS).put("start", s);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        Sample start = context.getStore(NS).remove("start", Sample.class);
        Sample end = sample();
        if (start == null || end == null) {
            return;
        }
        Path out = Path.of("target", "test-cpu.tsv");
        if (!Files.isDirectory(out.getParent())) {
            return;
        }
        String line = String.format(Locale.ROOT, "%s\t%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f%n",
                System.getProperty("wirebench.testFork", "-"), context.getRequiredTestClass().getName(),
                start.epochMs() / 1000.0, (end.wallNs() - start.wallNs()) / 1e9,
                (end.selfTicks() - start.selfTicks()) / TICKS_PER_S,
                (end.childTicks() - start.childTicks()) / TICKS_PER_S,
                (end.selfTicks() - start.selfTicks() + end.childTicks() - start.childTicks()) / TICKS_PER_S);
        synchronized (ClassCpu.class) {
            if (!Files.exists(out)) {
                Files.writeString(out, "fork\tclass\tstart_epoch_s\twall_s\tjvm_cpu_s\tchildren_cpu_s\tcpu_s\n",
                        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
            Files.writeString(out, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    /** Now, and this process's and its waited-for children's CPU ticks; null without /proc. */
    private static Sample sample() {
        long now = System.nanoTime();
        String stat;
        try {
            stat = Files.readString(STAT, StandardCharsets.US_ASCII);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
        // the fields after the command name, which is in parentheses and may hold blanks: state is
        // field 3, utime 14, stime 15, cutime 16, cstime 17
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long self = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        long children = Long.parseLong(f[13]) + Long.parseLong(f[14]);
        return new Sample(System.currentTimeMillis(), now, self, children);
    }
}
