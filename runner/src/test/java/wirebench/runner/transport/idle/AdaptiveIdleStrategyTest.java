package wirebench.runner.transport.idle;

import static org.assertj.core.api.Assertions.assertThat;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;

/** The adaptive strategy's wait boundaries, with a hand-moved clock and counting candidates. */
class AdaptiveIdleStrategyTest {
    private long nowNs;

    private static final class Counting implements IdleStrategy {
        int idles;
        int resets;

        @Override
        public void idle(int workCount) {
            idles++;
        }

        @Override
        public void idle() {
            idles++;
        }

        @Override
        public void reset() {
            resets++;
        }
    }

    private final Counting spin = new Counting();
    private final Counting yield = new Counting();
    private final IdleChooser chooser = new IdleChooser(2, 0, 0);
    private final AdaptiveIdleStrategy s = new AdaptiveIdleStrategy(new IdleStrategy[] {spin, yield}, chooser,
            () -> nowNs);

    @Test
    void shouldMeasureAWaitFromTheFirstIdleCallToTheArrival() {
        nowNs = IdleChooser.CYCLE_NS * 4 + 100; // slot 0: candidate 0
        s.reset();
        s.idle();
        nowNs += 7_000;
        s.idle(0);
        s.arrived();

        assertThat(spin.idles).isEqualTo(2);
        assertThat(yield.idles).isZero();
        assertThat(chooser.waitsUsed()).containsExactly(1, 0);
        assertThat(s.receiver()).isTrue();
    }

    @Test
    void shouldNotCountAWaitThatFoundDataAtOnce() {
        nowNs = IdleChooser.CYCLE_NS * 4 + 100;
        s.reset();
        s.arrived();

        assertThat(chooser.waitsUsed()).containsExactly(0, 0);
    }

    @Test
    void shouldUseTheCandidateOfTheSlotTheWaitStartedIn() {
        nowNs = IdleChooser.CYCLE_NS * 4 + IdleChooser.SLOT_NS + 5; // slot 1: candidate 1
        s.reset();
        s.idle();
        nowNs += IdleChooser.SLOT_NS; // into the incumbent's part of the cycle
        s.idle();
        s.arrived();

        assertThat(yield.idles).isEqualTo(2);
        assertThat(spin.idles).isZero();
        assertThat(chooser.waitsUsed()).containsExactly(0, 1);
    }

    @Test
    void shouldEndADriverAgentsWaitAtItsNextWork() {
        nowNs = IdleChooser.CYCLE_NS * 4 + 100;
        s.idle(0);
        nowNs += 3_000;
        s.idle(5);
        s.idle(0);
        s.idle(2);

        assertThat(chooser.waitsUsed()).containsExactly(2, 0);
        assertThat(s.receiver()).isFalse();
    }

    @Test
    void shouldKeepAReceiversWaitGoingWhenTheDriverDutyDidWork() {
        nowNs = IdleChooser.CYCLE_NS * 4 + 100;
        s.reset();
        s.arrived(); // marks it a receiver
        s.reset();
        s.idle(0);
        s.idle(3); // the INVOKER duty cycle received something: not yet the awaited message
        assertThat(chooser.waitsUsed()).containsExactly(0, 0);
        s.arrived();

        assertThat(chooser.waitsUsed()).containsExactly(1, 0);
    }

    @Test
    void shouldSettleItsChooserAtTheNextWaitWhenTheHintSaysSo() {
        int[] hint = {-1};
        IdleChooser own = new IdleChooser(2, 0, 0);
        AdaptiveIdleStrategy hinted = new AdaptiveIdleStrategy(new IdleStrategy[] {spin, yield}, own, () -> nowNs,
                () -> hint[0]);
        nowNs = IdleChooser.CYCLE_NS * 4 + IdleChooser.CYCLE_NS / 2; // outside the trial slots
        hinted.reset();
        hinted.idle();
        hinted.arrived();
        assertThat(spin.idles).isEqualTo(1);

        hint[0] = 1;
        assertThat(own.incumbent()).as("not before the next wait").isZero();
        hinted.reset();
        hinted.idle();

        assertThat(own.incumbent()).isEqualTo(1);
        assertThat(own.settled()).isTrue();
        assertThat(yield.idles).as("the new wait already waits with the settled candidate").isEqualTo(1);
    }
}
