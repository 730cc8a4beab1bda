package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The median and its order-statistic interval against SciPy's binomial (literals computed outside). */
class ComparisonStatisticsTest {

    private static double[] oneTo(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[n - 1 - i] = i + 1; // descending: the code must sort
        }
        return v;
    }

    @Test
    void shouldTakeTheRanksWhoseBinomialCoverageReaches95Percent() {
        // SciPy 1.10.1: largest k with binom.cdf(k-1, n, 0.5) <= 0.025 -> n=6: 1 (coverage 0.96875),
        // n=10: 2 (0.978515625), n=20: 6 (0.9586105346679688), n=50: 18 (0.9671608624357315);
        // the interval is the k-th smallest and k-th largest value
        assertThat(MedianInterval.of(oneTo(6))).containsExactly(1, 6);
        assertThat(MedianInterval.of(oneTo(10))).containsExactly(2, 9);
        assertThat(MedianInterval.of(oneTo(20))).containsExactly(6, 15);
        assertThat(MedianInterval.of(oneTo(50))).containsExactly(18, 33);
        assertThat(MedianInterval.hasCoverage(6)).isTrue();
    }

    @Test
    void shouldSayTheMinMaxOfFewerThanSixValuesIsNoNinetyFivePercentInterval() {
        // SciPy 1.10.1: binom.cdf(0, 5, 0.5) = 0.03125 > 0.025: no rank pair of 5 values covers 95%
        assertThat(MedianInterval.of(oneTo(5))).containsExactly(1, 5);
        assertThat(MedianInterval.hasCoverage(5)).isFalse();
        assertThat(MedianInterval.hasCoverage(2)).isFalse();
    }

    @Test
    void shouldTakeTheMeanOfTheMiddleTwoForAnEvenCount() {
        // numpy 1.24.2: np.median([7, 1, 3, 10]) = 5.0, np.median([7, 1, 3]) = 3.0
        assertThat(wirebench.analyzer.stats.Median.of(new double[] {7, 1, 3, 10})).isEqualTo(5.0);
        assertThat(wirebench.analyzer.stats.Median.of(new double[] {7, 1, 3})).isEqualTo(3.0);
    }
}
