package wirebench.runner.transport;

import java.util.Locale;

/**
 * The Aeron media driver threading mode and the idle strategy of driver and harness loops. The
 * default comes from the number of cores: busy-spinning threads only while they fit in the cores
 * minus one; on small machines no driver thread at all: INVOKER, the role threads run the driver's
 * duty cycle while they wait, so only the roles compete for the cores. Measured on 2 cores, 32 B
 * UDP loopback, publisher and subscriber in two processes: INVOKER 9 us one-way p50, SHARED (one
 * yielding driver thread per process, as FACTS.md advised) 21 us; busy-spin DEDICATED starves.
 *
 * @param mode   SHARED, SHARED_NETWORK, DEDICATED or INVOKER (Aeron's ThreadingMode names)
 * @param idle   yield, spinyield, spin, backoff or sleep
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
        return new Threading("INVOKER", "spinyield", cores + " cores: no driver thread, the waiting role thread runs the"
                + " driver's duty cycle (a driver thread would compete with the roles for the cores)");
    }

    /** This choice with the user's overrides (null = keep). */
    public Threading override(String modeOrNull, String idleOrNull) {
        String m = modeOrNull == null ? mode : modeOrNull.toUpperCase(Locale.ROOT);
        String i = idleOrNull == null ? idle : idleOrNull.toLowerCase(Locale.ROOT);
        if (idleOrNull == null && !m.equals("INVOKER") && i.equals("spinyield")) {
            i = "yield"; // a driver thread of its own: spinning would take the roles' cores
        }
        String r = (modeOrNull == null && idleOrNull == null) ? reason : "set on the command line";
        return new Threading(m, i, r);
    }
}
