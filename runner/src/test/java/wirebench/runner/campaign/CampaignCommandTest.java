package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Options, plan files and their errors, checked with --dry-run (nothing runs). */
class CampaignCommandTest {
    @TempDir
    Path tmp;

    @Test
    void shouldTakeThePlanFileAndLetTheCommandLineWinWhenBothGiveAValue() throws IOException {
        Path plan = tmp.resolve("plan.txt");
        Files.writeString(plan, "# a small plan\nsizes = 32, 1024\ntests = thr\nreliability = be\n\nkeyed = unkeyed\n"
                + "batching = on\nexecution-time = 7\nextra-arguments = -compressionId ZLIB\n");

        CampaignRun r = CampaignRun.run("--out", tmp.resolve("c").toString(), "--plan", plan.toString(), "--tests",
                "lat", "--dry-run");

        assertThat(r.exitCode()).as(r.err()).isZero();
        String sub = tmp.resolve("c").resolve("tmp") + "/";
        assertThat(r.out().lines().filter(l -> l.startsWith("    "))).containsExactly(
                "    wirebench run pubsub -domain 2 -dataLen 32 -bothRoles -transport UDPv4 -noPrintIntervals"
                        + " -executionTime 7 -latencyTest -bestEffort -compressionId ZLIB -subOutputFile " + sub
                        + "1-lat-UDPv4-unkeyed-be-32-r1-both-sub.out  >> perftest/UDPv4/lat_pub_unkeyed_be.csv"
                        + " (subscriber >> perftest/UDPv4/lat_sub_unkeyed_be.csv)",
                "    wirebench run pubsub -domain 1 -dataLen 1024 -bothRoles -transport UDPv4 -noPrintIntervals"
                        + " -executionTime 7 -latencyTest -bestEffort -compressionId ZLIB -noOutputHeaders"
                        + " -subOutputFile " + sub + "2-lat-UDPv4-unkeyed-be-1024-r1-both-sub.out  >> perftest/UDPv4/"
                        + "lat_pub_unkeyed_be.csv (subscriber >> perftest/UDPv4/lat_sub_unkeyed_be.csv)");
        assertThat(tmp.resolve("c")).doesNotExist();
    }

    @Test
    void shouldNameFileAndLineWhenThePlanHasAnUnknownKey() throws IOException {
        Path plan = tmp.resolve("plan.txt");
        Files.writeString(plan, "tests = lat\nsizs = 32\n");

        CampaignRun r = CampaignRun.run("--out", tmp.resolve("c").toString(), "--plan", plan.toString(), "--dry-run");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).startsWith(plan + ":2: expected a key among [batching, compression, connect-timeout, domain,");
        assertThat(r.err()).contains(", got 'sizs'");
    }

    @Test
    void shouldNameFileLineAndKeyWhenAPlanValueIsWrong() throws IOException {
        Path plan = tmp.resolve("plan.txt");
        Files.writeString(plan, "reliability = rel,maybe\n");

        CampaignRun r = CampaignRun.run("--out", tmp.resolve("c").toString(), "--plan", plan.toString(), "--dry-run");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err().strip()).isEqualTo(plan + ":1: reliability: expected values among [be, rel], got 'maybe'");
    }

    @Test
    void shouldExitWithUsageErrorWhenAnOptionValueIsWrong() {
        CampaignRun r = CampaignRun.run("--out", tmp.resolve("c").toString(), "--sizes", "32,12", "--dry-run");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("--sizes: expected sizes of 28..10485760 bytes, got '12'");
    }

    @Test
    void shouldTakeThePerGroupExtendedSizesFromThePlanSoTheSeedsShortenedMatrixIsOneCommand() throws IOException {
        Path plan = tmp.resolve("plan.txt");
        Files.writeString(plan, "sizes = 32, 1024\nsizes-extended = 32, 1024, 100000\ntests = lat\n");

        CampaignRun r = CampaignRun.run("--out", tmp.resolve("c").toString(), "--plan", plan.toString(),
                "--transports", "UDPv4,TCP", "--dry-run");

        assertThat(r.exitCode()).as(r.err()).isZero();
        // per transport: unkeyed rel 3 sizes, unkeyed be, keyed rel, keyed be 2 each
        assertThat(r.out()).contains("campaign: 18 tests");
        assertThat(r.out()).contains("-dataLen 100000 -bothRoles -transport TCP").contains(
                "lat_sub_unkeyed_rel.csv");
        assertThat(r.out().lines().filter(l -> l.contains("-dataLen 100000"))).hasSize(2);
    }

    @Test
    void shouldRefuseTransportsWirebenchLacksWhenNoExecutableIsGiven() {
        CampaignRun r = CampaignRun.run("--out", tmp.resolve("c").toString(), "--transports", "UDPv4,UDPv4_WAN",
                "--dry-run");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--transports: expected UDPv4, SHMEM, TCP or TLS with wirebench (other"
                + " transports need --executable), got 'UDPv4_WAN'");
    }

    @Test
    void shouldRefuseBeforeTheFirstTestWhenARoleWouldRejectItsArguments() {
        Path out = tmp.resolve("c");
        for (boolean dry : new boolean[] {true, false}) {
            CampaignRun r = dry
                    ? CampaignRun.run("--out", out.toString(), "--role", "sub", "--tests", "thr", "--sizes", "32",
                            "--extra-arguments", "-latencyCount 100", "--dry-run")
                    : CampaignRun.run("--out", out.toString(), "--role", "sub", "--tests", "thr", "--sizes", "32",
                            "--extra-arguments", "-latencyCount 100");

            assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("campaign: test 1/").contains(
                    "wirebench run pubsub subscriber would refuse its arguments: -latencyCount: a publisher option, "
                            + "not for -sub").contains("nothing was run").doesNotContain("\n");
            assertThat(out).doesNotExist();
        }
    }

    @Test
    void shouldRefuseAnUnknownEngineAndEnginesWithAPerftestExecutable() {
        CampaignRun unknown = CampaignRun.run("--out", tmp.resolve("c").toString(), "--engines", "aeron,zeromq",
                "--dry-run");
        CampaignRun exe = CampaignRun.run("--out", tmp.resolve("c").toString(), "--engines", "aeron,raw",
                "--executable", "/bin/true", "--dry-run");

        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("--engines: expected values among [aeron, dds, raw, tcp, tls], got 'zeromq'");
        assertThat(exe.exitCode()).isEqualTo(2);
        assertThat(exe.err()).contains("--engines runs wirebench's engines on this host: not with --executable");
    }
}
