package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import wirebench.runner.RunnerMain;

/** The command line: usage errors, and a small matrix end to end (loopback, one JVM). */
class UdpCommandTest {
    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RunnerMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void shouldRefuseWithUsageErrorWhenPayloadExceedsTheUdpMaximum() {
        Run r = run("run", "udp", "client", "--payload", "65508", "--port", "9");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--payload: expected 0..65507 bytes").contains("got 65508");
    }

    @Test
    void shouldRefuseWhenARealtimeSchedulerHasNoPriority() {
        Run r = run("run", "udp", "server", "--scheduler", "FIFO", "--port", "0");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("SCHED_FIFO needs a priority 1..99");
    }

    @Test
    @Timeout(30)
    void shouldWarnAboutFragmentationWithoutClampingWhenPayloadExceeds1472() {
        // no server listens on the discard port: the client fails after warning, which is all we check
        Run r = run("run", "udp", "client", "--payload", "1500", "--port", "9", "--start-timeout-ms", "300");
        assertThat(r.out()).contains("warn: payload 1500 bytes > 1472").contains("not clamped");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("no server answered START");
    }

    @Test
    @Timeout(120)
    void shouldWriteTheSeedTableAndOneCsvRowPerPointWhenAMatrixRuns(@TempDir Path dir) throws Exception {
        Run r = run("run", "udp", "matrix", "--grid", "product", "--methods", "select,epoll,thread",
                "--client-schedulers", "OTHER", "--connected", "no", "--payloads", "64", "--rcvbufs", "262144",
                "--total", "500", "--out", dir.toString());

        assertThat(r.exit()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("Client Scheduler\tConnected Mode\tPayload\tServer Scheduler\tRcvBuf\tMethod\t"
                + "Loss %\tData\tWire");
        assertThat(r.out()).containsPattern("SCHED_OTHER\tNo\t64\tSCHED_OTHER\t256Kb\tSELECT\t[0-9.]+\t[0-9.]+ Mbps\t"
                + "[0-9.]+ Mbps");
        List<String> csv = Files.readAllLines(dir.resolve("udp.csv"), StandardCharsets.UTF_8);
        assertThat(csv.get(0)).isEqualTo("# wirebench-results 1 family=udp keys=client_scheduler,connected,"
                + "payload_bytes,server_scheduler,rcvbuf_bytes,method,rate_per_s");
        assertThat(csv.get(1)).startsWith("client_scheduler,connected,payload_bytes,server_scheduler,rcvbuf_bytes,"
                + "method,rate_per_s,lost_pct,data_mbps,wire_mbps,sent,received");
        assertThat(csv).hasSize(2 + 3);
        assertThat(csv.get(2)).startsWith("SCHED_OTHER,no,64,SCHED_OTHER,262144,select,max,");
        assertThat(Files.readString(dir.resolve("udp-table.md"))).contains("| SCHED_OTHER | No | 64 |");
        assertThat(Files.readString(dir.resolve("run.json"))).contains("\"end_utc\": \"");
        // each point's rate slices: the keys of its udp.csv row, then the slice; every datagram in one
        List<String> slices = Files.readAllLines(dir.resolve("udp-intervals.csv"), StandardCharsets.UTF_8);
        assertThat(slices.get(1)).isEqualTo("client_scheduler,connected,payload_bytes,server_scheduler,rcvbuf_bytes,"
                + "method,rate_per_s,start_us,duration_us,datagrams,packets_per_s,data_mbps,wire_mbps");
        for (String row : csv.subList(2, csv.size())) {
            String[] f = row.split(",");
            String key = String.join(",", List.of(f).subList(0, 7)) + ",";
            // loopback: no duplicates, so the datagrams in the slices are the distinct ones received
            assertThat(slices.stream().filter(l -> l.startsWith(key)).mapToLong(l -> Long.parseLong(l.split(",")[9]))
                    .sum()).as(key).isEqualTo(Long.parseLong(f[11]));
        }
    }

    @Test
    @Timeout(180)
    void shouldRunThePointBetweenTwoNamespacesAndCleanThemUpWhenHostsIsNetns(@TempDir Path dir) throws Exception {
        wirebench.testsupport.Prerequisites.requireRoot("network namespaces");
        wirebench.testsupport.Prerequisites.requireCommand("ip", "iproute2");
        Run r = run("run", "udp", "matrix", "--hosts", "netns", "--grid", "product", "--methods", "thread",
                "--client-schedulers", "OTHER", "--connected", "yes", "--payloads", "1472", "--rcvbufs", "4194304",
                "--total", "300", "--rate", "10000", "--out", dir.toString());

        assertThat(r.exit()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).containsPattern("info: hosts: server in netns (wbu\\w+s) \\(10\\.213\\.\\d+\\.1\\)");
        assertThat(r.out()).contains("server: info: listening on 10.213.");
        List<String> csv = Files.readAllLines(dir.resolve("udp.csv"), StandardCharsets.UTF_8);
        assertThat(csv).hasSize(3);
        assertThat(csv.get(2)).startsWith("SCHED_OTHER,yes,1472,SCHED_OTHER,4194304,thread,10000,");
        // the server process's rate slices come back with its row: every datagram it received in one
        List<String> slices = Files.readAllLines(dir.resolve("udp-intervals.csv"), StandardCharsets.UTF_8);
        assertThat(slices.subList(2, slices.size())).as("the server's slices").isNotEmpty()
                .allMatch(l -> l.startsWith("SCHED_OTHER,yes,1472,SCHED_OTHER,4194304,thread,10000,"));
        assertThat(slices.subList(2, slices.size()).stream().mapToLong(l -> Long.parseLong(l.split(",")[9])).sum())
                .isEqualTo(Long.parseLong(csv.get(2).split(",")[11]));
        String ns = r.out().replaceAll("(?s).*server in netns (wbu\\w+s) .*", "$1");
        assertThat(NetnsPair.run("ip", "netns", "list")).doesNotContain(ns);
    }

    @Test
    void shouldListTheSeedsTwelveRowsForEachMethodWhenTheGridIsSeed() {
        List<MatrixPoint> g = MatrixPoint.seedGrid(List.of(ReceiveMethod.SELECT, ReceiveMethod.EPOLL));
        assertThat(g).hasSize(24);
        assertThat(g.get(0)).isEqualTo(new MatrixPoint(Scheduler.OTHER, false, 64, Scheduler.OTHER, 262144,
                ReceiveMethod.SELECT));
        assertThat(g.get(23)).isEqualTo(new MatrixPoint(Scheduler.FIFO, true, 1472, Scheduler.RR, 16 * 1024 * 1024,
                ReceiveMethod.EPOLL));
    }
}
