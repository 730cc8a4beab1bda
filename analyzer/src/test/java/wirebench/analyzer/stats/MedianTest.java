package wirebench.analyzer.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one median: expected values from NumPy 1.24.2 ({@code numpy.median}, {@code numpy.nanmedian}). */
class MedianTest {

    @Test
    void shouldAverageTheMiddleTwoWhenTheCountIsEven() {
        // numpy.median([12.5, 3.25, 7.0, 9.75, 1.5, 30.0]) = 8.375
        assertThat(Median.of(new double[] {12.5, 3.25, 7.0, 9.75, 1.5, 30.0})).isEqualTo(8.375);
    }

    @Test
    void shouldLeaveNaNOutWhenSomeValuesAreMissing() {
        // numpy.nanmedian([5.0, nan, 1.0, 2.0]) = 2.0
        assertThat(Median.of(new double[] {5.0, Double.NaN, 1.0, 2.0})).isEqualTo(2.0);
    }

    @Test
    void shouldTakeOnlyTheRangeAndKeepTheArrayWhenGivenFromAndTo() {
        double[] x = {9.0, 2.0, 4.0, 8.0, 6.0};
        // numpy.median([9.0, 2.0, 4.0, 8.0, 6.0][1:4]) = 4.0
        assertThat(Median.of(x, 1, 4)).isEqualTo(4.0);
        assertThat(x).containsExactly(9.0, 2.0, 4.0, 8.0, 6.0);
    }

    @Test
    void shouldBeNaNWhenThereIsNothingToTake() {
        assertThat(Median.of(new double[0])).isNaN();
        assertThat(Median.of(new double[] {Double.NaN})).isNaN();
    }
}
