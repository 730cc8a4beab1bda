package wirebench.analyzer.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import wirebench.contract.WirebenchException;

class GateTest {

    @Test
    void shouldFailAboveAPositiveThresholdButNotAtIt() {
        Gate g = Gate.parse("p99_us>+10%");
        assertThat(g.metric()).isEqualTo("p99_us");
        assertThat(g.crossedBy(10.0)).isFalse();
        assertThat(g.crossedBy(9.99)).isFalse();
        assertThat(g.crossedBy(10.01)).isTrue();
        assertThat(g.crossedBy(-50)).isFalse();
        assertThat(g).hasToString("p99_us>+10%");
    }

    @Test
    void shouldFailBelowANegativeThresholdButNotAtIt() {
        Gate g = Gate.parse("samples_per_s<-5%");
        assertThat(g.crossedBy(-5.0)).isFalse();
        assertThat(g.crossedBy(-4.99)).isFalse();
        assertThat(g.crossedBy(-5.01)).isTrue();
        assertThat(g.crossedBy(30)).isFalse();
    }

    @Test
    void shouldReadUnsignedThresholdsInTheDirectionOfTheOperator() {
        assertThat(Gate.parse("p50_us > 2.5 %").thresholdPct()).isEqualTo(2.5);
        assertThat(Gate.parse("mbps<5%").thresholdPct()).isEqualTo(-5.0);
        assertThat(Gate.parse("lost_pct>-1%").crossedBy(0)).isTrue();
    }

    @Test
    void shouldRejectMalformedExpressionsAsUsageErrors() {
        assertThatThrownBy(() -> Gate.parse("p99_us>10")).isInstanceOf(WirebenchException.class)
                .hasMessage("--fail-on 'p99_us>10': expected METRIC>+N% or METRIC<-N% (e.g. 'p99_us>+10%', "
                        + "'samples_per_s<-5%')")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(2);
        assertThatThrownBy(() -> Gate.parse("p99 >= 10%")).isInstanceOf(WirebenchException.class);
    }
}
