package wirebench.runner.campaign;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import wirebench.contract.WirebenchException;

/**
 * {@code wirebench campaign}: the seed script's whole test matrix with one command, on
 * {@code wirebench run pubsub} (default) or an RTI Perftest executable. See docs/campaign.md.
 */
@Command(name = "campaign", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a whole pub/sub test matrix (data sizes x reliability x keyed x batching x latency/throughput"
                + " x transports x repetitions) as the RTI Perftest campaign script does, one test per process,",
                "with progress, a results directory, seed-named Perftest CSV files and --resume. See docs/campaign.md."})
public final class CampaignCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, description = "Campaign directory: results/ (the results directory), perftest/ (seed-named CSVs), logs/, campaign-state.txt.")
    Path out;
    @Option(names = "--plan", description = "Plan file: 'key = value' lines with the long option names below (command-line options win).")
    Path plan;
    @Option(names = "--sizes", description = "seed (default: the seed's datasizes, datasizes_extended for batched unkeyed reliable), default, extended, or sizes in bytes: 32,1024.")
    String sizes;
    @Option(names = "--sizes-extended", description = "Sizes in bytes of the batched unkeyed reliable tests (the seed's datasizes_extended, e.g. '32,1024,100000'); default: as --sizes says.")
    String sizesExtended;
    @Option(names = "--tests", description = "lat,thr (default both): latency (-latencyTest) and throughput tests.")
    String tests;
    @Option(names = "--transports", description = "Perftest -transport values (default UDPv4); wirebench runs UDPv4, SHMEM, TCP and TLS.")
    String transports;
    @Option(names = "--engines", description = "Engines side by side: aeron, raw (UDP sockets), tcp, tls, dds (Cyclone"
            + " DDS), e.g. 'aeron,raw,tcp'; each test of the matrix runs on each engine (aeron and dds on the --transports"
            + " they support, raw on UDPv4), rows get an 'engine' key. Default: run pubsub's engine, no 'engine' key.")
    String engines;
    @Option(names = "--keyed", description = "unkeyed,keyed (default both).")
    String keyed;
    @Option(names = "--instances", description = "Instances of keyed tests (-instances, default 100000).")
    String instances;
    @Option(names = "--reliability", description = "rel,be (default both; be = -bestEffort).")
    String reliability;
    @Option(names = "--batching", description = "on,off (default both; off = the seed's _noBatch throughput tests with -batchSize 0, unkeyed).")
    String batching;
    @Option(names = "--compression", description = "NONE,LZ4,ZLIB,ZSTD (default NONE): each test once per "
            + "algorithm, with -compressionId on both sides (seed 003); -compressionLevel/-compressionThreshold go in "
            + "--extra-arguments.")
    String compression;
    @Option(names = "--repetitions", description = "Repetitions of every test (default 1); rows get a 'repetition' key.")
    String repetitions;
    @Option(names = "--execution-time", description = "Seconds per test (-executionTime, default 20).")
    String executionTime;
    @Option(names = "--domain", description = "Domain of the first test (default 2), then alternating as the seed's change_domain.")
    String domain;
    @Option(names = "--extra-arguments", description = "Arguments added to every test's command (e.g. '-compressionId LZ4 -cpu').")
    String extraArguments;
    @Option(names = "--extra-arguments-pub", description = "Arguments added to the publisher's command only.")
    String extraArgumentsPub;
    @Option(names = "--extra-arguments-sub", description = "Arguments added to the subscriber's command only.")
    String extraArgumentsSub;
    @Option(names = "--file-suffix", description = "Suffix of the seed-named CSV files (as the seed's --file-suffix).")
    String fileSuffix;
    @Option(names = "--role", description = "both (default: publisher and subscriber on this host), pub or sub (two hosts, each running the same campaign).")
    String role;
    @Option(names = "--nic", description = "-nic of every test (this host's address or interface).")
    String nic;
    @Option(names = "--peer", description = "-peer of every test (the other host; UDPv4, TCP and TLS as the seed builds them).")
    String peer;
    @Option(names = "--executable", description = "Run this RTI Perftest binary (perftest_cpp, perftest_java) instead of wirebench run pubsub.")
    String executable;
    @Option(names = "--test-timeout", description = "Seconds a test may take before it is killed and reported (default execution time + 120).")
    String testTimeout;
    @Option(names = "--hosts", description = "Run the roles on other hosts over SSH: a file of 'ROLE=[USER@]HOST [addr=ADDR]"
            + " [dir=PATH] [java=PATH]' lines, one pub and one or more sub (docs/multihost.md).")
    String hosts;
    @Option(names = "--host", description = "A remote role, as a --hosts line (repeat: --host pub=h1 --host sub=h2 --host sub=h3).")
    List<String> hostSpecs;
    @Option(names = "--ssh-config", description = "ssh -F FILE for every ssh (default: ssh's own, ~/.ssh/config).")
    String sshConfig;
    @Option(names = "--remote-dir", description = "Work directory on the hosts (default .wirebench-remote in the"
            + " remote home): install/HASH (pushed once), runs/ (each test's output until it is fetched).")
    String remoteDir;
    @Option(names = "--remote-wirebench", description = "An existing wirebench launcher on the hosts (nothing but two"
            + " small scripts is pushed).")
    String remoteWirebench;
    @Option(names = "--remote-java", description = "java on the hosts (default: java on the remote PATH).")
    String remoteJava;
    @Option(names = "--connect-timeout", description = "Seconds for an ssh connection, and between keep-alives (a host"
            + " silent for 3 of them is lost; default 10).")
    String connectTimeout;
    @Option(names = "--resume", description = "Continue the campaign in --out: skip the tests listed as finished in campaign-state.txt.")
    boolean resume;
    @Option(names = "--stop-on-failure", description = "Stop at the first failed test (default: go on with the next, as the seed script).")
    boolean stopOnFailure;
    @Option(names = "--dry-run", description = "Print every test's command line and exit without running anything.")
    boolean dryRun;

    private static final Set<String> TEST_KINDS = Set.of("lat", "thr");
    private static final Set<String> COMPRESSION_IDS = Set.of("none", "lz4", "zlib", "zstd");

    @Override
    public Integer call() {
        PlanFile p = plan == null ? PlanFile.empty() : PlanFile.read(plan);
        requireDirectory(out);
        Matrix m = new Matrix(sizes(p), list(p, "tests", tests, "lat,thr", TEST_KINDS),
                list(p, "transports", transports, "UDPv4", null), list(p, "keyed", keyed, "unkeyed,keyed",
                        Set.of("unkeyed", "keyed")),
                list(p, "reliability", reliability, "rel,be", Set.of("rel", "be")),
                list(p, "batching", batching, "on,off", Set.of("on", "off")),
                integer(p, "instances", instances, "100000", 1), integer(p, "repetitions", repetitions, "1", 1),
                integer(p, "execution-time", executionTime, "20", 1), integer(p, "domain", domain, "2", 0),
                list(p, "compression", compression, "NONE", COMPRESSION_IDS).stream()
                        .map(c -> c.toUpperCase(Locale.ROOT)).toList(), sizesExtended(p),
                p.get("engines", engines, null) == null ? List.of("")
                        : list(p, "engines", engines, null, Set.copyOf(CampaignEngines.names())));
        List<TestPoint> points = m.expand();
        if (points.isEmpty()) {
            throw new WirebenchException(WirebenchException.USAGE, "campaign: the matrix holds no test (note: the seed"
                    + " runs _noBatch tests only for thr and unkeyed; latency tests are never batched)");
        }
        String roleValue = p.get("role", role, "both").toLowerCase(Locale.ROOT);
        CommandLines.Role r = switch (roleValue) {
            case "both" -> CommandLines.Role.BOTH;
            case "pub" -> CommandLines.Role.PUB;
            case "sub" -> CommandLines.Role.SUB;
            default -> throw bad(p, "role", role, "both, pub or sub", roleValue);
        };
        String exe = p.get("executable", executable, null);
        if (!m.engines().equals(List.of("")) && (exe != null || p.get("hosts", hosts, null) != null
                || (hostSpecs != null && !hostSpecs.isEmpty()))) {
            throw new WirebenchException(WirebenchException.USAGE, "campaign: --engines runs wirebench's engines on"
                    + " this host: not with --executable (Perftest brings its own) nor with --hosts/--host");
        }
        if (exe == null) {
            for (String t : m.transports()) {
                if (!List.of("UDPv4", "SHMEM", "TCP", "TLS").contains(t)) {
                    throw bad(p, "transports", transports, "UDPv4, SHMEM, TCP or TLS with wirebench (other transports"
                            + " need --executable)", t);
                }
            }
        } else if (!Files.isExecutable(Path.of(exe))) {
            throw bad(p, "executable", executable, "an executable file", exe);
        }
        CommandLines lines = new CommandLines(m.instances(), m.executionTimeS(), p.get("nic", nic, null),
                p.get("peer", peer, null), CommandLines.split(p.get("extra-arguments", extraArguments, null)),
                CommandLines.split(p.get("extra-arguments-pub", extraArgumentsPub, null)),
                CommandLines.split(p.get("extra-arguments-sub", extraArgumentsSub, null)));
        long timeoutS = integer(p, "test-timeout", testTimeout, Long.toString(m.executionTimeS() + 120), 1);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("matrix", m.describe());
        config.put("engine", exe == null ? "wirebench run pubsub" : "executable");
        config.put("executable", exe);
        config.put("role", roleValue);
        config.put("nic", lines.nic());
        config.put("peer", lines.peer());
        config.put("extra_arguments", lines.extra());
        config.put("extra_arguments_pub", lines.extraPub());
        config.put("extra_arguments_sub", lines.extraSub());
        config.put("file_suffix", p.get("file-suffix", fileSuffix, ""));
        config.put("test_timeout_s", timeoutS);
        config.put("plan_file", plan == null ? null : plan.toString());
        // the test list itself is derived from the matrix (--dry-run prints it): not repeated here, so
        // that run.json and the report's header stay readable for the seed's 132 tests
        config.put("tests_total", points.size());
        config.put("first_test", points.get(0).id());
        config.put("last_test", points.get(points.size() - 1).id());
        RemoteCampaign remote = remote(p, lines, timeoutS, roleValue, m.transports(), config);
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CampaignRunner runner = new CampaignRunner(out, points, lines, r, exe, p.get("file-suffix", fileSuffix, ""),
                timeoutS, m.executionTimeS(), stopOnFailure, o, err,
                System.console() != null);
        if (remote != null) {
            runner.remote(remote);
        }
        if (dryRun) {
            runner.dryRun();
            return 0;
        }
        return runner.run(resume, commandLine(), config);
    }

    /** The hosts of --hosts/--host (null: both roles here or --role), checked against the other options. */
    private RemoteCampaign remote(PlanFile p, CommandLines lines, long timeoutS, String roleValue,
            List<String> transportList, Map<String, Object> config) {
        String file = p.get("hosts", hosts, null);
        if (file == null && (hostSpecs == null || hostSpecs.isEmpty())) {
            return null;
        }
        if (file != null && hostSpecs != null && !hostSpecs.isEmpty()) {
            throw new WirebenchException(WirebenchException.USAGE, "campaign: --hosts and --host exclude each other");
        }
        if (!roleValue.equals("both") || lines.nic() != null || lines.peer() != null
                || p.get("executable", executable, null) != null) {
            throw new WirebenchException(WirebenchException.USAGE, "campaign: --hosts/--host give every host its role"
                    + " and address: --role, --nic, --peer and --executable do not apply (addr= in the hosts file"
                    + " sets a host's -nic and the others' -peer)");
        }
        if (!transportList.equals(List.of("UDPv4"))) {
            throw bad(p, "transports", transports, "UDPv4 across hosts (SHMEM is one host's shared memory)",
                    String.join(",", transportList));
        }
        List<RemoteHost> hs = file != null ? HostsFile.read(Path.of(file)) : HostsFile.options(hostSpecs);
        String cfg = p.get("ssh-config", sshConfig, null);
        if (cfg != null && !Files.isReadable(Path.of(cfg))) {
            throw bad(p, "ssh-config", sshConfig, "a readable ssh_config file", cfg);
        }
        int ct = integer(p, "connect-timeout", connectTimeout, "10", 1);
        hs = new SshCommands(cfg, ct).resolveAll(hs);
        List<String> all = new ArrayList<>(lines.extra());
        all.addAll(lines.extraPub());
        all.addAll(lines.extraSub());
        boolean multicast = all.contains("-multicast");
        config.put("hosts", RemoteCampaign.describe(hs));
        config.put("remote_dir", p.get("remote-dir", remoteDir, ".wirebench-remote"));
        config.put("remote_wirebench", p.get("remote-wirebench", remoteWirebench, null));
        config.put("ssh_config", cfg);
        config.put("connect_timeout_s", ct);
        return new RemoteCampaign(hs, new SshCommands(cfg, ct), p.get("remote-dir", remoteDir, ".wirebench-remote"),
                p.get("remote-wirebench", remoteWirebench, null), p.get("remote-java", remoteJava, null), multicast, out,
                timeoutS);
    }

    /**
     * --out names a directory, made when missing: an existing file there, or a file where one of its
     * parents should be, is bad input before anything runs (the dry run included).
     */
    static void requireDirectory(Path dir) {
        for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d)) {
                return;
            }
            if (Files.exists(d)) {
                throw WirebenchException.badInput("--out " + dir + ": " + (d.equals(dir.toAbsolutePath().normalize())
                        ? "not a directory" : "its parent " + d + " is not a directory")
                        + "; --out names the campaign directory (made when missing)");
            }
        }
    }

    private String commandLine() {
        List<String> args = spec.commandLine().getParseResult() == null ? List.of()
                : spec.commandLine().getParseResult().originalArgs();
        return "wirebench " + String.join(" ", args);
    }

    private String sizesExtended(PlanFile p) {
        String v = p.get("sizes-extended", sizesExtended, null);
        if (v == null) {
            return null;
        }
        try {
            List<Integer> s = Matrix.parseSizes(v);
            for (int b : s) {
                if (b < 28 || b > 10485760) {
                    throw bad(p, "sizes-extended", sizesExtended, "sizes of 28..10485760 bytes", Integer.toString(b));
                }
            }
            return String.join(",", s.stream().map(String::valueOf).toList());
        } catch (IllegalArgumentException e) {
            throw new WirebenchException(sizesExtended != null ? WirebenchException.USAGE : WirebenchException.BAD_INPUT,
                    p.origin("sizes-extended", sizesExtended) + ": " + e.getMessage());
        }
    }

    private String sizes(PlanFile p) {
        String v = p.get("sizes", sizes, "seed").strip().toLowerCase(Locale.ROOT);
        if (v.equals("seed") || v.equals("default") || v.equals("extended")) {
            return v;
        }
        try {
            List<Integer> s = Matrix.parseSizes(v);
            for (int b : s) {
                if (b < 28 || b > 10485760) {
                    throw bad(p, "sizes", sizes, "sizes of 28..10485760 bytes", Integer.toString(b));
                }
            }
            return String.join(",", s.stream().map(String::valueOf).toList());
        } catch (IllegalArgumentException e) {
            throw new WirebenchException(sizes != null ? WirebenchException.USAGE : WirebenchException.BAD_INPUT,
                    p.origin("sizes", sizes) + ": " + e.getMessage());
        }
    }

    private static List<String> list(PlanFile p, String key, String cli, String fallback, Set<String> allowed) {
        String v = p.get(key, cli, fallback);
        List<String> out = new ArrayList<>();
        for (String s : v.split("[,\\s]+")) {
            if (s.isBlank()) {
                continue;
            }
            String t = allowed == null ? s.strip() : s.strip().toLowerCase(Locale.ROOT);
            if (allowed != null && !allowed.contains(t)) {
                throw bad(p, key, cli, "values among " + new java.util.TreeSet<>(allowed), s);
            }
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        if (out.isEmpty()) {
            throw bad(p, key, cli, "at least one value", v);
        }
        return out;
    }

    private static int integer(PlanFile p, String key, String cli, String fallback, int min) {
        return integer(p, key, cli, fallback, min, MAX.getOrDefault(key, Integer.MAX_VALUE));
    }

    /** Largest values of the numeric options (a campaign of 10^9 tests is a typo, not a plan). */
    private static final Map<String, Integer> MAX = Map.of("repetitions", 1000, "instances", 100_000_000,
            "execution-time", (int) wirebench.runner.cli.Ranges.MAX_SECONDS, "test-timeout",
            (int) wirebench.runner.cli.Ranges.MAX_SECONDS, "domain", 250);

    private static int integer(PlanFile p, String key, String cli, String fallback, int min, int max) {
        String v = p.get(key, cli, fallback).strip();
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(p, key, cli, max == Integer.MAX_VALUE ? "an integer of at least " + min
                : "an integer in " + min + ".." + max, v);
    }

    private static WirebenchException bad(PlanFile p, String key, String cli, String expected, String got) {
        return new WirebenchException(cli == null ? WirebenchException.BAD_INPUT : WirebenchException.USAGE,
                p.origin(key, cli) + ": expected " + expected + ", got '" + got + "'");
    }
}
