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
        assertThat(GateRule.crosses(g, 100, 110)).isFalse();
        assertThat(GateRule.crosses(g, 100, 109.99)).isFalse();
        assertThat(GateRule.crosses(g, 100, 110.01)).isTrue();
        assertThat(GateRule.crosses(g, 100, 50)).isFalse();
        assertThat(g).hasToString("p99_us>+10%");
    }

    @Test
    void shouldFailBelowANegativeThresholdButNotAtIt() {
        Gate g = Gate.parse("samples_per_s<-5%");
        assertThat(GateRule.crosses(g, 1000, 950)).isFalse();
        assertThat(GateRule.crosses(g, 1000, 950.1)).isFalse();
        assertThat(GateRule.crosses(g, 1000, 949.9)).isTrue();
        assertThat(GateRule.crosses(g, 1000, 1300)).isFalse();
    }

    @Test
    void shouldReadUnsignedThresholdsInTheDirectionOfTheOperator() {
        assertThat(Gate.parse("p50_us > 2.5 %").threshold()).isEqualTo(2.5);
        assertThat(Gate.parse("mbps<5%").threshold()).isEqualTo(-5.0);
        assertThat(GateRule.crosses(Gate.parse("lost_pct>-1%"), 10, 10)).isTrue();
    }

    @Test
    void shouldReadAZeroBaselineAsAnAbsoluteChangeAgainstTheSameNumber() {
        Gate g = Gate.parse("lost_pct>+1%");
        assertThat(GateRule.absolute(g, 0)).isTrue();
        assertThat(GateRule.change(g, 0, 30)).isEqualTo(30.0);
        assertThat(GateRule.crosses(g, 0, 30)).isTrue();
        assertThat(GateRule.crosses(g, 0, 1)).isFalse();
        assertThat(GateRule.crosses(g, 0, 0)).isFalse();
        assertThat(GateRule.changeText(g, 0, 30)).isEqualTo("+30 (absolute: the baseline is 0)");
        // a non-zero baseline stays relative: 0.5 -> 0.6 is +20%
        assertThat(GateRule.crosses(g, 0.5, 0.6)).isTrue();
        assertThat(GateRule.changeText(g, 0.5, 0.6)).isEqualTo("+20.00%");
    }

    @Test
    void shouldReadAGateWithoutPercentAsAnAbsoluteChangeInTheMetricsUnit() {
        Gate g = Gate.parse("lost_pct>+1");
        assertThat(g.relative()).isFalse();
        assertThat(g).hasToString("lost_pct>+1");
        assertThat(GateRule.crosses(g, 5, 6)).isFalse();
        assertThat(GateRule.crosses(g, 5, 6.5)).isTrue();
        assertThat(GateRule.crosses(g, 0, 0.9)).isFalse();
        assertThat(GateRule.changeText(g, 5, 6.5)).isEqualTo("+1.5");
    }

    @Test
    void shouldDecideOnTheDeltaAloneWhenTheSampleSizesCannotReachAlpha() {
        Gate g = Gate.parse("p99_us>+10%");
        // 3+3: smallest two-sided Mann-Whitney p is 2/C(6,3) = 0.1 > 0.05
        GateRule.Check c33 = GateRule.compare(g, "pt", 100, 140, 3, 3, 0.1, 0.05);
        // 4+4: smallest p is 2/70 = 0.0286: the test decides, and p=0.2 does not find the change
        GateRule.Check c44 = GateRule.compare(g, "pt", 100, 140, 4, 4, 0.2, 0.05);
        GateRule.Check c44sig = GateRule.compare(g, "pt", 100, 140, 4, 4, 0.0286, 0.05);

        assertThat(c33.failed()).isTrue();
        assertThat(c33.tested()).isFalse();
        assertThat(c33.line()).isEqualTo("FAIL p99_us>+10%: pt +40.00% (n=3+3 can never reach p<0.05 (smallest "
                + "possible p=0.1): failing on the delta alone)");
        assertThat(c44.failed()).isFalse();
        assertThat(c44.tested()).isTrue();
        assertThat(c44sig.failed()).isTrue();
        assertThat(c44sig.line()).isEqualTo("FAIL p99_us>+10%: pt +40.00% (p=0.029 n=4+4)");
    }

    @Test
    void shouldNeverSayOkForAGateThatWasCheckedNowhere() {
        Gate g = Gate.parse("p99_us>+10%");
        assertThat(GateRule.lines(java.util.List.of(g), java.util.List.of()))
                .containsExactly("not checked: p99_us>+10%: nothing to compare");
    }

    @Test
    void shouldRejectMalformedExpressionsAsUsageErrors() {
        assertThatThrownBy(() -> Gate.parse("p99_us>>10")).isInstanceOf(WirebenchException.class)
                .hasMessage("--fail-on 'p99_us>>10': expected METRIC>+N% or METRIC<-N% (relative), or METRIC>+N "
                        + "(absolute, in the metric's unit) (e.g. 'p99_us>+10%', 'samples_per_s<-5%', 'lost_pct>+1')")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(2);
        assertThatThrownBy(() -> Gate.parse("p99 >= 10%")).isInstanceOf(WirebenchException.class);
    }
}
