package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;

/**
 * SpeedTester output as the original writes it (DistributeMe speedtester's BaseClient, TestResult
 * and TestingServiceImpl): {@code "\t" + result} as each case ends, the service's {@code First call
 * called} / {@code Last call called, duration between first and last call N ms.} when it runs in
 * the client's JVM (LocalClient), the final block, and what a JVM or a logging library writes into
 * a merged stdout/stderr.
 */
class SpeedTesterRealOutputTest {
    /** The 13 cases of BaseClient in its order, with the progress line printed before each. */
    private static final String[][] CASES = {
        {"Testing echo calls", "echo calls"},
        {"Testing inbound packets (one packet), size 1000", "inbound same packet with size 1000"},
        {"Testing inbound packets(new packets), size 1000", "inbound new packets with size 1000"},
        {"Testing inbound packets (one packet), size 10000", "inbound same packet with size 10000"},
        {"Testing inbound packets(new packets), size 10000", "inbound new packets with size 10000"},
        {"Testing inbound packets (one packet), size 50000", "inbound same packet with size 50000"},
        {"Testing inbound packets(new packets), size 50000", "inbound new packets with size 50000"},
        {"Testing outbound packets, size 1000", "outbound packets with size 1000"},
        {"Testing outbound packets, size 10000", "outbound packets with size 10000"},
        {"Testing outbound packets, size 50000", "outbound packets with size 50000"},
        {"Testing in and out bound packets, size 1000", "in-and-out bound packets with size 1000"},
        {"Testing in and out bound packets, size 10000", "in-and-out bound packets with size 10000"},
        {"Testing in and out bound packets, size 50000", "in-and-out bound packets with size 50000"},
    };
    /** Whole milliseconds per case of an in-process run (no network: mostly 0 to a few ms). */
    private static final long[] LOCAL_MS = {2, 0, 6, 1, 31, 4, 52, 1, 9, 38, 2, 11, 57};

    /** TestResult.toString: number, label, calls, whole ms, Double.toString(ms / calls), rating. */
    static String result(int number, String label, int calls, long ms) {
        double avg = (double) ms / calls;
        String rating = avg < 0.1 ? "SUPERB" : avg < 0.3 ? "TOP" : avg < 0.5 ? "OK" : avg < 1.0 ? "ACCEPTABLE"
                : avg < 5.0 ? "LOUSY" : "DEAD HORSE";
        return number + " - " + label + ", Performed " + calls + " in " + ms + ", " + avg + " ms per call - " + rating;
    }

    /** A LocalClient run: BaseClient.performTestRun on a TestingServiceImpl in the same JVM. */
    static List<String> localClientRun(List<String> straysAfterCase5) {
        List<String> out = new ArrayList<>();
        out.add("Testing instance of org.distributeme.speedtester.TestingServiceImpl@7852e922");
        out.add("First call called");
        out.add("connection established");
        List<String> results = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < CASES.length; i++) {
            out.add(CASES[i][0]);
            String r = result(i + 1, CASES[i][1], 1000, LOCAL_MS[i]);
            results.add(r);
            out.add("\t" + r);
            total += LOCAL_MS[i];
            if (i == 4) {
                out.addAll(straysAfterCase5);
            }
        }
        out.add("Last call called, duration between first and last call " + (total + 3) + " ms.");
        out.add("==========================");
        out.add("Finished Test In " + (total + 4) + " ServerSide: " + (total + 3));
        out.add("==========================");
        out.addAll(results);
        return out;
    }

    private static ParsedInput parse(List<String> lines) {
        InputText text = new InputText("out.txt", String.join("\n", lines) + "\n");
        assertThat(Parsers.all().parsers().stream().filter(p -> p.accepts(text)).findFirst()).get()
                .extracting(ResultParser::name).isEqualTo("speedtester");
        return Parsers.all().parse(text);
    }

    @Test
    void shouldReadALocalClientRunAsOneRunWithoutWarnings() {
        ParsedInput p = parse(localClientRun(List.of()));

        assertThat(p.warnings()).isEmpty();
        assertThat(p.tables()).singleElement().satisfies(t -> {
            assertThat(t.context()).doesNotContainKey("title").containsEntry("client", "single")
                    .containsEntry("total_ms", "218").containsEntry("server_ms", "217");
            assertThat(t.rows()).hasSize(13);
            assertThat(t.rows().get(12).text("label")).isEqualTo("in-and-out bound packets with size 50000");
            assertThat(t.rows().get(1).number("orig_ms_per_call")).isEqualTo(0.0);
        });
    }

    @Test
    void shouldNeitherSplitNorTitleNorWarnWhenStrayLinesAreAnywhere() {
        List<String> lines = new ArrayList<>();
        lines.add("Picked up JAVA_TOOL_OPTIONS: -Xmx512m");
        lines.add("SLF4J: Failed to load class \"org.slf4j.impl.StaticLoggerBinder\".");
        lines.add("SLF4J: Defaulting to no-operation (NOP) logger implementation");
        lines.add("SLF4J: See http://www.slf4j.org/codes.html#StaticLoggerBinder for further details.");
        lines.add("Testing with rmi://org_distributeme_speedtester_TestingService.xxx@localhost:9249");
        lines.add("OpenJDK 64-Bit Server VM warning: Sharing is only supported for boot loader classes because "
                + "bootstrap classpath has been appended");
        List<String> run = localClientRun(List.of(
                "WARNING: An illegal reflective access operation has occurred",
                "WARNING: Illegal reflective access by org.distributeme.core.RegistryUtil (file:/x/dime.jar) to "
                        + "field java.lang.reflect.Proxy.h",
                "Dec 01, 2026 1:23:45 AM org.distributeme.core.lifecycle.LifecycleComponentImpl init",
                "INFO: lifecycle component registered",
                "[0.512s][warning][gc] -XX:+PrintGC is deprecated. Will use -Xlog:gc instead."));
        run.remove(0); // a remote client: its instance line comes after "Testing with"
        lines.add("Testing instance of org.distributeme.speedtester.generated.RemoteTestingServiceStub@44b01d43");
        lines.addAll(run.subList(0, run.size() - 6));
        lines.add("SLF4J: Class path contains multiple SLF4J bindings.");
        lines.addAll(run.subList(run.size() - 6, run.size()));
        lines.add("log4j:WARN Please initialize the log4j system properly.");

        ParsedInput p = parse(lines);

        assertThat(p.warnings()).isEmpty();
        assertThat(p.tables()).singleElement().satisfies(t -> {
            assertThat(t.context()).doesNotContainKey("title");
            assertThat(t.rows()).hasSize(13);
        });
    }

    @Test
    void shouldStillTitleARunWithTheHeadingBeforeIt() {
        List<String> lines = new ArrayList<>();
        lines.add("SLF4J: Defaulting to no-operation (NOP) logger implementation");
        lines.add("HE to HE, 10 Threads");
        lines.add("==========================");
        lines.add("Finished Test In 169907 ServerSide: 169904 with 10");
        lines.add("==========================");
        lines.add(result(1, "echo calls", 10000, 776));
        lines.add("WARNING: An illegal reflective access operation has occurred");
        lines.add(result(2, "inbound packets with size 1000", 10000, 1481));

        ParsedInput p = parse(lines);

        assertThat(p.warnings()).isEmpty();
        ResultTable t = p.tables().get(0);
        assertThat(p.tables()).hasSize(1);
        assertThat(t.context()).containsEntry("title", "HE to HE, 10 Threads").containsEntry("threads", "10");
        assertThat(t.rows()).hasSize(2);
    }
}
