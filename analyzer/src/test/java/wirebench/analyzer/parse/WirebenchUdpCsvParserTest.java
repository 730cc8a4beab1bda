package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.stats.TableWriter;

class WirebenchUdpCsvParserTest {
    private static final String CSV = String.join("\n",
            "# wirebench-results 1 family=udp keys=client_scheduler,connected,payload_bytes,server_scheduler,"
                    + "rcvbuf_bytes,method,rate_per_s",
            "client_scheduler,connected,payload_bytes,server_scheduler,rcvbuf_bytes,method,rate_per_s,lost_pct,data_mbps,"
                    + "wire_mbps,sent,received,lost,duplicates,reordered,duration_s,received_bytes,packets_per_s,"
                    + "data_header_ratio,jitter_ms,rcvbuf_granted_bytes,client_scheduler_applied,"
                    + "server_scheduler_applied,partial",
            "SCHED_OTHER,no,64,SCHED_OTHER,262144,select,max,1.272,231.6,383.59,1000000,987280,12720,0,0,2.183,"
                    + "63185920,452264,1.52,0.004,262144,1,1,0",
            "SCHED_FIFO:10,yes,1472,SCHED_RR:10,16777216,epoll,max,0,934.9,961.58,1000000,1000000,0,0,0,12.596,"
                    + "1472000000,79390,35.05,,4194304,1,1,1",
            "");

    @Test
    void shouldShowOneTableInTheSeedLayoutWhenUdpCsvHasRowsWithDifferentKeys() {
        ParsedInput p = Parsers.all().parse(new InputText("udp.csv", CSV));

        assertThat(p.tables()).hasSize(1);
        ResultTable t = p.tables().get(0);
        assertThat(t.columns()).startsWith("client_scheduler", "connected", "payload_bytes", "server_scheduler",
                "rcvbuf_bytes", "lost_pct", "data_mbps", "wire_mbps", "method");
        assertThat(t.rows()).hasSize(2);
        assertThat(t.rows().get(1).number("jitter_ms")).isNull();
        assertThat(t.context()).containsEntry("rate_per_s", "max");
        String text = TableWriter.write(TableWriter.Format.TEXT, p.tables(), p.warnings());
        assertThat(text).contains("rate_per_s=max").containsPattern(
                "SCHED_FIFO:10\\s+yes\\s+1472\\s+SCHED_RR:10\\s+16777216\\s+0\\.000\\s+934\\.9\\s+961\\.6\\s+epoll");
        assertThat(text.lines().skip(1).findFirst().orElseThrow()).containsSubsequence("Client Scheduler", "Connected",
                "Payload", "Server Scheduler", "RcvBuf", "Loss %", "Data (Mbps)", "Wire (Mbps)", "Method");
    }

    @Test
    void shouldKeepSchedulersAsKeyColumnsWhenConvertedAndReadBack(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        ParsedInput p = Parsers.all().parse(new InputText("udp.csv", CSV));
        ResultsDirWriter.write(dir, p.tables(), java.util.Map.of());

        ParsedInput back = Parsers.all().parse(InputText.read(dir.resolve("udp.csv")));
        ResultTable t = back.tables().get(0);
        assertThat(t.rows()).hasSize(2);
        assertThat(t.rows().get(1).text("client_scheduler")).isEqualTo("SCHED_FIFO:10");
        assertThat(t.rows().get(1).number("wire_mbps")).isEqualTo(961.58);
    }
}
