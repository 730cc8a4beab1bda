package wirebench.analyzer.parse;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import wirebench.contract.WirebenchException;

/**
 * Reads an input once, line by line, without holding more than one buffer and the current line:
 * a UTF-8 byte order mark dropped, LF, CR LF and lone CR all end a line, a missing final newline
 * accepted. Line numbers are 1-based. A line longer than {@link #MAX_LINE_CHARS} is bad input
 * (no benchmark prints one; a binary file or {@code /dev/zero} would otherwise fill the heap).
 *
 * <p>Bytes are split into lines first (CR and LF never occur inside a UTF-8 sequence); a line of
 * ASCII bytes is widened to characters directly, any other line is decoded with the charset
 * (malformed bytes become U+FFFD). {@link #nextLine()} exposes the line as a character slice
 * ({@link #chars()}, {@link #length()}) without creating a string, for the hot paths of the
 * readers of large files; {@link #next()} returns it as a string.
 */
public final class LineReader implements Closeable {
    /** The longest line read (4 MiB). */
    public static final int MAX_LINE_CHARS = 4 << 20;

    private final String source;
    private final InputStream in;
    private final Charset charset;
    /** The read buffer of a stream of unknown length: 64 KiB. */
    static final int BUFFER_BYTES = 1 << 16;
    private final byte[] buf;
    private int pos;
    private int limit;
    private byte[] carry = new byte[256];
    private int carryLen;
    private char[] chars = new char[256];
    /** Where the current line's bytes are (the read buffer or the carry), before any decoding. */
    private byte[] lineBytes;
    private int lineFrom;
    private int lineLen;
    private boolean lineAscii;
    private int length;
    private int lineNumber;
    private boolean endsWithNewline;
    private boolean eof;
    private boolean first = true;
    private boolean skipLf;

    LineReader(String source, InputStream in, Charset charset) {
        this(source, in, charset, BUFFER_BYTES);
    }

    /**
     * A reader with a buffer of {@code bufferBytes} (at most {@link #BUFFER_BYTES}, at least 16): an
     * input known to be short needs no 64 KiB buffer (thousands of small files each allocated one).
     */
    LineReader(String source, InputStream in, Charset charset, int bufferBytes) {
        this.source = source;
        this.in = in;
        this.charset = charset;
        this.buf = new byte[Math.max(16, Math.min(BUFFER_BYTES, bufferBytes))];
    }

    /**
     * The next line without its line end, or null at the end of the input. An ASCII line becomes a
     * string straight from its bytes (one intrinsic copy, no character array in between).
     */
    public String next() {
        if (!advance()) {
            return null;
        }
        return lineAscii ? new String(lineBytes, lineFrom, lineLen, StandardCharsets.ISO_8859_1)
                : new String(lineBytes, lineFrom, lineLen, charset);
    }

    /**
     * Moves to the next line; false at the end of the input. The line is {@code chars()[0..length())},
     * valid until the next call.
     */
    public boolean nextLine() {
        if (!advance()) {
            return false;
        }
        toChars(lineBytes, lineFrom, lineLen, lineAscii);
        return true;
    }

    /** Finds the next line's bytes ({@link #lineBytes} from {@link #lineFrom}); false at the end. */
    private boolean advance() {
        carryLen = 0;
        while (true) {
            if (pos >= limit && !fill()) {
                if (carryLen > 0) {
                    lineNumber++;
                    endsWithNewline = false;
                    line(carry, 0, carryLen, isAscii(carry, 0, carryLen));
                    return true;
                }
                return false;
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
                if (charset == StandardCharsets.UTF_8 && startsWithBom()) {
                    pos += 3;
                    continue;
                }
            }
            int start = pos;
            int i = pos;
            byte[] b = buf;
            int lim = limit;
            while (i < lim) {
                byte c = b[i];
                if (c == '\n' || c == '\r') {
                    if (carryLen == 0) {
                        line(b, start, i - start, isAscii(b, start, i));
                    } else {
                        appendCarry(start, i);
                        line(carry, 0, carryLen, isAscii(carry, 0, carryLen));
                    }
                    pos = i + 1;
                    skipLf = c == '\r';
                    lineNumber++;
                    endsWithNewline = true;
                    return true;
                }
                i++;
            }
            appendCarry(start, i);
            pos = i;
        }
    }

    private boolean startsWithBom() {
        while (limit - pos < 3) {
            // a BOM cut by a short read: read on (only at the very start)
            byte[] more = new byte[3];
            int got;
            try {
                got = in.read(more, 0, 3 - (limit - pos));
            } catch (IOException e) {
                throw WirebenchException.badInput(source + ": cannot read (" + e.getMessage() + ")");
            }
            if (got <= 0) {
                return false;
            }
            System.arraycopy(more, 0, buf, limit, got);
            limit += got;
        }
        return (buf[pos] & 0xff) == 0xEF && (buf[pos + 1] & 0xff) == 0xBB && (buf[pos + 2] & 0xff) == 0xBF;
    }

    private static boolean isAscii(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }

    private void appendCarry(int from, int to) {
        int n = to - from;
        if (carryLen + n > MAX_LINE_CHARS) {
            throw WirebenchException.badInput(source + ":" + (lineNumber + 1) + ": expected a text line, got more "
                    + "than " + MAX_LINE_CHARS + " bytes without a line end (a binary file?)");
        }
        if (carryLen + n > carry.length) {
            carry = Arrays.copyOf(carry, Math.max(carry.length * 2, carryLen + n));
        }
        System.arraycopy(buf, from, carry, carryLen, n);
        carryLen += n;
    }

    private void line(byte[] b, int from, int n, boolean ascii) {
        lineBytes = b;
        lineFrom = from;
        lineLen = n;
        lineAscii = ascii;
    }

    private void toChars(byte[] b, int from, int n, boolean ascii) {
        if (ascii) {
            if (n > chars.length) {
                chars = new char[Math.max(n, chars.length * 2)];
            }
            for (int i = 0; i < n; i++) {
                chars[i] = (char) b[from + i];
            }
            length = n;
        } else {
            String s = new String(b, from, n, charset);
            if (s.length() > chars.length) {
                chars = new char[Math.max(s.length(), chars.length * 2)];
            }
            s.getChars(0, s.length(), chars, 0);
            length = s.length();
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

    /**
     * The characters of the line {@link #nextLine()} moved to (valid up to {@link #length()}, until
     * the next call; {@link #next()} returns its line as a string and leaves these alone).
     */
    public char[] chars() {
        return chars;
    }

    /** The length of the current line. */
    public int length() {
        return length;
    }

    /** The number of the line last returned (0 before the first). */
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
