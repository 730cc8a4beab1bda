package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The affinity mask, the cgroup v2 quota and the load average, from files laid out as Linux has them. */
class CpuFactsTest {
    @TempDir
    Path dir;

    private CpuFacts facts(String allowedList, String cgroupLine, String cpuMax) throws IOException {
        Path proc = Files.createDirectories(dir.resolve("proc/self"));
        Files.writeString(proc.resolve("status"), "Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t" + allowedList
                + "\nMems_allowed_list:\t0\n");
        Files.writeString(proc.resolve("cgroup"), cgroupLine + "\n");
        Path cg = Files.createDirectories(dir.resolve("sys/fs/cgroup/user.slice/run.scope"));
        if (cpuMax != null) {
            Files.writeString(cg.resolve("cpu.max"), cpuMax + "\n");
        }
        return CpuFacts.read(proc, dir.resolve("sys/fs/cgroup"), 8);
    }

    @Test
    void shouldCountTheCpusOfATasksetAffinity() throws IOException {
        CpuFacts f = facts("0", "0::/user.slice/run.scope", "max 100000");

        assertThat(f.affinity()).isEqualTo("0");
        assertThat(f.affinityCpus()).isEqualTo(1);
        assertThat(f.cpuQuotaCpus()).isNull();
        assertThat(f.cpusUsable()).isEqualTo(1);
    }

    @Test
    void shouldCapTheCpusByTheCgroupQuotaRoundedUp() throws IOException {
        CpuFacts f = facts("0-3,6", "0::/user.slice/run.scope", "150000 100000");

        assertThat(f.affinityCpus()).isEqualTo(5);
        assertThat(f.cpuQuotaCpus()).isEqualTo(1.5);
        assertThat(f.cpusUsable()).isEqualTo(2);
    }

    @Test
    void shouldFallBackToTheProcessorCountWhenNothingIsReadable() {
        CpuFacts f = CpuFacts.read(dir.resolve("absent"), dir.resolve("absent"), 8);

        assertThat(f.affinity()).isNull();
        assertThat(f.cpuQuotaCpus()).isNull();
        assertThat(f.cpusUsable()).isEqualTo(8);
    }

    @Test
    void shouldRejectWhatIsNotACpuList() {
        assertThat(CpuFacts.countCpus("0-1,4,7-9")).isEqualTo(6);
        assertThat(CpuFacts.countCpus("3-1")).isZero();
        assertThat(CpuFacts.countCpus("ff")).isZero();
        assertThat(CpuFacts.quotaCpus("garbage")).isNull();
        assertThat(CpuFacts.quotaCpus("50000")).isEqualTo(0.5);
    }

    @Test
    void shouldReadTheOneMinuteLoadAverage() throws IOException {
        Path p = Files.writeString(dir.resolve("loadavg"), "3.50 2.10 1.00 2/300 1234\n");

        assertThat(CpuFacts.loadAverage1m(p)).isEqualTo(3.5);
        assertThat(CpuFacts.loadAverage1m(dir.resolve("none"))).isNull();
    }
}
