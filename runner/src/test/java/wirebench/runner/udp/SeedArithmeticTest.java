package wirebench.runner.udp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Seed 002's Benchmark-1 table, recomputed with {@link Measures} from its packet counts: 1,000,000
 * datagrams sent per row, received = sent x (1 - loss %), and the time that gives the printed data
 * Mbps. The wire Mbps then follows from the 42 header bytes per datagram and must match the printed
 * one within the table's rounding (0.05 Mbps on each printed figure).
 */
class SeedArithmeticTest {
    /** payload, loss %, data Mbps, wire Mbps as printed in the seed. */
    private static final double[][] ROWS = {
        {64, 1.272, 231.6, 383.5}, {64, 1.320, 246.1, 407.7}, {64, 0.799, 245.7, 407.0}, {64, 0.756, 246.2, 407.8},
        {64, 0.613, 250.8, 415.4}, {64, 0.005, 252.3, 417.9}, {64, 0, 252.9, 418.9}, {64, 0, 251.9, 417.2},
        {1500, 0, 858.2, 882.2}, {1500, 0, 856.0, 879.2}, {1472, 0, 933.9, 969.5}, {1472, 0, 934.9, 961.6},
    };

    private static Measures measuresOf(double[] row) {
        long sent = 1_000_000;
        long received = Math.round(sent * (1 - row[1] / 100));
        long bytes = received * (long) row[0];
        double durationS = bytes * 8 / (row[2] * 1e6);
        return new Measures(sent, received, received, bytes, durationS);
    }

    @Test
    void shouldReproduceTheSeedTableLossAndWireMbpsWhenComputedFromItsPacketCounts() {
        List<Integer> inconsistent = new ArrayList<>();
        for (int i = 0; i < ROWS.length; i++) {
            double[] row = ROWS[i];
            Measures m = measuresOf(row);
            assertThat(m.lostPct()).isCloseTo(row[1], org.assertj.core.data.Offset.offset(1e-9));
            // the printed data figure is rounded to 0.05: the wire figure may move by that x (P+42)/P, plus its own 0.05
            double tolerance = 0.05 * (row[0] + 42) / row[0] + 0.05;
            if (Math.abs(m.wireMbps() - row[3]) > tolerance) {
                inconsistent.add(i + 1);
            }
        }
        // rows 10 (1500 B: 856.0 -> 880.0, printed 879.2) and 11 (1472 B: 933.9 -> 960.5, printed 969.5)
        // do not follow the formula the other ten follow; docs/udp.md notes it
        assertThat(inconsistent).containsExactly(10, 11);
    }

    @Test
    void shouldPrintTheFirstSeedRowAsSpeedTestPrintsIt() {
        Measures m = measuresOf(ROWS[0]);
        UdpResult r = new UdpResult(ReceiveMethod.SELECT, null, 64, Scheduler.OTHER, 0, true, 262144, 262144, m, true,
                Double.NaN, 0, 0);
        List<String> lines = r.consoleLines(2000);
        assertThat(lines.get(0)).isEqualTo("info: 987280 packet received within 2.183 seconds");
        assertThat(lines.get(1)).isEqualTo("info: Total Byte Received: 63185920");
        assertThat(lines.get(2)).isEqualTo("debug: Bandwith: DATA: 231.60 Mbps, WIRE: 383.59 Mbps, "
                + "Data/Header Ratio: 1.52, Packet Loss: %1.272000");
    }
}
