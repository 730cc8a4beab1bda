package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import wirebench.contract.WirebenchException;

/** Term sizing from the largest message: at least 8 x message and 4 MiB, a power of two, at most 1 GiB. */
class AeronFramingTest {

    @Test
    void shouldSizeTermsFromTheLargestMessageWhenItNeedsMoreThanTheMinimum() {
        assertThat(AeronFraming.termLengthFor(32)).isEqualTo(4 << 20);
        assertThat(AeronFraming.termLengthFor(512 << 10)).isEqualTo(4 << 20);
        assertThat(AeronFraming.termLengthFor((512 << 10) + 1)).isEqualTo(8 << 20);
        assertThat(AeronFraming.termLengthFor(10_000_000)).isEqualTo(128 << 20);
        assertThat(AeronFraming.termLengthFor(128 << 20)).isEqualTo(1 << 30);
        assertThat(AeronFraming.maxMessageBytes(4 << 20)).isEqualTo(512 << 10);
        assertThat(AeronFraming.maxMessageBytes(1 << 30)).isEqualTo(16 << 20);
    }

    @Test
    void shouldRefuseAMessageThatNeedsATermBeyondOneGibibyte() {
        assertThatThrownBy(() -> AeronFraming.termLengthFor((128 << 20) + 1))
                .isInstanceOf(WirebenchException.class).hasMessageContaining("longer than 1 GiB");
    }
}
