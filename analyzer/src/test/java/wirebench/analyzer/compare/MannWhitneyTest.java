package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MannWhitneyTest {

    @Test
    void shouldGiveTheExactSmallestPValueForCompletelySeparatedSamples() {
        double p = MannWhitney.pValue(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        // two-sided: 2 / C(10,5) = 2/252
        assertThat(p).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(MannWhitney.minimumPValue(5, 5)).isCloseTo(2.0 / 252, within(1e-12));
    }

    @Test
    void shouldFindNoDifferenceBetweenInterleavedSamples() {
        double p = MannWhitney.pValue(new double[] {1, 3, 5, 7, 9}, new double[] {2, 4, 6, 8, 10});
        assertThat(p).isGreaterThan(0.5);
    }

    @Test
    void shouldKnowThatTwoAgainstTwoCanNeverBeSignificant() {
        assertThat(MannWhitney.minimumPValue(2, 2)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(MannWhitney.minimumPValue(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.minimumPValue(4, 4)).isLessThan(0.05);
    }

    @Test
    void shouldAgreeBetweenExactAndNormalApproximationOnALargeShift() {
        double[] a = new double[15];
        double[] b = new double[15];
        for (int i = 0; i < 15; i++) {
            a[i] = i;
            b[i] = i + 100;
        }
        double p = MannWhitney.pValue(a, b); // n1+n2 = 30: normal approximation
        assertThat(p).isLessThan(1e-4);
        assertThat(MannWhitney.distribution(3, 2)).containsExactly(1, 1, 2, 2, 2, 1, 1);
    }
}
