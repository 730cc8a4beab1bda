package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.testsupport.Prerequisites;

/**
 * A campaign on a nearly full disk (a real 600 KiB tmpfs): test 2's output does not fit when it is
 * committed. Before commits were undone, part of it stayed in the seed-named file (and, on other
 * fill levels, its rows in results/ without its id in campaign-state.txt), and --resume wrote it a
 * second time. Now the test is kept wholly or not at all, and --resume keeps it exactly once.
 */
class CampaignFullDiskTest {
    @TempDir
    Path tmp;
    private Path mount;
    private Path exe;

    @BeforeEach
    void mountTinyDisk() throws Exception {
        Prerequisites.requireRoot("mounting a tiny tmpfs");
        Prerequisites.requireCommand("mount", "mount");
        mount = tmp.resolve("disk");
        Files.createDirectories(mount);
        sh("mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", mount.toString());
        Path bin = PerftestStandIn.install(tmp.resolve("bin")).getParent();
        // the publisher of -dataLen 64 prints 400 KB of extra lines (Perftest prints much besides its
        // rows): they fit in tmp/, but not a second time in the seed-named file, while the file "pad" exists
        exe = bin.resolve("padding_standin.sh");
        Files.writeString(exe, "#!/usr/bin/env bash\n"
                + "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n"
                + "\"$here/perftest_standin.sh\" \"$@\" || exit $?\n"
                + "if [[ \" $* \" == *' -dataLen 64 '* && \" $* \" == *' -pub '* && -e \"$here/pad\" ]]; then\n"
                + "  head -c 400000 /dev/zero | tr '\\0' 'x' | fold -w 100\n"
                + "fi\n", StandardCharsets.UTF_8);
        assertThat(exe.toFile().setExecutable(true)).isTrue();
        Files.writeString(bin.resolve("pad"), "");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mount != null && Files.isDirectory(mount)) {
            sh("umount", mount.toString());
        }
    }

    private static void sh(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
    }

    private CampaignRun campaign(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("--out", mount.resolve("c").toString(), "--executable",
                exe.toString(), "--role", "pub", "--tests", "lat", "--sizes", "32,64,1024", "--reliability", "rel",
                "--keyed", "unkeyed"));
        args.addAll(List.of(more));
        return CampaignRun.run(args.toArray(new String[0]));
    }

    @Test
    @Timeout(120)
    void shouldKeepATestWhollyOrNotAtAllAndResumeItOnceWhenTheDiskIsFull() throws Exception {
        Path out = mount.resolve("c");
        CampaignRun first = campaign();

        assertThat(first.exitCode()).as(first.err()).isEqualTo(1);
        assertThat(first.err()).contains("campaign: test 2/3 [UDPv4|UK|REL][lat] 64 B rep 1 failed: cannot keep its "
                + "output (").contains("nothing of it was kept");
        Path seed = out.resolve("perftest/UDPv4/lat_pub_unkeyed_rel.csv");
        List<String> seedLines = Files.readAllLines(seed);
        assertThat(seedLines).hasSize(3);
        assertThat(seedLines.get(1)).startsWith("                 32,");
        assertThat(seedLines.get(2)).startsWith("               1024,");
        assertThat(Files.readAllLines(out.resolve(CampaignRunner.STATE_FILE))).containsExactly(
                "lat-UDPv4-unkeyed-rel-32-r1", "lat-UDPv4-unkeyed-rel-1024-r1");
        assertThat(Files.readAllLines(out.resolve("results/pubsub-latency.csv"))).hasSize(2 + 2);
        assertThat(tmpFiles(out)).isEmpty();

        Files.delete(exe.getParent().resolve("pad"));
        CampaignRun resumed = campaign("--resume");

        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(Files.readAllLines(out.resolve(CampaignRunner.STATE_FILE))).containsExactly(
                "lat-UDPv4-unkeyed-rel-32-r1", "lat-UDPv4-unkeyed-rel-1024-r1", "lat-UDPv4-unkeyed-rel-64-r1");
        List<String> rows = Files.readAllLines(out.resolve("results/pubsub-latency.csv"));
        assertThat(rows).as("each test once").hasSize(2 + 3);
        assertThat(rows.subList(2, 5)).extracting(r -> r.split(",")[6]).containsExactly("32", "1024", "64");
        assertThat(Files.readAllLines(seed)).hasSize(4).doesNotHaveDuplicates();
        assertThat(tmpFiles(out)).isEmpty();
    }

    private static List<Path> tmpFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
        }
    }
}
