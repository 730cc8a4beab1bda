package wirebench.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The rate slices of a throughput test, with an injected clock (ns). */
class RateSlicesTest {

    @Test
    void shouldKeep32To64SlicesOfEqualLengthWhenATestRunsTwoSeconds() {
        RateSlices s = new RateSlices(1_000);
        long sent = 0;
        for (long t = 0; t < 2_000_000_000L; t += 100_000) { // a sample every 100 us for 2 s
            s.add(1_000 + t, 1);
            sent++;
        }
        List<RateSlices.Slice> slices = s.slices(1_000 + 2_000_000_000L);

        // 1 ms slices doubled until 64 cover 2 s: 32 ms, 62.5 of them, the half-full last one kept
        assertThat(slices).hasSizeBetween(32, 64);
        assertThat(slices.get(0).durationNs()).isEqualTo(32_000_000L);
        assertThat(slices.stream().mapToLong(RateSlices.Slice::samples).sum()).isEqualTo(sent);
        assertThat(slices.stream().mapToLong(RateSlices.Slice::durationNs).sum()).isEqualTo(2_000_000_000L);
        assertThat(slices.get(0).samples()).isEqualTo(320); // 32 ms at one sample per 100 us
        for (int i = 1; i < slices.size(); i++) {
            assertThat(slices.get(i).startNs()).isEqualTo(slices.get(i - 1).startNs() + slices.get(i - 1).durationNs());
        }
    }

    @Test
    void shouldFoldAShortLastSliceIntoTheOneBeforeWhenItIsUnderHalfASlice() {
        RateSlices s = new RateSlices(0);
        for (long t = 0; t < 10_200_000L; t += 100_000) { // 10.2 ms: ten 1 ms slices and 0.2 ms
            s.add(t, 2);
        }
        List<RateSlices.Slice> slices = s.slices(10_200_000L);

        assertThat(slices).hasSize(10);
        assertThat(slices.get(9).durationNs()).isEqualTo(1_200_000L);
        assertThat(slices.get(9).samples()).isEqualTo(24);
        assertThat(slices.stream().mapToLong(RateSlices.Slice::samples).sum()).isEqualTo(204);
    }

    @Test
    void shouldCountSamplesInTheSliceOfTheirArrivalWhenTheRateChanges() {
        RateSlices s = new RateSlices(0);
        s.add(500_000L, 5); // slice 0
        s.add(1_500_000L, 7); // slice 1
        s.add(1_600_000L, 1);
        s.add(2_999_999L, 3); // slice 2
        List<RateSlices.Slice> slices = s.slices(3_000_000L);

        assertThat(slices).extracting(RateSlices.Slice::samples).containsExactly(5L, 8L, 3L);
    }
}
