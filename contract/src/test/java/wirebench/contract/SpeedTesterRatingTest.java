package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SpeedTester's thresholds, strict less-than, as its source tests them (docs/rpc.md). */
class SpeedTesterRatingTest {

    @ParameterizedTest(name = "{0} ms per call is {1}")
    @CsvSource({
            "0.0, SUPERB",
            "0.0999, SUPERB",
            "0.1, TOP",
            "0.2999, TOP",
            "0.3, OK",
            "0.4999, OK",
            "0.5, ACCEPTABLE",
            "0.9999, ACCEPTABLE",
            "1.0, LOUSY",
            "4.9999, LOUSY",
            "5.0, DEAD HORSE",
            "10.9851, DEAD HORSE"})
    void shouldRateWithStrictLessThanWhenOnOrNearEachThreshold(double msPerCall, String expected) {
        assertThat(SpeedTesterRating.of(msPerCall).text()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "NaN is {0}")
    @CsvSource("DEAD HORSE")
    void shouldRateNaNAsDeadHorseWhenNoFigureExists(String expected) {
        assertThat(SpeedTesterRating.of(Double.NaN).text()).isEqualTo(expected);
    }
}
