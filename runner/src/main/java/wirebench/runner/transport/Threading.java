package wirebench.runner.transport;

import java.util.Locale;

import wirebench.runner.transport.idle.AutoIdle;

/**
 * The Aeron media driver threading mode and the idle strategy of driver and harness loops. The
 * default comes from the number of cores: busy-spinning threads only while they fit in the cores
 * minus one; on small machines no driver thread at all: INVOKER, the role threads run the driver's
 * duty cycle while they wait, so only the roles compete for the cores. Measured on 2 cores, 32 B
 * UDP loopback, publisher and subscriber in two processes: INVOKER 9 us one-way p50, SHARED (one
 * yielding driver thread per process, as FACTS.md advised) 21 us; busy-spin DEDICATED starves.
 *
 * <p>The idle strategy of the waiting role threads defaults to {@code auto} on every core count: it
 * measures its waits and keeps the faster of spinpark and yield
 * ({@link wirebench.runner.transport.idle.AutoIdle}).
 *
 * @param mode   SHARED, SHARED_NETWORK, DEDICATED or INVOKER (Aeron's ThreadingMode names)
 * @param idle   auto, yield, spinyield, spinpark, spin, backoff, sleep or park
 * @param reason why this choice (printed beside the results)
 * @param auto   the run's adaptive choice when {@code idle} is auto (its facts and ledger); null =
 *               a fresh one starting from spinpark
 */
public record Threading(String mode, String idle, String reason, AutoIdle auto) {
    /** The threading modes, as Aeron's ThreadingMode names them. */
    public static final java.util.List<String> MODES = java.util.List.of("SHARED", "SHARED_NETWORK", "DEDICATED",
            "INVOKER");

    /** Without a run's {@link AutoIdle}. */
    public Threading(String mode, String idle, String reason) {
        this(mode, idle, reason, null);
    }

    /** This choice with the run's {@link AutoIdle} (used when {@code idle} is auto). */
    public Threading withAuto(AutoIdle a) {
        return new Threading(mode, idle, reason, a);
    }

    /** The choice for {@code cores} available processors. */
    public static Threading forCores(int cores) {
        if (cores >= 8) {
            return new Threading("DEDICATED", "auto", cores + " cores: 3 driver threads + 2 busy-spinning roles fit");
        }
        if (cores >= 4) {
            return new Threading("SHARED_NETWORK", "auto", cores + " cores: too few for DEDICATED busy-spin");
        }
        return new Threading("INVOKER", "auto", cores + " cores: no driver thread, the waiting role thread runs the"
                + " driver's duty cycle (a driver thread would compete with the roles for the cores)");
    }

    /** This choice with the user's overrides (null = keep). */
    public Threading override(String modeOrNull, String idleOrNull) {
        String m = modeOrNull == null ? mode : modeOrNull.toUpperCase(Locale.ROOT);
        String i = idleOrNull == null ? idle : idleOrNull.toLowerCase(Locale.ROOT);
        String r = (modeOrNull == null && idleOrNull == null) ? reason : "set on the command line";
        return new Threading(m, i, r, auto);
    }
}
