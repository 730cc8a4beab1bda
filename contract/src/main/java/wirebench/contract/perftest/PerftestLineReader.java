package wirebench.contract.perftest;

/**
 * A reader of a line-based Perftest printer ({@link PerftestCsvReader}, {@link PerftestLegacyReader}):
 * given the lines one by one, then the end; it names the printer variant and the banner's version.
 */
public interface PerftestLineReader {
    /** Line {@code n} (1-based) without its line end. */
    void line(int n, String raw);

    /**
     * The same line as characters {@code chars[0..length)}, offered first so that a fast path
     * needs no string; true when handled, false to be given {@link #line(int, String)}.
     */
    default boolean line(int n, char[] chars, int length) {
        return false;
    }

    /** After the last line: how many lines there were and whether the last one ended with a line end. */
    void end(int lines, boolean endsWithNewline);

    /** The printer variant the lines showed, e.g. {@code perftest-csv-4.x}, {@code perftest-legacy-2.4}. */
    String format();

    /** The Perftest version a banner line named, or null. */
    String version();

    /** Whether a time unit was nanoseconds: a build with the nanosecond clock ({@link PerftestCells#CLOCK_RATES}). */
    boolean nanosecondClock();
}
