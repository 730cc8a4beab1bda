package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Two-sided Mann-Whitney p-values against SciPy's (literals computed outside the project). */
class MannWhitneyTest {

    @Test
    void shouldGiveScipysExactPWhenThereAreNoTies() {
        // SciPy 1.10.1: mannwhitneyu([1.1,2.3,3.7,4.2,8.8], [5.0,6.1,7.4,9.9,10.5,11.0], method='exact').pvalue
        assertThat(MannWhitney.pValue(new double[] {1.1, 2.3, 3.7, 4.2, 8.8},
                new double[] {5.0, 6.1, 7.4, 9.9, 10.5, 11.0})).isCloseTo(0.030303030303030304, within(1e-12));
        // SciPy 1.10.1: mannwhitneyu([12.1,14.3,15.0,9.8], [13.2,16.4,17.9,18.0,19.5], method='exact').pvalue
        assertThat(MannWhitney.pValue(new double[] {12.1, 14.3, 15.0, 9.8},
                new double[] {13.2, 16.4, 17.9, 18.0, 19.5})).isCloseTo(0.06349206349206349, within(1e-12));
        // SciPy 1.10.1: mannwhitneyu([1,3,5,7,9], [2,4,6,8,10], method='exact').pvalue
        assertThat(MannWhitney.pValue(new double[] {1, 3, 5, 7, 9}, new double[] {2, 4, 6, 8, 10}))
                .isCloseTo(0.6904761904761905, within(1e-12));
    }

    @Test
    void shouldGiveScipysNormalApproximationWithTieAndContinuityCorrectionWhenValuesTie() {
        double[] a = {1, 2, 2, 3, 3, 3, 4, 5, 5, 6, 7, 7};
        double[] b = {3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 9, 10, 11};
        // SciPy 1.10.1: mannwhitneyu(a, b, method='asymptotic', use_continuity=True) -> U=28.5,
        // p=0.007356982427418631; the erf approximation in phi is good to 1.5e-7
        assertThat(MannWhitney.u(a, b)).isEqualTo(28.5);
        assertThat(MannWhitney.pValue(a, b)).isCloseTo(0.007356982427418631, within(1e-6));
    }

    @Test
    void shouldGiveTheExactSmallestPValueForCompletelySeparatedSamples() {
        double p = MannWhitney.pValue(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        // two-sided: 2 / C(10,5) = 2/252 (SciPy 1.10.1 exact: 0.007936507936507936)
        assertThat(p).isCloseTo(0.007936507936507936, within(1e-12));
        assertThat(MannWhitney.minimumPValue(5, 5)).isCloseTo(0.007936507936507936, within(1e-12));
    }

    @Test
    void shouldKnowThatTwoAgainstTwoAndThreeAgainstThreeCanNeverBeSignificant() {
        // 2 / C(4,2), 2 / C(6,3), 2 / C(7,3), 2 / C(8,4)
        assertThat(MannWhitney.minimumPValue(2, 2)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(MannWhitney.minimumPValue(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.minimumPValue(3, 4)).isCloseTo(2.0 / 35, within(1e-12));
        assertThat(MannWhitney.minimumPValue(4, 4)).isCloseTo(2.0 / 70, within(1e-12));
        assertThat(MannWhitney.distribution(3, 2)).containsExactly(1, 1, 2, 2, 2, 1, 1);
    }
}
