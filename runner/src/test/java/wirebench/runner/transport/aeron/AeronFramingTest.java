package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import wirebench.contract.WirebenchException;

/**
 * Term sizing from the largest message: at least 8 x message and 4 MiB (ECHO) or 1 MiB (DATA), a
 * power of two, at most 1 GiB.
 */
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
    void shouldSizeDataTermsFromOneMebibyteWhenTheSamplesAreSmall() {
        // a 64 KiB sample with wirebench's 24-byte header (65560 bytes) needs 8 x 65560 > 512 KiB: 1 MiB;
        // a 1 MB sample with its header needs 16 MiB on both streams
        assertThat(AeronFraming.dataTermLengthFor(32)).isEqualTo(1 << 20);
        assertThat(AeronFraming.dataTermLengthFor(65_560)).isEqualTo(1 << 20);
        assertThat(AeronFraming.dataTermLengthFor(128 << 10)).isEqualTo(1 << 20);
        assertThat(AeronFraming.dataTermLengthFor((128 << 10) + 1)).isEqualTo(2 << 20);
        assertThat(AeronFraming.dataTermLengthFor(1_048_600)).isEqualTo(16 << 20)
                .isEqualTo(AeronFraming.termLengthFor(1_048_600));
        assertThatThrownBy(() -> AeronFraming.dataTermLengthFor((128 << 20) + 1))
                .isInstanceOf(WirebenchException.class).hasMessageContaining("longer than 1 GiB");
    }

    @Test
    void shouldRefuseAMessageThatNeedsATermBeyondOneGibibyte() {
        assertThatThrownBy(() -> AeronFraming.termLengthFor((128 << 20) + 1))
                .isInstanceOf(WirebenchException.class).hasMessageContaining("longer than 1 GiB");
    }
}
