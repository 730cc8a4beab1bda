package wirebench.runner.cli;

import wirebench.contract.WirebenchException;

/**
 * Range checks of numeric options: a value outside its range is a usage error (exit 2) with one
 * line naming the option, the range and the value ({@code --runs: expected 0..2147483647, got -1}).
 */
public final class Ranges {
    /** Longest duration option accepted, in seconds (a year): beyond it nanosecond deadlines overflow. */
    public static final long MAX_SECONDS = 365L * 24 * 3600;
    /** Largest UDP/TCP port. */
    public static final int MAX_PORT = 65535;

    private Ranges() {
    }

    /** {@code min <= value <= max}, else a usage error. */
    public static void check(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new WirebenchException(WirebenchException.USAGE, option + ": expected " + min + ".." + max + ", got "
                    + value);
        }
    }

    /** {@code min <= value <= max}, else a usage error whose message adds {@code what} (units, meaning). */
    public static void check(String option, long value, long min, long max, String what) {
        if (value < min || value > max) {
            throw new WirebenchException(WirebenchException.USAGE, option + ": expected " + min + ".." + max + " " + what
                    + ", got " + value);
        }
    }
}
