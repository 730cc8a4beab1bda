package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --executable}: the campaign drives a stand-in for perftest_cpp (a bash script that records
 * its arguments and replays recorded Perftest 4.x CSV output), as RTI Connext is not installable.
 */
class CampaignPerftestTest {
    @TempDir
    Path tmp;
    private Path exe;
    private Path out;

    @BeforeEach
    void installStandIn() throws IOException {
        exe = PerftestStandIn.install(tmp.resolve("bin"));
        out = tmp.resolve("campaign");
    }

    private List<String> recorded(String role) throws IOException {
        return Files.readAllLines(exe.getParent().resolve("records").resolve(role + ".args"), StandardCharsets.UTF_8)
                .stream().map(l -> l.replace('\t', ' ')).toList();
    }

    @Test
    @Timeout(60)
    void shouldPassTheSeedScriptsCommandLinesWhenRunningAThroughputCampaignOnPerftest() throws IOException {
        CampaignRun r = CampaignRun.run("--out", out.toString(), "--executable", exe.toString(), "--tests", "thr",
                "--sizes", "32,1024", "--nic", "eno1", "--extra-arguments", "-compressionId LZ4");

        assertThat(r.exitCode()).as(r.err()).isZero();
        String pub = "-pub -transport UDPv4 -nic eno1 -noPrintIntervals -executionTime 20";
        assertThat(recorded("pub")).containsExactly(
                "-domain 2 -dataLen 32 " + pub + " -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + pub + " -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + pub + " -bestEffort -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + pub + " -bestEffort -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + pub + " -keyed -instances 100000 -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + pub + " -keyed -instances 100000 -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + pub + " -keyed -instances 100000 -bestEffort -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + pub + " -keyed -instances 100000 -bestEffort -compressionId LZ4"
                        + " -noOutputHeaders",
                "-domain 2 -dataLen 32 " + pub + " -batchSize 0 -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + pub + " -batchSize 0 -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + pub + " -batchSize 0 -bestEffort -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + pub + " -batchSize 0 -bestEffort -compressionId LZ4 -noOutputHeaders");
        String sub = "-sub -transport UDPv4 -nic eno1 -noPrintIntervals";
        assertThat(recorded("sub")).containsExactly(
                "-domain 2 -dataLen 32 " + sub + " -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + sub + " -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + sub + " -bestEffort -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + sub + " -bestEffort -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + sub + " -keyed -instances 100000 -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + sub + " -keyed -instances 100000 -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + sub + " -keyed -instances 100000 -bestEffort -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + sub + " -keyed -instances 100000 -bestEffort -compressionId LZ4"
                        + " -noOutputHeaders",
                "-domain 2 -dataLen 32 " + sub + " -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + sub + " -compressionId LZ4 -noOutputHeaders",
                "-domain 2 -dataLen 32 " + sub + " -bestEffort -compressionId LZ4",
                "-domain 1 -dataLen 1024 " + sub + " -bestEffort -compressionId LZ4 -noOutputHeaders");
        assertThat(r.progressLines()).hasSize(12);
        assertThat(r.progressLines().get(8)).startsWith("Test [UDPv4|UK|REL][thr][noBatch] 32 B rep 1 (9/12) -- elapsed ");
    }

    @Test
    @Timeout(60)
    void shouldPassPeerAndLatencyOptionsWhenRunningThePublisherRoleWithRepetitions() throws IOException {
        CampaignRun r = CampaignRun.run("--out", out.toString(), "--executable", exe.toString(), "--role", "pub",
                "--tests", "lat", "--sizes", "32", "--reliability", "rel", "--keyed", "unkeyed", "--repetitions", "2",
                "--domain", "1", "--nic", "10.0.0.1", "--peer", "10.0.0.2", "--execution-time", "5",
                "--extra-arguments-pub", "-latencyCount 1", "--extra-arguments-sub", "-sidMultiSubTest 0");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(recorded("pub")).containsExactly(
                "-domain 1 -dataLen 32 -pub -transport UDPv4 -nic 10.0.0.1 -peer 10.0.0.2 -noPrintIntervals"
                        + " -executionTime 5 -latencyTest -latencyCount 1",
                "-domain 2 -dataLen 32 -pub -transport UDPv4 -nic 10.0.0.1 -peer 10.0.0.2 -noPrintIntervals"
                        + " -executionTime 5 -latencyTest -latencyCount 1 -noOutputHeaders");
        assertThat(exe.getParent().resolve("records").resolve("sub.args")).doesNotExist();
        List<String> rows = Files.readAllLines(out.resolve("results").resolve("pubsub-latency.csv"));
        assertThat(rows).containsExactly(
                "# wirebench-results 1 family=pubsub-latency keys=transport,reliability,keyed,instances,batch_bytes,"
                        + "compression,size_bytes,test,repetition",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,test,repetition,samples,"
                        + "ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p9999_us,p999999_us,cpu_pct",
                "UDPv4,reliable,unkeyed,1,0,NONE,32,latency,1,,22,6.4,20,2776,21,22,25,20,20,",
                "UDPv4,reliable,unkeyed,1,0,NONE,32,latency,2,,22,6.4,20,2776,21,22,25,20,20,");
        assertThat(out.resolve("results").resolve("pubsub-throughput.csv")).doesNotExist();
    }

    @Test
    @Timeout(60)
    void shouldWritePerftestOutputAndRowsWhenBothRolesRun() throws IOException {
        CampaignRun r = CampaignRun.run("--out", out.toString(), "--executable", exe.toString(), "--tests", "thr",
                "--sizes", "32,1024", "--reliability", "be", "--keyed", "unkeyed", "--batching", "on,off");

        assertThat(r.exitCode()).as(r.err()).isZero();
        Path perftest = out.resolve("perftest").resolve("UDPv4");
        try (var s = Files.list(perftest)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly(
                    "thr_pub_unkeyed_be.csv", "thr_pub_unkeyed_be_noBatch.csv", "thr_sub_unkeyed_be.csv",
                    "thr_sub_unkeyed_be_noBatch.csv");
        }
        assertThat(Files.readAllLines(perftest.resolve("thr_sub_unkeyed_be_noBatch.csv"))).containsExactly(
                "Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples, Lost Samples (%)",
                "                 32,       9876543,        493827,       126.4,            0,             0.00",
                "               1024,       2000000,        100000,       819.2,            0,             0.00");
        assertThat(Files.readAllLines(out.resolve("results").resolve("pubsub-throughput.csv"))).containsExactly(
                "# wirebench-results 1 family=pubsub-throughput keys=transport,reliability,keyed,instances,batch_bytes,"
                        + "compression,size_bytes,repetition",
                "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,repetition,total_samples,"
                        + "samples_per_s,mbps,lost,lost_pct,cpu_pct",
                "UDPv4,best_effort,unkeyed,1,8192,NONE,32,1,9876543,493827,126.4,0,0,",
                "UDPv4,best_effort,unkeyed,1,8192,NONE,1024,1,2000000,100000,819.2,0,0,",
                "UDPv4,best_effort,unkeyed,1,0,NONE,32,1,9876543,493827,126.4,0,0,",
                "UDPv4,best_effort,unkeyed,1,0,NONE,1024,1,2000000,100000,819.2,0,0,");
        assertThat(Files.readAllLines(out.resolve("results").resolve("pubsub-latency.csv"))).hasSize(2 + 4)
                .contains("UDPv4,best_effort,unkeyed,1,0,NONE,1024,throughput,1,,26,6.9,21,2535,26,28,29,21,21,");
        assertThat(Files.readAllLines(out.resolve(CampaignRunner.STATE_FILE))).containsExactly(
                "thr-UDPv4-unkeyed-be-32-r1", "thr-UDPv4-unkeyed-be-1024-r1", "thr-UDPv4-unkeyed-be-noBatch-32-r1",
                "thr-UDPv4-unkeyed-be-noBatch-1024-r1");
    }

    @Test
    @Timeout(60)
    void shouldNameTheTestAndKeepTheOthersWhenTheSubscriberCrashes() throws IOException {
        CampaignRun r = CampaignRun.run("--out", out.toString(), "--executable", exe.toString(), "--tests", "lat",
                "--sizes", "32,4444,64", "--reliability", "rel", "--keyed", "unkeyed");

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("campaign: test 2/3 [UDPv4|UK|REL][lat] 4444 B rep 1 failed: perftest_standin.sh"
                + " subscriber was killed by SIGKILL (exit 137); last stderr: RTI Perftest 4.3.0 (wirebench stand-in,"
                + " replaying recorded output) (log: ");
        assertThat(r.err()).contains("1 of 3 tests missing").contains("--resume");
        Path perftest = out.resolve("perftest").resolve("UDPv4");
        List<String> pub = Files.readAllLines(perftest.resolve("lat_pub_unkeyed_rel.csv"));
        assertThat(pub).hasSize(3);
        assertThat(pub.get(0)).startsWith("Sample Size (Bytes), Ave (");
        assertThat(pub.get(1)).startsWith("                 32,");
        assertThat(pub.get(2)).startsWith("                 64,");
        assertThat(Files.readAllLines(perftest.resolve("lat_sub_unkeyed_rel.csv"))).hasSize(3);
        assertThat(Files.readAllLines(out.resolve("results").resolve("pubsub-latency.csv"))).hasSize(2 + 2);
        assertThat(Files.readAllLines(out.resolve(CampaignRunner.STATE_FILE))).containsExactly(
                "lat-UDPv4-unkeyed-rel-32-r1", "lat-UDPv4-unkeyed-rel-64-r1");
    }

    @Test
    @Timeout(60)
    void shouldStopTheRunningTestAndSayWhatIsKeptWhenTheCampaignIsTerminated() throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "wirebench.runner.RunnerMain", "campaign", "--out", out.toString(),
                "--executable", exe.toString(), "--tests", "lat", "--sizes", "32,5555,64", "--reliability", "rel",
                "--keyed", "unkeyed");
        Process campaign = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("c.out").toFile())
                .redirectError(tmp.resolve("c.err").toFile()).start();
        try {
            Path pubArgs = exe.getParent().resolve("records").resolve("pub.args");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (System.nanoTime() < deadline && campaign.isAlive()
                    && !(Files.exists(pubArgs) && Files.readString(pubArgs).contains("-dataLen\t5555"))) {
                Thread.sleep(50);
            }
            assertThat(Files.readString(pubArgs)).contains("-dataLen\t5555");
            List<ProcessHandle> hanging = campaign.descendants().toList();
            campaign.destroy(); // SIGTERM: the shutdown hook runs, as on Ctrl-C
            assertThat(campaign.waitFor(30, TimeUnit.SECONDS)).isTrue();

            assertThat(campaign.exitValue()).isEqualTo(143);
            assertThat(Files.readString(tmp.resolve("c.err")).strip()).isEqualTo("campaign: interrupted during test 2/3"
                    + " [UDPv4|UK|REL][lat] 5555 B rep 1 (its output is discarded); 1 of 3 tests finished, their rows are"
                    + " in " + out + "; run the same command with --resume to run the 2 missing");
            assertThat(hanging).isNotEmpty();
            long stopBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (hanging.stream().anyMatch(CampaignPerftestTest::running) && System.nanoTime() < stopBy) {
                Thread.sleep(20);
            }
            assertThat(hanging).allSatisfy(h -> assertThat(running(h)).as(h.info().toString()).isFalse());
            assertThat(Files.readAllLines(out.resolve(CampaignRunner.STATE_FILE))).containsExactly(
                    "lat-UDPv4-unkeyed-rel-32-r1");
            assertThat(Files.readAllLines(out.resolve("perftest/UDPv4/lat_pub_unkeyed_rel.csv"))).hasSize(2);
            assertThat(Files.readAllLines(out.resolve("results/pubsub-latency.csv"))).hasSize(3);
            assertThat(Files.readString(out.resolve("results/run.json"))).as("an interrupted run has no end time")
                    .contains("\"end_utc\": null");
        } finally {
            campaign.destroyForcibly();
        }
    }

    /** Alive and not a zombie: an ended orphan stays a zombie when PID 1 does not reap (containers). */
    private static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc/" + h.pid() + "/stat"));
            return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException e) {
            return false; // gone meanwhile
        }
    }
}
