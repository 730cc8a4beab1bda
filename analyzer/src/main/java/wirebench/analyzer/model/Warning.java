package wirebench.analyzer.model;

/**
 * Something the user should know about the data that does not stop the analysis: a truncated
 * last row, a non-monotone percentile, too few samples for a percentile.
 *
 * @param source the file (or table source) it concerns
 * @param line   1-based line number, or 0 when it concerns no single line
 * @param message what was found, in one line
 */
public record Warning(String source, int line, String message) {

    /** {@code source:line: message}, or {@code source: message} without a line. */
    public String format() {
        return line > 0 ? source + ":" + line + ": " + message : source + ": " + message;
    }

    @Override
    public String toString() {
        return format();
    }
}
