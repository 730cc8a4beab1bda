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
 * (PERFTEST-FORMATS.md 2.2 to 2.7: CSV, JSON, the legacy printer, the text before 3.1, us and ns
 * builds): a stand-in script written here prints a version's header
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
        return standIn(name, pub, sub, false);
    }

    /**
     * As {@link #standIn(String, String, String)}; {@code before31}: refuses {@code -noOutputHeaders}
     * as Perftest before 3.1 refuses every option it does not know ("not recognized", exit 255).
     */
    private Path standIn(String name, String pub, String sub, boolean before31) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("pub.txt"), pub, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("sub.txt"), sub, StandardCharsets.UTF_8);
        Path exe = dir.resolve("perftest_cpp");
        Files.writeString(exe, String.join("\n", "#!/usr/bin/env bash", "set -u",
                "role=sub; headers=1; len=100", "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"",
                "while [ $# -gt 0 ]; do",
                "  case \"$1\" in",
                "    -pub) role=pub ;;",
                "    -noOutputHeaders) " + (before31 ? "echo '-noOutputHeaders: not recognized' >&2; exit 255 ;;"
                        : "headers=0 ;;"),
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
    void shouldConvertNanosecondsLeaveTheRatesEmptyAndKeepCommandLineKeysWhenPerftest4xNsBuildRunsWithAndWithoutHeaders()
            throws IOException {
        // Perftest 4.0-4.2 built with --ns-resolution: C++ 4.x headers with (ns) columns
        Path exe = standIn("v4ns",
                headers("Sample Size (Bytes), Ave (ns), Std (ns), Min (ns), Max (ns), 50% (ns), 90% (ns), 99% (ns),"
                        + " 99.99% (ns), 99.9999% (ns)\n")
                        + "                LEN,    35250,   4125.5,    30100,    40900,    35000,    40000,    40500,"
                        + "       40900,         40900\n",
                headers("Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples,"
                        + " Lost Samples (%)\n")
                        + "                LEN,       9876543,           493,         0.1,            0,         0.00\n");
        Path out = tmp.resolve("c1");

        CampaignRun r = campaign(exe, "c1", "--tests", "thr", "--sizes", "1024,16384", "--reliability", "be",
                "--keyed", "unkeyed", "--batching", "on", "--extra-arguments", "-compressionId LZ4",
                "--extra-arguments-pub", "-batchSize 16384");

        assertThat(r.exitCode()).as(r.err()).isZero();
        // 16384-byte batches hold two 1024-byte samples but not two 16384-byte ones (batching then off)
        assertThat(rows(out, "pubsub-latency")).containsExactly(LATENCY_HEADER,
                "UDPv4,best_effort,unkeyed,1,16384,LZ4,1024,throughput,1,,35.25,4.1255,30.1,40.9,35,40,40.5,40.9,40.9,",
                "UDPv4,best_effort,unkeyed,1,0,LZ4,16384,throughput,1,,35.25,4.1255,30.1,40.9,35,40,40.5,40.9,40.9,");
        // the subscriber of an ns build divides by nanoseconds where it means microseconds: its samples/s
        // and Mbps are 1000 times too small (PERFTEST-FORMATS.md 2.7), so they are left empty, and said so
        assertThat(rows(out, "pubsub-throughput")).containsExactly(THROUGHPUT_HEADER,
                "UDPv4,best_effort,unkeyed,1,16384,LZ4,1024,1,9876543,,,0,0,",
                "UDPv4,best_effort,unkeyed,1,0,LZ4,16384,1,9876543,,,0,0,");
        assertThat(Files.readString(out.resolve("results/run.json"))).contains("\"perftest_rates\"")
                .contains("1000 times too small");
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
    void shouldKeepTheRatesWhenAMicrosecondBuildPrintsTheSameThroughputRow() throws IOException {
        // the same rows as the ns build above, from a build whose latency header says us: rates are right
        Path exe = standIn("v4us",
                headers("Sample Size (Bytes), Ave (us), Std (us), Min (us), Max (us), 50% (us), 90% (us), 99% (us),"
                        + " 99.99% (us), 99.9999% (us)\n")
                        + "                LEN,       35,      4.1,       30,       40,       35,       40,       40,"
                        + "          40,            40\n",
                headers("Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples,"
                        + " Lost Samples (%)\n")
                        + "                LEN,       9876543,        493827,       126.4,            0,         0.00\n");
        Path out = tmp.resolve("c5");

        CampaignRun r = campaign(exe, "c5", "--tests", "thr", "--sizes", "32", "--reliability", "rel",
                "--keyed", "unkeyed", "--batching", "off");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(rows(out, "pubsub-throughput")).containsExactly(THROUGHPUT_HEADER,
                "UDPv4,reliable,unkeyed,1,0,NONE,32,1,9876543,493827,126.4,0,0,");
        assertThat(Files.readString(out.resolve("results/run.json"))).doesNotContain("perftest_rates");
    }

    @Test
    @Timeout(60)
    void shouldReadTheTextAndPassNoHeaderOptionWhenPerftest24WhichRefusesItRunsTwoSizes() throws IOException {
        // Perftest 2.4 (PERFTEST-FORMATS.md 2.6): double-spaced printf lines ending with the %s blank, the
        // lost percentage; it knows no -noOutputHeaders (3.1+), so the second size must run without it
        Path exe = standIn("v24",
                "Length:   LEN  Latency: Ave     40 us  Std    1.0 us  Min     39 us  Max     41 us  50%     40 us"
                        + "  90%     41 us  99%     41 us  99.99%     41 us  99.9999%     41 us \n",
                "Length:   LEN  Packets:  2800000  Packets/s(ave):  931000  Mbps(ave):   744.8  Lost:     5 (0.18%) \n",
                true);
        Path out = tmp.resolve("c6");

        CampaignRun r = campaign(exe, "c6", "--tests", "thr", "--sizes", "32,64", "--reliability", "rel",
                "--keyed", "unkeyed", "--batching", "off");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(rows(out, "pubsub-latency")).containsExactly(LATENCY_HEADER,
                "UDPv4,reliable,unkeyed,1,0,NONE,32,throughput,1,,40,1,39,41,40,41,41,41,41,",
                "UDPv4,reliable,unkeyed,1,0,NONE,64,throughput,1,,40,1,39,41,40,41,41,41,41,");
        assertThat(rows(out, "pubsub-throughput")).containsExactly(THROUGHPUT_HEADER,
                "UDPv4,reliable,unkeyed,1,0,NONE,32,1,2800000,931000,744.8,5,0.18,",
                "UDPv4,reliable,unkeyed,1,0,NONE,64,1,2800000,931000,744.8,5,0.18,");
        assertThat(Files.readAllLines(out.resolve("perftest/UDPv4/thr_sub_unkeyed_rel_noBatch.csv"))).hasSize(2);
    }

    @Test
    @Timeout(60)
    void shouldConvertNanosecondsAndLeaveTheRatesEmptyWhenTheLegacyPrinterOfANsBuildWrites() throws IOException {
        // -outputFormat legacy of a 3.1-3.3 --ns-resolution build (PERFTEST-FORMATS.md 2.5, 2.7): single
        // blanks in the latency line, unit ns; the subscriber's rates 1000 times too small
        Path exe = standIn("legacyns",
                "Length:   LEN Latency: Ave  35250 ns Std 4125.5 ns Min  30100 ns Max  40900 ns 50%  35000 ns"
                        + " 90%  40000 ns 99%  40500 ns 99.99%  40900 ns 99.9999%  40900 ns\n",
                "Length:   LEN  Packets:  9876543  Packets/s(ave):     493  Mbps(ave):     0.1  Lost:     0 (0.00%)\n");
        Path out = tmp.resolve("c7");

        CampaignRun r = campaign(exe, "c7", "--tests", "thr", "--sizes", "1024", "--reliability", "be",
                "--keyed", "unkeyed", "--batching", "on", "--extra-arguments", "-outputFormat legacy");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(rows(out, "pubsub-latency")).containsExactly(LATENCY_HEADER,
                "UDPv4,best_effort,unkeyed,1,8192,NONE,1024,throughput,1,,35.25,4.1255,30.1,40.9,35,40,40.5,40.9,"
                        + "40.9,");
        assertThat(rows(out, "pubsub-throughput")).containsExactly(THROUGHPUT_HEADER,
                "UDPv4,best_effort,unkeyed,1,8192,NONE,1024,1,9876543,,,0,0,");
    }

    @Test
    @Timeout(60)
    void shouldReadTheSummariesWhenTheCppJsonPrinterWritesFragmentsForTwoSizes() throws IOException {
        // -outputFormat json of C++ 4.x (PERFTEST-FORMATS.md 2.4): not JSON on its own, no final newline
        Path exe = standIn("json",
                "\t\t\t\"length\":LEN,\n\t\t\t\"summary\":{\n\t\t\t\t\"latency_ave\": 40.50,\n"
                        + "\t\t\t\t\"latency_std\": 1.25,\n\t\t\t\t\"latency_min\": 39,\n"
                        + "\t\t\t\t\"latency_max\": 43,\n\t\t\t\t\"latency_50\": 40,\n"
                        + "\t\t\t\t\"latency_90\": 41,\n\t\t\t\t\"latency_99\": 42,\n"
                        + "\t\t\t\t\"latency_99.99\": 43,\n\t\t\t\t\"latency_99.9999\": 43\n\t\t\t}\n\t\t}",
                "\t\t\t\"length\":LEN,\n\t\t\t\"summary\":{\n\t\t\t\t\"packets\": 2800000,\n"
                        + "\t\t\t\t\"packets/sAve\": 931000,\n\t\t\t\t\"mbpsAve\": 744.8,\n"
                        + "\t\t\t\t\"lost\": 5,\n\t\t\t\t\"lostPercent\": 0.18\n\t\t\t}\n\t\t}");
        Path out = tmp.resolve("c8");

        CampaignRun r = campaign(exe, "c8", "--tests", "thr", "--sizes", "32,64", "--reliability", "rel",
                "--keyed", "unkeyed", "--batching", "off", "--extra-arguments", "-outputFormat json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(rows(out, "pubsub-latency")).containsExactly(LATENCY_HEADER,
                "UDPv4,reliable,unkeyed,1,0,NONE,32,throughput,1,,40.5,1.25,39,43,40,41,42,43,43,",
                "UDPv4,reliable,unkeyed,1,0,NONE,64,throughput,1,,40.5,1.25,39,43,40,41,42,43,43,");
        assertThat(rows(out, "pubsub-throughput")).containsExactly(THROUGHPUT_HEADER,
                "UDPv4,reliable,unkeyed,1,0,NONE,32,1,2800000,931000,744.8,5,0.18,",
                "UDPv4,reliable,unkeyed,1,0,NONE,64,1,2800000,931000,744.8,5,0.18,");
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
