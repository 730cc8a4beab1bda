package wirebench.runner.transport;

import java.util.Locale;

/**
 * The Aeron media driver threading mode and the idle strategy of driver and harness loops. The
 * default comes from the number of cores: busy-spinning threads only while they fit in the cores
 * minus one; on small machines one SHARED driver thread that yields (FACTS.md: on 2 cores busy-spin
 * DEDICATED starves, SHARED + yield gives ~7 us one-way on UDP loopback).
 *
 * @param mode   SHARED, SHARED_NETWORK or DEDICATED (Aeron's ThreadingMode names)
 * @param idle   yield, spin, backoff or sleep
 * @param reason why this choice (printed beside the results)
 */
public record Threading(String mode, String idle, String reason) {

    /** The choice for {@code cores} available processors. */
    public static Threading forCores(int cores) {
        if (cores >= 8) {
            return new Threading("DEDICATED", "spin", cores + " cores: 3 driver threads + 2 busy-spinning roles fit");
        }
        if (cores >= 4) {
            return new Threading("SHARED_NETWORK", "yield", cores + " cores: too few for DEDICATED busy-spin");
        }
        return new Threading("SHARED", "yield", cores + " cores: one shared driver thread, yielding (busy-spin starves)");
    }

    /** This choice with the user's overrides (null = keep). */
    public Threading override(String modeOrNull, String idleOrNull) {
        String m = modeOrNull == null ? mode : modeOrNull.toUpperCase(Locale.ROOT);
        String i = idleOrNull == null ? idle : idleOrNull.toLowerCase(Locale.ROOT);
        String r = (modeOrNull == null && idleOrNull == null) ? reason : "set on the command line";
        return new Threading(m, i, r);
    }
}
