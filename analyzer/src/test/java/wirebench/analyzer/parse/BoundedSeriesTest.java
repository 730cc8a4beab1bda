package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import wirebench.contract.Columns;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/** Interval rows folded into at most 2000 buckets per size, with counts, means and ranges that add up. */
class BoundedSeriesTest {

    private static double[] row(double size, double latency, double runningMax) {
        // size, latency, ave, std, min, max, cpu
        return new double[] {size, latency, 10, 1, 1, runningMax, Double.NaN};
    }

    @Test
    void shouldKeepEveryRowExactlyWhileASizeHasAtMost2000Rows() {
        BoundedSeries s = BoundedSeries.latency();
        for (int i = 1; i <= 2000; i++) {
            s.add(row(100, i, i));
        }
        ResultTable t = s.table("x", java.util.Map.of());
        assertThat(t.rows()).hasSize(2000);
        assertThat(t.columns()).isEqualTo(Columns.LATENCY_INTERVAL);
        assertThat(t.rows().get(1999).number(Columns.LATENCY_US)).isEqualTo(2000.0);
    }

    @Test
    void shouldFoldManyRowsIntoAtMost2000BucketsPerSizeWithCountsMeansAndRanges() {
        BoundedSeries s = BoundedSeries.latency();
        for (int i = 1; i <= 1_000_000; i++) {
            s.add(row(100, i, i));
        }
        for (int i = 1; i <= 10; i++) {
            s.add(row(200, i, i));
        }
        ResultTable t = s.table("x", java.util.Map.of());
        List<Row> big = t.rows().stream().filter(r -> r.number(Columns.SIZE_BYTES) == 100).toList();
        assertThat(big.size()).isLessThanOrEqualTo(BoundedSeries.MAX_BUCKETS).isGreaterThan(BoundedSeries.MAX_BUCKETS / 2);
        assertThat(big.stream().mapToDouble(r -> r.number(BoundedSeries.INTERVAL_ROWS)).sum()).isEqualTo(1_000_000);
        Row first = big.get(0);
        double n = first.number(BoundedSeries.INTERVAL_ROWS);
        assertThat(first.number("min_latency_us")).isEqualTo(1.0);
        assertThat(first.number("max_latency_us")).isEqualTo(n);
        assertThat(first.number(Columns.LATENCY_US)).isEqualTo((1 + n) / 2);
        // running columns are the bucket's last row
        assertThat(first.number(Columns.MAX_US)).isEqualTo(n);
        Row last = big.get(big.size() - 1);
        assertThat(last.number("max_latency_us")).isEqualTo(1_000_000.0);
        assertThat(t.rows().stream().filter(r -> r.number(Columns.SIZE_BYTES) == 200).count()).isEqualTo(10);
        assertThat(t.columns()).doesNotContain(Columns.CPU_PCT);
    }
}
