package wirebench.analyzer.parse;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

import wirebench.analyzer.WirebenchException;

/**
 * Reads an input once, line by line, without holding more than one buffer and the current line:
 * a UTF-8 byte order mark dropped, LF, CR LF and lone CR all end a line, a missing final newline
 * accepted. Line numbers are 1-based. A line longer than {@link #MAX_LINE_CHARS} is bad input
 * (no benchmark prints one; a binary file or {@code /dev/zero} would otherwise fill the heap).
 */
public final class LineReader implements Closeable {
    /** The longest line read (4 MiB of characters). */
    public static final int MAX_LINE_CHARS = 4 << 20;

    private final String source;
    private final Reader in;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int limit;
    private int lineNumber;
    private boolean endsWithNewline;
    private boolean eof;
    private boolean first = true;
    private boolean skipLf;

    LineReader(String source, Reader in) {
        this.source = source;
        this.in = in;
    }

    /** The next line without its line end, or null at the end of the input. */
    public String next() {
        StringBuilder carry = null;
        while (true) {
            if (pos >= limit && !fill()) {
                if (carry != null && carry.length() > 0) {
                    lineNumber++;
                    endsWithNewline = false;
                    return carry.toString();
                }
                return null;
            }
            if (skipLf) {
                skipLf = false;
                if (buf[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            if (first) {
                first = false;
                if (buf[pos] == '\uFEFF') {
                    pos++;
                    continue;
                }
            }
            int start = pos;
            int i = pos;
            while (i < limit) {
                char c = buf[i];
                if (c == '\n' || c == '\r') {
                    String line = carry == null ? new String(buf, start, i - start)
                            : carry.append(buf, start, i - start).toString();
                    pos = i + 1;
                    skipLf = c == '\r';
                    lineNumber++;
                    endsWithNewline = true;
                    return line;
                }
                i++;
            }
            if (carry == null) {
                carry = new StringBuilder(Math.max(16, (i - start) * 2));
            }
            carry.append(buf, start, i - start);
            pos = i;
            if (carry.length() > MAX_LINE_CHARS) {
                throw WirebenchException.badInput(source + ":" + (lineNumber + 1) + ": expected a text line, got more "
                        + "than " + MAX_LINE_CHARS + " characters without a line end (a binary file?)");
            }
        }
    }

    private boolean fill() {
        if (eof) {
            return false;
        }
        try {
            int n = in.read(buf, 0, buf.length);
            if (n <= 0) {
                eof = true;
                return false;
            }
            pos = 0;
            limit = n;
            return true;
        } catch (IOException e) {
            throw WirebenchException.badInput(source + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** The number of the line last returned by {@link #next()} (0 before the first). */
    public int lineNumber() {
        return lineNumber;
    }

    /** Whether the line last returned ended with a line end (a last row without one may be truncated). */
    public boolean endsWithNewline() {
        return endsWithNewline;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
