package wirebench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.report.ReportBuilder;
import wirebench.runner.RunnerMain;

/** A campaign's results directory, read by the analyzer's report: its tests show up as tables. */
class CampaignReportTest {

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldReportEveryTestOfALoopbackCampaign(@TempDir Path tmp) throws IOException {
        int basePort = wirebench.testsupport.TestPorts.basePort();
        Path out = tmp.resolve("c");
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = RunnerMain.run(new String[] {"campaign", "--out", out.toString(), "--sizes", "32,1024",
            "--reliability", "rel", "--tests", "lat,thr", "--keyed", "unkeyed", "--batching", "on",
            "--execution-time", "1", "--extra-arguments", "-basePort " + basePort},
                new PrintWriter(o, true), new PrintWriter(e, true));
        assertThat(code).as(o + "\n" + e).isZero();

        Map<String, Object> model = new ReportBuilder().build(List.of(out.resolve("results")), "campaign");

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sections = (List<Map<String, Object>>) model.get("sections");
        assertThat(sections).extracting(s -> s.get("id")).contains("pubsub-latency", "pubsub-throughput");
        for (Map<String, Object> s : sections) {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> tables = (List<Map<String, Object>>) s.get("tables");
            assertThat(tables).as((String) s.get("id")).isNotEmpty();
            assertThat(tables).allSatisfy(t -> assertThat((List<?>) t.get("rows")).isNotEmpty());
            assertThat((List<?>) s.get("charts")).as((String) s.get("id")).isNotEmpty();
        }
        assertThat((List<?>) model.get("runs")).hasSize(1);
    }
}
