package wirebench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import wirebench.runner.RunnerMain;
import wirebench.contract.WirebenchException;
import wirebench.runner.pubsub.PubSubCommand;

/**
 * Walks every numeric option of every runner command (found through picocli's CommandSpec, so a new
 * option cannot be forgotten) with a negative, a zero and a huge value (the type's maximum) and
 * checks each against the decision recorded here: U = usage error (exit 2, one line), A = accepted.
 * A value beyond the type (an overflowing number) is always a usage error. Options are checked
 * without running anything: pub/sub through {@link PubSubCommand#argumentsError}, the campaign
 * through --dry-run, the others through {@link Validated#validate()}.
 */
class OptionWalkTest {
    private static final Set<Class<?>> NUMERIC = Set.of(int.class, Integer.class, long.class, Long.class, short.class,
            Short.class, double.class, Double.class, float.class, Float.class);
    /** String options whose value is a number by contract. */
    private static final Set<String> NUMERIC_STRINGS = Set.of("run pubsub -pubRate", "campaign --instances",
            "campaign --repetitions", "campaign --execution-time", "campaign --domain", "campaign --test-timeout");

    /**
     * Decisions: outcome of -1, 0 and the type's maximum. Why zero or huge is accepted where it is:
     * pubsub -domain 0, -pidMultiPubTest/-sidMultiSubTest 0 (the first ids), -aeronMtu 0 (Aeron's
     * default), -batchSize 0 (off), -executionTime 0 (until -numIter), -sleep 0, -warmUpMs 0 (none), -compressionLevel 0
     * (off), -compressionThreshold 0/huge (compress all / none), -numIter huge (-executionTime ends it);
     * udp server --port 0 (any free port), --receive-buffer-size 0 (system default) and huge (the
     * kernel caps it, with a warning), --runs 0 (until killed) and huge, --idle-timeout-ms huge; udp
     * client --payload 0 (an empty datagram), --total 0, --rate 0 (unpaced) and huge, --priority 0
     * (OTHER); udp matrix --rate; rpc --port 0 on the server (any free port), --warmup-calls 0, timeouts
     * huge (about 24 days); campaign --domain 0, --test-timeout huge is refused (a year at most).
     */
    private static final Map<String, String> EXPECTED = new TreeMap<>(Map.ofEntries(
            Map.entry("run pubsub -dataLen", "UUU"),
            Map.entry("run pubsub -domain", "UAU"),
            Map.entry("run pubsub -instances", "UUU"),
            Map.entry("run pubsub -batchSize", "UAU"),
            Map.entry("run pubsub -latencyCount", "UUU"),
            Map.entry("run pubsub -executionTime", "UAU"),
            Map.entry("run pubsub -numIter", "UUA"),
            Map.entry("run pubsub -numSubscribers", "UUU"),
            Map.entry("run pubsub -numPublishers", "UUU"),
            Map.entry("run pubsub -pidMultiPubTest", "UAU"),
            Map.entry("run pubsub -sidMultiSubTest", "UAU"),
            Map.entry("run pubsub -sleep", "UAU"),
            Map.entry("run pubsub -initialBurstSize", "UUA"),
            Map.entry("run pubsub -warmUpMs", "UAU"),
            Map.entry("run pubsub -compressionLevel", "UAU"),
            Map.entry("run pubsub -compressionThreshold", "UAA"),
            Map.entry("run pubsub -basePort", "UUU"),
            Map.entry("run pubsub -aeronMtu", "UAU"),
            // an option of -engine dds: refused with the default engine whatever its value
            Map.entry("run pubsub -ddsHistoryDepth", "UUU"),
            Map.entry("run pubsub -durability", "UUU"),
            // refused below 1 with every engine; ignored (with a note) by the default engine above
            Map.entry("run pubsub -sendQueueSize", "UUA"),
            Map.entry("run pubsub -discoveryTimeout", "UUU"),
            Map.entry("run pubsub -pubRate", "UUU"),
            Map.entry("run udp server --port", "UAU"),
            Map.entry("run udp server --receive-buffer-size", "UAA"),
            Map.entry("run udp server --priority", "UAU"),
            Map.entry("run udp server --idle-timeout-ms", "UUA"),
            Map.entry("run udp server --runs", "UAA"),
            Map.entry("run udp client --port", "UUU"),
            Map.entry("run udp client --msg-payload", "UAU"),
            Map.entry("run udp client --total", "UAU"),
            Map.entry("run udp client --rate", "UAA"),
            Map.entry("run udp client --priority", "UAU"),
            Map.entry("run udp client --end-repeats", "UUU"),
            Map.entry("run udp client --start-timeout-ms", "UUA"),
            Map.entry("run udp matrix --priority", "UUU"),
            Map.entry("run udp matrix --total", "UUU"),
            Map.entry("run udp matrix --rate", "UAA"),
            Map.entry("run udp matrix --idle-timeout-ms", "UUA"),
            Map.entry("run udp matrix --payloads", "UAU"),
            Map.entry("run udp matrix --rcvbufs", "UAA"),
            Map.entry("run rpc server --port", "UAU"),
            Map.entry("run rpc server --timeout-ms", "UUA"),
            Map.entry("run rpc client --port", "UUU"),
            Map.entry("run rpc client --calls", "UUA"),
            Map.entry("run rpc client --threads", "UUU"),
            Map.entry("run rpc client --thread-sweep", "UUU"),
            Map.entry("run rpc client --warmup-calls", "UAA"),
            Map.entry("run rpc client --timeout-ms", "UUA"),
            Map.entry("campaign --instances", "UUU"),
            Map.entry("campaign --repetitions", "UUU"),
            Map.entry("campaign --execution-time", "UUU"),
            Map.entry("campaign --domain", "UAU"),
            Map.entry("campaign --test-timeout", "UUU")));

    @TempDir
    Path tmp;

    /** Every numeric option of every command, as "command path option" to its type. */
    static Map<String, Class<?>> numericOptions() {
        Map<String, Class<?>> found = new TreeMap<>();
        walk(RunnerMain.commandLine(), found);
        return found;
    }

    private static void walk(CommandLine cl, Map<String, Class<?>> found) {
        CommandSpec spec = cl.getCommandSpec();
        String path = spec.qualifiedName(" ").replaceFirst("^wirebench ?", "");
        for (OptionSpec o : spec.options()) {
            if (o.inherited()) {
                continue;
            }
            Class<?> t = o.auxiliaryTypes().length > 0 && (o.isMultiValue()) ? o.auxiliaryTypes()[0] : o.type();
            String key = path + " " + o.longestName();
            if (NUMERIC.contains(t) || NUMERIC.contains(o.type()) || NUMERIC_STRINGS.contains(key)) {
                found.put(key, NUMERIC_STRINGS.contains(key) ? String.class : t);
            }
        }
        cl.getSubcommands().values().forEach(c -> walk(c, found));
    }

    private static String huge(Class<?> t) {
        if (t == long.class || t == Long.class) {
            return Long.toString(Long.MAX_VALUE);
        }
        if (t == double.class || t == Double.class || t == float.class || t == Float.class) {
            return "1e300";
        }
        if (t == short.class || t == Short.class) {
            return Short.toString(Short.MAX_VALUE);
        }
        return Integer.toString(Integer.MAX_VALUE);
    }

    /** 'U' (usage error), 'A' (accepted), or a description of anything else. */
    private String outcome(String key, String value) {
        List<String> path = new ArrayList<>(Arrays.asList(key.split(" ")));
        String option = path.remove(path.size() - 1);
        if (path.equals(List.of("run", "pubsub"))) {
            WirebenchException e = PubSubCommand.argumentsError(List.of("-bothRoles", option, value));
            return e == null ? "A" : e.exitCode() == WirebenchException.USAGE ? "U" : "exit " + e.exitCode() + ": "
                    + e.getMessage();
        }
        if (path.equals(List.of("campaign"))) {
            List<String> args = new ArrayList<>(List.of("campaign", "--out", tmp.resolve("c").toString(), "--dry-run",
                    "--sizes", "32", "--tests", "lat", "--keyed", "unkeyed", "--reliability", "rel", option, value));
            StringWriter err = new StringWriter();
            int code = RunnerMain.run(args.toArray(new String[0]), new PrintWriter(new StringWriter()),
                    new PrintWriter(err));
            return code == 0 ? "A" : code == WirebenchException.USAGE ? "U" : "exit " + code + ": " + err;
        }
        CommandLine cl = RunnerMain.commandLine();
        List<String> args = new ArrayList<>(path);
        args.addAll(List.of(option, value));
        try {
            CommandLine.ParseResult pr = cl.parseArgs(args.toArray(new String[0]));
            while (pr.hasSubcommand()) {
                pr = pr.subcommand();
            }
            Object command = pr.commandSpec().userObject();
            assertThat(command).as(key + ": a command with numeric options must be Validated").isInstanceOf(
                    Validated.class);
            ((Validated) command).validate();
            return "A";
        } catch (CommandLine.ParameterException e) {
            return "U";
        } catch (WirebenchException e) {
            return e.exitCode() == WirebenchException.USAGE ? "U" : "exit " + e.exitCode() + ": " + e.getMessage();
        }
    }

    @Test
    @Timeout(120)
    void shouldRefuseOrAcceptEveryNumericOptionAsDecidedWhenGivenNegativeZeroAndHugeValues() {
        Map<String, Class<?>> options = numericOptions();
        assertThat(options.keySet()).as("every numeric option has a recorded decision").containsExactlyInAnyOrderElementsOf(
                EXPECTED.keySet());
        Map<String, String> actual = new LinkedHashMap<>();
        Map<String, String> overflow = new LinkedHashMap<>();
        for (Map.Entry<String, Class<?>> o : options.entrySet()) {
            String key = o.getKey();
            actual.put(key, outcome(key, "-1") + outcome(key, "0") + outcome(key, huge(o.getValue())));
            overflow.put(key, outcome(key, "99999999999999999999999"));
        }
        assertThat(actual).isEqualTo(EXPECTED);
        assertThat(overflow).allSatisfy((k, v) -> assertThat(v).as(k).isEqualTo("U"));
    }

    @Test
    @Timeout(60)
    void shouldExitTwoWithOneLineWhenTheIssuesNonsenseValuesAreGiven() {
        List<List<String>> cases = List.of(
                List.of("run", "pubsub", "-pub", "-executionTime", "-1"),
                List.of("run", "pubsub", "-pub", "-batchSize", "-1"),
                List.of("run", "pubsub", "-discoveryTimeout", "-1"),
                List.of("run", "udp", "server", "--runs", "-1"),
                List.of("run", "udp", "client", "--end-repeats", "-1"),
                List.of("run", "udp", "server", "--port", "70000"),
                List.of("run", "rpc", "client", "--timeout-ms", "-5"),
                List.of("run", "rpc", "server", "--timeout-ms", "-5"));
        for (List<String> c : cases) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = RunnerMain.run(c.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err));

            assertThat(code).as(c + ": " + err).isEqualTo(2);
            assertThat(err.toString().strip().lines()).as(c + ": one line").hasSize(1);
        }
    }
}
