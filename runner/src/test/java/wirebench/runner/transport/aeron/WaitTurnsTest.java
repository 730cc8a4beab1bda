package wirebench.runner.transport.aeron;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** Which waiting turn under INVOKER threading runs the driver's whole cycle, on a hand-moved clock. */
class WaitTurnsTest {

    @Test
    void shouldPollTheDataSocketAloneWhenAWholeCycleRanElsewhereJustBefore() {
        AtomicLong now = new AtomicLong(1_000_000);
        WaitTurns t = new WaitTurns(now::get);
        long cycles = 7; // an offer's whole cycle has just run: a ping-pong's wait for the answer
        int whole = 0;
        for (int turn = 0; turn < 40; turn++) {
            if (t.whole(cycles)) {
                whole++;
            }
            now.addAndGet(1_000); // a 1 us turn: 40 us of waiting, under AFTER_NS
        }
        assertThat(whole).as("whole cycles in a 40 us wait after an offer's cycle").isZero();
    }

    @Test
    void shouldRunAWholeCycleWhenNoneRanForTheInterval() {
        AtomicLong now = new AtomicLong(0);
        WaitTurns t = new WaitTurns(now::get);
        assertThat(t.whole(3)).as("first turn: the time starts").isFalse();
        now.addAndGet(WaitTurns.AFTER_NS - 1);
        assertThat(t.whole(3)).as("1 ns before the interval").isFalse();
        now.addAndGet(1);
        assertThat(t.whole(3)).as("at the interval").isTrue();
        now.addAndGet(1);
        assertThat(t.whole(4)).as("the turn after: its own whole cycle counted, the time starts over").isFalse();
    }

    @Test
    void shouldRunAWholeCycleOnTheTurnAfterTheReceiverTookSomethingIn() {
        AtomicLong now = new AtomicLong(0);
        WaitTurns t = new WaitTurns(now::get);
        assertThat(t.whole(0)).isFalse();
        t.receiverDid(0);
        assertThat(t.whole(0)).as("nothing received").isFalse();
        t.receiverDid(1);
        assertThat(t.whole(0)).as("a datagram received: the conductor tracks it, the status message goes out").isTrue();
        t.receiverDid(0);
        assertThat(t.whole(1)).as("once per receipt").isFalse();
    }

    @Test
    void shouldForgetAReceiptWhenAWholeCycleRanElsewhereSinceIt() {
        AtomicLong now = new AtomicLong(0);
        WaitTurns t = new WaitTurns(now::get);
        assertThat(t.whole(10)).isFalse();
        t.receiverDid(1); // the ping is in; the handler answers it and the offer runs a whole cycle
        assertThat(t.whole(11)).as("the offer's cycle did the receipt's work already").isFalse();
    }

    @Test
    void shouldStartTheIntervalOverWhenAnotherThreadRanAWholeCycle() {
        AtomicLong now = new AtomicLong(0);
        WaitTurns t = new WaitTurns(now::get);
        t.whole(0);
        now.addAndGet(WaitTurns.AFTER_NS - 10);
        assertThat(t.whole(1)).as("the keeper ran one").isFalse();
        now.addAndGet(WaitTurns.AFTER_NS - 10);
        assertThat(t.whole(1)).isFalse();
        now.addAndGet(10);
        assertThat(t.whole(1)).isTrue();
    }

    @Test
    void shouldEndTheReceiveBurstAfterASmallDatagramAndGoOnAfterLargeOnes() {
        // Receiver.doWork's work is the bytes it took in: a 32 B ping is one 88-byte datagram
        assertThat(WaitTurns.burstGoesOn(88, 1)).as("a ping: handed on without another (empty) poll").isFalse();
        assertThat(WaitTurns.burstGoesOn(0, 1)).as("nothing taken in").isFalse();
        assertThat(WaitTurns.burstGoesOn(WaitTurns.RECEIVE_BURST_MIN_BYTES - 1, 1)).isFalse();
        assertThat(WaitTurns.burstGoesOn(WaitTurns.RECEIVE_BURST_MIN_BYTES, 1)).isTrue();
        assertThat(WaitTurns.burstGoesOn(65_504, 1)).as("a 64 KB frame of a larger sample: more likely waits").isTrue();
        assertThat(WaitTurns.burstGoesOn(65_504, WaitTurns.RECEIVE_BURST_DATAGRAMS - 1)).isTrue();
        assertThat(WaitTurns.burstGoesOn(65_504, WaitTurns.RECEIVE_BURST_DATAGRAMS)).as("at most this many calls").isFalse();
    }
}
