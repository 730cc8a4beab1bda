package wirebench.runner.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.Sender;
import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.TransportSettings;

/**
 * The offers' turns under INVOKER threading (issue 25, docs/pubsub.md): the engine line records them,
 * and a back-pressured offer is retried with a driver turn before each try before the role sees the
 * refusal (the whole cycles among those turns are counted by {@link DriverDuty#cycles}).
 */
class OfferTurnsTest {

    private static AeronTransport invokerIpc(int maxBytes) {
        TransportSettings s = new TransportSettings(TransportSettings.Kind.AERON_IPC, true, false, null, null, null,
                List.of(), List.of(), 0, 0, 1234, 1235, maxBytes, true,
                new Threading("INVOKER", "spinyield", "test"), null, 0, null);
        return new AeronTransport(s);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRecordTheOfferTurnsInTheEngineLineWhenTheDriverRunsAsAnInvoker() {
        try (AeronTransport t = invokerIpc(1 << 16)) {
            Map<String, Object> engine = t.describe();
            assertEquals(8, engine.get("invoker_offer_whole_cycle_every"));
            assertEquals(32, engine.get("invoker_back_pressure_turns"));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRetryABackPressuredOfferWithDriverTurnsWhenNobodyConsumes() {
        int bytes = 1 << 16;
        try (AeronTransport t = invokerIpc(bytes)) {
            t.openReceiver(Topic.DATA); // never polled: the publication fills its window and pushes back
            Sender sender = t.openSender(Topic.DATA);
            UnsafeBuffer msg = new UnsafeBuffer(new byte[bytes]);
            int accepted = 0;
            long refusedCycles = -1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (refusedCycles < 0 && System.nanoTime() < deadline) {
                long before = t.duty().cycles();
                if (sender.offer(msg, 0, bytes)) {
                    accepted++;
                } else if (accepted > 0) {
                    refusedCycles = t.duty().cycles() - before;
                }
            }
            assertTrue(accepted > 0, "no offer was accepted");
            // 1 + 32 turns, one whole cycle in 8: 4 or 5 (a refusal used to run one)
            assertTrue(refusedCycles >= 4, "whole cycles during one refused offer: " + refusedCycles);
        }
    }
}
