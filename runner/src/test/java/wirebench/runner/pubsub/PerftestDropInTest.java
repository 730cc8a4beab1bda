package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import picocli.CommandLine;
import wirebench.contract.WirebenchException;

/** Perftest's role default, RTI's -peer locators, -nic, and the nonsense that must stop before anything runs. */
class PerftestDropInTest {

    static PubSubConfig resolve(String... args) {
        PubSubCommand c = new PubSubCommand();
        CommandLine cl = new CommandLine(c);
        cl.setOptionsCaseInsensitive(true);
        cl.parseArgs(PerftestAbbreviations.expand(args, cl.getCommandSpec()));
        return c.resolve();
    }

    @Test
    void shouldRunASubscriberWhenNeitherPubNorSubIsGivenAsPerftestDoes() {
        PubSubConfig cfg = resolve("-noPrint", "-domain", "27");

        assertThat(cfg.subscriber()).isTrue();
        assertThat(cfg.publisher()).as("seed 001's subscriber line must not publish").isFalse();
    }

    @Test
    @Timeout(60)
    void shouldWaitAsASubscriberAndNeverPublishWhenGivenNoRole() {
        RunResult r = RunResult.run("-noPrint", "-basePort", Integer.toString(RunResult.freeBasePort()),
                "-discoveryTimeout", "1");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("Roles: subscriber 0").doesNotContain("publisher 0");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void shouldRunBothRolesOnlyBehindItsOwnOption() {
        PubSubConfig both = resolve("-bothRoles", "-latencyTest");
        assertThat(both.publisher()).isTrue();
        assertThat(both.subscriber()).isTrue();

        assertThat(PubSubCommand.argumentsError(List.of("-pub", "-sub")).getMessage())
                .isEqualTo("-pub and -sub: give one (Perftest runs the publisher then); -bothRoles runs both in this"
                        + " process");
        assertThat(PubSubCommand.argumentsError(List.of("-bothRoles", "-sub")).exitCode()).isEqualTo(2);
        assertThat(PubSubCommand.argumentsError(List.of("-executionTime", "5")).getMessage())
                .as("a publisher option given to the default subscriber")
                .startsWith("-executionTime: a publisher option, not for -sub");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "-scan|::|-scan: expected sizes in bytes separated by ':'",
            "-scan|32::64|-scan: expected sizes in bytes separated by ':'",
            "-peer|999.1.1.1|-peer: '999.1.1.1' is not an IPv4 address",
            "-peer|udpv4://1.2.3|-peer: '1.2.3' is not an IPv4 address",
            "-peer|smtp://10.0.0.1|-peer: unknown locator kind 'smtp://'",
            "-peer|10.0.0.1:99999|-peer: port or id 99999 out of range",
            "-nic|nosuch0|-nic: 'nosuch0' is neither an interface nor an address of this host; this host has: ",
            "-nic|10.254.254.254|-nic: '10.254.254.254' is neither an interface nor an address of this host",
            "-transport|UDPv4_WAN|-transport UDPv4_WAN: RTI's WAN transport",
            "-transport|DTLS|-transport DTLS: wirebench has no DTLS; for an encrypted link use -transport TLS"})
    void shouldRefuseNonsenseOnOneLineBeforeAnythingRuns(String option, String value, String expected) {
        long start = System.nanoTime();
        RunResult r = RunResult.run("-bothRoles", option, value, "-discoveryTimeout", "30");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith(expected).doesNotContain("\n").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
        assertThat(System.nanoTime() - start).as("refused before discovery (30 s)").isLessThan(20_000_000_000L);
    }

    @Test
    void shouldListThisHostsInterfacesWhenNicIsUnknown() {
        RunResult r = RunResult.run("-sub", "-nic", "nosuch0");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("this host has: ").containsPattern("lo\\S* 127\\.0\\.0\\.1");
    }

    @Test
    void shouldRefuseASubscriberIdThatBothRolesCannotHave() {
        WirebenchException e = PubSubCommand.argumentsError(List.of("-bothRoles", "-sidMultiSubTest", "5"));

        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e.getMessage()).startsWith("-sidMultiSubTest/-pidMultiPubTest: with -bothRoles there is one");
    }

    @Test
    @Timeout(90)
    void shouldStopThePublisherAtOnceWhenASubscriberAnswersWithAnIdItDoesNotWaitFor() throws Exception {
        String port = Integer.toString(RunResult.freeBasePort());
        java.util.concurrent.CompletableFuture<RunResult> sub = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> RunResult.run("-sub", "-basePort", port, "-sidMultiSubTest", "5", "-discoveryTimeout", "5"));
        RunResult pub = RunResult.run("-pub", "-basePort", port, "-numIter", "1000", "-latencyCount", "100",
                "-discoveryTimeout", "60");
        sub.get(60, java.util.concurrent.TimeUnit.SECONDS);

        assertThat(pub.exitCode()).as(pub.err()).isEqualTo(1);
        assertThat(pub.err()).contains("publisher 0: a subscriber with -sidMultiSubTest 5 answered, but this"
                + " publisher waits for -numSubscribers 1 (ids 0..0)").doesNotContain("after 60 s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "udpv4://127.0.0.1", "0@127.0.0.1", "127.0.0.1:7400",
            "0@udpv4_wan://127.0.0.1:7400", "0@tcpv4_lan://127.0.0.1:7400", "tlsv4_lan://127.0.0.1:7400",
            "builtin.udpv4://127.0.0.1", "localhost"})
    void shouldMapRtisLocatorFormsToTheirAddress(String locator) {
        List<String> notes = new ArrayList<>();

        assertThat(PeerLocators.address(locator, notes::add)).isEqualTo("127.0.0.1");
        assertThat(notes).hasSizeLessThanOrEqualTo(1);
        if (locator.contains(":7400")) {
            assertThat(notes).singleElement().asString().contains("port/id 7400 is not used");
        }
    }

    @Test
    void shouldTakeMacOsLoopbackNameAndSayWhatItMeans() {
        List<String> notes = new ArrayList<>();

        assertThat(PeerLocators.nic("lo0", notes::add)).isEqualTo("127.0.0.1");
        assertThat(notes).singleElement().asString().startsWith("-nic lo0: macOS's name of the loopback interface");
    }
}
