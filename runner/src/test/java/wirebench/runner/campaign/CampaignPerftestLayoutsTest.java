package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign --executable} on the summary layouts of each Perftest version
 * (PERFTEST-FORMATS.md 2.2, 2.3, 2.7): a stand-in script written here prints a version's header
 * (unless {@code -noOutputHeaders}) and rows for its role and {@code -dataLen}. The second size of
 * each campaign runs with {@code -noOutputHeaders} (the seed file already holds a run), so its rows
 * must take the unit of the header the file got from the first. Expected microseconds are the
 * printed nanoseconds divided by 1000 by hand; keys are those of the command lines passed.
 */
class CampaignPerftestLayoutsTest {
    private static final String LATENCY_HEADER = "transport,reliability,keyed,instances,batch_bytes,compression,"
            + "size_bytes,test,repetition,samples,ave_us,std_us,min_us,max_us,p50_us,p90_us,p99_us,p9999_us,p999999_us,"
            + "cpu_pct";
    private static final String THROUGHPUT_HEADER = "transport,reliability,keyed,instances,batch_bytes,compression,"
            + "size_bytes,repetition,total_samples,samples_per_s,mbps,lost,lost_pct,cpu_pct";

    @TempDir
    Path tmp;

    /**
     * A stand-in Perftest in {@code tmp/name}: prints the text of its role ({@code pub} with
     * -pub, else {@code sub}) with LEN replaced by -dataLen; lines marked by {@link #headers} only
     * without -noOutputHeaders (as Perftest prints titles, headers and their blank lines); then
     * "Test ended." on stderr.
     */
    private Path standIn(String name, String pub, String sub) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("pub.txt"), pub, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("sub.txt"), sub, StandardCharsets.UTF_8);
        Path exe = dir.resolve("perftest_cpp");
        Files.writeString(exe, String.join("\n", "#!/usr/bin/env bash", "set -u",
                "role=sub; headers=1; len=100", "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"",
                "while [ $# -gt 0 ]; do",
                "  case \"$1\" in",
                "    -pub) role=pub ;;",
                "    -noOutputHeaders) headers=0 ;;",
                "    -dataLen) len=\"$2\"; shift ;;",
                "  esac",
                "  shift",
                "done",
                "if [ \"$headers\" = 1 ]; then sed 's/^#H //' \"$here/$role.txt\"; else grep -v '^#H' \"$here/$role.txt\"; fi"
                        + " | sed \"s/LEN/$len/\"",
                "echo 'Test ended.' >&2", ""), StandardCharsets.UTF_8);
        assertThat(exe.toFile().setExecutable(true)).isTrue();
        return exe;
    }

    /** {@code lines} marked as printed only with headers on. */
    private static String headers(String lines) {
        return ("\n" + lines).replace("\n", "\n#H ").substring(1).replaceAll("#H $", "");
    }

    /** {@code wirebench campaign --out tmp/outName --executable exe args...}. */
    private CampaignRun campaign(Path exe, String outName, String... args) {
        List<String> all = new ArrayList<>(List.of("--out", tmp.resolve(outName).toString(),
                "--executable", exe.toString()));
        all.addAll(List.of(args));
        return CampaignRun.run(all.toArray(new String[0]));
    }

    private static List<String> rows(Path out, String family) throws IOException {
        List<String> all = Files.readAllLines(out.resolve("results").resolve(family + ".csv"), StandardCharsets.UTF_8);
        return all.subList(1, all.size());
    }

    @Test
    @Timeout(60)
    void shouldConvertNanosecondsAndKeepCommandLineKeysWhenPerftest4xNsBuildRunsWithAndWithoutHeaders()
            throws IOException {
        // Perftest 4.0-4.2 built with --ns-resolution: C++ 4.x headers with (ns) columns
        Path exe = standIn("v4ns",
                headers("Sample Size (Bytes), Ave (ns), Std (ns), Min (ns), Max (ns), 50% (ns), 90% (ns), 99% (ns),"
                        + " 99.99% (ns), 99.9999% (ns)\n")
                        + "                LEN,    35250,   4125.5,    30100,    40900,    35000,    40000,    40500,"
                        + "       40900,         40900\n",
                headers("Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples,"
                        + " Lost Samples (%)\n")
                        + "                LEN,       9876543,        493827,       126.4,            0,         0.00\n");
        Path out = tmp.resolve("c1");

        CampaignRun r = campaign(exe, "c1", "--tests", "thr", "--sizes", "1024,16384", "--reliability", "be",
                "--keyed", "unkeyed", "--batching", "on", "--extra-arguments", "-compressionId LZ4",
                "--extra-arguments-pub", "-batchSize 16384");

        assertThat(r.exitCode()).as(r.err()).isZero();
        // 16384-byte batches hold two 1024-byte samples but not two 16384-byte ones (batching then off)
        assertThat(rows(out, "pubsub-latency")).containsExactly(LATENCY_HEADER,
                "UDPv4,best_effort,unkeyed,1,16384,LZ4,1024,throughput,1,,35.25,4.1255,30.1,40.9,35,40,40.5,40.9,40.9,",
                "UDPv4,best_effort,unkeyed,1,0,LZ4,16384,throughput,1,,35.25,4.1255,30.1,40.9,35,40,40.5,40.9,40.9,");
        assertThat(rows(out, "pubsub-throughput")).containsExactly(THROUGHPUT_HEADER,
                "UDPv4,best_effort,unkeyed,1,16384,LZ4,1024,1,9876543,493827,126.4,0,0,",
                "UDPv4,best_effort,unkeyed,1,0,LZ4,16384,1,9876543,493827,126.4,0,0,");
        List<String> seed = Files.readAllLines(out.resolve("perftest/UDPv4/thr_pub_unkeyed_be.csv"));
        assertThat(seed).hasSize(3);
        assertThat(seed.get(2).strip()).as("the second run printed no header").startsWith("16384,");
    }

    @Test
    @Timeout(60)
    void shouldConvertNanosecondsAndReadCpuWhenPerftest3xNsBuildPrintsTitlesAndHeaders() throws IOException {
        // Perftest 3.1-3.3 built with --ns-resolution, -cpu: 3.x prints the summary title even without intervals
        Path exe = standIn("v3ns",
                headers("\nOne-way Latency Summary:\nLength (Bytes), Ave (ns), Std (ns), Min (ns), Max (ns),"
                        + " 50% (ns), 90% (ns), 99% (ns), 99.99% (ns), 99.9999% (ns), CPU (%)\n")
                        + "           LEN,     8450,    120.5,     8000,     9100,     8400,     8600,     9000,"
                        + "        9100,          9100,    3.25\n",
                headers("\nThroughput Summary:\nLength (Bytes), Total Samples, Ave Samples/s,    Ave Mbps,"
                        + " Lost Samples, Lost Samples (%), CPU (%)\n")
                        + "           LEN,       2800000,        931000,       744.8,            5,         0.00,"
                        + "   12.50\n");
        Path out = tmp.resolve("c2");

        CampaignRun r = campaign(exe, "c2", "--tests", "lat", "--sizes", "32,64", "--reliability", "rel",
                "--keyed", "keyed", "--instances", "4", "--extra-arguments", "-cpu");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(rows(out, "pubsub-latency")).containsExactly(LATENCY_HEADER,
                "UDPv4,reliable,keyed,4,0,NONE,32,latency,1,,8.45,0.1205,8,9.1,8.4,8.6,9,9.1,9.1,3.25",
                "UDPv4,reliable,keyed,4,0,NONE,64,latency,1,,8.45,0.1205,8,9.1,8.4,8.6,9,9.1,9.1,3.25");
        // the latency test keeps no throughput rows (the subscriber only echoes)
        assertThat(out.resolve("results/pubsub-throughput.csv")).doesNotExist();
    }

    @Test
    @Timeout(60)
    void shouldKeepTheSummariesWhenPerftest3xPrintsIntervalRowsOfSixAndEightFields() throws IOException {
        // Perftest 3.1-3.3 in microseconds with interval rows: 6-field latency and 8-field throughput rows
        Path exe = standIn("v3intervals",
                headers("\nIntervals One-way Latency for 100 Bytes:\nLength (Bytes), Latency (us), Ave (us),"
                        + " Std (us), Min (us), Max (us)\n")
                        + "           LEN,           41,       41,      0.0,       41,       41\n"
                        + "           LEN,           39,       40,      1.0,       39,       41\n"
                        + headers("\nOne-way Latency Summary:\nLength (Bytes), Ave (us), Std (us), Min (us),"
                        + " Max (us), 50% (us), 90% (us), 99% (us), 99.99% (us), 99.9999% (us)\n")
                        + "           LEN,       40,      1.0,       39,       41,       41,       41,       41,"
                        + "          41,            41\n",
                headers("\nInterval Throughput for 100 Bytes:\nLength (Bytes), Total Samples,  Samples/s,"
                        + " Ave Samples/s,     Mbps,  Ave Mbps, Lost Samples, Lost Samples (%)\n")
                        + "           LEN,       1145531,    1145531,       1145531,    916.4,     916.4,"
                        + "            0,             0.00\n"
                        + "           LEN,       2329508,    1183977,       1164754,    947.2,     931.8,"
                        + "            3,             0.00\n"
                        + headers("\nThroughput Summary:\nLength (Bytes), Total Samples, Ave Samples/s,"
                        + "    Ave Mbps, Lost Samples, Lost Samples (%)\n")
                        + "           LEN,       2329508,       1164754,       931.8,            3,         0.00\n");
        Path out = tmp.resolve("c3");

        CampaignRun r = campaign(exe, "c3", "--tests", "thr", "--sizes", "100", "--reliability", "rel",
                "--keyed", "unkeyed", "--batching", "off", "--repetitions", "2");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(rows(out, "pubsub-throughput")).containsExactly(THROUGHPUT_HEADER,
                "UDPv4,reliable,unkeyed,1,0,NONE,100,1,2329508,1164754,931.8,3,0,",
                "UDPv4,reliable,unkeyed,1,0,NONE,100,2,2329508,1164754,931.8,3,0,");
        assertThat(rows(out, "pubsub-latency")).containsExactly(LATENCY_HEADER,
                "UDPv4,reliable,unkeyed,1,0,NONE,100,throughput,1,,40,1,39,41,41,41,41,41,41,",
                "UDPv4,reliable,unkeyed,1,0,NONE,100,throughput,2,,40,1,39,41,41,41,41,41,41,");
        assertThat(Files.readAllLines(out.resolve("perftest/UDPv4/thr_sub_unkeyed_rel_noBatch.csv")))
                .as("the second run's rows follow the first run's without headers").hasSize(9 + 3)
                .endsWith("           100,       2329508,       1164754,       931.8,            3,         0.00");
    }

    @Test
    @Timeout(60)
    void shouldRefuseWithFileAndLineWhenHeadersAreOffFromTheFirstRun() throws IOException {
        // -noOutputHeaders from the start: no header ever names the unit of the latency rows
        Path exe = standIn("headersoff",
                "                LEN,    35250,   4125.5,    30100,    40900,    35000,    40000,    40500,"
                        + "       40900,         40900\n",
                "                LEN,       9876543,        493827,       126.4,            0,         0.00\n");
        Path out = tmp.resolve("c4");

        CampaignRun r = campaign(exe, "c4", "--tests", "lat",
                "--sizes", "32", "--reliability", "rel", "--keyed", "unkeyed", "--extra-arguments",
                "-noOutputHeaders");

        assertThat(r.exitCode()).as(r.out()).isEqualTo(3);
        Path stdout = out.resolve("tmp").resolve("1-lat-UDPv4-unkeyed-rel-32-r1-pub.out");
        assertThat(r.err().strip()).startsWith(stdout + ":1: expected a header naming the time unit");
        assertThat(r.err()).doesNotContain("\tat ");
        assertThat(stdout).exists();
        assertThat(out.resolve(CampaignRunner.STATE_FILE)).doesNotExist();
        assertThat(out.resolve("results/pubsub-latency.csv")).doesNotExist();
    }
}
