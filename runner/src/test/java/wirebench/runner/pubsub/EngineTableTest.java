package wirebench.runner.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import wirebench.contract.WirebenchException;
import wirebench.runner.engines.Engines;

/** The engine table: every name resolves, the Perftest options map onto it, foreign options and unknown names stop. */
class EngineTableTest {

    private static PubSubConfig resolve(String... args) {
        return PerftestDropInTest.resolve(args);
    }

    @Test
    void shouldResolveEveryNameOfTheTableWhenGivenToEngine() {
        assertThat(Engines.names()).as("the engines, the default first")
                .startsWith("aeron").contains("raw-udp", "tcp", "tls", "dds");
        for (String name : Engines.names()) {
            if (name.equals("dds") && Runtime.version().feature() < 22) {
                // the DDS engine needs Java 22+ (FFM): on this JVM it is found by name and refused (exit 3)
                WirebenchException e = PubSubCommand.argumentsError(List.of("-bothRoles", "-engine", "DDS"));
                assertThat(e.exitCode()).isEqualTo(WirebenchException.BAD_INPUT);
                assertThat(e.getMessage()).contains("needs Java 22+");
                continue;
            }
            PubSubConfig cfg = resolve("-bothRoles", "-engine", name.toUpperCase(java.util.Locale.ROOT));
            assertThat(cfg.engine().name()).as(name).isEqualTo(name);
            assertThat(Engines.byName(name)).isSameAs(cfg.engine());
        }
    }

    @ParameterizedTest
    @CsvSource({
            "'-bothRoles',                                aeron,   UDPv4",
            "'-bothRoles -transport SHMEM',               aeron,   SHMEM",
            "'-bothRoles -transport udpv4 -multicast',    aeron,   UDPv4-multicast",
            "'-bothRoles -rawTransport',                  raw-udp, raw-UDPv4",
            "'-bothRoles -rawTransport -noBlockingSockets', raw-udp, raw-UDPv4-nonblocking",
            "'-bothRoles -engine raw-udp -transport UDPv4', raw-udp, raw-UDPv4",
            "'-bothRoles -transport TCP',                 tcp,     TCP",
            "'-bothRoles -engine tcp',                    tcp,     TCP",
            "'-bothRoles -transport TLS',                 tls,     TLS",
            "'-bothRoles -engine tls -transport tls',     tls,     TLS"})
    void shouldMapPerftestsTransportOptionsOntoTheEnginesWhenGiven(String args, String engine, String key) {
        PubSubConfig cfg = resolve(args.split(" "));

        assertThat(cfg.engine().name()).isEqualTo(engine);
        assertThat(cfg.transportName()).isEqualTo(key);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "-bothRoles -transport TCP -aeronMtu 1024 | -aeronMtu: only with -engine aeron, not -transport TCP",
            "-bothRoles -noBlockingSockets | -noBlockingSockets: only with -rawTransport or -transport TCP, not -engine aeron",
            "-bothRoles -transport TCP -transportCertFile c.pem | -transportCertFile: only with -transport TLS, not -transport TCP",
            "-bothRoles -rawTransport -transport SHMEM | -rawTransport: works over UDPv4 only, got -transport SHMEM",
            "-bothRoles -rawTransport -engine tcp | -rawTransport: selects -engine raw-udp, not -engine tcp; give one of them",
            "-bothRoles -engine tcp -transport SHMEM | -transport TCP: works over TCP only, got -transport SHMEM",
            "-bothRoles -transport DDS | -transport: expected UDPv4, SHMEM, TCP or TLS (wirebench's engines), got 'DDS'"})
    void shouldStopWithAUsageErrorNamingTheOwnerWhenAnOptionDoesNotFitTheEngine(String args, String message) {
        WirebenchException e = PubSubCommand.argumentsError(List.of(args.strip().split(" ")));

        assertThat(e).isNotNull();
        assertThat(e.exitCode()).isEqualTo(WirebenchException.USAGE);
        assertThat(e.getMessage()).isEqualTo(message.strip());
    }

    @Test
    void shouldExitThreeListingTheKnownEnginesWhenTheNameIsUnknown() {
        RunResult r = RunResult.run("-bothRoles", "-engine", "zeromq");

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err().strip()).endsWith("-engine: expected aeron, raw-udp, tcp, tls, dds, got 'zeromq'")
                .doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void shouldListTheTablesEnginesWhenAskedForHelp() {
        RunResult r = RunResult.run("--help");

        assertThat(r.exitCode()).isZero();
        assertThat(r.out().replaceAll("\\s+", " ")).contains("-engine=<engine>").contains("aeron, raw-udp, tcp, tls");
    }

    @Test
    @Timeout(60)
    void shouldWriteTheSameKeyColumnWhenTheEngineIsChosenByName() {
        RunResult r = RunResult.run("-bothRoles", "-engine", "tcp", "-latencyTest", "-dataLen", "32", "-numIter",
                "200", "-noPrintIntervals", "-basePort", Integer.toString(RunResult.freeBasePort()));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("Transport: TCP, reliable").contains("engine {name=tcp");
        assertThat(r.csvRows()).hasSize(1);
    }
}
