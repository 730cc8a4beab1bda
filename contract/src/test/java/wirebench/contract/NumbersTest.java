package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void shouldReadBackEveryNumberItWrites() {
        Random rnd = new Random(42);
        for (int i = 0; i < 100_000; i++) {
            double v = switch (i % 4) {
                case 0 -> rnd.nextInt(1_000_000);
                case 1 -> rnd.nextDouble() * 1e6;
                case 2 -> rnd.nextDouble() * 1e-3;
                default -> Math.round(rnd.nextDouble() * 1e5) / 10.0;
            };
            String s = Numbers.plain(v);
            assertThat(s).doesNotContain("E").doesNotContain(",");
            assertThat(Numbers.parseOrNull(s)).isEqualTo(v);
        }
    }

    @Test
    void shouldFormatWithDotUnderGermanLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(Numbers.fixed(6.45, 1)).isEqualTo("6.5");
            assertThat(Numbers.upTo(2.0, 3)).isEqualTo("2");
            assertThat(Numbers.upTo(2.12345, 3)).isEqualTo("2.123");
            assertThat(Numbers.upTo(1200, 3)).isEqualTo("1200");
            assertThat(Numbers.plain(0.1)).isEqualTo("0.1");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void shouldRejectTextThatIsNotANumber() {
        assertThat(Numbers.parseOrNull("n/a")).isNull();
        assertThat(Numbers.parseOrNull("1,5")).isNull();
        assertThat(Numbers.parseOrNull("NaN")).isNull();
        assertThat(Numbers.parseOrNull("")).isNull();
        assertThat(Numbers.parseOrNull(" 5.0E-4 ")).isEqualTo(5.0E-4);
    }
}
