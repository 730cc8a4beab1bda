package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.AnalyzerMain;
import wirebench.runner.RunnerMain;
import wirebench.runner.campaign.SshNamespaces;

/**
 * Seed 000's matrix (small sizes) over two namespace hosts reached by ssh: the Perftest files are
 * those the seed's script writes on its two hosts (names derived from the seed's own script), and
 * the report of the merged results shows both hosts' environments. Needs root, iproute2 and
 * openssh-server (bash .ci/setup).
 */
class MultiHostSeedTest {
    private static final Pattern EXECUTE_TEST = Pattern.compile(
            "execute_test \"(\\w+)\" \"(\\w+)\" \"\\$\\{datasizes(?:_extended)?}\" \"\\$\\{extra_arguments}\" \"(_noBatch)?\\$\\{?file_suffix}?\"");

    @Test
    // 10 tests: about 70 s on an idle 2-core machine, 341 s measured at load average 27
    @Timeout(value = 900, unit = TimeUnit.SECONDS)
    void shouldWriteTheSeedsTwoHostFilesAndReportBothHostsWhenRunOverSsh(@TempDir Path dir) throws Exception {
        Set expected = seedTwoHostFiles();
        try (SshNamespaces hosts = SshNamespaces.create(dir.resolve("hosts"))) {
            Path hostsFile = dir.resolve("hosts.txt");
            Files.writeString(hostsFile, "pub=root@" + hosts.addresses[0] + " addr=" + hosts.addresses[0] + " dir="
                    + dir.resolve("remote-a") + "\nsub=root@" + hosts.addresses[1] + " addr=" + hosts.addresses[1]
                    + " dir=" + dir.resolve("remote-b") + "\n");
            Path out = dir.resolve("seed");
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            int code = RunnerMain.run(new String[] {"campaign", "--out", out.toString(), "--hosts", hostsFile.toString(),
                "--ssh-config", hosts.sshConfig.toString(), "--remote-java",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "--connect-timeout", "3",
                "--sizes", "32", "--tests", "lat,thr", "--keyed", "unkeyed,keyed", "--instances", "4",
                "--reliability", "rel,be", "--batching", "on,off", "--execution-time", "1",
                "--extra-arguments", "-basePort 22000 -discoveryTimeout 20"}, new PrintWriter(o, true),
                    new PrintWriter(e, true));
            assertThat(code).as(o + "\n" + e).isZero();

            TreeSet<String> files = new TreeSet<>();
            try (Stream<Path> s = Files.list(out.resolve("perftest/UDPv4"))) {
                s.forEach(p -> files.add(p.getFileName().toString()));
            }
            assertThat(files).isEqualTo(expected.names);
            for (String f : files) {
                List<String> lines = Files.readAllLines(out.resolve("perftest/UDPv4").resolve(f),
                        StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
                // one run of one size: Perftest's header line and one summary row
                assertThat(lines).as(f).hasSize(2);
                assertThat(lines.get(1)).as(f).matches("\\s*32\\s*,.*");
            }

            Path html = dir.resolve("report.html");
            StringWriter ro = new StringWriter();
            StringWriter re = new StringWriter();
            int rc = AnalyzerMain.run(new String[] {"report", out.resolve("results").toString(), "-o", html.toString()},
                    new PrintWriter(ro, true), new PrintWriter(re, true));
            assertThat(rc).as(ro + "\n" + re).isZero();
            String report = Files.readString(html, StandardCharsets.UTF_8);
            // each host's environment: its own NIC (the namespace's veth and address) and its campaign role
            for (int i = 0; i < 2; i++) {
                assertThat(report).contains(hosts.namespaces[i] + "0").contains(hosts.addresses[i]);
            }
            assertThat(report).contains("name=pub role=publisher").contains("name=sub1 role=subscriber");
        }
    }

    /** The names the seed script gives its files on a publisher host and a subscriber host. */
    private static Set seedTwoHostFiles() throws Exception {
        String seed = Files.readString(shared().resolve("seeds/000_498cf7865140e16f.txt"), StandardCharsets.UTF_8);
        assertThat(seed).contains("output_file=$output_folder/${lat_thr}_${role}_${keyed_unkeyed}_${rel_be}"
                + "${name_suffix}.csv");
        // the first script of the seed; its unbatched tests run for thr only
        String script = seed.substring(seed.indexOf("#!/bin/bash"), seed.indexOf("#!/bin/bash", seed.indexOf(
                "#!/bin/bash") + 1));
        assertThat(script).contains("if [[ \"${lat_thr}\" == \"thr\" && \"${no_batching_tests}\" == \"1\" ]]");
        Matcher m = EXECUTE_TEST.matcher(script);
        List<String[]> calls = new ArrayList<>();
        while (m.find()) {
            calls.add(new String[] {m.group(1), m.group(2), m.group(3) == null ? "" : m.group(3)});
        }
        assertThat(calls).hasSize(6);
        Set s = new Set();
        for (String latThr : List.of("lat", "thr")) {
            for (String role : List.of("pub", "sub")) {
                for (String[] c : calls) {
                    if (!c[2].isEmpty() && latThr.equals("lat")) {
                        continue;
                    }
                    s.names.add(latThr + "_" + role + "_" + c[0] + "_" + c[1] + c[2] + ".csv");
                }
            }
        }
        return s;
    }

    private static final class Set {
        final TreeSet<String> names = new TreeSet<>();
    }

    private static Path shared() {
        String p = System.getProperty("wirebench.shared");
        if (p != null) {
            return Paths.get(p);
        }
        Path beside = Paths.get("").toAbsolutePath().getParent().getParent().resolve("shared");
        return beside;
    }
}
