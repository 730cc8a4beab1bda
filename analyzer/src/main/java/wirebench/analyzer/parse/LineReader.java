package wirebench.analyzer.parse;

import java.io.Closeable;
import java.util.Iterator;
import java.util.List;

/**
 * Reads an input once, line by line ({@link InputText#open()}): {@link #next()} until null, with
 * 1-based line numbers. Parsers written against it read their input in one pass and keep only
 * what they report. This implementation walks the lines {@link InputText} holds; a streaming
 * InputText (issue 13, helper "perftest") provides the same API over the file itself.
 */
public final class LineReader implements Closeable {
    private final Iterator<String> lines;
    private final boolean endsWithNewline;
    private int lineNumber;

    LineReader(List<String> lines, boolean endsWithNewline) {
        this.lines = lines.iterator();
        this.endsWithNewline = endsWithNewline;
    }

    /** The next line without its line end, or null at the end of the input. */
    public String next() {
        if (!lines.hasNext()) {
            return null;
        }
        lineNumber++;
        return lines.next();
    }

    /** The number of the line last returned by {@link #next()} (0 before the first). */
    public int lineNumber() {
        return lineNumber;
    }

    /** Whether the line last returned ended with a line end (a last row without one may be truncated). */
    public boolean endsWithNewline() {
        return lines.hasNext() || endsWithNewline;
    }

    @Override
    public void close() {
        // nothing held open
    }
}
