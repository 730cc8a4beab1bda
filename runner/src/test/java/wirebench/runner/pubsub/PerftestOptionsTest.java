package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import wirebench.runner.RunnerMain;
import wirebench.contract.WirebenchException;

/** Walks the table of every Perftest 4.x option (PerftestOptions) against the command and docs/pubsub.md. */
class PerftestOptionsTest {

    private static final CommandSpec SPEC = RunnerMain.commandLine().getSubcommands().get("run").getSubcommands()
            .get("pubsub").getCommandSpec();
    /** Options only wirebench has (docs/pubsub.md documents them in their sections). */
    private static final Set<String> WIREBENCH_ONLY = Set.of("-h", "--help", "-v", "--verbose", "--out", "-bothRoles", "-subOutputFile",
            "-engine", "-basePort", "-threadingMode", "-idleStrategy", "-aeronDir", "-aeronMtu", "-discoveryTimeout", "-warmUpMs", "-ddsHistoryDepth", "-ddsWaitset", "-ddsWriteBatch", "-ddsperf", "-ddsDelivery");

    private static Set<String> commandNames() {
        Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (OptionSpec o : SPEC.options()) {
            names.addAll(List.of(o.names()));
        }
        return names;
    }

    /** A value for an option that takes one and is valid wherever it is given. */
    private static List<String> withValue(PerftestOptions.Option o) {
        List<String> a = new ArrayList<>(List.of(o.name()));
        if (o.arity() == PerftestOptions.Arity.ONE) {
            a.add("1");
        }
        return a;
    }

    @Test
    void shouldImplementEveryOptionTheTableCallsImplemented() {
        Set<String> names = commandNames();
        for (PerftestOptions.Option o : PerftestOptions.ALL) {
            if (o.behaviour() == PerftestOptions.Behaviour.IMPLEMENTED) {
                assertThat(names).as(o.name() + " is implemented, so the command has it").contains(o.name());
            } else {
                assertThat(names).as(o.name() + " is " + o.behaviour() + ", so the command must not have it")
                        .doesNotContain(o.name());
            }
        }
        for (String n : names) {
            assertThat(PerftestOptions.byName(n) != null || WIREBENCH_ONLY.contains(n))
                    .as(n + ": every option of the command is in the Perftest table or a known wirebench option").isTrue();
        }
    }

    @Test
    void shouldAcceptEveryIgnoredOptionWithOneStderrLineAndDropItsValue() {
        for (PerftestOptions.Option o : PerftestOptions.ALL) {
            if (o.behaviour() != PerftestOptions.Behaviour.IGNORED) {
                continue;
            }
            List<String> notes = new ArrayList<>();
            List<String> args = withValue(o);
            args.addAll(List.of("-domain", "3"));
            String[] out = PerftestAbbreviations.expand(args.toArray(new String[0]), SPEC, notes::add);
            assertThat(out).as(o.name()).containsExactly("-domain", "3");
            assertThat(notes).as(o.name()).containsExactly(o.name() + ": ignored (" + o.wirebench() + ")");
            assertThat(PubSubCommand.argumentsError(args)).as(o.name()).isNull();
        }
    }

    @Test
    void shouldRefuseEveryRefusedOptionOnOneLineNamingTheWirebenchWay() {
        for (PerftestOptions.Option o : PerftestOptions.ALL) {
            if (o.behaviour() != PerftestOptions.Behaviour.REFUSED) {
                continue;
            }
            WirebenchException e = PubSubCommand.argumentsError(withValue(o));
            assertThat(e).as(o.name()).isNotNull();
            assertThat(e.exitCode()).isEqualTo(WirebenchException.USAGE);
            assertThat(e.getMessage()).isEqualTo(o.name() + ": not supported: " + o.wirebench()).doesNotContain("\n");
        }
    }

    @Test
    void shouldRunSeed003sNoXmlAbbreviationWithANoteInsteadOfAUsageError() {
        RunResult r = RunResult.run("-bothRoles", "-noXML", "-basePort", Integer.toString(RunResult.freeBasePort()),
                "-latencyTest", "-dataLen", "32", "-numIter", "200", "-noPrintIntervals");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("-noXmlQos: ignored (Connext XML QoS");
        assertThat(r.csvRows()).hasSize(1);
    }

    @Test
    void shouldIgnoreSendQueueSizeAndRefuseDurabilityWhenTheEngineIsNotDds() {
        PubSubCommand c = new PubSubCommand();
        picocli.CommandLine cl = new picocli.CommandLine(c);
        cl.setOptionsCaseInsensitive(true);
        cl.parseArgs("-bothRoles", "-sendQueueSize", "10");
        ConfigResolver resolver = new ConfigResolver(c);
        resolver.resolve();
        assertThat(resolver.notes()).contains("-sendQueueSize: ignored with -engine aeron ("
                + PerftestOptions.SEND_QUEUE_ELSEWHERE + ")");

        PubSubCommand d = new PubSubCommand();
        new picocli.CommandLine(d).parseArgs("-bothRoles", "-durability", "1");
        WirebenchException e = org.assertj.core.api.Assertions.catchThrowableOfType(WirebenchException.class, d::resolve);
        assertThat(e.exitCode()).isEqualTo(WirebenchException.USAGE);
        assertThat(e.getMessage()).startsWith("-durability: only with -engine dds");
    }

    @Test
    void shouldListEveryOptionInDocsPubsubMdAsTheTableSays() throws IOException {
        Path doc = Path.of(System.getProperty("user.dir")).resolve("../docs/pubsub.md").normalize();
        String text = Files.readString(doc, StandardCharsets.UTF_8);

        assertThat(text).as("docs/pubsub.md carries PerftestOptions.markdownTable() verbatim (regenerate it with"
                + " the table printed by this test's message)").contains(PerftestOptions.markdownTable());
        assertThat(PerftestOptions.ALL).hasSizeGreaterThan(110);
        assertThat(PerftestOptions.names().stream().map(n -> n.toLowerCase(Locale.ROOT)).distinct())
                .as("no option twice").hasSize(PerftestOptions.ALL.size());
    }
}
