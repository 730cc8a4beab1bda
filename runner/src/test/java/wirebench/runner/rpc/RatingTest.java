package wirebench.runner.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import wirebench.contract.SpeedTesterRating;

class RatingTest {

    @Test
    void shouldRateTheOriginalsDivisionResultWhenWholeMsHitAThresholdExactly() {
        // 100 ms / 1000 calls, 1000 ms / 1000 calls: the division gives exactly the threshold doubles
        assertThat(CaseResult.line(1, "echo calls", 1000, 100)).endsWith(", 0.1 ms per call - TOP");
        assertThat(CaseResult.line(1, "echo calls", 1000, 300)).endsWith(", 0.3 ms per call - OK");
        assertThat(CaseResult.line(1, "echo calls", 1000, 500)).endsWith(", 0.5 ms per call - ACCEPTABLE");
        assertThat(CaseResult.line(1, "echo calls", 1000, 1000)).endsWith(", 1.0 ms per call - LOUSY");
        assertThat(CaseResult.line(1, "echo calls", 1000, 5000)).endsWith(", 5.0 ms per call - DEAD HORSE");
        assertThat(CaseResult.line(1, "echo calls", 1000, 99)).endsWith(", 0.099 ms per call - SUPERB");
    }

    @Test
    void shouldWriteDoubleToStringLikeTheOriginalWhenTheFigureIsTiny() {
        assertThat(CaseResult.line(3, "echo calls", 10000, 5))
                .isEqualTo("3 - echo calls, Performed 10000 in 5, 5.0E-4 ms per call - SUPERB");
        assertThat(CaseResult.line(1, "echo calls", 30000, 1358))
                .isEqualTo("1 - echo calls, Performed 30000 in 1358, 0.04526666666666666 ms per call - SUPERB");
    }

    @Test
    void shouldTruncateNanosecondsToWholeMillisecondsWhenComputingTheOriginalsFigure() {
        Histogram h = new Histogram(3);
        CaseResult r = new CaseResult(2, SpeedCase.ECHO, 10, true, 10_000, 999_999_999L, h);
        assertThat(r.origTimeMs()).isEqualTo(999);
        assertThat(r.origMsPerCall()).isEqualTo(0.0999);
        assertThat(r.rating()).isEqualTo(SpeedTesterRating.SUPERB);
        assertThat(r.msPerCall()).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.callsPerS()).isCloseTo(10_000.00001, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(r.originalLine()).isEqualTo("2 - echo calls, Performed 10000 in 999, 0.0999 ms per call - SUPERB");
    }

    @Test
    void shouldListThirteenCasesInEachOriginalOrderWhenAsked() {
        assertThat(SpeedCase.SINGLE_THREAD_ORDER).extracting(SpeedCase::id).containsExactly("echo",
                "in-same-1000", "in-new-1000", "in-same-10000", "in-new-10000", "in-same-50000", "in-new-50000",
                "out-1000", "out-10000", "out-50000", "in-out-1000", "in-out-10000", "in-out-50000");
        assertThat(SpeedCase.MULTI_THREAD_ORDER).extracting(SpeedCase::id).containsExactly("echo",
                "in-new-1000", "in-same-1000", "in-new-10000", "in-same-10000", "in-new-50000", "in-same-50000",
                "out-1000", "out-10000", "out-50000", "in-out-1000", "in-out-10000", "in-out-50000");
        assertThat(SpeedCase.select(SpeedCase.MULTI_THREAD_ORDER, java.util.List.of("out-1000", "echo")))
                .extracting(SpeedCase::label).containsExactly("echo calls", "outbound packets with size 1000");
    }
}
